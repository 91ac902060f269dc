"""Issue 21 kind 3 through chat_turn: periods as people write them, and the sides of a comparison of two periods.
Two months weighed for several names joined by "and" are the months compared over all those names together; a range
written with its edges ("from the first of X through the end of Y"), a span of months across the turn of a year
("nov thru feb 2025/2026"), a season named by its weather ("the colder months"), a named stretch restated by the
dates meant ("over winter break, so …", "(… and …)"), the weekend before last, "the latter part of" a month and a
count of months back written in digits are read; a school's break said without its dates and a month no side took
are reported as not understood, never dropped. The chat fixture statement (tests/chat/conftest.py): each month
Starbucks 5.75 (day 3) + 6.25 (day 9), Uber 23.10 (day 8), Whole Foods 96.40 (day 6)."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from chat.services import chat_turn
from tests.chat.conftest import confident, first_args, month_start

pytestmark = pytest.mark.django_db


def _month_end(first):
    return month_start(first + timedelta(days=40), 0) - timedelta(days=1)


def test_two_months_weighed_for_two_shops_said_together(chat_demo, alice, alice_money):
    today = timezone.localdate()
    a, b = month_start(today, 2), month_start(today, 1)
    answer = chat_turn(user=alice, message=f"which cost me more at starbucks and uber, {a:%B} or {b:%B}?")
    args = first_args(answer)
    assert args["mode"] == "periods", args
    assert [(s["start"], s["end"]) for s in args["sides"]] == [
        (a.isoformat(), _month_end(a).isoformat()), (b.isoformat(), _month_end(b).isoformat())], args
    assert sorted(args["merchants"]) == ["Starbucks", "Uber"], args
    assert answer["answer"].count("$35.10") == 2, answer["answer"]  # 5.75 + 6.25 + 23.10 each month


def test_names_weighed_against_each_other_in_one_of_two_months_is_not_confident(chat_demo, alice, alice_money):
    today = timezone.localdate()
    a, b = month_start(today, 2), month_start(today, 1)
    answer = chat_turn(user=alice, message=f"starbucks versus uber in {a:%B} or {b:%B}")
    assert f"{b:%B}".lower() in [w.lower() for w in answer["understanding"]["not_understood"]], answer["understanding"]
    assert not confident(alice, answer)


def test_a_range_said_by_its_edges(chat_demo, alice, alice_money):
    today = timezone.localdate()
    a, b = month_start(today, 3), month_start(today, 2)
    answer = chat_turn(user=alice, message=f"whole foods from the first of {a:%B} through the end of {b:%B}")
    args = first_args(answer)
    assert (args["start"], args["end"]) == (a.isoformat(), _month_end(b).isoformat()), args
    assert "$192.80" in answer["answer"], answer["answer"]
    assert confident(alice, answer)


def test_dates_restating_a_school_break_are_the_period(chat_demo, alice, alice_money):
    today = timezone.localdate()
    a, b = month_start(today, 2), month_start(today, 1)
    answer = chat_turn(user=alice, message=f"over winter break, so {a:%B} 5th thru {b:%B} 8th, starbucks total?")
    args = first_args(answer)
    assert (args["start"], args["end"]) == (a.replace(day=5).isoformat(), b.replace(day=8).isoformat()), args
    assert "$12.00" in answer["answer"], answer["answer"]  # 6.25 on the 9th, then 5.75 on the 3rd
    assert not answer["understanding"]["not_understood"], answer["understanding"]


def test_a_school_break_without_its_dates_is_not_understood(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="uber over spring break")
    assert "spring break" in answer["understanding"]["not_understood"], answer["understanding"]
    assert not confident(alice, answer)


def test_a_named_stretch_glossed_by_two_months_is_one_total(chat_demo, alice, alice_money):
    today = timezone.localdate()
    a, b = month_start(today, 2), month_start(today, 1)
    answer = chat_turn(user=alice, message=f"whole foods over my fall semester ({a:%b} + {b:%b}), how much?")
    args = first_args(answer)
    assert answer["tool_calls"][0]["name"] != "compare_spending", answer["tool_calls"]
    assert (args["start"], args["end"]) == (a.isoformat(), _month_end(b).isoformat()), args
    assert "$192.80" in answer["answer"], answer["answer"]


@pytest.mark.parametrize(("said", "start", "end"), [
    ("nov thru feb 2025/2026", "2025-11-01", "2026-02-28"),
    ("dec to feb 2025-26", "2025-12-01", "2026-02-28"),
    ("the colder months of 2025", "2025-12-01", "2026-02-28"),
    ("the winter 2025/26", "2025-12-01", "2026-02-28"),
])
def test_spans_across_the_turn_of_a_year(chat_demo, alice, alice_money, said, start, end):
    answer = chat_turn(user=alice, message=f"how much went to whole foods {said}")
    args = first_args(answer)
    assert (args["start"], args["end"]) == (start, end), args
    assert not answer["understanding"]["not_understood"], answer["understanding"]


def test_the_weekend_before_last(chat_demo, alice, alice_money):
    today = timezone.localdate()
    answer = chat_turn(user=alice, message="starbucks the weekend before last")
    args = first_args(answer)
    saturday = today - timedelta(days=(today.weekday() - 5) % 7 + (7 if today.weekday() < 5 else 14))
    assert (args["start"], args["end"]) == (saturday.isoformat(), (saturday + timedelta(days=1)).isoformat()), args
    assert not args.get("weekdays"), args


def test_the_latter_part_of_a_month(chat_demo, alice, alice_money):
    today = timezone.localdate()
    a = month_start(today, 2)
    answer = chat_turn(user=alice, message=f"starbucks in the latter part of {a:%B}")
    args = first_args(answer)
    assert (args["start"], args["end"]) == (a.replace(day=21).isoformat(), _month_end(a).isoformat()), args
    assert not answer["understanding"]["not_understood"], answer["understanding"]


def test_months_back_in_digits_stay_confident(chat_demo, alice, alice_money):
    today = timezone.localdate()
    a = month_start(today, 2)
    answer = chat_turn(user=alice, message="whole foods 2 mos ago")
    args = first_args(answer)
    assert (args["start"], args["end"]) == (a.isoformat(), _month_end(a).isoformat()), args
    assert "$96.40" in answer["answer"], answer["answer"]
    assert confident(alice, answer)


def test_a_charge_said_to_recur_with_its_total_asked_is_a_total(chat_demo, alice, alice_money):
    today = timezone.localdate()
    a = month_start(today, 2)
    answer = chat_turn(user=alice, message=f"whole foods has been hitting me every month since {a:%B}, what's the "
                                           f"total so far")
    args = first_args(answer)
    assert (args["start"], args["end"]) == (a.isoformat(), today.isoformat()), args
    assert args.get("measure") == "total", args  # the sum of the charges, not a monthly average
