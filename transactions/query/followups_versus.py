"""Follow-ups that move the last answer's period and may set the two side by side: "same dates in August" after the
3rd to the 17th of September is those days of August; "and the same days in October, which was more?" puts both
stretches side by side, the bigger said first; "and last month? did I get a raise?" after May's pay sets May against
last month. Each is the last query over another period, run through the same engine."""
from __future__ import annotations

import calendar
import re
from datetime import date

from core.periods import Period, period_label
from transactions.query.followups_base import RANKINGS, Edit, _State
from transactions.query.model import MoneyQuery, Side
from transactions.query.periods import find_periods

# "the same dates in August", "same days of October", "that same stretch in July"
SAME_DAYS_IN_RE = re.compile(r"\b(?:the\s+|that\s+)?same\s+(?:days?|dates?|stretch|span|window|part|days of the month)\b"
                             r"(?:\s+(?:in|of|for|during|from))?")
# "which was more", "did I get a raise", "did it go up", "is that higher": the two periods, which was the bigger
MORE_RE = re.compile(r"\b(?:which|what)(?:\s+(?:one|month|period|stretch|of (?:the|those) two))?\s+(?:was|is|were|had)\s+"
                     r"(?P<a>more|bigger|higher|larger|greater|worse)\b"
                     r"|\b(?:which|what)(?:\s+(?:one|month|period|stretch|of (?:the|those) two))?\s+(?:was|is|were|had)\s+"
                     r"(?P<b>less|smaller|lower|cheaper)\b"
                     r"|\b(?:get|got|gotten|getting)\s+(?:a|any)\s+(?P<c>raise|pay ?rise|pay bump|bump|pay increase)\b"
                     r"|\b(?:go|went|gone|going|gone)\s+(?P<d>up|down)\b|\b(?P<e>more|less|higher|lower) than (?:before|"
                     r"that|then|it was)\b|\b(?:is|was) (?:that|it) (?P<f>more|less|higher|lower)\b")
# words that say only how the two are asked about ("actually", "did i", "was it")
ASKING_RE = re.compile(r"\b(?:did|do|does|have|has|i|we|my|it|that|actually|really|even|ever|then|so|and|or|was|is)\b")


def _target_month(text: str, s: _State) -> tuple[date, tuple[int, int]] | None:
    """The one month the turn names ("in August", "October"), as its first day with the span said."""
    named = [(p, span) for p, span in find_periods(text, s.today) if not p.relative]
    # the month, or the days the period grammar read for "the same dates in August" alone (this month's so far)
    if len(named) != 1 or (named[0][0].start.year, named[0][0].start.month) != (named[0][0].end.year,
                                                                                  named[0][0].end.month):
        return None
    return named[0][0].start.replace(day=1), named[0][1]


def _days_in(previous: Period, first: date, today: date) -> Period | None:
    """The days of `previous` (a stretch inside one month) in the month starting `first`, clipped to its end."""
    last = calendar.monthrange(first.year, first.month)[1]
    start, end = first.replace(day=min(previous.start.day, last)), first.replace(day=min(previous.end.day, last))
    if start > today or start > end:
        return None
    end = min(end, today)
    return Period(start, end, period_label(start, end, "range", today=today), "range")


def _side_by_side(q: MoneyQuery, before: Period, after: Period, more: bool) -> MoneyQuery:
    """The two periods side by side; money in stays money in (the pay of two months, not what went out)."""
    into = "in" if q.direction == "in" or q.measure == "income" else None
    q.measure, q.period, q.limit, q.offset, q.per = "compare", None, None, 0, None
    q.compare = {"mode": "periods", "sides": [Side(label=p.label, period=p, direction=into) for p in (before, after)],
                 "ask": "more" if more else "less"}
    return q


def _more_asked(text: str) -> tuple[bool, tuple[int, int]] | None:
    m = MORE_RE.search(text)
    if not m:
        return None
    less = m.group("b") or m.group("d") == "down" or (m.group("e") or m.group("f") or "") in ("less", "lower")
    return not less, m.span()


def _same_days_in(text: str, s: _State) -> Edit:
    """"same dates in August" after a stretch inside one month (the 3rd to the 17th of September): those days of the
    month named; with "which was more" the two stretches side by side."""
    m = SAME_DAYS_IN_RE.search(text)
    prev = s.previous.period
    if not m or prev is None or s.previous.compare or s.previous.measure in RANKINGS and s.previous.offset \
            or (prev.start.year, prev.start.month) != (prev.end.year, prev.end.month):
        return None
    target = _target_month(text, s)
    if target is None or target[0] == prev.start.replace(day=1):
        return None
    moved = _days_in(prev, target[0], s.today)
    if moved is None:
        return None
    q, spans = s.query(), [m.span(), target[1]]
    more = _more_asked(text)
    if more is None:
        q.period = moved
        return q, spans
    return _side_by_side(q, prev, moved, more[0]), [*spans, more[1], *(a.span() for a in ASKING_RE.finditer(text))]


def _period_and_more(text: str, s: _State) -> Edit:
    """"and last month? did I actually get a raise?" after May's pay: the one period named against the last one,
    side by side, the bigger said first."""
    more = _more_asked(text)
    prev = s.previous.period
    if more is None or prev is None or prev.grain == "all" or s.previous.compare \
            or s.previous.measure not in ("total", "count", "income", "average"):
        return None
    named = [(p, span) for p, span in find_periods(text, s.today) if not p.relative]
    if len(named) != 1 or (named[0][0].start, named[0][0].end) == (prev.start, prev.end):
        return None
    q = s.query()
    first, second = sorted((prev, named[0][0]), key=lambda p: p.start)
    return _side_by_side(q, first, second, more[0]), [named[0][1], more[1], *(a.span() for a in
                                                                              ASKING_RE.finditer(text))]


# "and October?", "what about October too?": one more period beside the ones compared
ONE_MORE_RE = re.compile(r"^\s*(?:(?:and|also|ok(?:ay)?|so|now|plus)[,\s]+)*(?:(?:what|how) about\s+|add\s+)?(?P<rest>.*?)"
                         r"(?:\s+(?:too|as well|also))?\s*[?.!]*\s*$")


def _one_more_period(text: str, s: _State) -> Edit:
    """"and October?" after "was September or August worse?": October beside the two, each with its figure."""
    named = [(p, span) for p, span in find_periods(text, s.today) if not p.relative]
    m = ONE_MORE_RE.match(text)
    if s.mode != "periods" or len(named) != 1 or m is None or not s.sides or len(s.sides) >= 6:
        return None
    period, span = named[0]
    if any(side.period and (side.period.start, side.period.end) == (period.start, period.end) for side in s.sides) \
            or m.group("rest").strip() != text[span[0]:span[1]].strip():
        return None  # the turn says more than the period ("only September": one of them, followups_periods)
    q = s.query()
    sides = [side for side in (q.compare or {}).get("sides") or [] if side.period]
    if (shifted := _sides_in_year(sides, period)) is not None:
        # "this month vs last month" → "and last year?": the same two months a year earlier, side by side
        q.compare = {**(q.compare or {}), "sides": shifted}
        q.compare.pop("ask", None)
        return q, [(0, len(text))]
    direction = sides[0].direction if sides else None
    q.compare = {**(q.compare or {}), "sides": [*sides, Side(label=period.label, period=period, direction=direction)]}
    q.compare.pop("ask", None)
    return q, [(0, len(text))]


def _sides_in_year(sides: list[Side], year: Period) -> list[Side] | None:
    """The periods compared, each moved into the year said, when they are parts of one other year ("November vs
    October" → "and last year?"); None when the turn names no whole year or the sides span years."""
    if year.grain != "year" or len(sides) < 2 or any(side.period is None or side.period.grain == "year"
                                                     for side in sides):
        return None
    years = {side.period.start.year for side in sides if side.period} | {side.period.end.year for side in sides
                                                                         if side.period}
    if len(years) != 1 or year.start.year in years:
        return None
    shift = year.start.year - years.pop()
    out = []
    for side in sides:
        moved = side.period.shifted(years=shift) if side.period else None
        out.append(Side(label=moved.label if moved else side.label, period=moved, direction=side.direction,
                        merchants=list(side.merchants), categories=list(side.categories), text=list(side.text)))
    return out
