"""A charge that appears twice: the same payee and amount within a few days ("delete the duplicate Comcast charge",
"one of those is a duplicate"). The later copy is the one a proposal deletes; the rows are shown as the card lists
them. Read by chat/actions/tools.py; nothing here writes."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import timedelta
from typing import Any

DUPLICATE_WINDOW_DAYS = 3


def shown_row(row: Mapping[str, Any], reason: str = "", duplicate_of: str = "") -> dict[str, Any]:
    return {"id": row["id"], "date": row["date"].isoformat(), "description": row["description"],
            "amount": str(row["amount"]), "currency": row["currency"], **({"reason": reason} if reason else {}),
            **({"duplicate_of": duplicate_of} if duplicate_of else {})}


def duplicates(rows: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The later copy of each charge that appears twice: same merchant (or narrative) and amount within
    DUPLICATE_WINDOW_DAYS days."""
    out = []
    seen: set[int] = set()
    for i, later in enumerate(rows):
        for earlier in rows[i + 1:]:
            if earlier["id"] in seen or later["id"] in seen:
                continue
            same_payee = (later["merchant_id"] and later["merchant_id"] == earlier["merchant_id"]) or \
                later["description"] == earlier["description"]
            if same_payee and later["amount"] == earlier["amount"] and later["amount"] < 0 and \
                    timedelta(0) <= later["date"] - earlier["date"] <= timedelta(days=DUPLICATE_WINDOW_DAYS):
                seen.update((later["id"], earlier["id"]))
                out.append({**shown_row(later, reason=f"a second copy of the same charge on "
                                                   f"{earlier['date'].isoformat()}",
                                     duplicate_of=earlier["date"].isoformat()), "copy_of": shown_row(earlier)})
                break
    return out


def duplicate_checked(out: dict[str, Any], candidates: Any) -> dict[str, Any]:
    """The answer to "was I charged twice?": the tool's payload marked as a check, with each charge found twice shown
    as its two copies (the earlier first), so the answer lists both before offering to delete the later one."""
    found = [c for c in candidates if isinstance(c, dict) and c.get("copy_of")] if isinstance(candidates, list) else []
    pairs = [[c["copy_of"], {k: v for k, v in c.items() if k != "copy_of"}] for c in found]
    # the check run, as a query: a charge seen twice ("charged 2 times", "trừ 2 lần") within the window
    return {**out, "check": True, "query": {"copies": 2, "window_days": DUPLICATE_WINDOW_DAYS},
            **({"pairs": pairs} if pairs else {})}
