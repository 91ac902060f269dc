"""Clauses run on after a money question that tell a story, not what to count (issue 21, kind 1).

"coffee plus lunches this month please, my staff send me out for coffees every afternoon so half is theirs", "all the
uber stuff this year, rides and uber eats, my son uses my account for both", "what did I spend over 20 December to 5
January, the shop was shut so it was all takeaway and presents", "…on the dog this year, honestly the dog costs more
than the kids some months": after the question, a clause whose subject is someone or something other than the asker
(a person, a pet, the shop, "it"), or the asker's own feeling or opinion ("I reckon", "I've got a feeling", "so I
might cancel"), is context. Its words are no filter, period, comparison or text search: the clause is set aside to the
end of the message, or to the next clause that asks or narrows again ("…, how much was it", "…, but leave out rent").

A clause is told by its grammar — a subject, then a finite verb from a closed class — never by the sentence.
"""
from __future__ import annotations

import re

# people, pets and the places of the user's life: a subject other than the asker (with asides.PEOPLE's relatives)
_OTHERS = (r"wife|husband|partner|spouse|hubby|missus|missus|misses|wifey|boyfriend|girlfriend|bf|gf|fianc[eé]e?|"
           r"sons?|daughters?|kids?|kiddos?|children|child|bab(?:y|ies)|toddlers?|teens?|teenagers?|mom|mum|mam|"
           r"mother|dad|father|parents?|brothers?|sisters?|siblings?|grandma|grandpa|granny|nan|nana|aunt(?:ie)?|"
           r"uncle|cousins?|nieces?|nephews?|roommates?|flatmates?|housemates?|friends?|mates?|bestie|boss|family|"
           r"in-laws?|staff|employees?|workers?|team|crew|apprentices?|accountant|bookkeeper|customers?|clients?|"
           r"landlord|neighbou?rs?|lads|boys|girls|guys|folks|dogs?|cats?|pupp(?:y|ies)|pups?|kittens?|pets?|"
           r"horses?|other half|better half")
# a subject: someone named by their relation ("my staff", "the wife", "our two kids"), a thing of theirs said with
# "the/my/our" ("the shop", "the dog", "my car"), or a pronoun that is not the asker
_DET = r"(?:my|our|the|his|her|their|your)"
_SUBJECT = (rf"(?:{_DET}\s+(?:[a-z'-]+\s+){{0,2}}?[a-z'-]+|(?:{_OTHERS})|he|she|they|it|that|this|everyone|"
            rf"everybody|nobody|someone|half|most|some|all)")
# finite verbs: auxiliaries, and everyday verbs in their -s and past forms (a base form follows a plural subject)
_AUX = (r"is|are|was|were|'s|'re|has|have|had|'ve|'d|'ll|does|do|did|doesn'?t|don'?t|didn'?t|isn'?t|wasn'?t|"
        r"aren'?t|weren'?t|hasn'?t|haven'?t|can|can'?t|could|couldn'?t|will|won'?t|would|wouldn'?t|might|may|must|"
        r"should|shouldn'?t|used to|keeps?|kept|tends? to")
_VERBS = ("send use eat drink spend cost love like hate want need think reckon say tell know feel guess keep run "
          "drive ride order grab pick work live stay share split cover borrow take make buy pay go come get shop "
          "cook help visit play watch sleep walk call text put lend owe earn charge book fly travel move join start "
          "stop leave break fix drop bring carry sit eat chew wreck ruin insist swear claim complain moan whinge "
          "nag beg ask expect wish hope worry suspect believe argue blame reckon spoil demand refuse forget "
          "remember").split()
_IRREGULAR = ("sent spent cost thought said told knew felt kept ran drove rode took made bought paid went came got "
              "gone ate drank put lent flew left broke brought sat chewed forgot").split()


def _forms(verb: str) -> list[str]:
    third = verb + ("es" if verb.endswith(("s", "sh", "ch", "x", "o")) else "s")
    if verb.endswith("y") and verb[-2] not in "aeiou":
        third = verb[:-1] + "ies"
    past = verb + ("d" if verb.endswith("e") else "ed")
    if verb.endswith("y") and verb[-2] not in "aeiou":
        past = verb[:-1] + "ied"
    return [verb, third, past]


_FINITE = "|".join(sorted({*(f for v in _VERBS for f in _forms(v)), *_IRREGULAR}, key=len, reverse=True))
_ADVERB = (r"(?:always|usually|often|never|just|really|also|still|sometimes|basically|probably|actually|literally|"
           r"definitely|kind of|kinda|sort of|pretty much|only ever|even|all|both|mostly|totally|constantly|apparently)")
# the words that open a clause run on: conjunctions and interjections
_OPEN = (r"(?:(?:and|but|so|because|cause|cos|coz|cuz|as|since|though|although|plus|also|honestly|tbh|ngl|mind you|"
         r"to be fair|tbf|well|like|lol|haha|oh|anyway|i mean|fwiw|btw|besides|after all|not that|mainly because)"
         r"\s*,?\s+)*")
OTHER_SUBJECT_RE = re.compile(rf"^\s*{_OPEN}(?P<subj>{_SUBJECT})\s+(?:{_ADVERB}\s+)*(?:{_AUX}|{_FINITE})\b", re.I)
# the asker's own feeling, opinion or plan: "I reckon", "I've got a feeling", "so I might cancel", "we were away"
OWN_OPINION_RE = re.compile(
    rf"^\s*{_OPEN}(?P<subj>)(?:i|we)(?:'ve|'m|'re|'d)?\s+(?:{_ADVERB}\s+)*(?:think|thought|reckon|reckoned|feel|felt|guess|bet|"
    rf"suspect|know|knew|swear|hope|worry|worried|wonder|believe|reckon|'ve got a feeling|got a feeling|have a feeling|"
    rf"had a feeling|might|may|probably|was|were|am|are|'m|'re|had|went|go|used to|keep|kept|love|like|hate|"
    rf"can'?t believe|couldn'?t believe|blame|figure|figured|suppose|imagine)\b", re.I)
# a clause that asks, narrows or restates again ends the aside: "…, how much was it", "…, but leave out rent"
ASKS_AGAIN_RE = re.compile(
    r"^\s*(?:(?:and|but|so|also|now|ok|okay|then)\s*,?\s+)*(?:how|what|what's|whats|which|where|when|who|can you|"
    r"could you|would you|will you|please|pls|show|list|tell me|give me|is that|was that|is it|was it|just|only|"
    r"except|excluding|not counting|leave|leaving|without|compare|vs|versus|i mean|i meant|i want|i need|i only|"
    r"i'd like|by \w+ i mean|so only|and only|total|sum|add)\b", re.I)
# words that make a clause about what to count, whatever its subject ("the rent doesn't count", "that includes uber")
NARROWS_RE = re.compile(r"\b(?:except|excluding|exclude|excluded|without|not counting|doesn'?t count|don'?t count|"
                        r"shouldn'?t count|leave out|left out|leaving out|include|includes|included|including|only|"
                        r"separately|separate|per (?:day|week|month)|by month|by week|i mean|means)\b", re.I)
RENAMES_RE = re.compile(r"^\s*(?:as|what)\s+.*\b(?:calls?|called|puts? it|says?|would say)\b", re.I)
# the question before the aside: some words of its own
MIN_WORDS_BEFORE = 2
_BOUNDARY_RE = re.compile(r"\s*(?:[,;:.!?…]+|\s[–—-]\s*|[–—])\s*")


def _pieces(text: str) -> list[tuple[int, int, int]]:
    """(start of the separator, start of the clause, end of the clause) for the clauses of `text`."""
    out, start, sep = [], 0, 0
    for m in _BOUNDARY_RE.finditer(text):
        if m.start() > start:
            out.append((sep, start, m.start()))
        sep, start = m.start(), m.end()
    if start < len(text):
        out.append((sep, start, len(text)))
    return out


def is_aside_clause(clause: str) -> bool:
    """A clause whose subject is not the asker, or that gives the asker's feeling or opinion, and narrows nothing."""
    if NARROWS_RE.search(clause) or ASKS_AGAIN_RE.match(clause):
        return False
    if re.search(r"\b(?:wonder(?:ing|ed)?|tell me|let me know|show me)\b", clause, re.I):
        return False  # "I was wondering whether you might tell me …": the lead of the question (asides_remarks)
    if RENAMES_RE.match(clause):  # "as my nephew calls Starbucks": a name for the thing (asides_remarks._renamed)
        return False
    own = OWN_OPINION_RE.match(clause)
    if own is not None and not clause[own.end():].strip():  # "I'd guess", "I think" alone: a hedge (asides_remarks)
        own = None
    m = OTHER_SUBJECT_RE.match(clause) or own
    if m is None:
        return False
    if re.search(r"\b(?:the|my|our|his|her|their|your|a|an)\s*$", m.group("subj") or "", re.I):
        return False  # "the trips and the eats together": no verb follows "the" — "eats" is a noun, no clause
    # "the total is", "the rest was": the figure asked, not a thing of the user's life; "the ones that cost over $50",
    # "the stuff at costco was": a noun said with what picks it out is the question's; "the top three places will do",
    # "the biggest five shops, say": the places of a ranking asked for
    return not re.search(r"\b(?:total|sum|figure|amount|number|answer|rest|difference|average|ones?|that|which|who|"
                         r"where|at|in|on|for|from|over|under|with|to|of|i|we|you|top|biggest|largest|highest|main|"
                         r"bottom|smallest|lowest)\b", m.group("subj") or "", re.I)


def run_on_asides(question: str) -> tuple[str, list[str]]:
    """The question without the clauses run on after it that tell a story, and those clauses (as written)."""
    text = question or ""
    pieces = _pieces(text)
    cuts: list[tuple[int, int]] = []
    i = 0
    while i < len(pieces):
        sep, a, b = pieces[i]
        before = text[:sep]
        if len(re.findall(r"[^\W\d_]+", before)) < MIN_WORDS_BEFORE or not is_aside_clause(text[a:b]):
            i += 1
            continue
        j = i + 1  # the aside runs on to the end, or to the next clause that asks or narrows again
        while j < len(pieces) and not ASKS_AGAIN_RE.match(text[pieces[j][1]:pieces[j][2]]) \
                and not NARROWS_RE.search(text[pieces[j][1]:pieces[j][2]]):
            j += 1
        end = pieces[j - 1][2]
        cuts.append((sep, end))
        i = j
    if not cuts:
        return question, []
    found = [text[s:e].strip(" ,;:.!?…–—-") for s, e in cuts]
    kept, last = [], 0
    for s, e in cuts:
        kept.append(text[last:s])
        last = e
    kept.append(text[last:])
    out = "".join(kept)
    out = re.sub(r"\s+([?.!,;])", r"\1", re.sub(r"\s{2,}", " ", out)).strip(" ,;:–—-")
    if len(re.findall(r"\w+", out)) < 2:
        return question, []
    if question.rstrip().endswith("?") and not out.endswith("?"):
        out += "?"
    return out, [f for f in found if f]
