"""Months added up after an answer about one month: "add the three months up", "the 3 months together", "total for
the two months", "cộng cả 3 tháng lại", "gộp 2 tháng". The months are the one answered and those just before it, so
many as the turn says (the answer states the span it used); the subject and filters stay."""
from __future__ import annotations

import re

from core.periods import Period, add_months, month_bounds, period_label
from transactions.query.followups_base import COUNT, VI_COUNT, Edit, _n, _State
from transactions.query.periods import find_periods
from transactions.query.state import contiguous

_TOGETHER = r"(?:up|together|combined|added up|summed(?: up)?|in total|altogether|all together)"
MONTHS_ADDED_RE = re.compile(
    rf"\b(?:add|sum|total)(?: up)?(?: all)?(?: of)? (?:the |those |these |all |my |last |past )?(?P<n>{COUNT}) months?"
    rf"(?: {_TOGETHER})?\b"
    rf"|\b(?:the |those |these |all )(?:last |past )?(?P<n2>{COUNT}) months? {_TOGETHER}\b"
    rf"|\b(?:the )?(?:total|sum) (?:for|of|over) (?:the |those |these |all )?(?:last |past )?(?P<n3>{COUNT}) months\b"
    # "cộng cả 3 tháng lại", "gộp 2 tháng", "tổng 3 tháng", "3 tháng cộng lại"
    rf"|\b(?:cong|gop|tong)(?: lai| don| chung| cong)?(?: ca| tat ca| luon)? (?P<vi>{VI_COUNT}) thang(?: (?:lai|chung|luon))?\b"
    rf"|\b(?P<vi2>{VI_COUNT}) thang (?:cong|gop) (?:lai|chung)\b")


def _months_added(text: str, s: _State) -> Edit:
    """"add the three months up" after one month's answer: that month and the months just before it, one total."""
    m = MONTHS_ADDED_RE.search(text)
    prev = s.previous.period
    if not m or prev is None or s.previous.compare or s.months or prev.start.day != 1 \
            or (prev.start.year, prev.start.month) != (prev.end.year, prev.end.month):
        return None  # periods compared or a span of months are added by _add_up; one month is asked of here
    n = _n(m.group("n") or m.group("n2") or m.group("n3") or m.group("vi") or m.group("vi2"), 0)
    if not 2 <= n <= 12 or s.previous.measure not in ("total", "count", "income", "list", "average"):
        return None
    first = add_months(prev.start.replace(day=1), -(n - 1))
    last = prev.end
    if last != month_bounds(last.year, last.month)[1] and last != s.today:
        return None
    q = s.query()
    q.period = Period(first, last, period_label(first, last, "range", today=s.today), "range")
    q.measure = s.previous.measure if s.previous.measure in ("total", "count", "income") else "total"
    q.limit, q.offset, q.per = None, 0, None
    return q, [m.span()]


# "and August too, add all three up", "plus October, the 3 of them together": one more period joins those compared and
# all of them are added up
ONE_MORE_ADDED_RE = re.compile(rf"\b(?:add|sum|total)\b(?: (?:them|those|these|it|all|of|the|up|(?:{COUNT})))*"
                               rf" (?:up|together|combined)\b|\b(?:add|sum) up\b(?: (?:all|of|them|those|these|the|"
                               rf"(?:{COUNT})))*|\b(?:all|the) (?:{COUNT})(?: of (?:them|those|these))?"
                               rf" (?:together|combined|added up|summed(?: up)?|in total)\b")
ALSO_RE = re.compile(r"\b(?:too|also|as well|plus|and|with)\b")


def _one_more_added_up(text: str, s: _State) -> Edit:
    """"and August too, add all three up" after September and October compared: the period said joins the periods
    compared and their total is one figure over all of them — never the period said alone. Periods with a gap between
    them are not one span (the parser's, which asks)."""
    m = ONE_MORE_ADDED_RE.search(text)
    named = [(p, span) for p, span in find_periods(text, s.today) if not p.relative]
    if m is None or s.mode != "periods" or len(s.periods) < 2 or len(named) != 1 or ALSO_RE.search(text) is None:
        return None
    period = named[0][0]
    if any((p.start, p.end) == (period.start, period.end) for p in s.periods):
        return None
    count = re.search(rf"\b({COUNT})\b", text[m.start():m.end()])
    if count and _n(count.group(1), 0) != len(s.periods) + 1:
        return None  # "add all four up" after two periods and one more: not what was shown
    whole = contiguous([*s.periods, period])
    if whole is None:
        return None
    q = s.query()
    q.compare, q.period, q.measure, q.limit, q.offset, q.per = None, whole, "total", None, 0, None
    if s.previous.measure in ("count", "income"):
        q.measure = s.previous.measure
    return q, [m.span(), *(a.span() for a in ALSO_RE.finditer(text))]


# "split by month", "break it down by month", "monthly breakdown", "month by month": the same rows per month
BY_MONTH_RE = re.compile(r"\b(?:split|break|broken|divide|divided|separate|separated|spread)\b(?:\s+(?:it|that|them|this|"
                         r"those|these|down|up|out)){0,2}\s+(?:by|per|into|across)\s+(?:the\s+)?months?\b"
                         r"|\b(?:per|by)[- ]month\s+(?:breakdown|split)\b|\bmonthly\s+(?:breakdown|split)\b"
                         r"|\bmonth[- ]by[- ]month\b|\beach month separately\b|\btung thang\b"
                         r"|^\s*(?:and\s+|now\s+|ok(?:ay)?\s+)?by\s+month\s*[?.!]*\s*$")  # "per month?" is per unit


def _by_month(text: str, s: _State) -> Edit:
    """"split by month" after a total (a count) over more than one month: the same subject and filters, a figure per
    month of the period it covered."""
    m = BY_MONTH_RE.search(text)
    prev = s.previous
    if not m or prev.compare or prev.measure not in ("total", "count") or prev.period is None \
            or prev.period.grain == "all" or (prev.period.start.year, prev.period.start.month) == \
            (prev.period.end.year, prev.period.end.month):
        return None
    q = s.query()
    q.group_by, q.limit, q.offset, q.per = "month", None, 0, None
    return q, [m.span()]
