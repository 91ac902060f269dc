"""Which of the user's transactions a request to act is about: the period the sentence gives and whether it
means every match ("delete all my Chipotle from August", "wipe my Starbucks charges from October") or one.

Periods are read by the grammar every question uses (transactions/query/periods.py). One reading differs in a
request: items "from August" are the ones dated in August — a question's "from August" runs on to today ("since
August"), but "the ones from August" are where they come from. A span that goes on ("from August to October",
"from August on") keeps the range."""
from __future__ import annotations

import re
from datetime import date
from typing import Any

from core.periods import Period
from transactions.query.grammar import normalise
from transactions.query.periods import find_periods

# every match, not one: "all", "every", "everything", "each"; Vietnamese "tất cả", "hết", "các", "những" (also
# typed without accents)
ALL_RE = re.compile(r"\b(?:all|every|each|everything)\b|(?<!\w)(?:tất cả|hết|toàn bộ|các|những|mấy|tat ca|het|toan bo|"
                    r"cac|nhung)(?!\w)", re.I)
# a plural of what is changed names several too: "my Starbucks charges", "the Uber rides"
PLURAL_RE = re.compile(r"\b(?:charges|transactions|purchases|payments|orders|rides|trips|visits|entries|expenses|"
                       r"bills|lunches|coffees|meals|fees)\b", re.I)
FROM_RE = re.compile(r"^\s*from\s+(?:the\s+)?", re.I)
GOES_ON_RE = re.compile(r"^\s*(?:to|until|till|through|thru|up to|on\b|onwards?|forward|till now|to now|to date)\b",
                        re.I)


def act_period(text: str, today: date) -> Period | None:
    """The period a request names (None when it names none, or all time). "from <period>" alone is that period."""
    low = normalise(text or "")  # as every question is read (accents of Vietnamese typed either way)
    for period, (start, end) in find_periods(low, today):
        if getattr(period, "relative", False) or period.grain == "all":
            continue
        said = low[start:end]
        lead = FROM_RE.match(said)
        if lead and not GOES_ON_RE.match(low[end:]) and period.end == today:
            inner = find_periods(said[lead.end():], today)
            if inner and not getattr(inner[0][0], "relative", False) and inner[0][0].grain != "all":
                return inner[0][0]
        return period
    return None


def period_args(text: str, today: date) -> dict[str, Any]:
    """The request's period as tool arguments: {"date"} for one day, {"start", "end"} for a span, {} for none."""
    period = act_period(text, today)
    if period is None:
        return {}
    if period.start == period.end:
        return {"date": period.start.isoformat()}
    return {"start": period.start.isoformat(), "end": period.end.isoformat()}


def means_every(text: str) -> bool:
    """Does the request mean every matching transaction ("all my Chipotle", "my Uber rides") rather than one?"""
    return bool(ALL_RE.search(text or "") or PLURAL_RE.search(text or ""))
