"""Circumstances said beside a money question (issue 21, kind 2): when, for whom or in what state the user spent —
"after church", "between shifts", "when I was sick", "on my day off", "for my grandson Tommy", "for the kids", "the
dog", a weekday of a habit ("I do my grocery run on Sundays"). None of them is a filter Moneta can apply to the
user's transactions (no row says whom it was for or why), so none may become one: not a weekday, a name, a category
read by meaning ("church" → Donations) or an unknown word.

Two readings, by where the circumstance is said:
- in a remark beside the question (a clause with no question in it: "my grandson Tommy loves chipotle, how much did I
  spend there", "I grab Chipotle between shifts — what did it cost last month"), it says why or how they spend: an
  aside, set aside and named in the answer, the figure asked unchanged;
- inside the question, a person, a pet or "my day off" narrows what to count ("what did I spend at Target for my
  grandson Tommy") to purchases Moneta cannot pick out: the rest is answered, the answer says what was not applied,
  and it is never a confident one (the figure may well be smaller). A circumstance of time or state said inside the
  question ("Starbucks after church last month") narrows nothing Moneta can read either; it is an aside.
A weekday said inside the question ("Starbucks on Sundays last month") is a weekday filter, and stays one.
Works on the question as written (capitals tell a person's name), before transactions/query/asides.py.
"""
from __future__ import annotations

import re

from transactions.query.asides_clauses import run_on_asides
from transactions.query.asides_leading import leading_clauses_set_aside
from transactions.query.asides_remarks import OPERATOR_RE

# people and animals a purchase is for (a closed class, with the relatives of transactions/query/asides.PEOPLE)
_PERSON = (r"(?:grand(?:son|daughter|kids?|children|child|ma|pa|mother|father|parents?)s?|wife|husband|partner|"
           r"spouse|boyfriend|girlfriend|fianc[ée]e?|sons?|daughters?|kids?|child|children|bab(?:y|ies)|toddlers?|"
           r"teens?|teenagers?|mom|mum|mother|dad|father|parents|brothers?|sisters?|siblings|grandma|grandpa|granny|"
           r"nana|aunt|uncle|cousins?|nieces?|nephews?|roommates?|friends?|in-laws|family|twins|"
           r"dogs?|cats?|pupp(?:y|ies)|kittens?|pets?|puppers?|doggos?|kitty|bunny|rabbit|hamster|parrot|horse)")
_OLDER = r"(?:(?:little|older|younger|eldest|oldest|youngest|big|baby|new|two|three|old)\s+)?"
# "my grandson Tommy", "the kids", "our dog Biscuit", "Tommy" after a relative word only (a name alone may be a shop)
PERSON_NP = (rf"(?:(?i:my|our|the|his|her|their)\s+{_OLDER}(?i:{_PERSON})(?:\s+(?!(?:I|A|The)\b)[A-Z][a-z]{{2,}})?)")
# "for my grandson Tommy", "for the kids", "for the dog": whom it was for
FOR_PERSON_RE = re.compile(rf"(?<![\w'])(?i:for)\s+{PERSON_NP}(?!['’]s?\b|\s+(?i:and|&)\s+(?i:me|i)\b)")
# "for me and my roommate", "for me n the kids": the user's own purchases, shared with them — no narrowing
SHARED_RE = re.compile(rf"(?<![\w'])(?i:for)\s+(?i:me|us|myself)\s+(?i:and|n|&|\+|plus)\s+{PERSON_NP}")
# "on my day off", "on my days off", "on our off days", "on days off": a day Moneta has no calendar of
DAY_OFF_RE = re.compile(r"(?<![\w'])(?i:on|during)\s+(?:(?i:my|our|the|a)\s+)?(?i:days?\s+off|off\s+days?|free\s+days?|"
                        r"rest\s+days?)\b")
# a time or state of the spender: "after church", "between shifts", "when I was sick", "on my lunch break", "on the
# way home", "after work", "while the kids were at school"
CIRCUMSTANCE_RE = re.compile(
    r"(?<![\w'])(?:(?i:after|before|following)\s+(?:(?i:my|our|the)\s+)?(?i:church|mass|temple|service|worship|"
    r"work|school|class(?:es)?|practice|rehearsal|training|the gym|gym|my shift|shifts?|soccer|football|band|"
    r"choir|meetings?|lectures?|the game|games|appointments?)"
    r"|(?i:between|during)\s+(?:(?i:my|our|the)\s+)?(?i:shifts|classes|meetings|calls|jobs|errands|lectures|"
    r"appointments|(?:lunch|coffee|work)\s+breaks?)"
    r"|(?i:on)\s+(?:(?i:my|our|the)\s+)?(?i:(?:lunch|coffee|work)\s+breaks?|breaks?|(?:way|drive|walk|commute)"
    r"(?:\s+(?:home|back|to work|to school|in))?)"
    r"|(?i:when|while|whenever|since)\s+(?:(?i:i|we|he|she|they)|(?:(?i:my|our|the)\s+)?(?i:kids?|baby|dog|cat|"
    r"wife|husband|partner))\s+(?i:was|were|am|is|are|'m|'re|got|get|felt|feel)\s+(?:(?i:so|really|very|pretty|"
    r"super|too)\s+)?(?i:sick|ill|unwell|poorly|sad|stressed|bored|tired|broke|pregnant|injured|down|laid off|"
    r"out of work|home sick|off sick|in the hospital|in hospital|recovering|grieving|moving|studying))\b")
WEEKDAY_WORD = (r"(?:(?i:on|every|most|all)\s+)?(?:(?i:the)\s+)?(?i:weekends?|(?:mon|tues|wednes|thurs|fri|satur|sun)"
                r"days?)")
WEEKDAY_RE = re.compile(rf"(?<![\w']){WEEKDAY_WORD}\b")
# what makes a clause the question: a word that asks, or a verb or noun of the figure
QUESTION_CUE_RE = re.compile(r"\b(?i:how|what|what's|whats|which|who|when did|total|totals|sum|spend|spent|spending|"
                             r"cost|costs|paid|pay|much|many|show|list|tell|compare|amount|figure|average|biggest|"
                             r"largest|break ?down|add up|added up|charges?|bill|bills|bao nhiêu|mấy)\b|\?\s*$")
# a remark that is a habit or a fact of the user's life: "I do my grocery run on Sundays", "we go after church", "on
# sundays i treat myself", "Tommy loves it"
SUBJECT_VERB_RE = re.compile(
    rf"(?:^|(?<=[\s,]))(?:(?i:i|we)|{PERSON_NP})\s+(?:(?i:usually|always|often|normally|mostly|sometimes|just|"
    rf"basically|tend to|like to|love to|really|totally)\s+)*(?i:grab|grabbed|get|got|hit|treat|treated|love|loves|"
    rf"loved|like|likes|liked|adore|adores|order|ordered|go|goes|went|do|does|did|swing by|stop by|stopped by|"
    rf"pick up|picked up|run to|ran to|need|needs|needed|want|wants|wanted|eat|eats|ate|drink|drinks|buy|buys|"
    rf"bought|shop|shops|shopped|take|takes|took|bring|brings|brought)(?:\s+(?i:myself|ourselves|him|her|them|us)"
    rf"(?:\s+to)?)?(?:\s+(?i:to|at|by|from))?\b")
# a state of the spender said as a clause of its own: "i was sick a lot", "we've been broke", "the kids were off"
STATE_CLAUSE_RE = re.compile(
    rf"^\s*(?:(?i:and|but|so|plus|also|ugh|well|tbh)\s+)*(?:(?i:i|we|he|she|they)|{PERSON_NP})\s*(?i:was|were|'ve been|"
    r"have been|had been|'m|am|'re|are|got|get|felt|feel)\s+(?:(?i:so|really|very|pretty|super|too|kind of|kinda|"
    r"sort of)\s+)?(?i:sick|ill|unwell|poorly|sad|stressed|bored|tired|broke|pregnant|injured|down|laid off|"
    r"out of work|home|off|away|busy|swamped|slammed|recovering|grieving|moving|studying|traveling|travelling)\b")
# how often a habit happens, said in a remark ("every week", "twice a month", "most mornings"): no period of its own
FREQUENCY_RE = re.compile(r"(?<![\w'])(?:(?i:every|each|most)\s+(?i:day|week|month|morning|evening|night|weekend|"
                          r"time)s?|(?i:once|twice|\d+\s+times|a few times|a couple (?:of )?times)\s+(?i:a|per|every)\s+"
                          r"(?i:day|week|month)|(?i:daily|nightly))\b")
# after the question, how it felt ("heating was insane", "gift-giving was brutal") or what they must do with the figure
# ("gotta venmo request my roommates for their share"): a remark of its own, no filter
EVALUATION_RE = re.compile(
    r"^\s*(?:(?i:and|but|so|ugh|man|honestly|tbh|lol)\s*,?\s+)*(?:(?i:the|my|our|that|this|all the|all that)\s+)?"
    r"[\w'-]+(?:\s+[\w'-]+)?\s+(?i:was|were|is|are|has been|have been|got|gets|went)\s+(?:(?i:so|really|super|"
    r"absolutely|kinda|kind of|pretty|way too|too|just|honestly|lowkey|highkey|totally)\s+)*(?i:brutal|insane|crazy|"
    r"wild|nuts|rough|expensive|pricey|a lot|a killer|killer|painful|huge|massive|ridiculous|bonkers|out of control|"
    r"through the roof|no joke|a nightmare|awful|terrible|bad|heavy|tough|intense|unreal|savage|a mess|chaos|"
    r"chaotic|nonstop|non-stop|endless|everything|a lot this year|out of hand)\b")
OBLIGATION_RE = re.compile(r"^\s*(?:(?i:and|so|cause|cuz|bc)\s+)?(?:(?i:i|we)(?:'m| am|'re| are)?\s+)?(?i:gotta|got to|"
                           r"have to|need to|needa|must|should|wanna|want to|trying to|tryna|hoping to|planning to|"
                           r"going to|gonna)\s+[a-z]+")
NARROWS_RE = re.compile(r"\b(?i:exclud\w*|leave out|leaving out|without|except|not count\w*|minus|only|just|"
                        r"includ\w*|compare\w*|vs|versus|per (?:day|week|month)|each month|split by|by month)\b")
# a story before "anyway," is a digression: "i was at target grabbing foam board for a client... anyway, how much …"
DIGRESSION_RE = re.compile(r"^(?P<lead>[^?]{8,240}?)(?:\.{2,}|…|[,.;!—–-])?\s*\b(?i:anyway|anyways|anyhow|but anyway|"
                           r"long story short)\b\s*[,:;—–-]?\s+(?=\S)")
CLAUSE_RE = re.compile(r"[^,.;!?—–()]+(?:[,.;!?—–()]+|$)|\s-\s")


# the same in Vietnamese, in a remark: "bữa nào nghỉ làm là" (whenever I'm off work), "lúc ốm" (when sick), "giữa ca"
# (between shifts), "sau khi đi lễ" (after church); "mình ngồi … cả ngày" (I sit … all day): the habit, no filter
VI_CIRCUMSTANCE_RE = re.compile(r"(?<!\w)(?i:(?:bữa|hôm|ngày|lúc|khi|những hôm|mấy hôm|mấy bữa)\s+(?:nào\s+)?(?:mà\s+)?"
                                r"(?:được\s+)?(?:nghỉ làm|nghỉ|rảnh|ốm|bệnh|tan làm|tan ca|đi làm về|đi lễ về)"
                                r"(?:\s+(?:là|thì))?|giữa (?:ca|hai ca|giờ làm)|sau khi đi (?:lễ|nhà thờ|chùa|làm))(?!\w)")
VI_HABIT_RE = re.compile(r"(?<!\w)(?i:mình|tôi|tui|em|anh|chị|tớ)\s+(?:(?i:hay|thường|toàn|cứ|hay là)\s+)*"
                         r"(?i:ngồi|ghé|mua|uống|ăn|đi|ở)(?!\w)|(?<!\w)(?i:cả ngày|suốt ngày|mỗi tuần|mỗi ngày|hằng ngày|"
                         r"hàng ngày|hằng tuần)(?!\w)")
EMOJI = "\U0001F300-\U0001FAFF\u2600-\u27BF"


def _clauses(text: str) -> list[tuple[int, int]]:
    """Spans of the clauses of `text`, split at punctuation, dashes and emoji."""
    out, start = [], 0
    for m in re.finditer(rf"[,.;!?—–(){EMOJI}]+|\s-\s", text):
        if m.start() > start:
            out.append((start, m.start()))
        start = m.end()
    if start < len(text):
        out.append((start, len(text)))
    return out


def _is_question(clause: str) -> bool:
    return bool(QUESTION_CUE_RE.search(clause))


def _tidy(text: str) -> str:
    text = re.sub(r"\s{2,}", " ", text)
    text = re.sub(r"\s+([?.!,;)])", r"\1", text)
    text = re.sub(r"([,;])\s*([,;?.!])", r"\2", text)
    return text.strip(" ,;")


def circumstances_set_aside(question: str) -> tuple[str, list[str], list[str]]:
    """(the question without its circumstances, the asides as written, the narrowings not applied as written)."""
    text, lead = run_on_asides(question or "")  # "…, the dog eats more than the kids": the whole clause first
    question = text
    if (m := DIGRESSION_RE.match(text)) and not _is_question(m.group("lead")) \
            and _is_question(rest := text[m.end():]) and len(rest.split()) >= 3:
        lead, text = [*lead, m.group("lead").strip(" .…,;—–-")], rest
    text, opening = leading_clauses_set_aside(text)  # "If it isn't too much trouble, and since I'm saving, …"
    lead = [*lead, *opening]
    clauses = _clauses(text)
    # a clause is a remark when it asks nothing and has a subject and verb of its own ("I stop by between shifts");
    # a bare noun phrase is the question's ("whole foods for the kids last month, how much")
    asked = [(a, b) for a, b in clauses if _is_question(text[a:b]) or not (
        SUBJECT_VERB_RE.search(text[a:b]) or STATE_CLAUSE_RE.match(text[a:b]))]
    first = next((a for a, b in clauses if _is_question(text[a:b])), len(text))
    trailing = [(a, b) for a, b in clauses if a > first and not _is_question(text[a:b]) and (
        EVALUATION_RE.match(text[a:b]) or OBLIGATION_RE.match(text[a:b])) and not OPERATOR_RE.search(text[a:b])
        and not NARROWS_RE.search(text[a:b])]  # "…, need to exclude rent" narrows the question
    asked = [c for c in asked if c not in trailing]

    def in_question(pos: int) -> bool:
        return any(a <= pos < b for a, b in asked)

    cuts: list[tuple[int, int, str]] = []  # (start, end, "aside" | "unapplied")
    remarks: list[tuple[int, int]] = []  # remark clauses with a cut: named whole in the answer
    for m in SHARED_RE.finditer(text):
        cuts.append((m.start(), m.end(), "aside"))
    for m in FOR_PERSON_RE.finditer(text):
        if not any(s <= m.start() < e for s, e, _ in cuts):
            cuts.append((m.start(), m.end(), "unapplied" if in_question(m.start()) else "aside"))
    for m in DAY_OFF_RE.finditer(text):
        cuts.append((m.start(), m.end(), "unapplied" if in_question(m.start()) else "aside"))
    for m in CIRCUMSTANCE_RE.finditer(text):
        cuts.append((m.start(), m.end(), "aside"))
    for a, b in clauses:  # in Vietnamese, only in a remark: the question's own words are read by its grammar
        if (a, b) not in asked or not _is_question(text[a:b]):
            vi = [(a + m.start(), a + m.end()) for m in VI_CIRCUMSTANCE_RE.finditer(text[a:b])]
            if vi:
                vi += [(a + m.start(), a + m.end()) for m in VI_HABIT_RE.finditer(text[a:b])]
                cuts += [(s, e, "aside") for s, e in vi]
                remarks.append((a, b))
    for a, b in clauses:
        if (a, b) in asked:
            continue
        clause = text[a:b]
        if STATE_CLAUSE_RE.match(clause) or (a, b) in trailing:  # ", i was sick a lot": the whole clause
            cuts.append((a, b, "aside"))
            remarks.append((a, b))
            continue
        remark = [(a + m.start(), a + m.end()) for rx in (WEEKDAY_RE, FREQUENCY_RE) for m in rx.finditer(clause)]
        said = SUBJECT_VERB_RE.search(clause)
        if said and (remark or any(a <= s < b for s, _, _ in cuts) or said.group(0).split()[0].lower() not in
                     ("i", "we")):
            # the habit or the person said with the circumstance is the remark: its object stays the subject
            remark.append((a + said.start(), a + said.end()))
        cuts += [(s, e, "aside") for s, e in remark]
        if remark:
            remarks.append((a, b))
    if not cuts:
        return (_tidy(text), lead, []) if lead else (question, [], [])
    cuts.sort()
    merged: list[tuple[int, int, str]] = []
    for s, e, kind in cuts:
        if merged and s <= merged[-1][1]:
            ps, pe, pk = merged[-1]
            merged[-1] = (ps, max(pe, e), "unapplied" if "unapplied" in (pk, kind) else "aside")
        else:
            merged.append((s, e, kind))
    asides = [text[a:b].strip() for a, b in remarks]
    asides += [text[s:e].strip() for s, e, k in merged if k == "aside" and not any(a <= s < b for a, b in remarks)]
    unapplied = [text[s:e].strip() for s, e, k in merged if k == "unapplied"]
    kept = text
    for s, e, _ in reversed(merged):
        kept = kept[:s] + " " + kept[e:]
    kept = _tidy(kept)
    if len(re.findall(r"\w+", kept)) < 2:
        return (question, lead, []) if lead else (question, [], [])
    return kept, lead + asides, unapplied
