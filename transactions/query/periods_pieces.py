"""A period said in pieces (issue 21, kind 3): the period first, then the part of it that is meant, as an
afterthought — "dining last month, just the second half", "groceries, October, first two weeks", "dining last year,
the summer months", "in October, from the 10th on". The part is read as the parser reads it said whole ("the second
half of last month", "from the 10th to the end of October"), and it replaces the period it narrows: the answer
covers the part, never the whole period with the part's words dropped.

A part is kept only when, read with its period, it is one period inside that period; otherwise ("October, the first
week of November") both stay as the parser found them. transactions.query.periods calls `periods_in_pieces` once
every period is found.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date

from core.periods import Period

_NUMBER = r"(?:\d+|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of|couple of)"
# the part, said after its period: "the second half", "first two weeks", "the last 10 days", "the summer months",
# "early on", "the tail end"; "last"/"second" alone only with what makes them a part ("last month" after "this year"
# is a period of its own)
_PART = (r"the\s+(?:first|second|last|final|latter|former|back|front)\s+(?:(?:" + _NUMBER + r"\s+)?(?:days|weeks|months)|"
         r"half|week|fortnight|month|quarter)\b"
         r"|the\s+(?:very\s+)?(?:middle|end|start|beginning|tail\s+end|opening|closing)(?:\s+(?:part|bit|days|week|weeks))?\b"
         r"|first\s+(?:half|week|fortnight|" + _NUMBER + r"\s+(?:days|weeks))\b"
         r"|(?:second|back|latter)\s+half\b|last\s+" + _NUMBER + r"\s+(?:days|weeks)\b"
         r"|(?:the\s+)?(?:summer|winter|spring|autumn|fall)(?:\s+months)?\b")
PART_AFTER_RE = re.compile(r"^\s*(?:[,;:]|\s-+)?\s*(?:(?:but\s+)?(?:just|only|specifically|mainly|i mean)\s+)?"
                           r"(?P<part>" + _PART + r")(?=\s*(?:[,;?!.]|$))")
# "from the 10th on", "from the 10th onwards": from that day to the end of the period
FROM_ON_RE = re.compile(r"^\s*(?:[,;:]|\s-+)?\s*(?:(?:just|only)\s+)?from\s+the\s+(?P<day>\d{1,2})(?:st|nd|rd|th)?\s+"
                        r"(?:on(?:wards?)?|onwards?|forward)\b")


ON_WORD = r"(?:on(?:wards?)?|onwards?|forward)\b"
ON_RE = r"(?:\s+" + ON_WORD + r")?"  # (said after the day, or left after the span read)
FROM_ON_INSIDE_RE = re.compile(r"^(?P<head>.+?)(?P<tail>\s*[,;:]?\s*(?:(?:just|only)\s+)?from\s+the\s+\d{1,2}(?:st|nd|rd|th)?"
                               + ON_RE + r")$")


def _nth(day: str) -> str:
    n = int(day)
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def periods_in_pieces(text: str, found: list[tuple[Period, tuple[int, int]]], today: date,
                      find: Callable[[str, date], list[tuple[Period, tuple[int, int]]]]
                      ) -> list[tuple[Period, tuple[int, int]]]:
    """`found` with each period followed by a part of it replaced by that part (its span then covers both)."""
    for period, (a, b) in list(found):
        orig = (a, b)
        said = text[a:b].strip()
        if not said or (period, orig) not in found:
            continue
        said = re.sub(r"^(?:in|during|for|over|of|on)\s+", "", said)
        if (inside := FROM_ON_INSIDE_RE.match(said)) and (re.search(ON_WORD + "$", said) or re.match(
                r"\s+" + ON_WORD, text[b:])) and len(held := find(f" {inside.group('head')} ", today)) == 1:
            # "in october, from the 10th on" read whole as since the 10th of this month: from the 10th of October
            period, said, b = held[0][0], inside.group("head"), a + text[a:b].index(inside.group("tail"))
        if m := FROM_ON_RE.match(text[b:]):
            whole = f" from the {_nth(m.group('day'))} to the end of {said} "
        elif m := PART_AFTER_RE.match(text[b:]):
            whole = f" {m.group('part').strip()} of {said} "
        else:
            continue
        read = find(whole, today)
        if len(read) != 1:
            continue
        part = read[0][0]
        if not (period.start <= part.start and part.end <= period.end) or (part.start, part.end) == (
                period.start, period.end):
            continue
        end = b + m.end()
        # the part's own words may have been read as a period of their own ("the last week"): the part is that one
        found = [(part, (a, end)) if s == orig else (p, s) for p, s in found if s == orig or not a <= s[0] < end]
    return found
