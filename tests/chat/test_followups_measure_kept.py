"""Follow-ups that keep the subject and change the measure (issue 21, follow area): "an N-month average" is an average
per month over N full months — never the average purchase — asked fresh or after another answer about the same
subject; one more period said with two compared joins them when they are added up. Through chat_turn on the chat
fixture statement (Whole Foods 96.40 and Amazon 18.50 in Groceries, 76.00 of dining each month)."""
from __future__ import annotations

from datetime import timedelta

import pytest

from tests.chat.conftest import answer_body as _body
from tests.chat.conftest import confident, talk
from tests.chat.conftest import last_args as _args
from tests.chat.conftest import months_back as _month

pytestmark = pytest.mark.django_db


def test_a_later_n_month_average_keeps_the_subject_and_averages_per_month(chat_demo, alice, alice_money):
    first, later = talk(alice, "what did groceries cost me a month over the last three months", "and the 4-month average?")
    assert _args(first)["measure"] == "monthly_average" and _args(first)["months"] == 3
    args = _args(later)
    assert args["measure"] == "monthly_average" and args["months"] == 4, later["tool_calls"]
    assert args.get("category") == "Groceries" or args.get("categories") == ["Groceries"], later["tool_calls"]
    assert "a month" in later["answer"] and "average purchase" not in later["answer"], later["answer"]
    assert confident(alice, later), later["grounding"]


def test_a_fresh_n_month_average_is_per_month_over_that_many_months(chat_demo, alice, alice_money):
    answer = talk(alice, "whats my two month avg for dining")[-1]
    assert _args(answer)["measure"] == "monthly_average" and _args(answer)["months"] == 2, answer["tool_calls"]
    assert confident(alice, answer), answer["grounding"]


def test_an_average_per_purchase_over_months_stays_a_purchase_average(chat_demo, alice, alice_money):
    answer = talk(alice, "average purchase at whole foods over the last 3 months")[-1]
    assert _args(answer)["measure"] == "average", answer["tool_calls"]


def test_an_n_month_average_with_words_not_understood_is_not_confident(chat_demo, alice, alice_money):
    answer = talk(alice, "groceries per month over the last 3 months", "and the 5 month average, only the weird ones")[-1]
    assert _args(answer)["months"] == 5 and not confident(alice, answer), answer["answer"]


def test_one_more_month_joins_the_two_compared_and_all_are_added_up(chat_demo, alice, alice_money):
    first = f"dining in {_month(2):%B} vs {_month(1):%B}"
    answer = talk(alice, first, f"and {_month(3):%B} as well, sum all three together")[-1]
    args = _args(answer)
    assert args["measure"] == "total" and args["start"] == _month(3).isoformat(), answer["tool_calls"]
    assert args["end"] == (_month(0) - timedelta(days=1)).isoformat(), answer["tool_calls"]
    assert "$228.00" in _body(answer), answer["answer"]  # 76.00 of dining in each of the three months
    assert confident(alice, answer), answer["grounding"]


def test_adding_up_more_periods_than_were_shown_is_not_confident(chat_demo, alice, alice_money):
    first = f"dining in {_month(2):%B} vs {_month(1):%B}"
    answer = talk(alice, first, f"and {_month(3):%B} as well, sum all five together")[-1]
    assert not confident(alice, answer), answer["answer"]
