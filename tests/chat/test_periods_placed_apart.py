"""Periods placed by words said apart from them (issue 21 kind 3), through chat_turn: a period restated more widely
in the same turn, a season glossed by its months, a month and its year in different clauses, "since my last payday"
from the user's own pay, and "a normal month of X for me" over the months they say."""
from __future__ import annotations

import calendar

import pytest
from django.utils import timezone

from chat.services import chat_turn
from tests.chat.conftest import confident, last_args, months_back

pytestmark = pytest.mark.django_db


def _span(answer: dict) -> tuple[str, str]:
    args = last_args(answer)
    return args["start"], args["end"]


def test_a_holiday_restated_as_a_whole_month_is_that_month_of_its_year(chat_demo, alice, alice_money):
    year = timezone.localdate().year - 1
    answer = chat_turn(user=alice, message="what did i spend over xmas last year, and i mean all of december")
    assert len(answer["tool_calls"]) == 1, answer["tool_calls"]
    assert _span(answer) == (f"{year}-12-01", f"{year}-12-31"), last_args(answer)


def test_a_season_glossed_by_its_months_is_one_total(chat_demo, alice, alice_money):
    today = timezone.localdate()
    year = today.year if today.month >= 3 else today.year - 1
    end = min(today.isoformat(), f"{year}-05-31")
    answer = chat_turn(user=alice, message="groceries in the spring, that is march, april and may")
    assert len(answer["tool_calls"]) == 1 and "compare" not in str(last_args(answer)), answer["tool_calls"]
    assert _span(answer) == (f"{year}-03-01", end), last_args(answer)


def test_a_month_and_its_year_said_in_different_clauses_are_one_month(chat_demo, alice, alice_money):
    year = timezone.localdate().year - 1
    for said in ("how much did uber cost in december? that was last year", "last year, what went on dining in december"):
        answer = chat_turn(user=alice, message=said)
        assert _span(answer) == (f"{year}-12-01", f"{year}-12-31"), (said, last_args(answer))
        assert "last year" not in answer["answer"].lower(), answer["answer"]  # no words left unread


def test_since_my_last_payday_runs_from_their_last_pay_to_today(chat_demo, alice, alice_money, bob, bob_money):
    today = timezone.localdate()
    answer = chat_turn(user=alice, message="how much have I spent since my last payday?")
    # alice is paid on the 1st of each month (tests/chat/conftest.statement_csv)
    assert _span(answer) == (months_back(0).isoformat(), today.isoformat()), last_args(answer)
    assert confident(alice, answer), answer


def test_since_payday_without_any_pay_is_not_a_confident_answer(chat_demo, user_factory):
    from tests.statements import csv_bytes
    from transactions.services import transactions_import

    carol = user_factory("carol")
    today = timezone.localdate()
    transactions_import(user=carol, file_name="carol.csv", content=csv_bytes([
        (today, "STARBUCKS STORE #1234 SEATTLE", "-5.75", "Dining")]))
    answer = chat_turn(user=carol, message="how much have I spent since my last payday?")
    assert not confident(carol, answer), answer


def test_a_normal_month_of_a_category_for_me_is_their_monthly_average(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="what's a normal month of dining for me? go off the last 3")
    args = last_args(answer)
    assert args.get("measure") == "monthly_average" and args.get("months") == 3, answer["tool_calls"]
    first = months_back(3)
    last = months_back(1)
    assert f"{calendar.month_name[first.month]}" in answer["answer"] or first.strftime("%Y-%m") in answer["answer"], \
        answer["answer"]
    assert last.strftime("%Y-%m") in answer["answer"], answer["answer"]


def test_bills_each_month_going_by_months_said_is_their_monthly_average(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="what do i need each month for rent and bills, going by the last 2 months")
    assert [c["name"] for c in answer["tool_calls"]] != ["list_subscriptions"], answer["tool_calls"]
    assert "$1,400.00 a month on average" in answer["answer"], answer["answer"]
    listing = chat_turn(user=alice, message="what bills do i pay each month")
    assert [c["name"] for c in listing["tool_calls"]] == ["list_subscriptions"], listing["tool_calls"]
