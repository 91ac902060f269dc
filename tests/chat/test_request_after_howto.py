"""Issue 21, kind 6: a request to act right after a how-to or concept answer is a request, not a follow-up to the
question before ("how do jars work?" → "cool, make me one for …"). Nothing changes until the user confirms."""
from __future__ import annotations

from decimal import Decimal

import pytest

from chat.services import chat_turn
from tests.chat.conftest import demo_docs
from transactions.models import Category, Jar

pytestmark = pytest.mark.django_db


@pytest.fixture
def pages(db):
    return demo_docs(education=("budgeting-methods.md", "budgeting-basics.md"),
                     help_pages=("budgets-by-month.md", "budget-suggestions.md"))


def _state(user) -> tuple:
    return (list(Jar.objects.filter(user=user).values_list("name", "monthly_budget")),
            list(Category.objects.filter(user=user).order_by("id").values_list("name", "monthly_budget")))


@pytest.mark.parametrize(("first", "request_", "tool"), [
    ("how do jars work in moneta?", "nice, make me one for eating out at $180 a month", "propose_create_jar"),
    ("how do budgets work here?", "ok set one up for groceries, 420 a month", "propose_set_budget"),
])
def test_a_request_after_a_howto_is_proposed_not_searched(chat_demo, alice, alice_money, bob, pages, first, request_,
                                                         tool):
    before, bob_before = _state(alice), _state(bob)
    conversation = chat_turn(user=alice, message=first)["conversation_id"]
    answer = chat_turn(user=alice, message=request_, conversation_id=conversation)
    assert answer["tools_used"] == [tool], answer["tool_calls"]
    # a proposal, not a knowledge answer: the only page cited is the help page of its "do it yourself" steps
    assert all(c["corpus"] == "moneta-help" for c in answer["citations"]), answer["answer"]
    assert len(answer.get("pending_actions") or []) == 1, answer
    amount = Decimal(next(iter(v for k, v in answer["pending_actions"][0]["params"].items()
                               if k in ("monthly_budget", "amount"))))
    assert amount in (Decimal(180), Decimal(420))
    assert _state(alice) == before and _state(bob) == bob_before  # nothing changes until confirmed
