"""Months added up after an answer about one month: "add the three months up", "the 3 months together", "total for
the two months", "cộng cả 3 tháng lại", "gộp 2 tháng". The months are the one answered and those just before it, so
many as the turn says (the answer states the span it used); the subject and filters stay."""
from __future__ import annotations

import re

from core.periods import Period, add_months, month_bounds, period_label
from transactions.query.followups_base import COUNT, VI_COUNT, Edit, _n, _State

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
