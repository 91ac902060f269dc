"""Follow-ups on a ranking's window: "the next two", "numbers 4 and 5", "make it 5", "skip the top 3, show the next
2". The same ranking (or list of biggest purchases) with another offset or length."""
from __future__ import annotations

import re

from transactions.query.followups_base import NUM, RANKINGS, VI_NUM, Edit, _n, _State

NEXT_RE = re.compile(rf"\b(?:the\s+)?(?:next|following)\s+{NUM}\b"
                     rf"|\bthe\s+{NUM}\s+(?:after|below|under)\s+(?:that|those|them)\b"
                     r"|\b(?:and\s+)?(?:the\s+)?(?:next|following)\s+(?:ones?|few)\b|\bwho(?:'s| is| was) next\b"
                     rf"|\b(?:{VI_NUM}\s+)?(?:cai|muc|noi|danh muc)?\s*(?:tiep theo|ke tiep)\b"
                     r"|\b(?:comes?|came|is|are|were|goes)\s+(?:after|below|next)\b|\bthe rest\b|\bafter (?:those|them)\b")
# "number 4", "numbers 4 and 5", "4 to 6": places of the same ranking
RANK_NUMBERS_RE = re.compile(r"\b(?:numbers?|no\.?|#|places?|positions?|ranks?)\s*(\d{1,2})(?:\s*(?:and|to|-|–|through|thru)\s*"
                             r"(\d{1,2}))?\b")
# "make it 5", "top 10 instead", "cut it to 3", "just the top 2": the same ranking with another length
LENGTH_RE = re.compile(r"^\s*(?:ok(?:ay)?,?\s+|and\s+|now\s+|so\s+)?(?:make it|make that|show(?: me)?|give me|list|"
                       r"what about|how about|extend (?:it|that) to|expand (?:it|that) to|(?:cut|trim|narrow|shorten|"
                       r"limit|reduce|bring|take|keep)(?: (?:it|that|this|them|the list))?(?: (?:down|back))?(?: to)?|"
                       r"(?:just|only)(?: the)?(?: (?:top|first))?|(?:just |only )?(?:the )?(?:top|first))?\s*"
                       rf"(?:the\s+)?(?:top\s+)?{NUM}(?:\s+(?:instead|then|of them|more|please|only))?\s*[?.!]?\s*$")


def _next(text: str, s: _State) -> Edit:
    m = NEXT_RE.search(text)
    if not m or s.previous.measure not in (*RANKINGS, "largest", "smallest"):
        return None
    q = s.query()
    shown_n = len(s.items) or s.previous.limit or 5
    q.offset = (s.previous.offset or 0) + shown_n
    q.limit = _n(m.group(1) or m.group(2) or m.group(3), shown_n)
    q.measure = "top_categories" if s.previous.measure == "summary" else s.previous.measure
    return q, [m.span()]


def _rank_numbers(text: str, s: _State) -> Edit:
    m = RANK_NUMBERS_RE.search(text)
    if not m or s.previous.measure not in (*RANKINGS, "largest", "smallest"):
        return None
    first, last = int(m.group(1)), int(m.group(2) or m.group(1))
    if not 1 <= first <= last:
        return None
    q = s.query()
    q.offset, q.limit = first - 1, last - first + 1
    q.measure = "top_categories" if s.previous.measure == "summary" else s.previous.measure
    return q, [m.span()]


def _length(text: str, s: _State) -> Edit:
    m = LENGTH_RE.search(text)
    if not m or m.group(1) == "one" or s.previous.measure not in (*RANKINGS, "largest", "smallest", "list"):
        return None
    q = s.query()
    q.limit = _n(m.group(1), s.previous.limit or 5)
    q.measure = "top_categories" if s.previous.measure == "summary" else s.previous.measure
    return q, [m.span()]

