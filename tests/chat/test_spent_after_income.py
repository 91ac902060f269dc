"""After an answer about money that came in, a thing of theirs named with a verb of money going out ("And what did
the rent take?") is what went out on it — never "$0.00 received on Rent" at high confidence. Through chat_turn."""
from __future__ import annotations

import pytest

from tests.chat.conftest import talk

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("then", ["And what did the rent take?", "and what did rent cost me?"])
def test_a_thing_named_with_a_verb_of_spending_after_income_is_money_out(chat_demo, alice, alice_money, then):
    income, rent = talk(alice, "How much came in for me last month?", then)
    assert "$3,200.00" in income["answer"], income["answer"]
    assert "$1,400.00" in rent["answer"], rent["answer"]
    assert all((c.get("arguments") or {}).get("direction") != "in" for c in rent["tool_calls"]), rent["tool_calls"]


def test_income_from_a_source_stays_income(chat_demo, alice, alice_money):
    _, again = talk(alice, "How much came in for me last month?", "and the month before?")
    assert "$3,200.00" in again["answer"], again["answer"]


def test_what_everything_else_came_to_after_a_ranking_is_the_total(chat_demo, alice, alice_money):
    _, rest = talk(alice, "What were my three largest categories of spending last month?",
                   "Leaving the rent out of it, what did everything else come to?")
    assert "$272.48" in rest["answer"], rest["answer"]  # last month's $1,672.48 out without the $1,400 rent


def test_what_was_kept_in_the_same_month_is_the_last_answers_month(chat_demo, alice, alice_money):
    _, kept = talk(alice, "How much came in for me last month?",
                   "And how much went out in the same month, everything included? I should like to know how much of "
                   "my pay I actually kept.")
    assert "$1,672.48" in kept["answer"] and "$3,200.00" in kept["answer"], kept["answer"]  # was: today's figures
