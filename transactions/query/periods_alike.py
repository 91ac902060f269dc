"""Periods said as like another one the question names: "October compared to the same month a year earlier" (a year
before it), "the 1st to the 14th of October vs the same days in September" (those days of September), "this month
vs the same stretch last month", "the same point last month" (this month's days so far, in that month).
transactions.query.periods calls `periods_alike` once every period is found."""
from __future__ import annotations

import calendar
import re
from datetime import date

from core.periods import Period, add_months, period_label
from transactions.query.periods_words import MONTH_RE, MONTHS

# "the same days in September", "the same dates last month", "the same stretch of August", "cùng kỳ tháng 9"
SAME_DAYS_RE = re.compile(rf"\b(?:the\s+)?same\s+(?:days|dates|stretch|span|part|period|window|point|stage|(?:\d+|two|three|"
                          rf"four)\s+(?:days|weeks))\s+(?:in|of|from|during|for)?\s*(?:(?P<month>{MONTH_RE})\b\.?"
                          rf"(?:\s+(?P<year>(?:19|20)\d{{2}}))?|(?P<rel>last|the previous|the prior|the month before)"
                          rf"\s*(?:month)?\b)")


def _shifted_days(named: Period, first: date, today: date) -> Period | None:
    """The days of `named` (a stretch inside one month) in the month starting `first`, clipped to its end."""
    last = calendar.monthrange(first.year, first.month)[1]
    start = first.replace(day=min(named.start.day, last))
    end = first.replace(day=min(named.end.day, last))
    if start > today or start > end:
        return None
    end = min(end, today)
    return Period(start, end, period_label(start, end, "range", today=today), "range")


def periods_alike(text: str, found: list[tuple[Period, tuple[int, int]]], today: date
                  ) -> list[tuple[Period, tuple[int, int]]]:
    for k, (period, span) in enumerate(found):
        if period.relative and period.step == -12:
            # "October compared to the same month a year earlier": a year before the period named beside it
            around = [p for p, _ in found[:k] if not p.relative] or [p for p, _ in found[k + 1:] if not p.relative]
            if around:
                found[k] = (around[-1].shifted(years=-1), span)
    for m in SAME_DAYS_RE.finditer(text):
        # the days of a stretch named before, inside one month, in the month this names
        before = [(p, s) for p, s in found if s[1] <= m.start() and not p.relative
                  and (p.start.year, p.start.month) == (p.end.year, p.end.month)]
        if not before:
            continue
        named = before[-1][0]
        if m.group("month"):
            month = MONTHS[m.group("month").lower()]
            year = int(m.group("year")) if m.group("year") else named.start.year - (month > named.start.month)
            first = date(year, month, 1)
        else:
            first = add_months(named.start.replace(day=1), -1)
        same = _shifted_days(named, first, today)
        if same is None:
            continue
        # the month alone that the phrase holds was read as a period of its own: the stretch replaces it
        found = [(p, s) for p, s in found if not (m.start() <= s[0] and s[1] <= m.end()) and not (
            s[0] <= m.start() < s[1] or s[0] < m.end() <= s[1])]
        found.append((same, m.span()))
        found.sort(key=lambda x: x[1][0])
    return found


def same_days_alone(text: str, found: list[tuple[Period, tuple[int, int]]], today: date
                    ) -> list[tuple[Period, tuple[int, int]]]:
    """"groceries the same dates in August" opening a conversation, with no stretch named before it: the days of this
    month so far (1 to today) in the month it names, labelled with those dates (a reading, so the answer says it)."""
    m = SAME_DAYS_RE.search(text)
    if not m or not m.group("month") or any(s[1] <= m.start() and not p.relative for p, s in found):
        return found
    month = MONTHS[m.group("month").lower()]
    year = int(m.group("year")) if m.group("year") else today.year - (month >= today.month)
    same = _shifted_days(Period(today.replace(day=1), today, "", "month"), date(year, month, 1), today)
    if same is None:
        return found
    same = Period(same.start, same.end, f"{same.label} (the same dates as this month so far)", "range")
    kept = [(p, s) for p, s in found if s[1] <= m.start() or s[0] >= m.end()]
    return sorted([*kept, (same, m.span())], key=lambda x: x[1][0])
