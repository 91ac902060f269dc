"""Issue 21 kinds 2–4, the wordings of an older British user through chat_turn on the chat fixture statement
(tests/chat/conftest.py): the other half of a year after one half, range ends said as "today" or "through to",
British everyday words for bills and money, and a currency's worth, which Moneta does not have."""
from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.utils import timezone

from tests.chat.conftest import confident, last_args, month_start, talk

pytestmark = pytest.mark.django_db


def test_the_other_half_after_one_half_of_a_year_is_its_twin(chat_demo, alice, alice_money):
    year = timezone.localdate().year - 1
    answers = talk(alice, "what went on uber in the first half of last year", "and over the second half?")
    assert last_args(answers[-1])["start"] == date(year, 7, 1).isoformat(), answers[-1]["tool_calls"]
    assert last_args(answers[-1])["end"] == date(year, 12, 31).isoformat(), answers[-1]["tool_calls"]


def test_the_second_half_of_the_year_after_a_month_is_of_that_year(chat_demo, alice, alice_money):
    year = timezone.localdate().year - 1
    answers = talk(alice, f"netflix in march {year}", "and in the second half of the year?")
    assert (last_args(answers[-1])["start"], last_args(answers[-1])["end"]) == \
        (date(year, 7, 1).isoformat(), date(year, 12, 31).isoformat()), answers[-1]["tool_calls"]
    # a half of the last period itself stays a part of it
    part = talk(alice, f"netflix in the first half of {year}", "just the second half of that")[-1]
    assert (last_args(part)["start"], last_args(part)["end"]) == \
        (date(year, 4, 1).isoformat(), date(year, 6, 30).isoformat()), part["tool_calls"]


def test_where_the_money_went_with_the_places_ranked_said_after(chat_demo, alice, alice_money):
    month = f"{month_start(timezone.localdate(), 1):%B}"
    answers = talk(alice, f"Where did all my money go in {month}? The biggest two shops, say.", "and the next two?")
    first, after = last_args(answers[0]), last_args(answers[1])
    assert (first["measure"], first.get("limit")) == ("top_merchants", 2), answers[0]["tool_calls"]
    assert confident(alice, answers[0]), answers[0]["answer"]  # "go in <month>" asks no money in
    assert "say" not in str(answers[0]["understanding"].get("not_understood")), answers[0]["understanding"]
    assert (after["measure"], after.get("offset")) == ("top_merchants", 2), answers[1]["tool_calls"]
    alone = talk(alice, "where's my money gone this year? top three places will do")[-1]
    assert (last_args(alone)["measure"], last_args(alone).get("limit")) == ("top_merchants", 3), alone["tool_calls"]


def test_a_range_ending_today_said_with_between_and_or_through_to(chat_demo, alice, alice_money):
    today = timezone.localdate()
    start = month_start(today, 2)
    between = talk(alice, f"what did netflix take between the 1st of {start:%B} and today?")[-1]
    assert (last_args(between)["start"], last_args(between)["end"]) == (start.isoformat(), today.isoformat()), \
        between["tool_calls"]
    assert "today" not in str(between["understanding"].get("not_understood")), between["understanding"]
    through = talk(alice, f"starbucks from {start:%B} right through to today")[-1]
    assert (last_args(through)["start"], last_args(through)["end"]) == (start.isoformat(), today.isoformat()), \
        through["tool_calls"]


def test_months_joined_by_through_to_are_one_span(chat_demo, alice, alice_money):
    year = timezone.localdate().year - 1
    answer = talk(alice, f"whole foods from february through to april {year}")[-1]
    assert (last_args(answer)["start"], last_args(answer)["end"]) == \
        (date(year, 2, 1).isoformat(), date(year, 4, 30).isoformat()), answer["tool_calls"]


def test_two_months_said_one_then_the_other_are_each_figured(chat_demo, alice, alice_money):
    first, second = month_start(timezone.localdate(), 2), month_start(timezone.localdate(), 1)
    answer = talk(alice, f"uber in {first:%B}, and then in {second:%B}?")[-1]
    sides = last_args(answer).get("sides") or []
    assert [s["start"] for s in sides] == [first.isoformat(), second.isoformat()], answer["tool_calls"]


def test_british_words_for_services_and_places_to_eat(chat_demo, alice, alice_money):
    telly = talk(alice, "what does the telly subscription cost me over a year?")[-1]
    args = last_args(telly)
    assert "Netflix" in str(telly["answer"]) and args["start"] == (
        timezone.localdate().replace(year=timezone.localdate().year - 1) + timedelta(days=1)).isoformat(), telly
    assert not telly["understanding"].get("not_understood"), telly["understanding"]
    pub = talk(alice, "what did the pub lunches come to last month?")[-1]
    assert last_args(pub).get("categories") == ["Dining"], pub["tool_calls"]
    fares = talk(alice, "bus and train fares this year")[-1]
    assert "Transport" in str(last_args(fares).get("categories")), fares["tool_calls"]


def test_british_money_words_bound_the_amount(chat_demo, alice, alice_money):
    tenner = talk(alice, "amazon orders over a tenner last month")[-1]
    assert float(last_args(tenner)["amount_min"]) == 10, tenner["tool_calls"]
    pounds = talk(alice, "starbucks under 6 pounds last month")[-1]
    assert float(last_args(pounds)["amount_max"]) == 6, pounds["tool_calls"]
    assert not pounds["understanding"].get("not_understood"), pounds["understanding"]


def test_one_currency_against_another_is_a_rate_moneta_does_not_have(chat_demo, alice, alice_money):
    # "pounds" after a number is a currency of an amount; the pound's worth against the dollar is a market rate
    for question in ("How much will the pound be worth against the dollar by next autumn?",
                     "where's the euro heading versus the pound?"):
        answer = talk(alice, question)[-1]
        money = {"search_transactions", "compare_spending", "analyze_merchant", "analyze_by_category"}
        assert not money & {c["name"] for c in answer["tool_calls"]}, answer["tool_calls"]
        assert "exchange rates" in answer["answer"], answer["answer"]


def test_a_cash_purchase_asked_popped_in_or_jotted_down_is_a_proposed_addition(chat_demo, alice, alice_money):
    for question in ("Paid the window cleaner eight quid in cash this morning. Could you pop it in?",
                     "a tenner on the raffle yesterday, in cash; would you jot it down please"):
        answer = talk(alice, question)[-1]
        actions = answer.get("pending_actions") or []
        assert [a["kind"] for a in actions] == ["transaction_add"], answer["answer"]
