"""A follow-up that points back at the last answer's subject must keep it (issue 21: "high" must mean right).

"and how many trips there" after Trader Joe's, "how much did those three cost me this year", "and in the winter it
was more?" after electric and internet: the turn points at what the last answer was about; a query that ran over
all their spending instead answers another question. `dropped_subject` names the subject that was lost, so the
confidence check (chat/grounding.py) does not let such an answer stand as confident.
"""
from __future__ import annotations

import re
from typing import Any

POINTS_BACK_RE = re.compile(r"\b(?:there|those|these|them|it|they|same|that one|those ones)\b|\bđó\b|\bấy\b", re.I)
# a turn that widens on purpose: "and everything together?", "overall", "all my spending"
WIDENS_RE = re.compile(r"\b(?:everything|overall|in general|altogether (?:overall|in total)|all (?:of )?(?:my |our )?"
                       r"(?:spending|expenses|purchases|transactions|categories|money)|total spending|every (?:category|"
                       r"merchant|thing)|in total across|across (?:the board|everything))\b|\btất cả\b", re.I)
ITEMS_BACK_RE = re.compile(r"\b(?:there|those|these|them)\b", re.I)  # "it" after a ranking is its figure
SUBJECT_KEYS = ("merchants", "categories", "text")
ROW_MEASURES = ("largest", "smallest", "list")
RANKED = ("top_merchants", "top_categories", "summary")  # answers that showed transactions, their shops beside them


def _subject(query: dict[str, Any] | None) -> list[str]:
    query = query or {}
    names = [n for k in SUBJECT_KEYS for n in query.get(k) or []]
    for side in (query.get("compare") or {}).get("sides") or []:
        names += [n for k in SUBJECT_KEYS for n in (side or {}).get(k) or []]
    return names


def dropped_subject(question: str, ran: list[dict[str, Any]], ctx: Any) -> list[str]:
    """The last answer's subject, when this turn points back at it and no query that ran kept any subject."""
    previous = getattr(ctx, "previous_query", None)
    if not ran or WIDENS_RE.search(question or ""):
        return []
    before = _subject(previous) if previous and getattr(ctx, "previous_family", None) == "money" else []
    if not (before and POINTS_BACK_RE.search(question or "")):
        # the items the last answer listed or ranked ("how much did those three cost", "how many trips there")
        items = ((getattr(ctx, "previous_result", None) or {}).get("items") or {}).get("names") or []
        before = list(items) if ITEMS_BACK_RE.search(question or "") else []
    if not before:
        return []
    if any(_subject(x.get("query")) or _subject(x.get("arguments")) for x in ran):
        return []
    if any((x.get("query") or {}).get("measure") in RANKED and (x.get("query") or {}).get("offset") for x in ran):
        return []  # "the two after those": the same ranking further down, past the items it points at
    if (previous or {}).get("measure") in ROW_MEASURES and any(
            (x.get("query") or {}).get(k) is not None for x in ran for k in ("amount_min", "amount_max")):
        return []  # "add those up" after the biggest purchases: the rows shown, kept by their amounts
    return before


# "just the most recent trip", "only the last order", "the latest one": one instance (or one trip's rows) is asked for
ONE_INSTANCE_RE = re.compile(r"\b(?:the|my) (?:most recent|latest|last|newest|final) (?:one|trip|visit|order|purchase|"
                             r"charge|payment|time|stay|booking|bill|ride)\b|\blần (?:gần nhất|cuối)\b", re.I)


def one_asked_many_given(question: str, ran: list[dict[str, Any]]) -> bool:
    """The turn asks for the most recent one, but every query that ran summed rows over no period, limit or order of
    its own: the figure answers "all of them" (or whichever rows a filter kept), not the one asked for."""
    if not ONE_INSTANCE_RE.search(question or "") or not ran:
        return False
    for x in ran:
        query = x.get("query") or {}
        if query.get("period") or query.get("limit") or query.get("measure") in ("largest", "list", "smallest"):
            return False
    return True
