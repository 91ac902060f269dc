"""The biggest (smallest) group of the last set (issue 21): "what was the biggest category in it then" after "how
much did I spend in September" (or after "and leaving out the rent?") is the top category of those same rows — never
the largest single purchase among them. "the biggest store of those" is the top merchant. The rows are the last
answer's: its names, period and what it left out are kept; the measure becomes a ranking of one."""
from __future__ import annotations

import re

from transactions.query.followups_base import Edit, _State
from transactions.query.followups_lastset import SET_REF_RE

# "the biggest category", "top spending category", "which category was the biggest", "the smallest shop"
GROUP_RE = re.compile(
    r"\b(?:(?P<big>biggest|largest|top|main|highest|priciest|most expensive|costliest)|(?P<small>smallest|lowest|"
    r"cheapest|least expensive))\s+(?:spending\s+|single\s+)?(?P<noun>categor(?:y|ies)|merchants?|stores?|shops?|"
    r"places?|payees?)\b"
    r"|\bwhich\s+(?P<noun2>categor(?:y|ies)|merchants?|stores?|shops?|places?|payees?)\s+(?:was|is)\s+(?:the\s+)?"
    r"(?:(?P<big2>biggest|largest|most)|(?P<small2>smallest|least))\b")
ROWS_OF_SET = ("total", "count", "list", "average")


def _biggest_group(text: str, s: _State) -> Edit:
    m = GROUP_RE.search(text)
    prev = s.previous
    if m is None or prev.compare or prev.measure not in ROWS_OF_SET:
        return None
    noun = m.group("noun") or m.group("noun2")
    if not noun.startswith("categor"):
        return None  # "which place was the biggest": the older ranking path, which keeps the set it picked from
    q = s.query()
    q.measure = "top_categories" if noun.startswith("categor") else "top_merchants"
    q.limit, q.offset, q.per, q.months, q.group_by = 1, 0, None, None, None
    q.smallest_first = bool(m.group("small") or m.group("small2"))
    return q, [m.span(), *(r.span() for r in SET_REF_RE.finditer(text))]
