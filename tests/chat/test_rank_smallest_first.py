"""Issue 21 through chat_turn: rankings read from their small end, pay "at work", and the place of a ranking.

- "the 2 smallest categories", "bottom three shops", "which store did I spend the least at": the ranking sorted
  smallest-first (a field of the query down to the SQL), answered and confident — never the biggest ones;
- "at least $50" stays an amount, never a ranking from the bottom;
- "what did I earn at work": their pay, not a source called "work";
- "my number 2 shop": the "2" is the place ranked, used — the answer stays confident.
The chat fixture statement (tests/chat/conftest.py), each month: salary 3200.00, Rent 1400.00 (Oak St), Whole Foods
96.40, Good Plate 64.00, Amazon 42.99 + 18.50, Uber 23.10, Netflix 15.49 (Subscriptions), Starbucks 5.75 + 6.25."""
from __future__ import annotations

import pytest

from chat.services import chat_turn
from tests.chat.conftest import confident, first_line, last_args

pytestmark = pytest.mark.django_db


def test_smallest_categories_come_first(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="my two smallest spending categories last month?")
    line = first_line(answer)
    assert "Subscriptions ($15.49" in line and "Transport ($23.10" in line, answer["answer"]
    assert "Rent" not in line and "smallest" in line
    assert last_args(answer).get("smallest_first") is True
    assert confident(alice, answer)


def test_bottom_shops_and_the_least_one(chat_demo, alice, alice_money, bob, bob_money):
    answer = chat_turn(user=alice, message="bottom 2 merchants for last month")
    line = first_line(answer)
    assert line.index("Starbucks") < line.index("Netflix") and "12.00" in line, answer["answer"]
    assert "Oak St" not in line and confident(alice, answer)
    # bob: the one shop he spent least at last month — one place, and nothing of alice's
    least = chat_turn(user=bob, message="which store did I spend the least at last month")
    line = first_line(least)
    assert "Starbucks" in line and "12.00" in line and "Whole Foods" not in line, least["answer"]
    assert confident(bob, least)


def test_at_least_is_an_amount_not_a_ranking(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="which merchants got at least $50 from me last month")
    assert not last_args(answer).get("smallest_first"), answer["answer"]
    assert "didn't understand" not in answer["answer"], answer["answer"]


def test_pay_at_work_is_their_income(chat_demo, bob, bob_money):
    answer = chat_turn(user=bob, message="what did I earn at work last month")
    assert "3,200.00" in answer["answer"] and "no transactions" not in answer["answer"].lower(), answer["answer"]
    assert confident(bob, answer)


def test_a_numbered_place_is_a_number_used(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="what was my number 2 merchant last month")
    line = first_line(answer)
    assert "Whole Foods" in line and "96.40" in line, answer["answer"]
    assert confident(alice, answer)
