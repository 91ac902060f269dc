"""Bookkeepers' words: "the trailing 3 full months" / "trailing 90 days" / "ttm" are the last ones, and ", bar rent"
leaves rent out (as "bar the rent" did)."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from chat.services import chat_turn
from tests.chat.conftest import last_args, months_back

pytestmark = pytest.mark.django_db


def test_the_trailing_full_months_are_the_last_full_months(chat_demo, alice, alice_money):
    args = last_args(chat_turn(user=alice, message="groceries for the trailing 3 full months, one total?"))
    assert (args["start"], args["end"]) == (months_back(3).isoformat(),
                                            (months_back(0) - timedelta(days=1)).isoformat()), args
    assert args.get("categories") == ["Groceries"], args


def test_the_trailing_days_end_today(chat_demo, alice, alice_money):
    today = timezone.localdate()
    args = last_args(chat_turn(user=alice, message="amazon orders in the trailing 90 days, count only"))
    assert (args["start"], args["end"]) == ((today - timedelta(days=89)).isoformat(), today.isoformat()), args


def test_bar_after_a_comma_leaves_it_out(chat_demo, alice, alice_money, bob):
    first = months_back(1)
    answer = chat_turn(user=alice, message=f"spending for {first:%B} 1st-15th, bar rent?")
    args = last_args(answer)
    assert args.get("exclude_categories") == ["Rent"] or args.get("exclude_merchants"), args
    # Starbucks 5.75 + 6.25, Amazon 42.99 + 18.50, Whole Foods 96.40, Uber 23.10, Netflix 15.49, The Good Plate 64.00
    assert "$272.48" in answer["answer"], answer["answer"]
    assert "$272.48" not in chat_turn(user=bob, message=f"spending for {first:%B} 1st-15th, bar rent?")["answer"]

