"""Issue 21 kind 3 through chat_turn: dates written as numbers with dashes or dots and a year ("06-09-2025"), a day and
month alone that read only one way ("the 17/03"), "since starting of <month>" (learner English for "since the start
of"), and a start dated by a circumstance ("since we moved house on 9 March": from that day, the move is no subject).
The chat fixture statement (tests/chat/conftest.py): each month Starbucks 5.75 (day 3) + 6.25 (day 9), Uber 23.10
(day 8), Whole Foods 96.40 (day 6)."""
from __future__ import annotations

import pytest
from django.utils import timezone

from chat.services import chat_turn
from tests.chat.conftest import confident, first_args, month_start

pytestmark = pytest.mark.django_db


def test_a_day_first_date_with_dashes_and_its_year_is_that_day(chat_demo, alice, alice_money):
    day = month_start(timezone.localdate(), 2).replace(day=9)
    answer = chat_turn(user=alice, message=f"what did starbucks cost me on {day:%d-%m-%Y}")
    args = first_args(answer)
    assert (args["start"], args["end"]) == (day.isoformat(), day.isoformat()), args
    assert "$6.25" in answer["answer"], answer["answer"]
    assert confident(alice, answer)


def test_a_date_with_dots_starts_a_range_to_today(chat_demo, alice, alice_money):
    today = timezone.localdate()
    day = month_start(today, 2).replace(day=7)
    answer = chat_turn(user=alice, message=f"uber since {day:%d.%m.%Y}?")
    args = first_args(answer)
    assert (args["start"], args["end"]) == (day.isoformat(), today.isoformat()), args


def test_a_day_and_month_that_read_one_way_alone_is_that_day(chat_demo, alice, alice_money):
    day = month_start(timezone.localdate(), 3).replace(day=16)
    answer = chat_turn(user=alice, message=f"whole foods {day.day}/{day.month:02d}")
    args = first_args(answer)
    assert (args["start"], args["end"]) == (day.isoformat(), day.isoformat()), args


def test_around_the_clock_is_no_date(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="how much did I pay for my 24/7 gym")
    assert "start" not in first_args(answer) or first_args(answer)["start"] != first_args(answer).get("end"), first_args(answer)


def test_since_starting_of_a_month_runs_to_today(chat_demo, alice, alice_money):
    today = timezone.localdate()
    first = month_start(today, 2)
    answer = chat_turn(user=alice, message=f"how much on uber since starting of {first:%B}")
    args = first_args(answer)
    assert (args["start"], args["end"]) == (first.isoformat(), today.isoformat()), args
    assert confident(alice, answer)


def test_a_start_dated_by_a_circumstance_runs_from_that_day(chat_demo, alice, alice_money):
    today = timezone.localdate()
    day = month_start(today, 2).replace(day=5)
    answer = chat_turn(user=alice, message=f"since we moved house on {day.day} {day:%B} what went to whole foods")
    args = first_args(answer)
    assert (args["start"], args["end"]) == (day.isoformat(), today.isoformat()), args
    assert not answer["understanding"]["not_understood"], answer["understanding"]
    assert confident(alice, answer)


def _days_apart(month: int) -> tuple[int, int]:
    """Two days, both 12 or less and neither the month's own number: the date reads month/day or day/month."""
    return (2 if month != 2 else 3), (11 if month != 11 else 12)


def test_a_numeric_range_that_reads_two_ways_says_so_and_is_not_confident(chat_demo, alice, alice_money):
    first = month_start(timezone.localdate(), 3)
    a, b = _days_apart(first.month)
    answer = chat_turn(user=alice, message=f"whole foods from {first.month}/{a} to {first.month}/{b}")
    args = first_args(answer)
    assert (args["start"], args["end"]) == (first.replace(day=a).isoformat(), first.replace(day=b).isoformat()), args
    assert "$96.40" in answer["answer"], answer["answer"]
    assert "day/month" in answer["answer"], answer["answer"]
    assert not confident(alice, answer)


def test_a_range_whose_other_end_is_past_the_12th_reads_one_way(chat_demo, alice, alice_money):
    first = month_start(timezone.localdate(), 3)
    a, _ = _days_apart(first.month)
    answer = chat_turn(user=alice, message=f"whole foods from {first.month}/{a} to {first.month}/20")
    args = first_args(answer)
    assert (args["start"], args["end"]) == (first.replace(day=a).isoformat(), first.replace(day=20).isoformat()), args
    assert "day/month" not in answer["answer"], answer["answer"]
    assert confident(alice, answer)


def test_a_fiscal_year_is_read_as_the_calendar_year_and_says_so(chat_demo, alice, alice_money):
    today = timezone.localdate()
    answer = chat_turn(user=alice, message="uber this fiscal year")
    args = first_args(answer)
    assert (args["start"], args["end"]) == (today.replace(month=1, day=1).isoformat(), today.isoformat()), args
    assert "calendar year" in answer["answer"], answer["answer"]
    assert not answer["understanding"]["not_understood"], answer["understanding"]


def test_dates_said_to_be_day_first_are_read_day_first(chat_demo, alice, alice_money):
    first = month_start(timezone.localdate(), 3)
    a, b = _days_apart(first.month)
    answer = chat_turn(user=alice, message=f"whole foods from {a}/{first.month} to {b}/{first.month} (dd/mm)")
    args = first_args(answer)
    assert (args["start"], args["end"]) == (first.replace(day=a).isoformat(), first.replace(day=b).isoformat()), args
    assert not answer["understanding"]["not_understood"], answer["understanding"]
    assert confident(alice, answer)


def test_this_past_weekend_is_one_that_is_over(chat_demo, alice, alice_money):
    from datetime import timedelta

    today = timezone.localdate()
    sunday = today - timedelta(days=today.weekday() + 1)  # the last Sunday before today
    if today.weekday() == 6:
        sunday = today - timedelta(days=7)
    answer = chat_turn(user=alice, message="uber this past weekend")
    args = first_args(answer)
    assert (args["start"], args["end"]) == ((sunday - timedelta(days=1)).isoformat(), sunday.isoformat()), args
