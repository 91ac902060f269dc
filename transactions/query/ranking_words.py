"""Rankings asked in other words (issue 21, kinds 1 and 4): "which sort of spending eats most of my money", "who gets
the bulk of my cash", "my 3 biggest money pits", "rank my spending by store", "top 5 places, smallest first".

A ranking has three word roles, read here and handed to the grammar (transactions/query/grammar.py) in its own plain
words, so one set of measure rules reads every wording:
- the cue that asks for the top of a ranking: "the most", "most of my money", "the bulk of my cash", "number one";
- the level ranked: a kind, sort or type of spending is a category; "who", "which shop", "by store" is a merchant;
- the order: "smallest first", "from lowest to highest" (from the small end); "biggest first" (the usual order).
A ranking noun that names no level ("money pits", "my number one expense") is read as the categories: a guess, which
`level_guessed` names so the answer can say it and its confidence stays below the escalation threshold.
"""
from __future__ import annotations

import re

from core.text import strip_accents
from transactions.query.number_words import TEENS, UNITS

# what money is called when a share of it is asked ("most of my cash", "the bulk of our budget")
MONEY_NOUN = r"(?:money|cash|budget|paycheck|paychecks|pay|income|dough|funds|spending|salary|wages|wallet|dollars|bucks)"
# a share of the money said as its biggest part: "most of", "the bulk of", "the lion's share of", "the biggest chunk of"
MOST_OF = (r"(?:the\s+)?(?:most|bulk|majority|lion'?s share|biggest (?:chunk|share|part|slice|piece)|largest (?:chunk|"
           r"share|part|slice|piece))\s+of\s+(?:all\s+)?(?:my|our|the|me)\s+(?:hard[- ]earned\s+)?" + MONEY_NOUN + r"\b")
# verbs that take money ("which shop gets", "what eats up", "who takes"): with a share of the money, a ranking's top
TAKE_VERB = (r"(?:gets?|got|getting|eats?|ate|eating|takes?|took|taking|swallows?|swallowed|swallowing|hogs?|hogged|"
             r"hogging|uses?|used|using|sucks?|sucked|sucking|soaks?|soaked|soaking|burns?|burned|burning|chews?|"
             r"chewed|chewing|drains?|drained|draining|gobbles?|gobbled|gobbling|receives?|received|goes|went|go|going)")
TAKES_MOST_RE = re.compile(rf"\b({TAKE_VERB})(\s+(?:up|through))?\s+{MOST_OF}"
                           # "what eats my budget the most", "who gets our money most": the money said before "most"
                           rf"|\b({TAKE_VERB})(\s+(?:up|through))?\s+(?:my|our|the)\s+{MONEY_NOUN}\s+(?:the\s+)?most\b")
# "where does most of my money go", "where do the bulk of my dollars end up": where it goes, read as its kinds
WHERE_MOST_RE = re.compile(rf"\bwhere\s+(?:does|did|do|is|has|have|was|are)\s+{MOST_OF}\s+(?:go|going|gone|went|end up|"
                           r"ending up|ended up)\b")
VI_LEVEL = r"(?:category|categories|danh muc|nhom|khoan|loai|muc|hang muc|cua hang|tiem|quan|noi|shop|store|merchant)"
VI_WHICH_LEVEL_RE = re.compile(rf"\bcai (?={VI_LEVEL} nao\b)")
VI_GROUP_RE = re.compile(r"\b(?:nhom|hang muc)\b(?=(?: chi(?: tieu)?)? (?:nao|nhieu|ton|lon)\b)")
# a cue of a ranking in the sentence: only then is a "kind of spending" the level ranked (not "what kind of purchases")
RANK_CUE_RE = re.compile(r"\b(?:most|top|biggest|largest|highest|main|number one|no\.? ?1|#\s?1|rank\w*|smallest|least|"
                         r"lowest|bottom|nhat|xep hang)\b")
# "which sort of spending", "what kinds of stuff", "the top 3 types of expenses": a kind of spending is a category
KIND_OF_RE = re.compile(r"\b(top(?:\s+\d+)?|which|what|biggest|largest|main|my|the|\d+)\s+(?:kind|type|sort)(s?)\s+of\s+"
                        r"(?:spending|stuff|things?|expenses?|costs?|purchases?|bills?|outgoings|shopping|money)\b")
# "my top spending areas", "which buckets do I spend the most in": areas of spending are its categories
# (the count as digits or words: "the three areas where most of my money went")
_COUNT = "|".join([r"\d+", *UNITS, *TEENS])
AREAS_RE = re.compile(rf"\b((?:top|which|what|biggest|largest|main|my|the|\d+)\s+(?:(?:{_COUNT})\s+)?(?:spending\s+|"
                      r"expense\s+|budget\s+)?)(areas?|buckets?)\b")
# "my biggest expense types", "largest spending group", "top 3 purchase kinds": a kind of spending said after its noun
# is a category too (read only with a ranking cue, as the kinds above)
NOUN_KIND_RE = re.compile(r"\b((?:spending|spend|expense|expenses|purchase|purchases|cost|costs|outgoing|outgoings)\s+)"
                          r"(?:kind|type|sort|group|class)(s?)\b")
# a change ranked ("went up the most", "grew the most"): not a ranking of amounts
CHANGE_RE = re.compile(r"\b(?:went|gone|go|goes|going)\s+(?:up|down)\b|\b(?:rose|risen|rising|increas\w*|decreas\w*|grew|"
                       r"grown|growing|jump\w*|dropp\w*|fell|fallen|climb\w*|chang\w*|spik\w*)\b")
# ranking nouns that name no level ("my 3 biggest money pits", "what's my number one expense besides rent"): read as
# the categories, the level people mostly mean — a guess (`level_guessed`)
GUESSED_NOUN = (r"money[- ]?(?:pits?|sinks?|drains?|holes?|suckers?|hogs?|wasters?)|black holes?|budget[- ]?(?:killers?|"
                r"busters?|eaters?)")
GUESSED_RE = re.compile(rf"\b(?P<noun>{GUESSED_NOUN})\b"
                        r"|\b(?:(?P<place>number one|no\.? ?1|#\s?1|top|main)\s+(?P<expense>expense|"
                        r"expenses|cost|costs|outgoing|outgoings))\b(?!\s+(?:categor|merchant|store|shop|place))")
# the order of a ranking said after it: from the small end ("smallest first", "lowest to highest", "ascending"), or the
# usual order from the top ("biggest first", "highest to lowest"), which changes nothing
ASCENDING_RE = re.compile(r"\b(?:(?:the\s+)?(?:smallest|lowest|cheapest|least)\s+(?:one\s+|ones\s+)?first|(?:from\s+)?(?:the\s+)?"
                          r"(?:smallest|lowest|least|cheapest)\s+(?:to|through|up to)\s+(?:the\s+)?(?:biggest|largest|"
                          r"highest|most|priciest)|(?:in\s+)?ascending(?:\s+order)?|bottom\s+up)\b")
DESCENDING_RE = re.compile(r"\b(?:(?:the\s+)?(?:biggest|largest|highest|most)\s+(?:one\s+|ones\s+)?first|(?:from\s+)?(?:the\s+)?"
                           r"(?:biggest|largest|highest|most)\s+(?:to|through|down to)\s+(?:the\s+)?(?:smallest|lowest|"
                           r"least|cheapest)|(?:in\s+)?descending(?:\s+order)?|top\s+down)\b")


# "my three heaviest categories", "the costliest shops", "priciest merchants": the top of a ranking, as "biggest"
HEAVIEST_RE = re.compile(r"\b(?:heaviest|costliest|priciest|spendiest|most costly)\b")


def ranking_said(text: str) -> str:
    """The normalised text with a ranking's words in the grammar's plain ones: "which shop gets most of my cash" →
    "which shop gets the most"; "which sort of spending" → "which category"; "my 3 biggest money pits" → "my 3
    biggest categories"; "top 5 places, smallest first" → "top 5 places, smallest". Text with no ranking is kept."""
    text = HEAVIEST_RE.sub("biggest", text)
    text = WHERE_MOST_RE.sub(" where does the most go ", text)
    text = TAKES_MOST_RE.sub(lambda m: f"{m.group(1) or m.group(3)}{m.group(2) or m.group(4) or ''} the most", text)
    if not RANK_CUE_RE.search(text) or CHANGE_RE.search(text):
        return text  # "which kind of spending went up the most": a change ranked, which the comparison reads
    # Vietnamese: "cái category nào" (which category: "cái" is no classifier of a thing here), "nhóm", "hạng mục" (a
    # group of spending: a category), "xếp hạng" (rank)
    text = VI_WHICH_LEVEL_RE.sub("", text)
    text = VI_GROUP_RE.sub("danh muc", text)
    text = re.sub(r"\bxep hang\b", "top", text)
    text = AREAS_RE.sub(lambda m: f"{m.group(1)}{'categories' if m.group(2).endswith('s') else 'category'}", text)
    text = KIND_OF_RE.sub(lambda m: f"{m.group(1)} categor{'ies' if m.group(2) or m.group(1)[0].isdigit() or m.group(1).startswith('top ') else 'y'}", text)
    text = NOUN_KIND_RE.sub(lambda m: f"categor{'ies' if m.group(2) else 'y'}", text)
    text = GUESSED_RE.sub(_guessed_level, text)
    # "tiniest": a word of the small end (grammar.SMALLEST_FIRST_RE) that no measure rule reads as one purchase
    text = ASCENDING_RE.sub(" tiniest ", text)
    return DESCENDING_RE.sub(" ", text)


def _guessed_level(m: re.Match) -> str:
    if m.group("noun"):
        return "categories" if m.group("noun").endswith("s") else "category"
    place = "top" if m.group("place") in ("number one", "no 1", "no. 1", "no.1", "no1", "#1", "# 1") else m.group("place")
    return f"{place} categor{'ies' if m.group('expense').endswith('s') else 'y'}"


def level_guessed(question: str) -> str | None:
    """The words of a ranking whose level (categories, not merchants) was guessed, as said ("money pits", "number one
    expense"); None when the question names its level or asks no ranking."""
    said = re.sub(r"\s+", " ", strip_accents((question or "").replace("’", "'").lower()))
    m = GUESSED_RE.search(said)
    if m is None or (m.group("expense") and not RANK_CUE_RE.search(said)):
        return None
    return m.group(0).strip()


# a ranking asked with no level word at all, where the grammar's rules find no measure: "what eats up my budget the
# most", "what costs me the most" (the kinds of spending, as "what do I spend most on"), "who is getting the most"
# (the merchants)
EXTRA_RULES: list[tuple[str, str]] = [
    ("top_merchants", rf"\bwho(?:m|'s| is| was| are)?\s+(?:\w+\s+){{0,2}}?{TAKE_VERB}\b.{{0,20}}\bthe most\b"
                      r"|\bwhom?\b.{0,30}\b(?:pay|paid|paying|give|gave|giving|send|sent|spend|spent)\b.{0,25}\b(?:the )?most\b"
                      r"|\b(?:rank|ranking|ranked|order|ordered|sort|sorted|list|break\s*down)\b.{0,30}\bby\s+(?:store|shop|"
                      r"merchant|vendor|place|payee|company|business|brand|retailer|seller)s?\b"
                      # "cửa hàng nào tốn nhất", "tiêu ở đâu nhiều nhất": which shop, where
                      r"|\b(?:cua hang|tiem|quan|shop|store) nao\b.{0,30}\b(?:nhieu|ton|lon) nhat\b"),
    ("top_categories", rf"\bwhat\s+(?:\w+\s+){{0,1}}?{TAKE_VERB}\s+(?:up\s+)?(?:(?:me|my|our|the)\s+(?:\w+\s+)?)?"
                       r"(?:the\s+)?most\b"
                       r"|\bwhat\s+(?:costs?|is costing|cost)\s+(?:me|us)\s+the most\b"
                       r"|\bwhere does the most go\b"
                       # "what do I blow the most money on", "the 3 things I spend the most on", "order my categories"
                       r"|\bwhat\s+(?:do|did|have)\s+(?:i|we)\s+(?:\w+\s+)?(?:spend|spent|blow|blew|blown|waste|wasted|drop|"
                       r"dropped|put|throw|threw|splurge|splurged)\s+(?:the\s+)?most\b"
                       r"|\b(?:things|stuff)\s+(?:that\s+)?(?:i|we)\s+(?:\w+\s+)?(?:spend|spent|blow|blew|put)\s+(?:the\s+)?"
                       r"most\b(?:\s+(?:money\s+)?on)?"
                       r"|\b(?:order|ordered|arrange|arranged)\b.{0,20}\bcategor"
                       # "cái category nào tốn nhất", "nhóm nào chi nhiều nhất", "xếp hạng 3 nhóm chi nhiều nhất"
                       r"|\b(?:category|categories|nhom|hang muc) nao\b.{0,30}\b(?:nhieu|ton|lon) nhat\b"
                       r"|\b(?:nhieu|ton|lon) nhat\b.{0,20}\b(?:category|nhom|hang muc) nao\b"
                       r"|\bxep hang\b.{0,30}\b(?:nhom|danh muc|khoan|loai|muc|category)\b"
                       r"|\b(?:\d+|hai|ba|bon|nam) (?:nhom|hang muc)\b.{0,20}\b(?:nhieu|ton|lon) nhat\b"),
]
