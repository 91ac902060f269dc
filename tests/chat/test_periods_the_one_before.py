""""X vs the one before": the stretch of the same kind just before X — the week before a week, the day before a day,
as many days before a stretch of days — never the same dates a month earlier, and never X against itself."""
from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.utils import timezone

from chat.services import chat_turn
from core.periods import Period
from tests.chat.conftest import confident

pytestmark = pytest.mark.django_db


def _sides(answer) -> list[tuple[str, str]]:
    call = next(c for c in answer["tool_calls"] if c["name"] == "compare_spending")
    return [(s["start"], s["end"]) for s in call["arguments"]["sides"]]


def test_period_before_keeps_the_kind_and_length():
    assert Period(date(2026, 11, 23), date(2026, 11, 26), "this week", "week").before() == \
        Period(date(2026, 11, 16), date(2026, 11, 22), "the week before", "week")
    day = Period(date(2026, 3, 1), date(2026, 3, 1), "1 Mar", "day").before()
    assert (day.start, day.end, day.grain) == (date(2026, 2, 28), date(2026, 2, 28), "day")
    days = Period(date(2026, 10, 28), date(2026, 11, 26), "the last 30 days", "range").before()
    assert (days.start, days.end) == (date(2026, 9, 28), date(2026, 10, 27))
    quarter = Period(date(2026, 1, 1), date(2026, 3, 31), "Q1", "quarter").before()
    assert (quarter.start, quarter.end) == (date(2025, 10, 1), date(2025, 12, 31))
    months = Period(date(2026, 4, 1), date(2026, 6, 30), "April–June", "range").before()
    assert (months.start, months.end) == (date(2026, 1, 1), date(2026, 3, 31))  # three whole months before


def test_the_one_before_a_week_a_day_or_a_run_of_days(chat_demo, alice, alice_money):
    today = timezone.localdate()
    monday = today - timedelta(days=today.weekday())
    week = chat_turn(user=alice, message="this week vs the one before")
    assert _sides(week)[1] == ((monday - timedelta(days=7)).isoformat(), (monday - timedelta(days=1)).isoformat())
    day = chat_turn(user=alice, message="yesterday vs the day before")
    assert _sides(day)[1] == ((today - timedelta(days=2)).isoformat(),) * 2
    said_twice = chat_turn(user=alice, message="dining the last 7 days vs the previous 7 days")
    first, second = _sides(said_twice)
    assert first == ((today - timedelta(days=6)).isoformat(), today.isoformat())
    assert second == ((today - timedelta(days=13)).isoformat(), (today - timedelta(days=7)).isoformat())
    counted = chat_turn(user=alice, message="groceries the last 2 weeks compared to the 2 weeks before")
    assert _sides(counted)[1] == ((today - timedelta(days=27)).isoformat(), (today - timedelta(days=14)).isoformat())
    assert confident(alice, counted), counted["answer"]


def test_and_the_days_before_after_an_answer(chat_demo, alice, alice_money):
    today = timezone.localdate()
    first = chat_turn(user=alice, message="dining the last 30 days")
    again = chat_turn(user=alice, message="and the 30 days before?", conversation_id=first["conversation_id"])
    args = again["tool_calls"][0]["arguments"]
    assert (args["start"], args["end"]) == ((today - timedelta(days=59)).isoformat(),
                                            (today - timedelta(days=30)).isoformat()), args
