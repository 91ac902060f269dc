"""A month named beside the year it is in: "last year's October", "the previous year's October", "October of the
previous year", "October, last year" are one period, that month of that year — not the whole year and this year's
October side by side. Applied by transactions.query.periods.find_periods to what the rules found.

Only a year said outright (a number, "last year", "this year", "the previous year") is joined: "October the year
before" leans on the period of the last answer, and is read by the follow-ups (followups_periods)."""
from __future__ import annotations

import re

from core.periods import Period, month_bounds

Found = list[tuple[Period, tuple[int, int]]]

# the year's before the month: "last year's october", "the previous years' october"
YEAR_BEFORE_RE = re.compile(r"(?:'s|s'|’s)\s*(?:own\s+)?")
# the month before its year: "october of last year", "october the previous year", "october, last year", "october in 2025"
YEAR_AFTER_RE = re.compile(r"\s*,?\s*(?:(?:of|in|from|during)\s+)?(?:the\s+)?")


def month_in_year(text: str, found: Found) -> Found:
    """The periods found, each month named beside a year said outright joined with it into that month of that year
    (its span covering both phrases)."""
    out: Found = []
    i = 0
    while i < len(found):
        if i + 1 < len(found):
            joined = _joined(text, found[i], found[i + 1])
            if joined is not None:
                out.append(joined)
                i += 2
                continue
        out.append(found[i])
        i += 1
    return out


def _joined(text: str, first: tuple[Period, tuple[int, int]], second: tuple[Period, tuple[int, int]]
            ) -> tuple[Period, tuple[int, int]] | None:
    (p, (a, b)), (r, (c, d)) = first, second
    gap = text[b:c]
    if p.grain == "year" and r.grain == "month" and YEAR_BEFORE_RE.fullmatch(gap):
        year, month = p, r
    elif p.grain == "month" and r.grain == "year" and YEAR_AFTER_RE.fullmatch(gap):
        month, year = p, r
    else:
        return None
    if year.relative or month.relative or year.start.year != year.end.year \
            or (year.start.month, year.start.day) != (1, 1) or month.start.day != 1 \
            or (month.start.year, month.start.month) != (month.end.year, month.end.month):
        return None
    start, end = month_bounds(year.start.year, month.start.month)
    return Period(start, end, f"{start:%B %Y}", "month"), (a, d)
