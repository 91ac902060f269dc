"""A turn that asks for the last answer again in plainer words (chat/restate.py): the same answer restated from its
own figures — the last money answer's query run again (its figures, not a new search of the knowledge base for the
words "explain it simply"), or, after any other answer, the question before asked again — and written short
(chat/restate.plain_restatement). A turn that names something of its own ("what does APR mean", "what does that
mean for my budget") is not one."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from chat.actions.tools import PROPOSE_TOOLS
from chat.context import TurnContext
from chat.offline.calls import money_calls
from chat.restate import asks_restatement
from transactions.query import MoneyQuery


def restate_plan(text: str, ctx: TurnContext, route_again: Callable[[str], Any]) -> tuple[list, list, Any] | None:
    """(intents, calls, query) restating the last answer, or None. After a money answer: its query run again; after
    another answer: the question before routed again (`route_again`), unless it was a request to change something
    (a second proposal card is no restatement)."""
    if not asks_restatement(text):
        return None
    if ctx.previous_family == "money" and ctx.previous_query:
        lean = MoneyQuery.from_dict(ctx.previous_query)
        lean.followup = True
        ctx.understood = lean.as_dict()
        return [("restate", 1.0, text)], money_calls(lean), lean
    if ctx.previous_family == "other" and ctx.previous_asked and not asks_restatement(ctx.previous_asked):
        plan = route_again(ctx.previous_asked)
        if not plan.calls or any(c["name"] in PROPOSE_TOOLS for c in plan.calls):
            return None
        return [("restate", 1.0, text), *plan.intents], plan.calls, plan.query
    return None
