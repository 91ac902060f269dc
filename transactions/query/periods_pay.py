"""Periods that start on the user's own payday: "since my last payday", "since I last got paid", "since the paycheck
came in", "this pay period" run from the day of their last pay to today. The day comes from their data (the
parser's Vocab.pay_last, transactions.selectors.figures.pay_last); with no pay in their data the words are no period,
and stay unread, so the answer says so.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date

from core.periods import Period, fmt_day, period_label

Found = list[tuple[Period, tuple[int, int]]]

_PAY = r"(?:pay\s?day|pay\s?checks?|pay\s?cheques?|pay\s?slip|salary|wages?|pay(?=\s+(?:came|went\s+(?:in|through)|hit|landed|arrived|cleared)))"
_ARRIVED = r"(?:\s+(?:came in|went in|hit|landed|arrived|cleared|dropped))?"
SINCE_PAY_RE = re.compile(
    rf"\b(?:since|after)\s+(?:(?:my|the|our)\s+)?(?:(?:last|latest|most recent|previous)\s+)?{_PAY}{_ARRIVED}"
    r"(?:\s+(?:to|till|until|up to)\s+(?:now|today|date))?"
    # "from my last payday to now" (not "from my salary": where money came from)
    rf"|\bfrom\s+(?:(?:my|the|our)\s+)?(?:(?:last|latest|most recent)\s+)?{_PAY}{_ARRIVED}"
    r"\s+(?:to|till|until|up to)\s+(?:now|today|date)\b"
    r"|\bsince\s+(?:i|we)\s+(?:last\s+)?(?:got|was|were|get)\s+paid(?:\s+last)?"
    r"|\b(?:(?:in|during|for|over)\s+)?(?:this|the current|my current|my)\s+pay\s+(?:period|cycle)(?:\s+so\s+far)?"
    r"|\bsince\s+(?:last|the last)\s+pay\s+(?:period|cycle)\s+(?:started|began)\b")


def pay_periods(text: str, found: Found, pay_last: Callable[[date], date | None] | None, today: date) -> Found:
    """The periods found, with each "since my last payday" read as the days from their last pay to today (its words
    no longer part of any other period)."""
    if pay_last is None:
        return found
    out = list(found)
    for m in SINCE_PAY_RE.finditer(text):
        day = pay_last(today)
        if day is None:
            return found
        a, b = m.span()
        if any(c <= a and b <= d for _, (c, d) in found):
            continue  # "since my pay went up at the start of July": the event's own date is said (periods_joins)
        label = f"{period_label(day, today, 'range', today=today)} (since your last pay, {fmt_day(day)})"
        out = [(p, (c, d)) for p, (c, d) in out if d <= a or b <= c]
        out.append((Period(day, today, label, "range"), (a, b)))
    return sorted(out, key=lambda p: p[1][0])


def pay_words_blanked(text: str) -> str:
    """The text without its "since my last payday": the pay names when the period starts, it asks for no money in."""
    return SINCE_PAY_RE.sub(lambda m: " " * len(m.group(0)), text)
