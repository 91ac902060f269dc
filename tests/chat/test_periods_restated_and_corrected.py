"""Periods said twice in one turn: a named stretch restated as "so all of <month>", days given after a month and a
comma ("october, 1st thru 5th"), and a correction after "actually wait," — each is the period answered."""
from __future__ import annotations

import calendar
from datetime import timedelta

import pytest

from chat.services import chat_turn
from tests.chat.conftest import last_args, months_back

pytestmark = pytest.mark.django_db


def test_days_after_a_month_and_a_comma_are_days_of_that_month(chat_demo, alice, alice_money, bob):
    first = months_back(1)
    answer = chat_turn(user=alice, message=f"what did i spend in {first:%B}, 1st thru 5th")
    args = last_args(answer)
    assert (args["start"], args["end"]) == (f"{first:%Y-%m}-01", f"{first:%Y-%m}-05"), args
    # rent 1,400.00 + Starbucks 5.75 + Amazon 42.99 on the 2nd, 3rd and 5th
    assert "$1,448.74" in answer["answer"], answer["answer"]
    assert "$1,448.74" not in chat_turn(user=bob, message=f"what did i spend in {first:%B}, 1st thru 5th")["answer"]


def test_a_correction_after_actually_wait_replaces_the_month(chat_demo, alice, alice_money):
    said, meant = months_back(2), months_back(1)
    answer = chat_turn(user=alice, message=f"spending in {said:%B}, actually wait, {meant:%B}")
    args = last_args(answer)
    assert args["start"] == f"{meant:%Y-%m}-01", args
    assert "$1,672.48" in answer["answer"], answer["answer"]


def test_a_named_stretch_restated_as_all_of_a_month_is_that_month(chat_demo, alice, alice_money):
    meant = months_back(1)
    last_day = calendar.monthrange(meant.year, meant.month)[1]
    answer = chat_turn(user=alice, message=f"the holidays last year, so all of {meant:%B %Y}, what did i spend total?")
    args = last_args(answer)
    assert (args["start"], args["end"]) == (f"{meant:%Y-%m}-01", f"{meant:%Y-%m}-{last_day:02d}"), args
    assert "$1,672.48" in answer["answer"], answer["answer"]


def test_months_before_this_one_are_the_full_months_before_it(chat_demo, alice, alice_money):
    first, last = months_back(3), months_back(0) - timedelta(days=1)
    args = last_args(chat_turn(user=alice, message="how much in the 3 months before this one on dining"))
    assert (args["start"], args["end"]) == (first.isoformat(), last.isoformat()), args


def test_a_holiday_time_glossed_with_like_is_the_month_said(chat_demo, alice, alice_money):
    meant = months_back(1)
    last_day = calendar.monthrange(meant.year, meant.month)[1]
    answer = chat_turn(user=alice, message=f"christmas time last year like {meant:%B %Y} how much did i spend total")
    args = last_args(answer)
    assert (args["start"], args["end"]) == (f"{meant:%Y-%m}-01", f"{meant:%Y-%m}-{last_day:02d}"), args


@pytest.mark.parametrize("said", [
    "whole foods in {a:%B} or {b:%B}, doesn't matter, say the last 2 months",
    "whole foods {a:%B} or {b:%B}, whatever, just do the past 2 months",
    "whole foods for {a:%B} or {b:%B}, I mean the last two months",
])
def test_a_period_said_after_a_shrug_replaces_every_choice_offered(chat_demo, alice, alice_money, said):
    # "march or april, doesn't matter, say the last 2 months": never "march" joined to the last 2 months, nor a
    # comparison of one shrugged-off month with them
    from django.utils import timezone
    today = timezone.localdate()
    answer = chat_turn(user=alice, message=said.format(a=months_back(4), b=months_back(3)))
    args = last_args(answer)
    assert answer["tool_calls"][-1]["name"] == "search_transactions", answer["tool_calls"]
    assert args["end"] == today.isoformat() and args["start"] > f"{months_back(3):%Y-%m}-31", args
