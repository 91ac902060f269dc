"""A month or a holiday named beside the year it is in: "last year's October", "the previous year's October", "October
of the previous year", "October, last year", "Christmas last year", "black friday 2025" are one period, that month or
day of that year — not the whole year and this year's October side by side. Applied by
transactions.query.periods.find_periods to what the rules found.

Only a year said outright (a number, "last year", "this year", "the previous year") is joined: "October the year
before" leans on the period of the last answer, and is read by the follow-ups (followups_periods). A month and a year
said apart, in different clauses of one question ("what did dining cost in december? last year I mean"), are that
month of that year too when they are the only periods said and nothing between them sets one against the other or
runs from one to the other; each phrase keeps its own span (the words between them are the question's)."""
from __future__ import annotations

import re

from core.periods import HOLIDAY_NAMES_RE, HOLIDAYS, Period, fmt_day, holiday_named, month_bounds

Found = list[tuple[Period, tuple[int, int]]]

# the year's before the month: "last year's october", "the previous years' october"
YEAR_BEFORE_RE = re.compile(r"(?:'s|s'|’s)\s*(?:own\s+)?")
# the month before its year: "october of last year", "october the previous year", "october, last year", "october in 2025"
YEAR_AFTER_RE = re.compile(r"\s*(?:(?:time|day|weekend|break)\s*)?,?\s*(?:(?:of|in|from|during)\s+)?(?:the\s+)?")
# between a month and a year said apart: what sets two periods side by side or makes a range of them ("december vs
# last year", "december and last year", "from december to last year", "higher than last year")
APART_JOINT_RE = re.compile(r"\b(?:and|or|vs|versus|than|compar\w*|against|both|plus|since|from|before|after|ago|same|"
                            r"each|every|per|more|less|higher|lower|between|whole|all)\b|[&+]"
                            r"|^\s*,?\s*(?:to|through|thru|till|until|-|–)\s*$")
HOLIDAY_RE = re.compile(rf"\b{HOLIDAY_NAMES_RE}\b")


def month_in_year(text: str, found: Found) -> Found:
    """The periods found, each month or holiday named beside a year said outright joined with it into that month (or
    day) of that year (its span covering both phrases)."""
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
    return _said_apart(text, out)


def _outright_year(year: Period) -> bool:
    return not year.relative and year.grain == "year" and year.start.year == year.end.year \
        and (year.start.month, year.start.day) == (1, 1)


def _one_month(month: Period) -> bool:
    return not month.relative and month.grain == "month" and month.start.day == 1 \
        and (month.start.year, month.start.month) == (month.end.year, month.end.month)


def _in_year(text: str, span: tuple[int, int], period: Period, year: int) -> Period | None:
    """A month, or a holiday's day, moved to `year` (None when the period is neither)."""
    if _one_month(period):
        start, end = month_bounds(year, period.start.month)
        return Period(start, end, f"{start:%B %Y}", "month")
    said = HOLIDAY_RE.search(text[span[0]:span[1]])
    if said and period.grain == "day" and not period.relative:
        day = HOLIDAYS[holiday_named(said.group(0))](year)
        return Period(day, day, fmt_day(day), "day")
    return None


def _joined(text: str, first: tuple[Period, tuple[int, int]], second: tuple[Period, tuple[int, int]]
            ) -> tuple[Period, tuple[int, int]] | None:
    (p, (a, b)), (r, (c, d)) = first, second
    gap = text[b:c]
    if _outright_year(p) and YEAR_BEFORE_RE.fullmatch(gap):
        year, named = p, second
    elif _outright_year(r) and YEAR_AFTER_RE.fullmatch(gap):
        year, named = r, first
    else:
        return None
    moved = _in_year(text, named[1], named[0], year.start.year)
    return None if moved is None else (moved, (a, d))


def _said_apart(text: str, found: Found) -> Found:
    """A month and a year said in different clauses, the only two periods of the question ("december, what did
    amazon come to? last year", "last year, how much on groceries in december"): that month of that year, read at
    both spans."""
    if len(found) != 2:
        return found
    (p, (a, b)), (r, (c, d)) = found
    if APART_JOINT_RE.search(text[b:c]):
        return found
    if _outright_year(r) and _one_month(p) and not re.search(r"\b(?:19|20)\d{2}\b", text[a:b]):
        moved = _in_year(text, (a, b), p, r.start.year)
    elif _outright_year(p) and _one_month(r) and not re.search(r"\b(?:19|20)\d{2}\b", text[c:d]):
        moved = _in_year(text, (c, d), r, p.start.year)
    else:
        return found
    return found if moved is None else [(moved, (a, b)), (moved, (c, d))]
