"""The offline router's two readings of a question (the nearest exemplars' intent and the grammar's route) are a typed
field of the turn context, `TurnContext.routed` (chat/context.RouterReading), set by the router and read by the
confidence checks (chat/answer_fit._readings_disagree, chat/subject_kept.followup_left_unanswered) — not a dict
left in `ctx.timings`. On the LLM path no router runs and neither check has a second reading to use."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from chat.answer_fit import _readings_disagree
from chat.context import RouterReading, TurnContext
from chat.offline.router import route
from chat.subject_kept import followup_left_unanswered

pytestmark = pytest.mark.django_db
NO_TOOLS = SimpleNamespace(tool_records=[])  # a turn answered with no tool at all
AFTER_MONEY = {"previous_family": "money", "previous_query": {"categories": ["Dining"], "measure": "total"}}


def test_the_router_sets_its_readings_on_the_context():
    ctx = TurnContext(categories=["Dining", "Groceries"], merchants=["Starbucks"])
    route("how much did I spend at starbucks last month", ctx)
    assert isinstance(ctx.routed, RouterReading), ctx.routed
    assert ctx.routed.route == "money" and ctx.routed.family == "money" and 0 < ctx.routed.score <= 1, ctx.routed
    assert "classifier" not in ctx.timings


def test_a_short_decline_after_a_money_answer_is_doubtful_when_the_exemplars_read_a_question():
    ctx = TurnContext(**AFTER_MONEY, routed=RouterReading(intent="spend_amount", score=0.7, family="money",
                                                          route="out_of_scope"))
    assert followup_left_unanswered("and the month before the summer", NO_TOOLS, ctx)
    # read as off-topic both ways: a plain decline
    off = TurnContext(**AFTER_MONEY, routed=RouterReading(intent="out_of_scope", score=0.7, family="none",
                                                          route="out_of_scope"))
    assert not followup_left_unanswered("who won the game", NO_TOOLS, off)
    # the readings come from the typed field only: a dict left in the timings is no reading
    stale = TurnContext(**AFTER_MONEY, timings={"classifier": {"intent": "spend_amount", "route": "out_of_scope"}})
    assert not followup_left_unanswered("who won the game", NO_TOOLS, stale)


def test_two_readings_that_point_at_different_sources_make_an_answer_doubtful():
    ctx = TurnContext(routed=RouterReading(intent="concept", score=0.8, family="knowledge", route="money"))
    assert "reads as knowledge by its wording but was answered from money" in _readings_disagree(ctx, "what is apr")
    unsure = TurnContext(routed=RouterReading(intent="concept", score=0.4, family="knowledge", route="money"))
    assert _readings_disagree(unsure, "what is apr") == ""
    assert _readings_disagree(TurnContext(), "what is apr") == ""  # no router ran (the LLM path)
