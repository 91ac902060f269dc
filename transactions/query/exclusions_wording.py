"""Exclusions said in other words (issue 21): "if you don't count the rent", "leaving the rent to one side", "rent
notwithstanding", "all my spending save for rent", "pretend rent doesn't exist", broken "no count the rent",
Vietnamese "ko tính tiền nhà", "bỏ tiền nhà đi", "gác tiền nhà qua một bên". Each is respelt, on the normalised
text (lower case, no accents), as the plain cue transactions/query/exclusions.py reads ("except the rent ;"), so the
name inside is a filter that removes and never the subject. Read by grammar, not by sentence:

- a counting or including verb negated, with or without a person and an "if" before it ("if you don't count",
  "we didn't include", "no count", "not incl");
- a verb of putting away with its object before "aside", "to one side", "apart", "out of the picture" ("setting
  the landlord aside", "leaving rent n flights to one side", "take Amazon out of the equation"), or the object
  alone before them ("rent notwithstanding");
- "save (for)" after a word for the whole ("everything save rent"), "with the exception of", "exclusive of",
  "omitting", "never mind …", "forgetting …";
- the thing said not to exist ("pretend rent doesn't exist", "imagine there was no Amazon", "in a world without
  rent");
- Vietnamese negations of counting in texting spelling ("ko/k/hong/hok tính", "không tính đến"), and the verbs
  that take a thing out with their object inside ("bỏ X đi", "loại X ra", "tách X ra", "gác/để X qua một bên").

`OTHER_CUES` is the lexicon of these wordings on the raw (lower-case, unaccented) text, for the answer-shape check
(chat/answer_shape.py): an exclusion said is one some query must carry out, else the answer is not confident."""
from __future__ import annotations

import re

from transactions.query.grammar import normalise

# a thing named inside the construction: a few words, no clause break
THING = r"((?:(?!\b(?:aside|side|apart|notwithstanding|out|off|away|how|what|which|who|whats|when)\b)[^,;.!?()|^]){1,60}?)"
PERSON = r"(?:(?:you|u|ya|i|we|they|y'all|yall)\s+)"
NEG_AUX = r"(?:do|did|does|would|will|should|wo)(?:n'?t|\s+not|nt)"
# the verbs of counting something in ("count", "include", "factor in", "take into account")
COUNT_VERB = (r"(?:count(?:ing)?|includ(?:e|ing)|incl\.?|factor(?:ing)?(?:\s+in)?|add(?:ing)?\s+in|consider(?:ing)?|"
              r"take\s+into\s+account|tak(?:e|ing)\s+in\s+account)\b")
# "if you don't count", "we didn't include", "don't wanna count"; never "why don't you include the rent" (a request
# to count it); "don't worry about the rent, …" said to the reader
NEGATED_COUNTING_RE = re.compile(
    r"(?<!\bwhy )(?:\b(?:and\s+|but\s+|so\s+|although\s+|though\s+)?(?:(?:if|when|where)\s+|(?:i'?d|i\s+would)\s+"
    r"(?:rather|prefer)\s+(?:(?:that|if)\s+)?))?\b(?<!\bwhy )(?:(?:please|pls|plz|kindly)\s+)?" + PERSON + r"?" + NEG_AUX +
    r"\s+(?:(?:even|really|actually|please|pls|want\s+to|wanna|need\s+to|have\s+to|gotta)\s+)*" + COUNT_VERB +
    # "the rent shouldn't count": said after the thing, nothing follows — exclusions.py's postposed form reads it
    r"(?!\s*(?:[,;.?!)]|$))"
    r"|(?:^|(?<=[,;])|\band\b)\s*(?:don'?t|do\s+not)\s+(?:worry|bother|think)\s+(?:about|with)\b")
# broken English: "no count the rent", "no include amazon", "without counting": "not incl rent" (before the thing)
BROKEN_NEGATION_RE = re.compile(r"\b(?:no|not|w/o|without|minus)\s+(?:even\s+)?(?:count(?:ing)?|includ(?:e|ing)|incl\.?|"
                                r"tinh)\b(?!\s*(?:[,;.?!)]|$))")
# "rent not incl": said after the thing, as "rent not included"
AFTER_INCL_RE = re.compile(r"\b(?:not|no|n't)\s+incl\.?(?=\s*(?:[,;.?!)]|$))")

# a verb of putting a thing away, its object, then where it goes: "setting the landlord aside", "leave rent n flights
# to one side", "put Amazon on one side", "take rent out of the equation"
PUT_VERB = (r"(?:leav(?:e|es|ing)|left|set(?:s|ting)?|put(?:s|ting)?|lay(?:s|ing)?|laid|push(?:es|ing)?|pushed|"
            r"keep(?:s|ing)?|kept|mov(?:e|es|ing)|moved|park(?:s|ing)?|parked|shov(?:e|es|ing)|shoved|"
            r"plac(?:e|es|ing)|placed|stick(?:s|ing)?|stuck|toss(?:es|ing)?|tossed|brush(?:es|ing)?|brushed|"
            r"tak(?:e|es|ing)|took|get(?:s|ting)?|got|kick(?:s|ing)?|kicked|cut(?:s|ting)?|strip(?:s|ping)?|"
            r"knock(?:s|ing)?|knocked)")
SIDE = (r"(?:aside|to\s+(?:one|the|a)\s+side|on\s+(?:one|the|a)\s+side|off\s+to\s+(?:one|the|a)\s+side|"
        r"apart(?!\s+from)|out\s+of\s+(?:the\s+)?(?:picture|equation|mix|count|total|math|calculation|numbers|sum|"
        r"tally|running))\b")
PUT_ASIDE_RE = re.compile(r"\b" + PUT_VERB + r"\s+" + THING + r"\s+" + SIDE)
# the thing alone before them: "rent to one side, …", "rent notwithstanding", "amazon apart"
# (the thing is the nearest words: never across "with", "but", "about")
LONE_THING = (r"((?:(?!\b(?:aside|side|apart|notwithstanding|out|off|away|how|what|which|who|whats|when|with|but|about|"
              + PUT_VERB[3:-1] + r")\b)[^,;.!?()|^]){1,60}?)")
LONE_ASIDE_RE = re.compile(r"(^|[,;(]|\band\b|\bbut\b|\babout\b|\bwith\b)\s*" + LONE_THING + r"\s+(?:(?:(?:put|set|left|"
                           r"laid|kept|pushed|moved|parked|taken)\s+)?(?:aside\b|" + SIDE + r")|notwithstanding\b|"
                           r"excepted\b|excluded\b)")
# cues said before the thing in other words
BEFORE_RE = re.compile(r"\b(?:notwithstanding|with\s+the\s+exception\s+of|(?:the\s+)?exception\s+(?:of|being)|"
                       r"exclusive\s+of|omit(?:ting)?|leav(?:e|ing)\s+off|forgetting(?:\s+about)?|"
                       r"in\s+a\s+world\s+(?:without|with\s+no)|(?:if\s+it\s+)?(?:weren'?t|wasn'?t)\s+for|"
                       r"never\s*mind(?:\s+about)?(?=\s+(?:the|my|our|all|any)?\s*[a-z])(?!\s+(?:that|it|this|me|what|i|about\s+it|"
                       r"(?:my|the|your)\s+(?:last|previous|question|answer)|then)\b))"
                       r"(?=\s)")
# "save (for)" after a word for the whole (and its period: "all my spending in July save for rent"): "all my spending
# save for rent", "everything save amazon"; not "save for
# a trip" (what they put by)
SAVE_FOR_RE = re.compile(r"(\b(?:everything|anything|all|spending|spend|expenses|purchases|categories|merchants|"
                         r"spent|total|outgoings|stuff|bills|charges|transactions|costs)\b(?:\s+(?:i|we)\s+"
                         r"(?:spent|paid|bought|had))?(?:\s+(?:last|this)\s+\w+|\s+(?:in|during|over|for)\s+(?:the\s+)?(?:(?:last|past|this)\s+)?\w+(?:\s+\d{4})?)?\s+)"
                         r"save(?:\s+for)?\b(?=\s+[a-z])")
# the thing said not to exist: "pretend rent doesn't exist", "imagine there was no amazon", "as if rent never happened"
NOT_EXIST_RE = re.compile(
    r"\b(?:pretend(?:ing)?|imagin(?:e|ing)|assum(?:e|ing)|suppos(?:e|ing)|say|let'?s\s+say|as\s+if|as\s+though|if)\s+"
    r"(?:that\s+)?(?:there\s+(?:is|was|were|are|'s|s)\s+no\s+" + THING + r"(?=\s*(?:[,;.?!]|$|\s(?:how|what|which|"
    r"who|whats|then|and)\b))|" + THING + r"\s+(?:(?:does|did|do|is|was|were|are)(?:n'?t|\s+not)\s+(?:exist|there|a\s+"
    r"thing|happen|count)\w*|never\s+(?:happened|existed|was\s+a\s+thing)|(?:is|was|were)\s+(?:gone|zero)))")
# "for a sec", "for now": how long to leave it out, no part of what is left out
FOR_A_WHILE_RE = re.compile(r"\s+for\s+(?:a|one)\s+(?:sec|second|minute|moment|bit|min)\b|\s+for\s+(?:now|the\s+moment|"
                            r"the\s+time\s+being|this\s+one)\b")
# "in that figure", "from the total", "out of the number": the figure asked about, which the thing is left out of
THAT_FIGURE_RE = re.compile(r"\s+(?:in|from|out\s+of|of)\s+(?:that|the|this|my|your)\s+(?:figure|number|total|sum|"
                            r"calculation|amount|answer)\b(?!\s+(?:of|for)\b)")
# "since it's fixed", "because they're fixed": why it is left out, said after it
REASON_AFTER_RE = re.compile(r"\s+(?:since|because|cause|cuz|coz|bc|as)\s+(?:it|its|it's|they|they're|theyre|that|that's|"
                             r"thats|those|these|rent|i|we)\b[^,;.?!|()]*")

# Vietnamese (unaccented): the negation in texting spelling before a verb of counting ("ko tính", "hong tính",
# "k tính", "chẳng tính"), and the verbs of counting that follow ("tính đến", "tính tới", "cộng", "đếm")
VI_NEG_RE = re.compile(r"\b(?:ma\s+)?(?:ko|k|kh|khg|kg|hong|hok|hem|khum|khong|chang|cha|dung)\s+(?:(?:can|phai|duoc)\s+)?"
                       r"(?:tinh|ke|dem|cong|gop|bao gom|gom)(?:\s+(?:den|toi|vao|luon|ca))?\b")
# verbs that take a thing out with the thing inside: "bỏ X đi", "loại X ra", "tách X ra", "gác X qua một bên",
# "để X sang một bên", "bỏ X qua một bên", "trừ X ra"
VI_TAKE_OUT_RE = re.compile(r"\b(?:bo|loai|tach|gac|de|tru)\s+((?:(?!\b(?:ra|qua|sang|thi|roi)\b)[^,;.!?()|^]){1,40}?)"
                            r"\s+(?:ra\b|di(?=\s*(?:[,;.?!]|$|\s(?:thi|roi|nha|nhe|xem|coi|di)\b))|"
                            r"(?:qua|sang)\s+(?:mot|1)\s+ben\b)")
# the one who spends and the verb after what is left out end it ("không tính tiền nhà tôi chi bao nhiêu": "tôi chi"
# is the question, not "nhà tôi", my home)
VI_SPENDER_RE = re.compile(r"(\b(?:khong tinh|khong ke|chua tinh|ngoai tru|tru)\s+(?:(?!\b(?:toi|tui|minh|tao|em)\b)"
                           r"[^,;.!?()|^])+?)\s+(?=(?:toi|tui|minh|tao|em)\s+(?:da\s+)?(?:tieu|chi|xai|mua|tra|ton|het)\b)")
VI_TAKE_VERB_OK = re.compile(r"^\s*(?:bo|loai|tach|tru)\b|\b(?:mot|1)\s+ben\b")

# a remark after the question on the very thing left out ("except rent?? rent is like half my life lol"): not a
# second subject. A sentence after a question mark or stop that opens with the thing left out and asks nothing.
ASKS_RE = re.compile(r"\b(?:how|what|whats|which|who|when|where|show|list|tell|give|bao nhieu|nhieu|nao)\b")


# what counts said as a rule ("coffee and takeout count, groceries don't", "coffee counts but not the groceries"): the
# things that count are the subject ("count" asks no number of purchases), the ones said not to, left out
_RULE_END = r"(?=\s*(?:[,;.?!)—–]|\s-\s|\bbut\b|\band\b|$))"
COUNTS_RULE_RE = re.compile(r"(?<!\bthe)(?<!\ba)(?<!\bwhat's)(?<!\bwhats)(?<!\btotal)(?<!\bhow)(?<!\bjust)(?<!\bof)"
                            r"(?<!n't)(?<!\bnot)(?<!\bnt)(?<=[a-z'])\s+(?:(?:do|does|should|will|would)\s+)?(?:count|counts|are counted|is counted|"
                            r"are included|is included)" + _RULE_END)
NOT_COUNTED_RE = re.compile(r"(^|[,;.—–]|\bbut\b|\band\b)\s*((?:(?!\b(?:how|what|which|i|we|but|counts?)\b)[^,;.?!()|^—–])+?)\s+"
                            r"(?:do|does|should|shall|will|would|are|is)(?:n'?t|\s+not)" + _RULE_END)


# what is left out said again as negations ("everything except food, like no dining no groceries", "without bills (so
# not rent, not power)"): the names negated are what the exclusion means, the word before them is glossed by them
_NEGATED_ITEM = r"(?:no|not|nor|nothing (?:on|at|from|for))\s+(?!(?:this|last|that|the same|just|only|even|more|less|much)\b)[^,;()?.!—–|^&]+?"
EXCLUSION_GLOSS_RE = re.compile(
    r"\b(?P<cue>except(?: for)?|excluding|without|not counting|other than|besides|apart from|aside from)\s+"
    r"(?:(?P<thing>(?!(?:no|not|nor)\b)[^,;()?.!—–|^]{1,40}?)\s*(?:,|\(|[—–]|\s-\s)\s*(?:(?:like|so|i\.?e\.?|ie|meaning|that is|that means|"
    r"in other words|basically|e\.?g\.?)\s*,?\s*)?)?(?P<gloss>" + _NEGATED_ITEM + r"(?:\s*(?:,|\band\b|\bor\b)?\s*"
    + _NEGATED_ITEM + r")*)\s*(?:\)|(?=[,;?.!—–]|$))")


def exclusion_glossed(text: str) -> str:
    """"except food, like no dining no groceries" (or, the word replaced by its gloss, "except no dining, no
    groceries"): "except dining and groceries ;"."""
    def respell(m: re.Match) -> str:
        items = [i for i in re.split(r"\s*(?:,|\band\b|\bor\b)?\s*\b(?:no|not|nor|nothing (?:on|at|from|for))\s+",
                                     " " + m.group("gloss")) if i.strip()]
        if m.group("thing") is None and len(items) < 2:
            return m.group(0)  # "except no frills": a name, maybe; two said ("no X, no Y") are the gloss
        return f"{m.group('cue')} {' and '.join(i.strip() for i in items)} ; "

    return EXCLUSION_GLOSS_RE.sub(respell, text)


def counting_rules_respelt(text: str) -> str:
    """"coffee and takeout count, groceries don't": "coffee and takeout , except groceries ;" — only in a turn that
    says what counts (a bare "groceries don't" says nothing to leave out)."""
    if not COUNTS_RULE_RE.search(text):
        return text
    text = NOT_COUNTED_RE.sub(lambda m: f"{m.group(1)} except {m.group(2)} ; ", text)
    return COUNTS_RULE_RE.sub(" ", text)


def exclusions_respelt(text: str) -> str:
    """The normalised turn with exclusions said in other words respelt as "except X ;" (or "khong tinh"/"ngoai tru"
    in Vietnamese), so mark_exclusions reads them as its own cues."""
    save_asked = re.search(r"\bsav(?:e|ed|ing|ings)\b(?!\s+for\b)", text)
    if _any_cue(text):
        text = REASON_AFTER_RE.sub(" ; ", THAT_FIGURE_RE.sub(" ", FOR_A_WHILE_RE.sub("", text)))
    text = AFTER_INCL_RE.sub(" not included", text)
    text = counting_rules_respelt(text)
    text = exclusion_glossed(text)
    text = NEGATED_COUNTING_RE.sub(" except ", text)
    text = BROKEN_NEGATION_RE.sub(" except ", text)
    text = PUT_ASIDE_RE.sub(lambda m: f" except {m.group(1)} ; ", text)
    text = LONE_ASIDE_RE.sub(lambda m: f"{'' if m.group(1) == 'with' else m.group(1)} except {m.group(2)} ; ", text)
    text = BEFORE_RE.sub(" except", text)
    text = SAVE_FOR_RE.sub(lambda m: f"{m.group(1)}except", text)
    if not save_asked:  # "how much would I save if Netflix didn't exist": Netflix is what it would save
        text = NOT_EXIST_RE.sub(lambda m: f" except {m.group(1) or m.group(2)} ; ", text)
    text = VI_NEG_RE.sub(" khong tinh", text)
    text = VI_TAKE_OUT_RE.sub(lambda m: f" ngoai tru {m.group(1)} ; " if VI_TAKE_VERB_OK.search(m.group(0))
                              else m.group(0), text)
    text = VI_SPENDER_RE.sub(lambda m: f"{m.group(1)} ; ", text)
    return _remark_on_left_out(text)


CUE_RE = re.compile(r"\b(?:except|excluding|without|not counting|khong tinh|khong ke|ngoai tru|tru)\s+"
                    r"(?:(?:the|my|our|all|any|cac|khoan|tien)\s+)?([a-z][a-z'&]+)")


def _any_cue(text: str) -> bool:
    return bool(NEGATED_COUNTING_RE.search(text) or PUT_ASIDE_RE.search(text) or BEFORE_RE.search(text)
                or re.search(r"\b(?:except|excluding|without|forget(?:\s+about)?|ignore|ignoring|aside|leave)\b", text))


def _remark_on_left_out(text: str) -> str:
    """Drops a sentence after the question that opens with the thing just left out and asks nothing."""
    cue = CUE_RE.search(text)
    if cue is None:
        return text
    word = cue.group(1)
    m = re.compile(rf"[?!.]+\s+(?:(?:the|my|our|and|like|cuz|because|bc)\s+)*{re.escape(word)}s?\b([^?!.]*)").search(
        text, cue.end())
    if m is None or ASKS_RE.search(m.group(1)):
        return text
    return text[:m.start()] + " ; " + text[m.end():]


# the same wordings on the raw turn (lower case, no accents), for the answer-shape check: some query must leave
# something out when one of them is said
OTHER_CUES = (r"(?:" + NEGATED_COUNTING_RE.pattern + r"|" + BROKEN_NEGATION_RE.pattern + r"|" + AFTER_INCL_RE.pattern +
              r"|" + PUT_ASIDE_RE.pattern + r"|" + LONE_ASIDE_RE.pattern + r"|" + BEFORE_RE.pattern +
              r"|" + SAVE_FOR_RE.pattern + r"|" + NOT_EXIST_RE.pattern + r"|" + VI_NEG_RE.pattern + r")")


# a figure asked ("how much", "bao nhiêu", "what did I spend", "top 3"): the verb that takes a thing out of it leaves it
# out of the figure, and deletes nothing
FIGURE_ASKED_RE = re.compile(r"\b(?:how much|how many|what did|what was|what's|whats|total|top|rank|biggest|spen[dt]|"
                             r"spending|cost|bao nhieu|nhieu|tieu|chi|xai|het|tong|"
                             # Vietnamese: which…-est ("món nào mắc nhất", "chỗ nào nhiều nhất"), how many times/items
                             r"nao|\w+ nhat|may (?:lan|cai|khoan|mon|cho)|thi sao)\b")
ONE_ROW_RE = re.compile(r"\b(?:delete|erase|transactions?|charges?|payments?|purchases?|orders?|entry|entries|"
                        r"duplicates?|giao dich|xoa|that one|this one|it)\b")


def exclusion_asked(text: str, q: object) -> bool:
    """Does a first turn take something out of a figure it asks ("bỏ tiền nhà ra thì tháng trước tôi tiêu bao nhiêu",
    "drop Amazon, what did I spend in May")? Then the verb ("bỏ", "drop", "remove") leaves it out of the question
    and deletes nothing; a request to delete names a transaction ("delete the duplicate Netflix charge")."""
    low = normalise(text)
    left_out = [getattr(q, k, None) for k in ("exclude_merchants", "exclude_categories", "exclude_text")]
    return not getattr(q, "followup", False) and any(left_out) \
        and bool(FIGURE_ASKED_RE.search(low)) and not ONE_ROW_RE.search(low)
