"""Remarks said beside a money question that carry no subject, period or operator of their own (issue 21, kind 1):
what the user knows, thinks or was told ("— yes I know one's food and one's rides", "I feel like one was bad",
"Harold says groceries and I say eating out"), a remark about a thing already named ("— rent always wins so it tells
me nothing", ", which is mostly groceries, I think, though Harold buys his flowers there too"), a guess at the answer
("Winter, I expect."), politeness ("all told", "if it's not too much trouble"), a lead-in ("ok quick one between
calls —") and what someone calls a thing ("as our grandson calls it").

Their words are read as function words: a word inside a remark is never a merchant or category filter ("food" in
"one's food and one's rides" is no Dining), and never an unknown word that lowers confidence. A remark that renames
a thing ("the taxi app, as my son calls Uber") is read into the question instead: the thing named is that one.
Works on the question as written (capitals tell a person's name from a word), before it is normalised.
"""
from __future__ import annotations

import re

from transactions.query.exclusions import EXCLUDE_RE
from transactions.query.exclusions_wording import COUNTS_RULE_RE, OTHER_CUES
from transactions.query.pointers import POINTS_AT_REMARK_RE

# ---- closed classes --------------------------------------------------------------------------------------------
_SUBJECT = (r"(?:(?i:yes|yeah|yep|sure|right|true|of course|well|ok|okay|oh|and|but|no|though|although|also|plus|"
            r"now)\s*,?\s+)*"
            r"(?:(?i:i|we|he|she|they|you|one)|(?i:my|our|his|her|their|the)\s+(?:[a-z]+\s+){0,2}?[a-z]+"
            r"|[A-Z][a-z]+(?:\s+(?i:and)\s+(?:I|me|[A-Z][a-z]+))?)(?i:'ve|'d|'ll|'m|'re)?")
_ADVERB = r"(?i:always|never|really|just|only|still|also|probably|honestly|actually|do|does|did|don'?t|doesn'?t|kind of|" \
          r"sort of|keeps?|can|could|would|will|'d|'ll|even|sometimes|often|usually)"
# verbs of knowing, thinking and saying: what follows is an opinion or a report, not the question
_OPINION_VERB = (r"(?i:know|knows|knew|think|thinks|thought|feel|feels|felt|say|says|said|saying|insist|insists|insisted|"
                 r"reckon|reckons|guess|guesses|suppose|believe|believes|expect|expects|swear|swears|bet|bets|remember|"
                 r"recall|figure|figured|doubt|hear|heard|hope|worry|worries|suspect|suspects|claim|claims|argue|argues|"
                 r"am told|'m told|was told|were told|mean to|realise|realize)")
# everyday verbs in the third person after a person's name ("Harold buys", "Harold fills up"): a report about them
_THIRD_PERSON = (r"(?:buys|fills|pays|drives|goes|gets|takes|likes|loves|hates|uses|eats|handles|does|has|keeps|makes|"
                 r"wants|needs|shops|orders|works|covers|splits|wins|spends|runs|calls|picks|grabs|stops|tops)")
_END = r"(?=\s*(?:[.;?!()—–]|\s-\s|,\s*(?i:how|what|which|and (?:how|what|which)|could|can|would|please)\b)|\s*$)"
_SEP = r"(?P<sep>[—–;(]\s*|\s-\s+|[,.?!]\s+)"

# "— yes I know one's food and one's rides", "? Harold says groceries and I say eating out", "(I know Amazon wins)"
OPINION_RE = re.compile(rf"{_SEP}{_SUBJECT}\s+(?:{_ADVERB}\s+)*{_OPINION_VERB}\b[^.;?!()—–]*?{_END}")
# "— rent always wins so it tells me nothing", ". Harold fills up wherever is nearest", "— I only want the one number"
NOUN_REMARK_RE = re.compile(
    rf"(?P<sep>[—–;(]\s*|\s-\s+|[.?!]\s+)(?:(?:[A-Z][a-z]+|(?i:the|my|our)\s+[a-z]+|[a-z]+)\s+"
    rf"(?i:always|never|usually|normally|often|just|also|still)\s+[a-z]+s\b|[A-Z][a-z]+\s+{_THIRD_PERSON}\b"
    rf"|(?:(?i:the|my|our)\s+)?[A-Za-z]+\s+(?i:is|was|are|were)\s+(?i:always|never|usually|normally|often|obviously|"
    rf"clearly)\b"
    rf"|(?i:i|we|he|she|they|it)(?:'d|'ll|'m|'re|'ve)?\s+(?:{_ADVERB}\s+)*(?i:want|wanna|need|like|love|care|was|is|"
    rf"tells?|told|spend|spent|use|used|go|went|got|get|have|had)\b)[^.;?!()—–]*?{_END}")
# "though Harold buys his flowers there too", "although we split it": a remark joined by a concessive
THOUGH_RE = re.compile(rf"(?P<sep>,?\s*)\b(?i:though|although|even though|whereas)\s+{_SUBJECT}\s+(?:{_ADVERB}\s+)*"
                       rf"[a-z]+\b[^.;?!()—–]*?{_END}")
# ", which is mostly groceries", ", which is Harold's late-night habit" (not ", which weren't …": an exclusion)
WHICH_RE = re.compile(r"(?P<sep>\s*),\s*(?i:which|who)\s+(?i:is|are|was|were|'s|has been|have been|tends? to be)\s+"
                      r"(?!(?i:not|never|more|less|most|least|bigger|biggest|higher|highest|larger|largest|lower|"
                      r"lowest|cheaper|cheapest|smaller|smallest|worse|worst|better|best|dearer|dearest)\b)"
                      r"[^,.;?!()—–]*")
# why a thing is left out, said of it ("apart from the rent which I can't change anyway", "except groceries, which we
# have to buy regardless"): the thing is fixed or unavoidable; the clause narrows nothing (only after a word that leaves
# out, and only with such a reason: "except the subscriptions that I stopped" is not this)
LEFT_OUT_WHY_RE = re.compile(
    r"(?P<sep>\s*,?\s*)\b(?i:which|that)\s+(?i:i|we)\s+(?:[A-Za-z']+\s+){0,3}?"
    r"(?i:(?:can'?t|cannot|can not|couldn'?t|won'?t|don'?t|do not)\s+(?:really\s+|even\s+)?(?:change|avoid|control|help|cut|"
    r"skip|reduce|escape|negotiate|touch|get out of|do (?:much|anything) about)|(?:have|has|need|got)\s+to\s+"
    r"(?:pay|buy|spend|have|cover)(?:\s+[A-Za-z']+){0,3}?\s+(?:anyway|anyhow|regardless|no matter what|either way|every month|"
    r"each month)|[A-Za-z' ]{0,30}?\b(?:anyway|anyhow|regardless|no matter what|either way|in any case))\b[^,.;?!()—–]*")
# politeness and hedges said on their own between commas or at the end
HEDGE_RE = re.compile(r"(?P<sep>,?\s*)\b(?i:all told|all in all|of course|obviously|naturally|to begin with|to start with|for starters|first of all|first off|as you (?:can|might|may|could) (?:imagine|guess|see|tell)|"
                      r"as you know|if it'?s not too much trouble|if you(?:'d| would) be so kind|if you don'?t mind|"
                      r"if you (?:could|would|can)(?: please)?|if possible|would you(?: mind)?|could you|thank you"
                      r"(?: (?:so|very) much)?|thanks(?: so much)?|i'?m told|i (?:should |would |'d )?(?:think|expect|"
                      r"guess|suppose|imagine|believe|reckon)|i'?d (?:say|guess)|mind you|bless (?:him|her|them)|"
                      # "the top three shops, say": an example of what would do
                      r"(?<=,\s)(?:let'?s )?say|(?<=,)say)"
                      r"(?=\s*[,.;?!)]|\s*$)")
# a guess at the answer, said after the question: "? gifts mostly, I think", ". Winter, I expect."
GUESS_RE = re.compile(r"(?P<sep>[,.?!]\s+|[—–]\s*)(?:[A-Za-z']+\s+){0,2}[A-Za-z']+\s*,?\s*(?:(?i:mostly|probably|"
                      r"maybe)\s*,?\s*)?(?i:i (?:should |would |'d )?(?:think|expect|guess|suppose|imagine|believe|"
                      r"reckon)|i'?d (?:say|guess))(?=\s*[,.;?!)]|\s*$)")
# what the money went on, said after the question with a hedge ("…, christmas shopping basically", "…, mostly
# groceries", "— takeout mostly really"): a description of the spending asked about, not a narrowing of it
DESCRIBED_RE = re.compile(r"(?P<sep>,\s+|\s[–—-]\s*|[–—]\s*)(?:(?i:it was|that was|that's|it's|which was|all)\s+)?"
                          r"(?:(?i:mostly|basically|mainly|largely|pretty much|practically)\s+(?:[A-Za-z']+\s+){0,2}"
                          r"[A-Za-z']+|(?:[A-Za-z']+\s+){0,2}[A-Za-z']+\s*,?\s*(?i:basically|mostly|mainly|largely|"
                          r"pretty much|really|i guess))(?=\s*[.!?]*\s*$)")
# "ok quick one between calls —", "quick question while I'm on break:": how the turn opens, not what it asks
LEAD_RE = re.compile(r"^\s*(?:(?i:ok(?:ay)?|so|hey|hi|hello|right|alright|sorry)\s*,?\s*)*(?i:quick (?:one|q(?:uestion)?)|"
                     r"(?:a |one )?(?:quick )?question|real quick|sorry to bother you)\s*,?\s*(?:(?i:between|while|"
                     r"before|after|during|on|from)\s+[^—–:;?]{1,40}?)?\s*(?:[—–:]|\s-\s)\s*")
# "my daughter says I spend too much on takeaways, how much was it": someone reported at the start, saying something
# about the user's own spending (I/we follow) — who said it is context, what they said stays the question
REPORTER_LEAD_RE = re.compile(r"^\s*(?:(?i:my|our)\s+[a-z-]+(?:\s+[a-z-]+)?|[A-Z][a-z]+)\s+(?:(?i:always|keeps|still)\s+)?"
                              r"(?i:says|said|thinks|thought|reckons|keeps saying|tells me|told me|claims|complains)"
                              r"(?:\s+(?i:that))?\s+(?=(?i:i|we)\b)")
# "I manage my mum's money in this app; how much did she spend on X": the asker acts for the account holder, whose
# data this account is — said first as a clause of its own; the holder's "she", "he" in the question stand for "I"
HOLDER_LEAD_RE = re.compile(r"^\s*(?i:i(?:'m| am)?\s+(?:help(?:ing)?|manag(?:e|ing)|handl(?:e|ing)|look(?:ing)? after|"
                            r"tak(?:e|ing) care of|do|run)\s+(?:[a-z]+\s+){0,2}?(?:my|our)\s+[a-z-]+(?:'s)?(?:\s+with)?"
                            r"(?:\s+(?:her|his|their|the))?\s+(?:money|finances|account|budget|spending|banking)"
                            r"(?:\s+(?:in|on|with|using)\s+(?:this|the)\s+(?:app|account|moneta))?(?:\s+here)?)\s*[;:,.—–-]\s*")
HOLDER_PRONOUN_RE = re.compile(r"\b(?:did|does|has|have|do|was|is|will|would|can)\s+(?i:she|he|they)\b|"
                               r"\b(?i:she|he|they)\s+(?=(?:spen[dt]|spends|paid|pays|bought|buys|owes?|got|"
                               r"earned|made)\b)")
# what the reported person blames the user for: how much, or spending called waste ("I spend way too much on X", "we
# waste money on X") — the judgement is theirs; the spending on X is what to count
REPORTED_BLAME_RE = re.compile(r"\s+(?:(?i:way|far|much|a bit|a little|so)\s+)?(?i:too much|a lot|a ton|so much)\b"
                               r"|\b(?i:waste|wastes|wasted|blow|blows|blew|overspend|overspends|overspent)"
                               r"(?:\s+(?i:so much|too much|a lot|way too much))?(?:\s+(?i:money|cash))?\b")
# "as our grandson calls it" (a remark), "the taxi app, as my son calls Uber" (a name for it)
AS_CALLS_RE = re.compile(r",?\s*\b(?i:as|what)\s+(?:(?i:my|our|his|her|their|the)\s+)?[A-Za-z']+(?:\s+[a-z']+)?\s+"
                         r"(?i:calls?|called|likes? to call|puts? it|says?|would say)\s+(?P<obj>[^,.;?!()—–]+?)"
                         r"(?=\s*[,.;?!()—–]|\s*$)")
PRONOUN_OBJECT_RE = re.compile(r"(?i:it|them|that|this|those|these|him|her)\b")
NP_BOUNDARY = {"versus", "vs", "against", "and", "or", "plus", "than", "on", "at", "for", "from", "except", "with",
               "to", "of", "the", "my", "our", "his", "her", "their", "a", "an", "in", "over", "besides", "without"}
PERIOD_WORDS = {"this", "last", "next", "year", "month", "week", "today", "yesterday", "ago", "since", "quarter"}
QUOTED_RE = re.compile(r"(?<!\w)['‘\"“](?P<word>[A-Za-z][A-Za-z &-]{1,30})['’\"”](?!\w)")
OPERATOR_RE = re.compile(r"\b(?i:except|excluding|without|not counting|leave out|leaving out|but not|minus|only the|"
                         r"just the|plus|by \w+ i mean|i\.e\.)\b|(?i:" + OTHER_CUES + ")")  # (+ "you didn't include")
MIN_WORDS_BEFORE = 3  # a remark follows a question; "Sorry, I think I overspent on dining" is the question
# "I have quite forgotten what I spent on X", "I can't recall how much went on Y", "remind me what Z cost", "tôi quên mất
# tháng trước tiêu bao nhiêu": not remembering a figure is how the question is asked, never a forgotten password
MEMORY = (r"(?i:(?:i|we)(?:'ve|'d| have| had)?\s+(?:(?:quite|completely|totally|clean|kind of|kinda|honestly|"
          r"actually|just|already|entirely|totally|sort of)\s+)*(?:forgot(?:ten)?|forget|lost track of|no idea|"
          r"(?:can'?t|cannot|can not|don'?t|do not|couldn'?t|could not)\s+(?:quite\s+)?(?:remember|recall|recollect)|"
          r"(?:can'?t|cannot) (?:keep track of|work out|figure out))|i'?m not sure|no idea|remind me(?: of)?)")
# a sentence after a question that says how the asker feels about it, not what to count: "? seems high to me",
# "? honestly I think we eat out too much", ", I'm trying to cut back", "? I feel like it's a lot", "? lol",
# "? thấy hơi nhiều", "? cảm giác nhiều quá". It opens with an interjection, a feeling or a first-person or
# "it/that" clause, runs to the end of its sentence, and is no question (no "?" after it) and no operator.
_INTERJECTION = r"(?i:honestly|tbh|ngl|lol|lmao|ugh|man|wow|geez|jeez|seriously|idk|welp|well|hmm+|yikes|oof|sigh|ok|" \
                r"okay|so|just|btw|fwiw|haha|damn|dang|omg)"
_FEELING = (r"(?i:seems?|feels?|looks?|sounds?|kinda|kind of|probably|must be|gotta be|bet it'?s|way too|too much|"
            r"a lot|so much|crazy|insane|ridiculous|not sure|no idea|curious|wondering|worried|trying to|hoping|"
            r"i'?m (?:trying|hoping|planning|going|thinking|worried|curious|wondering|sure|pretty sure|guessing|scared|"
            r"afraid|shocked|surprised)|i am (?:trying|hoping|planning|worried|curious|wondering|sure)|we'?re (?:trying|"
            r"hoping|planning|going|thinking|worried)|we are (?:trying|hoping|planning)|i (?:feel|think|guess|bet|"
            r"suspect|hope|worry|swear|know|need to|have to|gotta|should|want to|wanna)|we (?:feel|think|need to|"
            r"have to|should|want to)|it'?s (?:a lot|too|so|way|probably|gotta|got to|crazy|insane|getting)|"
            r"that'?s (?:a lot|too|so|way|crazy|insane|ridiculous|probably)|(?:this|that|it) (?:seems|feels|looks|"
            r"can'?t be|must be|is (?:a lot|too much|crazy))|(?:tôi |mình |em |anh |chị )?(?:thấy|cảm giác|cảm thấy|"
            r"nghĩ|đoán|sợ|lo)|(?:tôi |mình |em )?(?:quên mất|quên|không nhớ)|" + MEMORY +
            r"|hình như|có vẻ|chắc (?:là )?(?:nhiều|ít|cao|lắm)|nhiều quá|hơi nhiều|trời ơi|haiz)")
# a sentence in the first person after a question: "? I have been trying to shop there less.", "? I have quite
# forgotten to check this month." — not one that says what to count ("? I mean Starbucks", "? I only want rent")
FIRST_PERSON_AFTER_Q_RE = re.compile(
    r"(?P<sep>[?!]\s+)(?:(?i:honestly|well|so|ok|okay|oh|also|and|but)\s*,?\s+)?(?i:i|we)\b"
    r"(?!'d like|\s+(?i:mean|meant|want|wanna|need|would like|prefer|only|just want|said|asked)\b)[^?;()]*?(?:[.!]+\s*)?$"
    r"|(?P<sep2>[?!]\s+)(?i:i|we)(?i:'d| would) (?i:like|love) to (?i:compare|know|check|see|understand|find out)\s+"
    r"(?i:them|it|this|that|both|those)\b[^?;()]*$")
# a sentence after the question that says what its period or amount is to them ("… March 10th thru April 9th? thats
# my billing cycle for one client", "… since July in total? thats when the raise kicked in"): why they ask, no filter
WHY_AFTER_Q_RE = re.compile(r"(?P<sep>[?!]\s+)(?i:that'?s|that is|thats|it'?s|its|this is)\s+(?i:when|how|why|because|"
                            r"what|where|my|our|for)\b[^?;()]*?(?:[.!]+\s*)?$")
# a statement before the question that sets the scene ("The holidays are always expensive. Could you tell me what I
# spent in December 2025?"): set aside when the question after it stands alone — names a period or is long enough,
# and points back at nothing the statement said ("there", "it", "that")
QUESTION_START = (r"(?i:how|what|what's|whats|which|who|when|where|why|could|can|would|will|please|show|list|tell|"
                  r"give|is|are|was|were|do|does|did|have|has|to begin with|first|so|and|now)")
PERIOD_SAID_RE = re.compile(r"\b(?i:january|february|march|april|may|june|july|august|september|october|november|"
                            r"december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|month|year|week|quarter|"
                            r"today|yesterday|since|\d{4}|days?|months|weeks|years)\b")
SEASON_SAID_RE = re.compile(r"\b(?i:weekends?|fortnight|holidays?|christmas|xmas|summer|spring|autumn|fall|winter)\b")
STANDALONE_WORDS = 7
GREETING_RE = re.compile(r"^\s*(?i:(?:good (?:morning|afternoon|evening|day)|greetings|hello|hi|hey|howdy|dear|"
                         r"to whom it may concern)(?:\s+(?:to you|there|all|moneta|assistant|sir|madam|sir or madam|"
                         r"friend|folks))*)\s*[,.!:;—–-]+\s*")
MEMORY_LEAD_RE = re.compile(rf"^\s*(?:(?i:ok(?:ay)?|so|hmm+|um+|honestly|sorry|oh)\s*,?\s*)*{MEMORY}\s*,?\s*"
                            r"(?=(?i:how|what|where|when|which|who|whether|if|the|my|our)\b)"
                            r"|^\s*(?i:tôi|mình|em|tui|toi|minh)?\s*(?i:quên mất|quên|không nhớ|chẳng nhớ|không còn nhớ|quen mat|"
                            r"quen|khong nho)\s+(?:(?i:là|la)\s+)?")
OPENER_RE = re.compile(r"^\s*(?i:to (?:begin|start) with|first(?:ly| of all| off)?|for starters|secondly|next|"
                       r"also|anyway|in any case)\s*,\s*")


# a short sentence of a name alone before the question ("Blue Bottle. How much since August?", "Groceries! what did
# I spend this year?") is its topic, not a scene: no verb, no person and no talk, so it says what to count
_STATEMENT_WORD_RE = re.compile(
    r"\b(?i:i|we|you|he|she|it|they|me|us|my|our|his|her|their|its|this|that|there|here|is|are|was|were|be|been|"
    r"am|'s|'re|'m|has|have|had|do|does|did|will|would|can|could|should|must|may|might|not|no|yes|so|too|very|"
    r"always|never|again|just|thanks?|please|sorry|hi|hello|hey|question|q|one|quick)\b|\w(?:ed|ing|n't)\b|'")
TOPIC_WORDS = 4


def _topic_lead(lead: str) -> bool:
    """A lead that is a bare name: at most four words, none a verb, a person, a greeting or an interjection."""
    words = re.findall(r"[\w'&]+", lead)
    return (0 < len(words) <= TOPIC_WORDS and not _STATEMENT_WORD_RE.search(lead)
            and not re.fullmatch(rf"\s*(?:{_INTERJECTION}\s*[,!.]*\s*)+", lead) and GREETING_RE.match(lead) is None)


def _scene_set(text: str) -> tuple[str, str] | None:
    """(the statement before the question, the question) when the question stands on its own, else None."""
    m = re.match(r"^\s*(?P<lead>[^?]{6,200}?[.!])\s+(?P<rest>[^.!]*?\?[^?]*)$", text)
    if m is None:
        return None
    lead, rest = m.group("lead"), m.group("rest")
    if _topic_lead(lead):
        return None  # "Blue Bottle. How much since August?": the topic is what the question counts
    if re.match(rf"\s*{QUESTION_START}\b", lead) or OPERATOR_RE.search(lead) \
            or re.search(r"^\s*(?i:only|just)\b|\b(?i:only|except|excluding|without|not counting)\b", lead) \
            or COUNTS_RULE_RE.search(lead.lower()):
        return None  # "Show me dining. Only last month?" — the first sentence asks too, or narrows
    question = rest[:rest.index("?") + 1]
    if POINTS_AT_REMARK_RE.search(question) or not (PERIOD_SAID_RE.search(question)
                                               or len(question.split()) >= STANDALONE_WORDS):
        return None
    return lead.strip(), rest.strip()


TRAILING_REMARK_RE = re.compile(
    rf"(?P<sep>[?!]\s+|\.\s+|,\s+|\s[–—-]\s*|[–—]\s*)(?:{_INTERJECTION}\s*[,!.]*\s+)*"
    rf"(?:{_INTERJECTION}\s*[!.]*\s*$|{_FEELING}\b[^?;()]*?(?:[.!]+\s*)?$)")


def _renamed(text: str) -> tuple[str, list[str]]:
    """"X, as my son calls Uber": X is Uber; "as our grandson calls it": a remark."""
    found: list[str] = []
    while m := AS_CALLS_RE.search(text):
        obj = m.group("obj").strip()
        found.append(m.group(0).strip(" ,"))
        if PRONOUN_OBJECT_RE.fullmatch(obj):
            text = text[:m.start()] + text[m.end():]
            continue
        before = text[:m.start()]
        quoted = list(QUOTED_RE.finditer(before))
        if quoted:  # "Harold's 'club' this year, as he calls the gym": the word in quotes is his name for it
            text = before[:quoted[-1].start()] + obj + before[quoted[-1].end():] + text[m.end():]
            continue
        words = before.split(" ")
        k = len(words)
        while k > 0 and words[k - 1].lower().strip(",") not in NP_BOUNDARY | PERIOD_WORDS and len(words) - k < 3:
            k -= 1
        if k == len(words):  # no thing said just before ("this year, as he calls it …"): a remark
            text = before + text[m.end():]
            continue
        text = " ".join(words[:k] + [obj]) + text[m.end():]
    return text, found


ASKS_BEFORE_RE = re.compile(r"\b(?i:how|what|what's|whats|which|who|whom|when|where|why|show|list|tell|give|total|sum|"
                            r"compare|rank|top|biggest|largest|most|spen[dt]|spending|cost|paid)\b|\?")


def _which_asks(text: str, m: re.Match[str]) -> bool:
    """A "which …" clause that is the question: it ends the turn with "?" and nothing before it asks."""
    return (not ASKS_BEFORE_RE.search(text[:m.start()])
            and re.match(r"\s*\?\s*$", text[m.end():]) is not None)


def remarks_set_aside(question: str) -> tuple[str, list[str]]:
    """The question without the remarks said beside it, and those remarks (as written, trimmed)."""
    text = question or ""
    found: list[str] = []

    def take(m: re.Match[str]) -> str:
        said = m.group(0)[len(m.groupdict().get("sep") or m.groupdict().get("sep2") or ""):]
        if OPERATOR_RE.search(said) or len(re.findall(r"\w+", text[:m.start()])) < MIN_WORDS_BEFORE:
            return m.group(0)  # "— I only want it without Amazon" narrows the question; a remark first is the question
        found.append(said.strip(" ,;.:–—-()?!"))
        sep = m.groupdict().get("sep") or m.groupdict().get("sep2") or ""
        return sep if sep.strip() in (".", "?", "!", "(", ";") else " "

    lead = LEAD_RE.match(text)
    if lead and len(re.findall(r"\w+", text[lead.end():])) >= 2:
        found.append(lead.group(0).strip(" ,;:–—-"))
        text = text[lead.end():]
    if (holder := HOLDER_LEAD_RE.match(text)) and len(re.findall(r"\w+", text[holder.end():])) >= 3:
        found.append(holder.group(0).strip(" ;:,.—–-"))
        text = HOLDER_PRONOUN_RE.sub(lambda m: re.sub(r"(?i:she|he|they)", "I", m.group(0)), text[holder.end():])
    if (reporter := REPORTER_LEAD_RE.match(text)) and len(re.findall(r"\w+", text[reporter.end():])) >= 4:
        found.append(reporter.group(0).strip())
        text = REPORTED_BLAME_RE.sub(lambda m: " " if m.group(0)[:1].isspace() else "spend", text[reporter.end():])
    if (scene := _scene_set(text)) is not None:
        found.append(scene[0].strip(" .!"))
        text = scene[1]
    greeted = False
    while (greeting := GREETING_RE.match(text)) and len(re.findall(r"\w+", text[greeting.end():])) >= 3:
        text, greeted = text[greeting.end():], True  # "Good morning. I was wondering …", "Hello, good evening. …"
    memory = MEMORY_LEAD_RE.match(text)
    if memory is not None and len(re.findall(r"\w+", text[memory.end():])) >= 3:
        text = text[memory.end():]  # "I've quite forgotten what I spent on X": what they spent on X (nothing to say)
    else:
        memory = None
    if (opener := OPENER_RE.match(text)) and len(re.findall(r"\w+", text[opener.end():])) >= 3:
        text = text[opener.end():]  # "To begin with, how much came in during October?": how the turn goes on
    text, renamed = _renamed(text)
    found += renamed
    # a description after a period said ("…the 31st of December, christmas shopping basically"), not one more item of
    # a list ("on groceries, dining and shopping mostly")
    text = DESCRIBED_RE.sub(lambda m: take(m) if (PERIOD_SAID_RE.search(text[max(0, m.start() - 30):m.start()])
                                                  or SEASON_SAID_RE.search(text[max(0, m.start() - 30):m.start()]))
                            and not re.search(r"\b(?i:and|or|plus|but|except|not)\b", m.group(0)) else m.group(0), text)
    for rx in (TRAILING_REMARK_RE, FIRST_PERSON_AFTER_Q_RE, WHY_AFTER_Q_RE, GUESS_RE, OPINION_RE, NOUN_REMARK_RE, THOUGH_RE):
        text = rx.sub(take, text)
    # "Leaving out rent, which is my biggest category this year?": after a clause that asks nothing, "which …?" is
    # the question itself, not a remark on rent ("how much on rent, which is my biggest bill?" stays a remark)
    text = WHICH_RE.sub(lambda m: m.group(0) if _which_asks(text, m) else take(m), text)
    text = LEFT_OUT_WHY_RE.sub(lambda m: take(m) if EXCLUDE_RE.search(text[max(0, m.start() - 50):m.start()].lower())
                               else m.group(0), text)
    text = HEDGE_RE.sub(take, text)
    if not found and memory is None and not greeted:
        return question, []
    text = re.sub(r"\(\s*\)", " ", text)
    text = re.sub(r"\s+([?.!,;)])", r"\1", re.sub(r"\s{2,}", " ", text))
    text = re.sub(r"([,;])\s*([,;?.!])", r"\2", text)
    text = re.sub(r"([?!])\s*\.", r"\1", text).strip(" ,;")
    return text, [f for f in found if f]
