"""Issue 21 through chat_turn: places of a ranking and weeks said without their month.

- "the second biggest, after X" / "runner-up behind X": X is ranked above — left out, and the place counted from what
  remains (never a ranking of X alone);
- "Nth largest merchant" ranks merchants; "give me 3" after a "which … most" question asks for three of the ranking;
  "top 3 kinds" ranks categories (never a knowledge search);
- "the 2nd week" with no month said: that week of this month once it has begun (else of the month before);
  "the first week of the month": of this month.
The chat fixture statement (tests/chat/conftest.py), each month: Rent 1400.00 (Oak St), Groceries 114.90 (Whole Foods
96.40 + Amazon 18.50), Dining 76.00 (Good Plate 64.00 + Starbucks 12.00), Shopping 42.99 (Amazon), Transport 23.10,
Subscriptions 15.49; bob also has a pawn shop charge of 777.77 two days ago."""
from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.utils import timezone

from chat.services import chat_turn
from tests.chat.conftest import confident, first_line, last_args, months_back

pytestmark = pytest.mark.django_db


def test_second_place_after_the_one_named_leaves_it_out(chat_demo, alice, alice_money, bob, bob_money):
    answer = chat_turn(user=alice, message="what was my 2nd largest category last month, after rent obviously?")
    line = first_line(answer)
    assert "Groceries ($114.90" in line and "Rent (" not in line, answer["answer"]
    assert last_args(answer).get("exclude_categories") or last_args(answer).get("exclude_merchants")
    assert confident(alice, answer)
    # bob: the shop that came second behind the rent — Whole Foods, and nothing of alice's
    placed = chat_turn(user=bob, message="runner-up merchant behind the rent last month")
    line = first_line(placed)
    assert "Whole Foods" in line and "96.40" in line, placed["answer"]
    assert "Oak St" not in line


def test_an_ordinal_largest_merchant_ranks_merchants(chat_demo, bob, bob_money):
    answer = chat_turn(user=bob, message="3rd largest merchant last month")
    line = first_line(answer)
    assert "third-biggest" in line and "64.00" in line, answer["answer"]
    assert confident(bob, answer)


def test_how_many_of_a_ranking_said_after_the_question(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="which shop I pay most last month? give me 3")
    line = first_line(answer)
    assert "Whole Foods" in line and "Good Plate" in line.title() and "Amazon" not in line, answer["answer"]
    assert last_args(answer).get("limit") == 3 or "top 3" in line
    assert confident(alice, answer)


def test_top_kinds_rank_categories(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="top 3 kind")
    names = [t["name"] for t in answer["tool_calls"]]
    assert "search_knowledge_base" not in names, names
    line = first_line(answer)
    assert "Rent" in line and "Groceries" in line and "Dining" in line, answer["answer"]


def test_a_week_said_by_its_place_alone_is_of_this_month(chat_demo, bob, bob_money):
    today = timezone.localdate()
    first = months_back(0) if today.day >= 8 else months_back(1)
    answer = chat_turn(user=bob, message="how much did i spend the 2nd wk?")
    args = last_args(answer)
    start = first + timedelta(days=7)
    assert args.get("start") == start.isoformat(), (args, answer["answer"])
    assert args.get("end") == min(start + timedelta(days=6), today).isoformat()
    assert f"{start.day} {start:%b}" in answer["answer"]  # the dates it used are said
    month = chat_turn(user=bob, message="dining in the first week of the month")
    assert last_args(month).get("start") == date(today.year, today.month, 1).isoformat(), month["answer"]


def test_a_year_so_far_against_last_year_gives_both_readings_with_dates(chat_demo, alice, alice_money):
    today = timezone.localdate()
    if today.month == 1:
        pytest.skip("in January this year so far is a month")
    answer = chat_turn(user=alice, message="how's my spending looking compared to last year?")
    text = answer["answer"]
    sides = last_args(answer).get("sides") or []
    assert sides and sides[0].get("start") == date(today.year, 1, 1).isoformat(), (sides, text)  # not this month
    assert f"1 Jan – {today.day} {today:%b %Y}" in text  # the dates of each side are said
    assert f"1 Jan – 31 Dec {today.year - 1}" in text
    assert f"same dates of {today.year - 1}" in text  # and the other reading: the same dates a year before


def test_the_same_dates_in_a_month_said_first_are_this_months_days(chat_demo, bob, bob_money):
    today = timezone.localdate()
    earlier = months_back(2)
    month = earlier.strftime("%B").lower()
    answer = chat_turn(user=bob, message=f"what did groceries come to over the same dates in {month}")
    args = last_args(answer)
    assert args.get("start") == earlier.isoformat(), (args, answer["answer"])
    end = earlier.replace(day=min(today.day, 28)) if today.day <= 28 else None
    if end:
        assert args.get("end") == end.isoformat()
    assert "dates" not in str((answer.get("understanding") or {}).get("not_understood")), answer["answer"]


def test_places_said_as_numbers_and_runs_of_places(chat_demo, alice, alice_money, bob, bob_money):
    placed = chat_turn(user=alice, message="the #3 category last month")
    line = first_line(placed)
    assert "third-biggest" in line and "Dining ($76.00" in line, placed["answer"]  # a place, never a total
    run = chat_turn(user=bob, message="which categories rank 4th and 5th last month")
    line = first_line(run)
    assert "Shopping ($42.99" in line and "Transport ($23.10" in line and "Rent (" not in line, run["answer"]
    assert confident(bob, run)


def test_the_small_end_of_a_ranking_is_never_answered_confidently_with_the_biggest(chat_demo, alice, alice_money):
    # the ranking is read from its small end (query.smallest_first): the smallest one, answered and confident
    answer = chat_turn(user=alice, message="which category did i spend the least on last month")
    line = first_line(answer)
    assert "Subscriptions ($15.49" in line and "Rent" not in line, answer["answer"]
    assert confident(alice, answer)
