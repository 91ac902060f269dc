""""Take that one off my list", "remove Netflix from the list", "bỏ cái đó khỏi danh sách": what the list is decides
what the request can mean. After the recurring charges Moneta listed, it is taking a subscription off that list —
not something the chat can do (the steps on the Subscriptions page are given, the plan named when the turn or the
list points at one). After transactions it listed, it is deleting that transaction: proposed when one is meant,
asked which when several could be. Nothing here writes."""
from __future__ import annotations

import re
from typing import Any

from transactions.query.grammar import normalise

TAKE_OFF_RE = re.compile(
    r"\b(?:take|get|knock|cross|strike|scratch|kick)\s+(?P<what>[\w' &.*-]{1,40}?)\s+(?:off|out of)\s+(?:of\s+)?"
    r"(?:(?:my|the|this|that|your|our)\s+)?(?:\w+\s+)?(?:list|lists|page|statement|ledger|feed)\b"
    r"|\b(?:remove|hide|drop|delete|clear)\s+(?P<what2>[\w' &.*-]{1,40}?)\s+from\s+(?:(?:my|the|this|that|your|our)\s+)?"
    r"(?:\w+\s+)?(?:list|lists)\b"
    r"|(?<!\w)(?:bỏ|xoá|xóa|gỡ|loại)\s+(?P<what3>.{1,30}?)\s+(?:ra\s+)?khỏi\s+(?:cái\s+)?danh sách(?!\w)", re.I)
# "that one", "it", "this charge": the thing the last answer was about, not named again
POINTER_RE = re.compile(r"^\s*(?:that|this|the|it|cái đó|cái này|nó|khoản đó|khoản này)\b(?:\s+(?:one|charge|"
                        r"transaction|purchase|payment|entry|subscription|plan|thing))?\s*$", re.I)


def off_list_call(text: str, ctx: Any) -> dict[str, Any] | None:
    """The call a request to take something off a list asks for, by what the last answer listed; None when the text
    asks no such thing or no list came before."""
    m = TAKE_OFF_RE.search(text or "")
    if m is None:
        return None
    what = (m.group("what") or m.group("what2") or m.group("what3") or "").strip()
    shown = getattr(ctx, "previous_result", None) or {}
    items = shown.get("items") or {}
    if items.get("kind") == "subscription":
        names = list(items.get("names") or [])
        said = normalise(what)
        named = [n for n in names if normalise(n).split()[0] in said.split()] if said else []
        focus = list(shown.get("focus") or [])
        subject = (named or (focus if POINTER_RE.search(what) else []) or (names if len(names) == 1 else []))[:1]
        return {"name": "explain_unavailable_action",
                "args": {"request": "take a subscription off the list", **({"subject": subject[0]} if subject else {})}}
    rows = [r for r in shown.get("rows") or [] if r.get("id")]
    previous = getattr(ctx, "previous_query", None) or {}
    if rows and POINTER_RE.search(what):
        if len(rows) == 1 or previous.get("measure") in ("largest", "smallest"):
            # the one transaction the last answer showed, or the one it answered with ("my biggest Amazon purchase")
            return {"name": "propose_delete_transaction", "args": {"transaction_id": int(rows[0]["id"])}}
        # several were listed and "that one" names none of them: the candidates, and the question which one
        period = previous.get("period") or {}
        args: dict[str, Any] = {}
        if previous.get("merchants"):
            args["merchant"] = previous["merchants"][0]
        if previous.get("categories"):
            args["categories"] = list(previous["categories"])
        if period.get("start") and period.get("end"):
            args["start"], args["end"] = period["start"], period["end"]
        return {"name": "propose_delete_transaction", "args": args} if args else None
    return None
