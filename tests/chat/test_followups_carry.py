"""Short follow-ups that carry the last answer's subject, period or rows (issue 21, kind 4), through chat_turn, on the
chat fixture statement (each month: Whole Foods 96.40, Amazon 42.99 + 18.50, The Good Plate 64.00, Starbucks 5.75 +
6.25, Uber 23.10, Netflix 15.49, rent 1400). Each turn here lost the subject or the period, or went to knowledge
search, before the edit it tests."""
from __future__ import annotations

import pytest
from django.utils import timezone

from tests.chat.conftest import answer_body, confident, last_args, months_back, talk

pytestmark = pytest.mark.django_db


def test_a_name_added_to_the_last_answer_in_a_long_turn_joins_it(chat_demo, alice, alice_money):
    _, joined = talk(alice, "how much went to Uber last month?",
                     "Add the Netflix to that, would you? My partner signs up for everything going.")
    assert "$38.59" in answer_body(joined), joined["answer"]  # Uber 23.10 + Netflix 15.49, last month only
    _, thrown = talk(alice, "what did Uber cost me last month", "throw in Netflix as well")
    assert "$38.59" in answer_body(thrown) and confident(alice, thrown), thrown["answer"]


def test_there_keeps_the_last_period(chat_demo, alice, alice_money):
    _, there = talk(alice, "Whole Foods last month?", "how many times did I shop there")
    assert "1 purchase" in answer_body(there), there["answer"]  # last month's one visit, not every month's
    assert last_args(there).get("start", "").startswith(months_back(1).isoformat()[:7]) \
        or months_back(1).isoformat() in str(last_args(there)), last_args(there)


def test_the_money_of_a_largest_purchases_shop_that_month(chat_demo, alice, alice_money):
    _, overall = talk(alice, "biggest Amazon purchase last month?", "and what did I spend there overall that month")
    assert "$61.49" in answer_body(overall) and confident(alice, overall), overall["answer"]


def test_what_counted_rows_came_to_and_how_many_rows_a_total_was(chat_demo, alice, alice_money):
    _, came = talk(alice, "how many times did I go to Starbucks last month?", "Ok. And what did all those visits come to?")
    assert "$12.00" in answer_body(came) and confident(alice, came), came["answer"]
    _, many = talk(alice, "what did The Good Plate cost last month?", "and how many dinners was that, the scoundrel?")
    body = answer_body(many)
    assert "1 purchase" in body and "$64.00" in body, many["answer"]  # not every Dining purchase
    assert not confident(alice, many), many["answer"]  # "scoundrel" was not read, and the answer says so


def test_the_two_last_named_in_an_ordinary_month(chat_demo, alice, alice_money):
    _, typical = talk(alice, "Uber plus Netflix last month, together",
                      "What do the pair of them run me in an ordinary month, going by the last two?")
    assert last_args(typical).get("measure") == "monthly_average" or "a month on average" in typical["answer"], \
        typical["answer"]
    assert "$38.59" in answer_body(typical) and "knowledge" not in typical["answer"].lower(), typical["answer"]


def test_per_month_on_average_after_a_count_gives_the_money(chat_demo, alice, alice_money):
    _, average = talk(alice, "how many Starbucks visits in the past 3 months", "so per month on average?")
    assert "$12.00" in answer_body(average) and "a month" in answer_body(average), average["answer"]


def test_from_then_until_now(chat_demo, alice, alice_money):
    _, since = talk(alice, f"what did Netflix cost in {months_back(2):%B}?", "and from then until now, all together?")
    args = last_args(since)
    assert months_back(2).isoformat() in str(args) and timezone.localdate().isoformat() in str(args), args
    assert confident(alice, since), since["answer"]


def test_all_told_is_how_it_is_said(chat_demo, alice, alice_money):
    _, told = talk(alice, "Uber last month", "and the month before, all told?")
    assert "$23.10" in answer_body(told) and "“told”" not in told["answer"], told["answer"]  # no search for "told"
    assert confident(alice, told), told["answer"]
