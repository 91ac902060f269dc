"""What Moneta has and what it does not, through chat_turn: data it lacks is said plainly (not high, not
escalated); affordability and the share of pay kept are answered from the user's own figures, the arithmetic
shown and every number checkable against SQL."""
from __future__ import annotations

from decimal import Decimal

import pytest

from chat.services import chat_turn
from transactions.selectors import cash_flow_trend

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("question,topic", [
    ("what's my credit score?", "credit"),
    ("what's my current account balance", "balance"),
    ("how are my investments doing", "invest"),
    ("how much did my wife spend last month", "your own data"),
])
def test_missing_data_is_said_plainly_at_medium_confidence(chat_demo, alice, alice_money, question, topic):
    answer = chat_turn(user=alice, message=question)
    assert answer["tools_used"] == ["check_data_available"], answer["tools_used"]
    assert answer["answer"].startswith("I can't see that") and topic in answer["answer"].lower()
    assert "I can " in answer["answer"]  # what it can do instead
    assert 0.4 <= answer["confidence"] < 0.75 and not answer["escalated"], answer["grounding"]


@pytest.mark.parametrize("question", ["what is a credit score?", "what actually affects my credit score?"])
def test_concept_question_about_credit_scores_still_goes_to_knowledge(chat_demo, alice, alice_money, question):
    answer = chat_turn(user=alice, message=question)
    assert "check_data_available" not in answer["tools_used"]


def _usual(alice) -> tuple[Decimal, Decimal]:
    rows = [r for r in cash_flow_trend(user=alice, months=3)["rows"] if not r["partial"]][-3:]
    income = (sum(Decimal(str(r["income"])) for r in rows) / len(rows)).quantize(Decimal("0.01"))
    spent = (sum(Decimal(str(r["spent"])) for r in rows) / len(rows)).quantize(Decimal("0.01"))
    return income, spent


def test_affordability_shows_the_arithmetic(chat_demo, alice, alice_money):
    income, spent = _usual(alice)
    answer = chat_turn(user=alice, message="can I afford a $900 sofa next month?")
    assert answer["tools_used"] == ["check_affordability"]
    text = answer["answer"].replace(",", "")
    left = income - spent
    for figure in (income, spent, left, Decimal("900.00"), left - 900):
        assert f"{abs(figure):.2f}" in text, (figure, text)
    assert ("Yes" in text) == (left >= 900)
    assert "(unverified)" not in answer["answer"] and answer["confidence"] >= 0.5


def test_share_of_pay_kept_and_needs_on_a_given_income(chat_demo, alice, alice_money):
    income, spent = _usual(alice)
    answer = chat_turn(user=alice, message="how much of my pay did I keep?")
    assert answer["tools_used"] == ["income_breakdown"]
    kept = income - spent
    pct = (kept / income * 100).quantize(Decimal("0.1"))
    assert f"{kept:,.2f}" in answer["answer"] and f"{pct}%" in answer["answer"], answer["answer"]

    answer = chat_turn(user=alice, message="on 3k a month what goes to needs?")
    assert answer["tools_used"] == ["income_breakdown"]
    assert answer["answer"].startswith("Needs (") and "$3,000.00" in answer["answer"] and "Rent" in answer["answer"]
