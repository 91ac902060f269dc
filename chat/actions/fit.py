"""Does a turn's handling of a request to act (or of data Moneta lacks) fit the question? The same check for the
offline model and an LLM: the question is read by the offline action reader and compared with the action tools
that ran. A change proposed for a question that asked for none, a request to act answered without a proposal,
or a proposal whose figures differ from the request lowers confidence; so a weak model's wrong tool calls come out
low, never "high". An answer saying Moneta lacks the data is right but never "high" (capped at MISSING_CAP)."""
from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from chat.actions.intent import action_call
from chat.actions.missing import missing_data_call
from chat.actions.tools import PROPOSE_TOOLS
from chat.actions.verbs import looks_like_request
from chat.balances import BALANCE_TOOLS
from chat.context import understand

MISSING_CAP = 0.6  # above the escalation threshold (0.4): no noise in the queue for an honest "I have no access to that"
KEY_ARGS = {"propose_create_jar": ("monthly_budget",), "propose_set_jar_budget": ("jar", "amount", "change"), "propose_set_budget": ("category", "amount"),
            "propose_set_category": ("category", "start", "end"), "amend_pending_action": ("amount", "name", "category"), "propose_add_transaction": ("amount",),
            # the period a request gives, and "all" of it: deleting every Chipotle when August was said is not high
            "propose_delete_transaction": ("start", "end", "all_matching")}


def _same(a: Any, b: Any) -> bool:
    try:
        return abs(Decimal(str(a))) == abs(Decimal(str(b)))
    except (InvalidOperation, ValueError):
        return str(a or "").strip().lower() == str(b or "").strip().lower()


def action_fit(*, question: str, recorder: Any, ctx: Any) -> tuple[float, list[str], float | None]:
    """(confidence penalty, reasons, cap or None)."""
    records = list(recorder.tool_records)
    proposals = [r for r in records if r.name in PROPOSE_TOOLS]
    expected = None
    if getattr(ctx, "vocab", None) is not None and (proposals or looks_like_request(question)):
        expected = action_call(question, understand(question, ctx), ctx)
    penalty, reasons, cap = 0.0, [], None
    if proposals and (expected is None or expected["name"] not in PROPOSE_TOOLS):
        penalty += 0.5
        reasons.append("a change was proposed but the question did not ask for one")
    elif expected is not None and expected["name"] in PROPOSE_TOOLS:
        same_tool = [r for r in proposals if r.name == expected["name"]]
        if not proposals:
            penalty += 0.5
            reasons.append(f"the question asks for a change ({expected['name']}) but none was proposed")
        elif not same_tool:
            penalty += 0.5
            reasons.append(f"the question asks for {expected['name']} but {proposals[0].name} was proposed")
        else:
            args = same_tool[-1].arguments or {}
            for key in KEY_ARGS.get(expected["name"], ()):
                want = expected["args"].get(key)
                if want not in (None, "", 0) and not _same(args.get(key), want):
                    penalty += 0.4
                    reasons.append(f"the proposal's {key} ({args.get(key)!r}) differs from the request ({want!r})")
                    break
    # a change asked for that was not made: Moneta can't do it ("cancel my Netflix": the steps in the app), or the
    # proposal found nothing to change. Said plainly, right, but never "high": the request itself was not carried out
    unable = [r for r in records if r.name == "explain_unavailable_action" and not r.error]
    refused = [r for r in proposals if isinstance(r.result, dict) and r.result.get("proposed") is False]
    if unable or refused:
        cap = MISSING_CAP
        reasons.append("Moneta can't do what was asked; the answer gives the steps in the app" if unable else
                       f"the change asked for was not proposed ({(refused[0].result or {}).get('problem') or 'nothing to change'})")
    # "I have no access to that": the capability check, or a balance tool for a user whose accounts carry no balance
    missing = [r for r in records if isinstance(r.result, dict) and r.result.get("available") is False
               and r.result.get("topic")]
    answered = any(r.name in BALANCE_TOOLS and not r.error for r in records)
    if missing:
        cap = MISSING_CAP
        reasons.append(f"Moneta does not have the data this needs ({missing[0].result.get('topic')})")
    elif missing_data_call(question) is not None and not proposals and not answered:
        penalty += 0.4
        reasons.append("the question needs data Moneta does not have, and the answer did not say so")
    # a tool whose figures are shaky (thin data, irregular income: chat/affordability.py) says how far to trust it
    shaky = [r.result for r in records if isinstance(r.result, dict) and r.result.get("confidence_cap") is not None]
    for result in shaky:
        cap = min(cap if cap is not None else 1.0, float(result["confidence_cap"]))
        reasons.extend(str(c) for c in result.get("caveats") or [])
    return penalty, reasons, cap
