"""Clauses that say why the user asks, not what to count (issue 21: "every word accounted for").

"for my tax guy: everything I spent last month except rent", "Q1 total spending please, I need it for the quarterly
estimate", "(rent goes on the shop lease anyway)": the words of such a clause are no filters. `set_aside(question)`
returns the question without them and the clauses set aside, which the answer names ("I set aside …") so a reader
can see what was not used. A parenthesis that narrows the question ("(excluding rent)", "(just groceries)") is kept.
"""
from __future__ import annotations

import re

from transactions.query.asides_clauses import run_on_asides
from transactions.query.asides_remarks import OPERATOR_RE, remarks_set_aside

# people and records a figure is asked for: "for my accountant", "for my tax guy", "for our bookkeeper"
ROLE = (r"(?:accountant|bookkeeper|cpa|tax (?:guy|gal|lady|person|preparer|advis[eo]r|people|return|filing|records?)"
        r"|financial (?:advis[eo]r|planner)|advis[eo]r|planner|records?|spreadsheet|landlord|lender|loan officer|"
        r"mortgage (?:broker|application)|visa application|application)")
# a lead-in ending in a colon or dash: "for my tax guy:", "quick one for my records -"
PURPOSE_LEAD_RE = re.compile(r"^\s*(?:(?:quick (?:one|q(?:uestion)?)|question|ok(?:ay)?|so)\s*,?\s*)?"
                             r"(?:this is |it'?s |that'?s )?(?:for|to send to|to give to|to show)\s+(?:my|our|the)\s+"
                             r"[\w' ]{1,30}?\s*[:–—-]\s+", re.I)
# a statement of what the person wants, before the question it leads to: "I want to save some money, so how much do I
# pay in subscriptions", "trying to cut back — what went on takeout last month", "we're saving for a car. which
# category is biggest": the question after it is what is asked
INTENT_LEAD_RE = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|so|well|hey|hi|hmm+|um+|alright|right|honestly)\W+)*"
    r"(?:(?:i|we)(?:'m|'re|m| am| are)?\s+(?:\w+\s+){0,2}?(?:want|wanna|need|would like|'d like|trying|try|plan|planning|"
    r"hope|hoping|aim|aiming|decided|thinking|gonna|going|saving|budgeting|cutting)\b"
    r"|(?:trying|planning|hoping|aiming|thinking|saving up|budgeting|cutting back)\b)"
    r"[^?!;]{0,100}?(?:,\s*(?:(?:so|and|but)\s+)?|\s+so\s+|\.\s+|:\s+|\s[–—-]+\s+)"
    r"(?=(?:how|what|what'?s|whats|which|where|when|who|did|do|does|is|are|was|were|can|could|show|list|tell|give|find|"
    r"pull)\b)", re.I)
# what the question after the lead would lose with it: a word pointing back at the lead ("how much would that save")
LEANS_ON_LEAD_RE = re.compile(r"\b(?:it|that|this|them|those|these|one|ones|would|could|if)\b", re.I)


def intent_lead(question: str) -> tuple[str, str]:
    """(the question without a leading statement of intent, that statement) — or (question, "") when there is none,
    or when the question after it points back at it."""
    m = INTENT_LEAD_RE.match(question or "")
    if m is None or LEANS_ON_LEAD_RE.search(question[m.end():]) or len(question[m.end():].split()) < 3:
        return question, ""
    return question[m.end():], m.group(0).strip(" ,;.:–—-")


# "for my accountant" anywhere (not "for my accountant's fees": a possessive names a thing to count)
ROLE_RE = re.compile(r",?\s*\b(?:for|to send to|to give to|to show)\s+(?:my|our|the)\s+" + ROLE + r"\b(?!'s)", re.I)
# a clause giving the reason, to the end of the sentence: ", I need it for the quarterly estimate"
REASON_RE = re.compile(r"(?:[,;.!]|\s[–—-]|(?=\s+(?:bc|b/c|cuz|coz|cos|because)\s+(?!of\b)))\s*(?:(?:i|we)(?:'ll| will)? (?:need|want|have to send|have to give|use)"
                       r" (?:it|this|that|them|the (?:number|figure|total|amount))\b|(?:it'?s|this is|that'?s) (?:for|"
                       r"going to)\b|(?:just )?so (?:that )?(?:i|we) (?:can|could|know|have|get|see|understand|figure|work|plan)\b"
                       # ", to see if I can afford it", ", I'm planning a trip": why the figure is wanted
                       r"|(?:just )?to (?:see|know|check|figure out|work out|decide) (?:if|whether|how)\b"
                       r"|(?:i'?m|i am|we'?re|we are) (?:planning|thinking|hoping|trying|looking|saving|deciding)\b|because\b|cause\b|cuz\b|coz\b|cos\b|bc\b|b/c\b"
                       r"|since (?:i|we|my|our)\b|as (?:i|we) (?:was |were |am |have been |had been )?(?:telling|told|"
                       r"said to|saying to|mentioned to|mentioning to|explained to|explaining to|writing to|wrote to)\b"
                       r"|as (?:i|we) (?:need|have to|want)\b)[^?]*", re.I)
# a clause that insists or apologises, to the next comma or sentence end: "don't tell me zero", "I know it's a lot",
# "be honest", "no judgment please", "it can't be nothing", "I swear I went there" — how to take the answer, no filter
INSIST_RE = re.compile(r"(?:^|[,;.!?–—-]|[\U0001F300-\U0001FAFF\u2600-\u27BF]|\b(?:and|but|so|also|plus)\b)\s*(?:(?:and|but|so|also|please|pls|ok|okay)\s+)*"
                       r"(?:(?:don'?t|do not|dont) (?:tell|give|say|show) me (?:it'?s |that'?s |its )?(?:zero|0|\$0(?:\.00)?|"
                       r"nothing|none|no charges?)|(?:it |that )?(?:can'?t|cannot|couldn'?t) (?:be|have been) (?:zero|0|"
                       r"\$0|nothing|right)|(?:it'?s|it is|its) (?:definitely |certainly |surely )?not (?:zero|0|\$0|nothing)"
                       r"|there (?:has|have|must) (?:to )?be (?:something|some)|i (?:know|realise|realize|get it|admit)"
                       r"(?: (?:it'?s|it is|its|that'?s|that is|this is|i spend|i spent|i'?ve spent))?(?: (?:probably|"
                       r"going to be|gonna be|a bit|kind of|way|pretty))* (?:a lot|too much|bad|high|embarrassing|"
                       r"crazy|ridiculous|insane|silly|dumb|a ton|huge|excessive|terrible|awful|painful|not great)"
                       r"|be (?:honest|real|straight with me|brutal)|(?:no|don'?t|dont) judg(?:e|ing)?(?:ment)?(?: me)?"
                       r"(?: please)?|i swear(?: i (?:did|went|paid|bought))?|trust me|i promise|brace myself|"
                       r"i can (?:take|handle) it|(?:\w+\s+){0,2}(?:kills?|killing|killed|hurts?|hurting|murders?|"
                       r"murdering) (?:us|me|my \w+|our \w+)|ugh|sigh|smh|oof|yikes)\b[^,;.!?]*?"
                       r"(?=[,;.!?]|\s+(?:but|and|so|though|how|what|which|where|when|did|can|could)\b|$)", re.I)
# people a thing belongs to ("my wife's gym membership", "the kids' netflix", "vợ tôi"): whose it is, not what to
# count — their transactions are the user's own. A class of words for people, not names of shops.
PEOPLE = (r"wife|husband|partner|spouse|hubby|wifey|boyfriend|girlfriend|bf|gf|fiance|fiancee|son|daughter|kid|"
          r"child|children|baby|toddler|teen|teenager|mom|mum|mother|dad|father|parent|brother|sister|sibling|"
          r"grandma|grandpa|grandmother|grandfather|granny|nana|aunt|uncle|cousin|niece|nephew|roommate|flatmate|"
          r"housemate|friend|bestie|boss|family|in-laws?|mother-in-law|father-in-law|stepson|stepdaughter|"
          r"other half|better half|significant other|so")
_OLDER = r"(?:(?:little|older|younger|eldest|oldest|youngest|big|baby|two|three)\s+)?"
# "my wife's", "the kids'", "my wifes" (typed without the apostrophe: only after a possessive, so "lunches for the
# kids last month" keeps the kids)
PERSON_PHRASE = (rf"(?:\b(?:my|our|his|her|their|the)\s+{_OLDER}(?:{PEOPLE})(?:'s|s'|'|’s|es')"
                 rf"|\b(?:my|our|his|her|their)\s+{_OLDER}(?:{PEOPLE})s(?!\s+(?:last|this|in|on|for|at|and|or|with|"
                 rf"from|since|during|next|per|a|the|to|over|under)\b))(?<!\bso)(?<!\bsos)")
PERSON_POSSESSIVE_RE = re.compile(rf"{PERSON_PHRASE}(?=\s+[a-z])(?!\s+(?:and|or|i|we|is|are|was|were|has|have|"
                                  rf"had|does|did|do|spent|spends|paid|pays|bought|buys|said|says|thinks|wants|"
                                  rf"wanted|asked|asks|needs|uses|used)\b)", re.I)
PAREN_RE = re.compile(r"\s*\(([^()]{3,160})\)")
# a parenthesis that narrows or names what to count stays
NARROWING_RE = re.compile(r"^\s*(?:except|excluding|excl\.?|not(?! that\b)|without|only|just|incl\.?|including|"
                          r"plus|and|or|e\.?g\.?|i\.?e\.?|like|such as|say|aka|mainly|mostly|all|both|either|the|my|in|at|on|"
                          r"from|since|before|after|last|this)(?!\w)|^\s*[$\d]", re.I)
CLAUSE_VERB_RE = re.compile(r"\b(?:is|are|was|were|goes|go|went|get|gets|got|pay|pays|paid|need|needs|has|have|"
                            r"had|count|counts|anyway|already|because|since|'s)\b|\s=\s", re.I)


# a parenthesis opening with a pronoun subject is a clause of its own: "(they raise it every spring, the rascals)"
PRONOUN_CLAUSE_RE = re.compile(r"^\s*(?:i|we|they|he|she|you|it|that|this|there)(?:'\w+)?\s+[a-z]", re.I)


def _aside_paren(inner: str) -> bool:
    """A parenthesis that is a remark of its own (a clause with a verb), not a narrowing of the question."""
    return len(inner.split()) >= 3 and not NARROWING_RE.search(inner) and bool(
        CLAUSE_VERB_RE.search(inner) or PRONOUN_CLAUSE_RE.search(inner))


def set_aside(question: str) -> tuple[str, list[str]]:
    """The question without its purpose clauses and asides, and those clauses (as written, trimmed)."""
    text, lead = intent_lead(question or "")  # "I want to save some money, so …"
    text, found = run_on_asides(text)
    found = [lead, *found] if lead else found  # "…, my son uses my account for both", "…, the shop was shut"
    text, remarks = remarks_set_aside(text)  # "— yes I know one's food", "Harold says …", "all told"
    found += remarks

    def take(m: re.Match[str]) -> str:
        found.append(m.group(0).strip(" ,;.:–—-()?!"))
        return " "

    text = PURPOSE_LEAD_RE.sub(take, text, count=1)
    text = PAREN_RE.sub(lambda m: take(m) if _aside_paren(m.group(1)) else m.group(0), text)
    text = ROLE_RE.sub(take, text)
    text = PERSON_POSSESSIVE_RE.sub(take, text)
    text = INSIST_RE.sub(lambda m: take(m) if m.group(0).strip(" ,;.!?–—-") else m.group(0), text)
    # "— I want it without Chipotle" narrows the question: no reason
    kept = REASON_RE.sub(lambda m: m.group(0) if OPERATOR_RE.search(m.group(0)) else take(m), text)
    if len(re.findall(r"\w+", kept)) < 2:  # the reason was all there was: keep the question as asked
        kept, found = text, found[:-1] if REASON_RE.search(text) else found
    kept = re.sub(r"\s+([?.!,])", r"\1", re.sub(r"\s{2,}", " ", kept)).strip()
    return (kept, found) if found or text != question else (question, [])  # (a lead of forgetting: nothing found)


# an aside that says what a word of the question stands for: "(lunch is pretty much always chipotle)", "(coffee =
# starbucks mostly)", "(by groceries I mean trader joe's)"
HEDGE = r"(?:pretty much|mostly|usually|basically|always|almost always|nearly always|just|only|all|generally|" \
        r"typically|normally|mainly|largely|really|probably|i think|like|at|from|@)"
DEFINES_RE = re.compile(rf"^\s*(?:(?:my|the|our)\s+)?([a-z][a-z' ]{{1,30}}?)\s+(?:is|are|=|means?|'s|was|were|"
                        rf"(?:is|are) (?:all|mostly|pretty much all) (?:at|from))\s+(?:{HEDGE}\s+)*"
                        rf"([a-z0-9][\w'&. ]{{1,40}}?)\s*(?:(?:{HEDGE}|anyway|though|these days|lately)\s*)*$"
                        rf"|^\s*by\s+([a-z][a-z' ]{{1,30}}?)\s+i\s+mean\s+(?:{HEDGE}\s+)*([a-z0-9][\w'&. ]{{1,40}}?)\s*$",
                        re.I)


# what follows "X is" that describes X rather than names it: "rent is always the top one so it says nothing"
DESCRIPTION_RE = re.compile(r"\b(?:so|it|that|which|because|but|i|we|says?|is|are|was|were|one|ones)\b|"
                            r"^(?:the|a|an)\s+(?:top|biggest|largest|main|big|most|first|worst|best)\b", re.I)


def aside_definitions(question: str, asides: list[str]) -> tuple[str, list[str]]:
    """An aside that names what one part of the question is ("coffee plus lunches (lunch is pretty much always
    chipotle)") is read into the question: the word it explains becomes the name it gives ("coffee plus chipotle"),
    and the aside is no longer set aside. Asides that explain no word of the question stay asides."""
    kept = []
    for aside in asides:
        m = DEFINES_RE.match(aside)
        word, name = ((m.group(1) or m.group(3) or ""), (m.group(2) or m.group(4) or "")) if m else ("", "")
        said = re.compile(rf"\b{re.escape(word)}(?:e?s)?\b", re.I)
        if not word or not name or not said.search(question) or name.lower().strip() == word.lower().strip() \
                or DESCRIPTION_RE.search(name):
            kept.append(aside)
            continue
        question = said.sub(name.strip(), question)
    return question, kept


def is_person(aside: str) -> bool:
    """An aside that is the possessive of a person ("my wife's")."""
    return re.fullmatch(PERSON_PHRASE, aside, re.I) is not None


# a person's name said as whose a thing is ("Harold's new car", "went to Harold's 'club'"): capitalised, with "'s"
NAME_POSSESSIVE_RE = re.compile(r"(?<![.?!]\s)(?<!^)\b([A-Z][a-z]{2,})['’]s\b(?=\s+['‘\"“]?[A-Za-z])")


def people_named(unknown: list[str], suggestions: dict[str, list[str]], question: str, *, names_understood: bool
                 ) -> dict[str, str]:
    """{unknown word: as written} for the unknown words that are a person's name in the possessive ("Harold's
    'club'"), none of the user's names and not close to one: whose the thing is, said beside a thing that was
    understood — an aside, not a subject."""
    if not names_understood:
        return {}
    said = {m.group(1).lower() + "s": m.group(0) for m in NAME_POSSESSIVE_RE.finditer(question)}
    return {u: said[u] for u in unknown if u in said and not suggestions.get(u)}
