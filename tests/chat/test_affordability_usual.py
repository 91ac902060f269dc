"""Affordability and savings goals over the usual month: "going by what I usually spend" shows the usual spending
(all of it) beside the usual income; the number of months said is the baseline; a cost said as a rate ("3x a week
at $40") is a monthly cost with its arithmetic, never one payment."""
from __future__ import annotations

from decimal import Decimal

import pytest
from django.utils import timezone

from chat.services import chat_turn
from transactions.selectors.figures import expense_rows, income_rows, usual

pytestmark = pytest.mark.django_db


def _usual(user, months: int) -> tuple[Decimal, Decimal]:
    today = timezone.localdate()
    income = usual(income_rows(user=user), today=today, user=user, months=months, sign=1)["average"]
    spent = usual(expense_rows(user=user), today=today, user=user, months=months, sign=-1)["average"]
    return Decimal(str(income)).quantize(Decimal("0.01")), Decimal(str(spent)).quantize(Decimal("0.01"))


def test_affordability_going_by_the_usual_month_shows_the_usual_spending(chat_demo, alice, alice_money):
    income, spent = _usual(alice, 2)
    answer = chat_turn(user=alice, message="can i afford a $900 sofa next month going by what i usually spend? "
                                           "use the last 2 months as the baseline")
    call = answer["tool_calls"][0]
    assert call["name"] == "check_affordability" and call["arguments"].get("months") == 2, call
    assert "based_on" not in call["arguments"]  # the usual month, not those months' total
    text = answer["answer"]
    assert f"income ${income:,.2f}, spending ${spent:,.2f}" in text, text
    assert "(unverified)" not in text


def test_a_cost_said_as_a_rate_is_judged_a_month_with_its_arithmetic(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="can I afford a personal trainer 3x a week at $40?")
    call = answer["tool_calls"][0]
    assert call["name"] == "check_affordability", call
    assert (call["arguments"]["amount"], call["arguments"]["times"], call["arguments"]["per"]) == (40.0, 3, "week")
    assert "3 × $40.00 × 52 ÷ 12 = $520.00" in answer["answer"], answer["answer"]
    assert "**−** $520.00 — the purchase" in answer["answer"]


@pytest.mark.parametrize(("said", "monthly"), [("twice a month at $60", "2 × $60.00 = $120.00"),
                                                ("$5 a day", "$5.00 × 365 ÷ 12 = $152.08")])
def test_other_rates_are_monthly_costs(chat_demo, alice, alice_money, said, monthly):
    answer = chat_turn(user=alice, message=f"could I afford a habit of {said}?")
    assert monthly in answer["answer"], answer["answer"]


def test_a_savings_goal_said_before_the_question_uses_the_months_said(chat_demo, alice, alice_money):
    income, spent = _usual(alice, 2)
    answer = chat_turn(user=alice, message="want to save 6k for a car. going by my average spending over the last "
                                           "2 months, how many months would that take?")
    assert [c["name"] for c in answer["tool_calls"]] == ["income_breakdown"], answer["tool_calls"]
    assert answer["tool_calls"][0]["arguments"] == {"goal": 6000.0, "months": 2}
    assert f"after your usual spending of ${spent:,.2f}" in answer["answer"], answer["answer"]


def test_the_rule_named_is_explained_from_the_knowledge_base_beside_their_split(chat_demo, alice, alice_money,
                                                                                knowledge_docs):
    answer = chat_turn(user=alice, message="I take home about $5,400 a month. What would the 50/30/20 rule look "
                                           "like for me?")
    assert [c["name"] for c in answer["tool_calls"]] == ["income_breakdown", "search_knowledge_base"]
    assert "$2,700.00 (50%) to needs, $1,620.00 (30%) to wants and $1,080.00 (20%) to savings" in answer["answer"]
    assert any(c["corpus"] == "finance-education" for c in answer["citations"]), answer["citations"]
