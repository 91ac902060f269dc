"""A period's head word is not reused by the next period rule: in "kept last month after all my spending", "month"
ends "last month", so "month after" (the following month) is not read out of it."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from chat.services import chat_turn
from tests.chat.conftest import months_back
from transactions.query.periods import find_periods

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("said", ["how much did i keep last month after bills", "this month after rent, what's left",
                                  "the past month after all the spending"])
def test_a_month_ending_a_period_is_not_the_month_after(said):
    today = timezone.localdate()
    found = find_periods(said, today)
    assert found and found[0][1][0] < said.index("month") + 5 and "after" not in said[found[0][1][0]:found[0][1][1]]


def test_the_month_after_that_still_means_the_next_month():
    today = timezone.localdate()
    found = find_periods("and the month after that?", today)
    assert found and "month after" in "and the month after that?"[found[0][1][0]:found[0][1][1]]


def test_what_was_kept_last_month_after_spending_is_last_month(chat_demo, alice, alice_money, bob):
    answer = chat_turn(user=alice, message="How much of my pay did I keep last month after all my spending?")
    last = months_back(1)
    assert f"{last:%B %Y}" in answer["answer"], answer["answer"]
    end = months_back(0) - timedelta(days=1)
    assert end.strftime("%B") in answer["answer"]
    other = chat_turn(user=bob, message="How much of my pay did I keep last month after all my spending?")
    assert "$3,200.00" not in other["answer"]  # bob has no money: alice's pay never shows
