"""Issue 21 kind 3 through chat_turn: periods the words around them join into one. Dates given as a restatement of
a named period ("over the holidays, say from …") are the period asked; "up until the end of <year>" is everything
until then, not that December; Vietnamese "từ ngày N tháng trước đến hôm nay" is from the Nth of last month to
today, not N months ago, and none of its words are left not understood. The chat fixture statement
(tests/chat/conftest.py): each month Starbucks 5.75 (day 3) + 6.25 (day 9), Whole Foods 96.40 (day 6)."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from chat.services import chat_turn
from tests.chat.conftest import confident, first_args, month_start

pytestmark = pytest.mark.django_db


def test_dates_given_as_a_restatement_override_the_season(chat_demo, alice, alice_money):
    today = timezone.localdate()
    first, second = month_start(today, 2), month_start(today, 1)
    answer = chat_turn(user=alice, message=f"starbucks over the holidays, let's say from {first:%B} 4th to "
                                           f"{second:%B} 8th {second.year}")
    args = first_args(answer)
    assert (args["start"], args["end"]) == (first.replace(day=4).isoformat(), second.replace(day=8).isoformat()), args
    assert "$12.00" in answer["answer"], answer["answer"]  # 6.25 on the 9th of the first, 5.75 on the 3rd of the next
    assert not answer["understanding"]["not_understood"], answer["understanding"]


def test_up_until_the_end_of_a_year_is_everything_until_then(chat_demo, alice, alice_money):
    today = timezone.localdate()
    answer = chat_turn(user=alice, message=f"whole foods up until the end of {today.year}, how much altogether?")
    args = first_args(answer)
    assert args["end"] == today.isoformat() and args["start"] < month_start(today, 3).isoformat(), args
    assert "$385.60" in answer["answer"], answer["answer"]  # the four months of the statement, not December alone
    assert confident(alice, answer)


@pytest.mark.parametrize("said", ["Whole Foods từ ngày 7 tháng trước đến hôm nay",
                                  "whole foods tu ngay 7 thang truoc den hom nay"])
def test_a_day_of_last_month_to_today_in_vietnamese(chat_demo, alice, alice_money, said):
    today = timezone.localdate()
    answer = chat_turn(user=alice, message=said)
    args = first_args(answer)
    assert (args["start"], args["end"]) == (month_start(today, 1).replace(day=7).isoformat(), today.isoformat()), args
    assert "96,40" in answer["answer"] or "96.40" in answer["answer"], answer["answer"]  # this month's only
    assert not answer["understanding"]["not_understood"], answer["understanding"]
    assert confident(alice, answer)


def test_months_counted_back_from_a_month_named(chat_demo, alice, alice_money):
    today = timezone.localdate()
    first, last = month_start(today, 2), month_start(today, 1)
    answer = chat_turn(user=alice, message=f"whole foods for the two months ending {last:%B}")
    args = first_args(answer)
    assert (args["start"], args["end"]) == (first.isoformat(), (month_start(today, 0) - timedelta(days=1)).isoformat()), args
    assert "$192.80" in answer["answer"], answer["answer"]  # both months, not the one named alone


def test_a_day_said_as_an_ordinal_word_starts_a_range(chat_demo, alice, alice_money):
    today = timezone.localdate()
    first, last = month_start(today, 2), month_start(today, 1)
    answer = chat_turn(user=alice, message=f"whole foods from the first of {first:%B} till the 5th of {last:%B}")
    args = first_args(answer)
    assert (args["start"], args["end"]) == (first.isoformat(), last.replace(day=5).isoformat()), args
    assert "$96.40" in answer["answer"], answer["answer"]  # the 6th of the first month only
