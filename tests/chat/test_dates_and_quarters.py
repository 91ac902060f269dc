"""Issue 21 kind 3 through chat_turn: periods written as dates (ISO, month/day, "1 Jul–30 Sep"), quarters with their
year ("Q4 of last year", "2025 Q4"), words about how the figure is given ("to the cent", "one number") that name
nothing, and a comparison follow-up that names one period ("how does that stack up against Q4 of 2025?"): the
last answer's period against it. The chat fixture statement (tests/chat/conftest.py): each month Starbucks 5.75
(day 3) + 6.25 (day 9), Whole Foods 96.40 (day 6), Amazon 18.50 (day 12, Groceries), Netflix 15.49 …"""
from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.utils import timezone

from chat.services import chat_turn
from core.periods import month_bounds
from tests.chat.conftest import confident, first_args, month_start

pytestmark = pytest.mark.django_db


def _last_day(first: date) -> date:
    return month_bounds(first.year, first.month)[1]


def test_an_iso_range_is_the_period_and_one_number_names_nothing(chat_demo, alice, alice_money):
    today = timezone.localdate()
    start, end = month_start(today, 2), _last_day(month_start(today, 1))
    answer = chat_turn(user=alice, message=f"Starbucks {start.isoformat()} through {end.isoformat()}, one number.")
    args = first_args(answer)
    assert (args["start"], args["end"]) == (start.isoformat(), end.isoformat()), args
    assert "$24.00" in answer["answer"], answer["answer"]  # two months of 5.75 + 6.25, not all four
    assert "understand" not in answer["answer"] and confident(alice, answer)


def test_numeric_and_written_dates_are_ranges(chat_demo, alice, alice_money):
    today = timezone.localdate()
    first, last = month_start(today, 2), month_start(today, 1)
    numeric = chat_turn(user=alice, message=f"whole foods from {first.month}/{first.day} to {last.month}/10")
    assert (first_args(numeric)["start"], first_args(numeric)["end"]) == (first.isoformat(), last.replace(day=10).isoformat())
    assert "$192.80" in numeric["answer"], numeric["answer"]  # 96.40 on the 6th of each of the two months
    written = chat_turn(user=alice, message=f"whole foods 1 {first:%b}–{_last_day(last).day} {last:%b}")
    assert (first_args(written)["start"], first_args(written)["end"]) == (first.isoformat(), _last_day(last).isoformat())
    since = chat_turn(user=alice, message=f"starbucks since {last.replace(day=5).isoformat()}")
    assert first_args(since)["start"] == last.replace(day=5).isoformat() and first_args(since)["end"] == today.isoformat()
    day = chat_turn(user=alice, message=f"what did I spend on {last.replace(day=6).isoformat()}")
    assert first_args(day)["start"] == first_args(day)["end"] == last.replace(day=6).isoformat()
    assert "$96.40" in day["answer"], day["answer"]


@pytest.mark.parametrize("manner", ["to the cent", "exact figure pls", "one number", "$?", "bottom line?",
                                    "a rough estimate is fine", "real quick, asap"])
def test_how_the_figure_is_given_names_nothing(chat_demo, alice, alice_money, manner):
    answer = chat_turn(user=alice, message=f"whole foods last month {manner}")
    assert "$96.40" in answer["answer"], answer["answer"]
    assert not answer["understanding"]["not_understood"], answer["understanding"]
    assert "Did you mean" not in answer["answer"] and confident(alice, answer)


@pytest.mark.parametrize("said, quarter, back", [("Q4 of last year", 4, 1), ("the fourth quarter of last year", 4, 1),
                                                 ("{year} Q2", 2, 0), ("Q1-{year}", 1, 0), ("quý 4 năm ngoái", 4, 1)])
def test_a_quarter_with_its_year(chat_demo, alice, alice_money, said, quarter, back):
    year = timezone.localdate().year - back
    answer = chat_turn(user=alice, message=f"netflix {said.format(year=year)}")
    start = date(year, 3 * quarter - 2, 1)
    assert first_args(answer)["start"] == start.isoformat(), first_args(answer)


def test_stacking_a_total_up_against_a_named_period_compares_the_two(chat_demo, alice, alice_money):
    today = timezone.localdate()
    last, earlier = month_start(today, 1), month_start(today, 3)
    first = chat_turn(user=alice, message=f"what did I spend on groceries in {last:%B %Y}?")
    answer = chat_turn(user=alice, message=f"And how does that stack up against {earlier:%B %Y}?",
                       conversation_id=first["conversation_id"])
    sides = first_args(answer)["sides"]
    assert [s["start"] for s in sides] == [last.isoformat(), earlier.isoformat()], sides
    assert first_args(answer)["categories"] == ["Groceries"]
    # both months had 96.40 + 18.50 of groceries; the month before the named one (no data) is not a side
    assert answer["answer"].count("$114.90") == 2, answer["answer"]


def test_a_bare_compared_with_a_quarter_after_a_quarter_total(chat_demo, alice, alice_money):
    today = timezone.localdate()
    q = (month_start(today, 1).month - 1) // 3 + 1
    year = month_start(today, 1).year
    first = chat_turn(user=alice, message=f"dining in Q{q} {year}")
    answer = chat_turn(user=alice, message="compared with q4 of last year?", conversation_id=first["conversation_id"])
    sides = first_args(answer)["sides"]
    assert [s["start"] for s in sides] == [date(year, 3 * q - 2, 1).isoformat(),
                                           date(today.year - 1, 10, 1).isoformat()], sides
    assert first_args(answer)["categories"] == ["Dining"]


def test_a_date_range_never_reaches_into_the_future_of_this_year(chat_demo, alice, alice_money):
    today = timezone.localdate()
    start = max(today - timedelta(days=3), date(today.year, 1, 1))
    after = min(today + timedelta(days=20), date(today.year, 12, 31))
    answer = chat_turn(user=alice, message=f"spending from {start.month}/{start.day} to {after.month}/{after.day}")
    args = first_args(answer)
    assert (args["start"], args["end"]) == (start.isoformat(), today.isoformat()), args


def test_days_of_one_month_and_compact_ranges(chat_demo, alice, alice_money):
    last = month_start(timezone.localdate(), 1)
    days = chat_turn(user=alice, message=f"starbucks {last:%B} 1-5")
    assert (first_args(days)["start"], first_args(days)["end"]) == (last.isoformat(), last.replace(day=5).isoformat())
    assert "$5.75" in days["answer"], days["answer"]  # the 3rd, not the 9th
    earlier = month_start(timezone.localdate(), 2)
    compact = chat_turn(user=alice, message=f"whole foods {earlier.month}/1-{last.month}/10")
    assert (first_args(compact)["start"], first_args(compact)["end"]) == (earlier.isoformat(), last.replace(day=10).isoformat())
    week = chat_turn(user=alice, message=f"what did I spend the week of {last.month}/{last.day + 5}")
    start = date.fromisoformat(first_args(week)["start"])
    assert start.weekday() == 0 and start <= last.replace(day=6) < start + timedelta(days=7), first_args(week)


def test_that_against_a_year_is_the_same_months_that_year(chat_demo, alice, alice_money):
    today = timezone.localdate()
    last = month_start(today, 1)
    first = chat_turn(user=alice, message=f"netflix in {last:%B %Y}")
    answer = chat_turn(user=alice, message="how does that compare to last year?",
                       conversation_id=first["conversation_id"])
    sides = first_args(answer)["sides"]
    assert [s["start"] for s in sides] == [last.isoformat(), last.replace(year=last.year - 1).isoformat()], sides
    assert first_args(answer)["merchants"] == ["Netflix"]
    bare = chat_turn(user=alice, message=f"netflix in {last:%B %Y}")
    again = chat_turn(user=alice, message=f"vs {last.year - 2}?", conversation_id=bare["conversation_id"])
    assert [s["start"] for s in first_args(again)["sides"]][1] == last.replace(year=last.year - 2).isoformat()


def test_a_quarter_is_a_period_on_the_llm_path_too(fake_llm, alice, alice_money):
    last = month_start(timezone.localdate(), 1)
    quarter = f"Q{(last.month - 1) // 3 + 1} {last.year}"
    fake_llm([{"tool_calls": [("get_spending_summary", {"period": quarter})]},
              {"tool_calls": [("respond", {"answer": "Here is that quarter.", "cited_fact_ids": []})]}])
    answer = chat_turn(user=alice, message=f"summary of {quarter}")
    call = answer["tool_calls"][0]
    assert call["name"] == "get_spending_summary" and call["error"] is None, call
