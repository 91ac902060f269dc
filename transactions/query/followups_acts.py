"""Requests to act on what the last answer listed or added up ("move all of those to groceries", "file those under
Travel" after a list of rides): the subject is the last answer's set, and the transactions are exactly its rows —
the listed transactions, the biggest purchases it showed, the rows of its total, or the rows of the items it ranked.
The action itself is only proposed (chat/actions/); this module says whether a request points back and which rows
it means."""
from __future__ import annotations

import re

from transactions.query.execute import MAX_LIMIT, money_query_rows
from transactions.query.followups_base import RANKINGS
from transactions.query.grammar import normalise
from transactions.query.model import MoneyQuery

# the subject of a request that is only a pointer: "all of those", "them", "these ones", "everything above", "each"
POINTER_SUBJECT_RE = re.compile(r"^\s*(?:(?:all|each|every one|both)\s+(?:of\s+)?)?(?:them|those|these|they|the ones?"
                                r"(?: (?:above|listed|shown|you (?:listed|showed|found)))?|those ones|these ones|"
                                r"everything (?:above|listed|you (?:listed|showed|found))|all|each|both|"
                                r"(?:those|these|the|that|this)\s+(?:transactions?|charges?|payments?|purchases?|rows?|"
                                r"items?|rides?|orders?|entries|ones?))(?:\s+(?:all|both|too|as well|please|then))*\s*$"
                                # Vietnamese: "(hết) mấy giao dịch đó (đi)", "tất cả các khoản trên", "giúp tôi mấy cái đó"
                                r"|^\s*(?:(?:giup|dum|ho) (?:toi|minh|em)\s+)?(?:(?:tat ca|het|cac|nhung|may|toan bo)\s+)*"
                                r"(?:(?:khoan chi|khoan|giao dich|cai|muc)\s+)?(?:do|nay|tren|ay|vua roi|vua ke|vua liet ke)"
                                r"(?:\s+(?:di|nhe|nha|luon|giup (?:toi|minh|em)|dum (?:toi|minh|em)|ho (?:toi|minh|em)))*\s*$")
ROW_MEASURES = ("list", "total", "count", "average", "largest", "smallest", "income", *RANKINGS)


def points_at_last_set(subject: str, previous_query: dict | None) -> bool:
    """Is the subject of a request only a pointer at the last answer's set ("all of those"), with a set to point
    at (a money answer about transactions, not a comparison)?"""
    if not previous_query or previous_query.get("compare") or previous_query.get("measure") not in ROW_MEASURES:
        return False
    return bool(POINTER_SUBJECT_RE.search(normalise(subject)))


def answer_rows(*, user, query: dict, shown: dict | None, most: int) -> tuple[list[int], str]:
    """(the ids of the transactions the last answer was about, what they are in words), at most `most` + 1 ids (the
    caller says when there are too many). A list, a total or a count: every row of its query; the biggest (smallest)
    purchases: the ones it showed; a ranking: the rows of the items it ranked."""
    q = MoneyQuery.from_dict(query)
    shown = shown or {}
    if q.measure in ("largest", "smallest"):
        rows = [r["id"] for r in shown.get("rows") or [] if r.get("id")]
        return rows[:q.limit or 1], q.describe()
    if q.measure in RANKINGS:
        items = ((shown.get("items") or {}).get("names") or [])[:q.limit or None]
        if not items:
            return [], q.describe()
        kind = (shown.get("items") or {}).get("kind")
        q.merchants, q.categories = (items, []) if kind == "merchant" else ([], items)
        q.measure, q.offset, q.limit = "list", 0, None
    ids: list[int] = []
    if q.measure == "list" and q.limit:  # "my last 3 Uber rides": those three
        most = min(most, q.limit - 1)
    while len(ids) <= most:
        page = money_query_rows(user=user, query=q, offset=len(ids), limit=MAX_LIMIT)
        ids += [r["id"] for r in page["rows"]]
        if len(ids) >= page["count"] or not page["rows"]:
            break
    return (ids[:q.limit] if q.measure == "list" and q.limit else ids), q.describe()
