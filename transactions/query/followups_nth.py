"""One item of the last answer, said by its place: "just the first one", "the 2nd one", "that last one", "the
fourth", "number 3", "cái thứ 2", "cái cuối", "cái nào nhiều thứ 3" (which one was third biggest). The place is one
of the items a ranking named (or, past them, the next place of the same ranking), one of the rows a list of the
biggest showed, one of the periods or sides compared, or one month of the months the last answer spanned."""
from __future__ import annotations

import re

from core.periods import full_months_before
from transactions.query.followups_base import COUNT, RANKINGS, ROWS, TWO_TO_TEN, Edit, _n, _State
from transactions.query.followups_figures import _groups
from transactions.query.grammar import find_measure
from transactions.query.lexicon import UNIT_NOUN_RE
from transactions.query.model import MoneyQuery
from transactions.query.periods_words import ORDINAL_WORDS

_VI_PLACES = {"nhat": 1, "hai": 2, "ba": 3, "tu": 4, "nam": 5, "sau": 6, "bay": 7, "tam": 8, "chin": 9, "muoi": 10}
# every way a place is said, to its index (-1: the last): English words and digits to tenth, Vietnamese "thứ N"
ORDINAL = {"top": 0, "last": -1, "final": -1, "dau tien": 0, "dau": 0, "cuoi cung": -1, "cuoi": -1,
           **{w: n - 1 for w, n in ORDINAL_WORDS.items()},
           **{f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}": n - 1 for n in range(1, 11)},
           **{f"thu {w}": n - 1 for w, n in _VI_PLACES.items()}, **{f"thu {n}": n - 1 for n in range(1, 11)}}
_EN = r"first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|final|top|1st|2nd|3rd|(?:[4-9]|10)th"
_VI = r"thu (?:nhat|hai|ba|tu|nam|sau|bay|tam|chin|muoi|10|[1-9])"
_NOUN = r"one|merchant|category|place|store|item|payee|shop"
# "drill into the 2nd, …", "zoom in on #3 – …": one item looked into
_DRILL = r"(?:drill(?:\s+down)?\s+(?:into|on)|zoom\s+in(?:to|\s+on)?|dig\s+into|focus\s+on)"
# Vietnamese "thứ 2" is also Monday: a place only after a classifier ("cái thứ 2", "mục thứ ba") or a word of size
# ("nhiều thứ 3", "lớn thứ hai"), or as the whole turn, and never before a word of time ("thứ 2 tuần trước")
_VI_AFTER = r"(?!\s+(?:tuan|nay|truoc|toi|vua|roi|ngay|thang)\b)"
PICK_RE = re.compile(rf"^\s*(?:(?:ok(?:ay)?|and|so|now|what about|how about),?\s+)?(?:just|only)?\s*(?:the\s+|that\s+|this\s+)?"
                     rf"({_EN})(?:\s+(?P<unit>{_NOUN}|month|period))?\s*\??\s*$"
                     rf"|\b(?:just|only) (?:the\s+|that\s+)?({_EN})(?: one)?\b(?!\s+(?:months?|"
                     rf"weeks?|years?|quarters?|days?|time|\d|(?:{TWO_TO_TEN})\b))"
                     rf"|\b(?:just|only) (?:the\s+)?({_EN}) (?P<unit2>month|period)\b"
                     rf"|\b(?:the|that|this) ({_EN}) (?:{_NOUN})\b"
                     # "and the 2nd, how much in August?", "the third – which stores?": a place opening the turn,
                     # set apart from the question asked of it ("First, …" alone is a word of order, not a place)
                     rf"|^\s*(?:(?:ok(?:ay)?|and|so|now|what about|how about),?\s+)?(?:{_DRILL}\s+)?(?:just\s+|only\s+)?(?:(?:the|that)\s+"
                     rf"({_EN})|(1st|2nd|3rd|(?:[4-9]|10)th))(?:\s+(?:{_NOUN}))?(?=\s*(?:[,:;–—]|-\s))"
                     r"|\b(dau tien|cuoi cung|(?<=thang )dau|(?<=cai )dau|(?<=ky )dau|(?<=muc )dau|(?<=cai )cuoi)\b"
                     rf"|\b(?:cai|muc|khoan|cho|noi|danh muc|giao dich|nguoi|con|lon|nhieu|to|dat|ton kem)\s+({_VI})\b{_VI_AFTER}"
                     rf"|^\s*(?:con\s+)?({_VI})(?:\s+(?:thi sao|nhe|nha|di))?\s*\??\s*$")
# "number 3", "#2", "no. 4": a place said as a number, when it is no amount ("number 3" names no dollars); alone, or
# opening the turn before the question asked of it ("number 2 - what did I spend there in October?")
NUMBER_RE = re.compile(r"^\s*(?:(?:and|so|what about|how about|ok(?:ay)?),?\s+)?(?:"
                       rf"{_DRILL}\s+)?(?:just\s+|only\s+)?(?:the\s+)?"
                       r"(?:number|no\.?|#|so)\s*(10|[1-9])(?:\s+(?:one|thi sao|nhe))?(?:\s*\??\s*$|(?=\s*(?:[,:;–—]|-\s)))")
# "the #2 one - vs last month?", "drill into #3, how many txns": "#N" inside a turn is a place too (never an amount)
HASH_RE = re.compile(rf"(?<![\w#$])#\s?(10|[1-9])(?![\d.,%])(?:\s+(?:{_NOUN}))?")


def ordinal_said(text: str) -> tuple[int, tuple[int, int], str | None] | None:
    """(the index of the place said, the words that say it, the unit said with it) or None."""
    m = PICK_RE.search(text)
    if m:
        word = next(g for g in m.groups() if g in ORDINAL)
        return ORDINAL[word], m.span(), m.group("unit") or m.group("unit2")
    if n := NUMBER_RE.search(text) or HASH_RE.search(text):
        return int(n.group(1)) - 1, n.span(), None
    return None


# "over those 3", "across the three months": the months the last answer covered, said again
THOSE_MONTHS_RE = re.compile(rf"\b(?:over|across|for|in|of)?\s*(?:the|those|these|all)\s+(?P<n>{COUNT})(?:\s+months)?\b")


def _item_averaged(text: str, s: _State, q: MoneyQuery, span: tuple[int, int]) -> Edit:
    """"the 2nd one, monthly avg over those 3" after a ranking over months: that item's monthly average over the
    months the ranking covered (the last full months: the engine's monthly average; another span: its total per
    month); without a monthly average said, the item's own figure."""
    measure, mspan = find_measure(text)
    period = q.period
    if measure in ("count", "average") and mspan is not None:
        # "the second one, how many times did I go there", "the top one – # orders?": that item counted (averaged),
        # as a pick of a period or a side asked how many is
        q.measure = measure
        return q, [span, mspan, *(n.span() for n in UNIT_NOUN_RE.finditer(text))]
    if measure != "monthly_average" or mspan is None or period is None or period.grain == "all":
        return q, [span]
    months = (period.end.year - period.start.year) * 12 + period.end.month - period.start.month + 1
    said = THOSE_MONTHS_RE.search(text)
    if said and _n(said.group("n"), 0) != months:
        return None  # "over those 4" after three months: not the months shown — the parser reads it
    q.limit, q.offset = None, 0
    window = full_months_before(s.today, months)
    if months >= 2 and (window.start, window.end) == (period.start, period.end):
        q.measure, q.months, q.period, q.per = "monthly_average", months, None, None
    else:
        q.measure, q.per = "total", "month"
    return q, [span, mspan, *([said.span()] if said else [])]


def _pick(text: str, s: _State) -> Edit:
    """"just the first one": one of the periods compared, of the sides compared, or of the items listed; "only the
    2nd month": one month of the periods compared or of the span of months the last answer covered."""
    said = ordinal_said(text)
    if said is None:
        return None
    which, span, unit = said
    q = s.query()
    if s.mode == "periods" and s.periods:
        if -len(s.periods) <= which < len(s.periods):
            # "only the first one, how many visits": that period, counted if the turn asks how many
            measure, mspan = find_measure(text)
            q.compare, q.period = None, s.periods[which]
            q.measure = measure if measure in ("count", "average") else "total"
            return q, [span, *([mspan] if mspan and measure in ("count", "average") else []),
                       *(n.span() for n in UNIT_NOUN_RE.finditer(text))]
    if unit in ("month", "period"):
        if s.months and -len(s.months) <= which < len(s.months):  # "September and October" → "only the 2nd month"
            q.period, q.offset = s.months[which], 0
            return q, [span]
        return None  # "just last month?" names a period; without periods shown it is not a pick
    if s.mode == "sides" and -len(s.sides) <= which < len(s.sides):
        side = s.sides[which]
        q.merchants, q.categories, q.text = list(side.merchants), list(side.categories), list(side.text)
        q.period = side.period or q.period
        q.compare, q.measure = None, "total"
        return q, [span]
    shown_n = s.previous.limit or len(s.shown.get("rows") or []) or 1  # "the 5 biggest" shows 5 rows, limit or not
    if s.previous.measure in ("largest", "smallest") and shown_n > 1 and -shown_n <= which < shown_n:
        # "my 3 biggest purchases" → "the second one": that transaction, the next rank of the same rows
        q.offset, q.limit = (s.previous.offset or 0) + which % shown_n, 1
        return q, [span]
    if s.previous.measure in ("list", "largest", "smallest"):
        return None  # a list shows transactions, not names to pick: ask rather than total some merchant
    if s.items and -len(s.items) <= which < len(s.items):
        return _item_averaged(text, s, s.one_item(q, s.items[which]), span)
    if s.items and s.previous.measure in RANKINGS[:2] and which >= len(s.items) \
            and len(s.items) == (s.previous.limit or 0) and which < 10:
        # "top 3 stores" → "and the 5th one?": the same ranking at that place, which the answer did not reach
        q.offset, q.limit = (s.previous.offset or 0) + which, 1
        return q, [span]
    groups = _groups(s.previous) if s.previous.measure in ("total", "count") and not s.items else []
    if 2 <= len(groups) and -len(groups) <= which < len(groups):
        # "Starbucks or Blue Bottle this year" → "just the second one: how many visits?": Blue Bottle's count
        side = groups[which]
        q.merchants, q.categories, q.text = list(side.merchants), list(side.categories), list(side.text)
        q.links = [link for link in q.links if set(link.names) & set(side.merchants + side.categories + side.text)]
        measure, mspan = find_measure(text)
        q.measure = measure if measure in ("count", "total", "average") else s.previous.measure
        q.limit, q.offset, q.per = None, 0, None
        return q, [span, *([mspan] if mspan else []), *(n.span() for n in UNIT_NOUN_RE.finditer(text))]
    if not s.items and s.previous.measure in ROWS and 2 <= len(s.months) <= 3 and -len(s.months) <= which < len(s.months):
        q.period = s.months[which]  # "dining in September and October" → "just the first one": September
        return q, [span]
    return None
