"""Issue 21, "high confidence must mean right": chat/reading_signals_rows.py through chat_turn (the offline model). One
row asked ("the priciest single purchase") answered without picking out a row, and a period picked by a ranking ("in
the week I spent the most") answered without ranking weeks, come out below the escalation threshold with the reason
in words; the same measures asked plainly stay clear of those reasons.

Fixture statement: three months and this one of salary, rent, Starbucks and The Good Plate (Dining), Amazon (Shopping
and Groceries), Whole Foods (Groceries), Uber (Transport), Netflix (Subscriptions)."""
from __future__ import annotations

import pytest

from chat.reading_signals_rows import ONE_ROW_ASKED_RE, RANKED_PERIOD_RE
from chat.services import chat_turn
from tests.chat.conftest import confident, reasons, talk

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("text, asked", [
    ("and in the pricier month, what was the most expensive purchase?", True),
    ("my largest single charge there", True),
    ("what is my biggest expense category", False),
    ("which merchant was the biggest", False),
])
def test_one_row_asked(text, asked):
    assert bool(ONE_ROW_ASKED_RE.search(text)) is asked


@pytest.mark.parametrize("text, asked", [
    ("what did i buy at amazon in the week i spent the most", True),
    ("uber total during my priciest month", True),
    ("what did i spend the most on last month", False),
    ("in the month of may how much went on rent", False),
])
def test_a_period_picked_by_a_ranking(text, asked):
    assert bool(RANKED_PERIOD_RE.search(text)) is asked


def test_one_row_asked_after_a_comparison_answered_by_it_again_is_not_confident(chat_demo, alice, alice_money):
    _, later = talk(alice, "which was higher for dining, last month or the month before?",
                    "and in that month, what was the most expensive purchase?")
    measures = {call["arguments"].get("measure") for call in later["tool_calls"]}
    if measures & {"largest", "list"}:
        pytest.skip("a row was picked out")
    assert not confident(alice, later), reasons(later)
    assert "asks for one row" in reasons(later)


def test_the_largest_purchase_asked_plainly_has_no_such_reason(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="what was my most expensive purchase last month")
    assert "asks for one row" not in reasons(answer)
    assert confident(alice, answer), reasons(answer)


def test_a_period_picked_by_a_ranking_and_not_ranked_is_not_confident(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="how much went on Uber in the month I spent the most")
    assert not confident(alice, answer), reasons(answer)
