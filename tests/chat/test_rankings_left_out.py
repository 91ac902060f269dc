"""Issue 21 kinds 1 and 3 through chat_turn: what a question leaves out filters its ranking ("the largest category when
you leave rent out", "top 2 other than rent and groceries"); an
ordinal names that place of the ranking with its figure ("my 3rd largest category", never "number 3–3"); a month said
after "the holidays" places them ("over the holidays last december" is that December, never Thanksgiving to New
Year's Eve). The chat fixture statement (tests/chat/conftest.py), each month: Rent 1400.00, Groceries 114.90 (Whole
Foods 96.40 + Amazon 18.50), Dining 76.00, Shopping 42.99, Transport 23.10, Subscriptions 15.49."""
from __future__ import annotations

from datetime import date

import pytest
from django.utils import timezone

from chat.services import chat_turn
from tests.chat.conftest import confident, first_line, last_month_iso

pytestmark = pytest.mark.django_db


def test_the_largest_category_once_rent_is_left_out(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="last month, what's the largest category when you leave rent out of it?")
    line = first_line(answer)
    assert "Groceries ($114.90" in line and "Rent" not in line.replace("excluding Rent", ""), answer["answer"]
    args = answer["tool_calls"][0]["arguments"]
    assert args.get("exclude_categories") or args.get("exclude_merchants")  # the rent, by its category or its payee
    assert confident(alice, answer)


def test_an_ordinal_names_that_place_with_its_figure(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="my 3rd largest spending category last month?")
    line = first_line(answer)
    assert "third-biggest" in line and "Dining ($76.00" in line, answer["answer"]
    assert "3–3" not in line and "3rd" not in str((answer.get("understanding") or {}).get("not_understood"))
    assert confident(alice, answer)
    placed = chat_turn(user=alice, message="which store came in second last month")
    assert "second-biggest" in first_line(placed), placed["answer"]


def test_a_ranking_leaving_out_two_categories(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="top 2 categories last month other than rent and groceries")
    line = first_line(answer)
    assert "Dining ($76.00" in line and "Shopping ($42.99" in line, answer["answer"]
    assert "Rent (" not in line and "Groceries (" not in line
    start, end = last_month_iso()
    assert answer["tool_calls"][0]["arguments"].get("start") == start


def test_spending_outside_of_a_category_leaves_it_out(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="what did I spend last month outside of rent?")
    # 114.90 + 76.00 + 42.99 + 23.10 + 15.49: everything but the rent
    assert "$272.48" in first_line(answer), answer["answer"]


def test_the_holidays_placed_by_a_month_are_that_month(chat_demo, alice, alice_money):
    year = timezone.localdate().year - 1
    answer = chat_turn(user=alice, message="amazon over the holidays last december?")
    args = answer["tool_calls"][0]["arguments"]
    assert (args.get("start"), args.get("end")) == (date(year, 12, 1).isoformat(), date(year, 12, 31).isoformat())
    assert "December" in answer["answer"]
