"""A turn that takes back the last subject and names another ("no wait, not Amazon, I said Starbucks", "I meant
Uber, not Amazon") swaps it, keeping the period; a bare "not X" after a total leaves X out. Never "everything except
both" (transactions/query/followups_swap.py). Through chat_turn; figures from SQL; a second user sees nothing."""
from __future__ import annotations

from decimal import Decimal

import pytest
from django.db.models import Sum

from tests.chat.conftest import last_args, last_month_iso, talk
from transactions.models import Transaction

pytestmark = pytest.mark.django_db


def _spent(user, *, word: str = "", without: str = "") -> str:
    start, end = last_month_iso()
    rows = Transaction.objects.filter(user=user, date__gte=start, date__lte=end, amount__lt=0)
    if word:
        rows = rows.filter(description__icontains=word)
    if without:
        rows = rows.exclude(description__icontains=without)
    return f"${-(rows.aggregate(s=Sum('amount'))['s'] or Decimal('0')):,.2f}"


@pytest.mark.parametrize("swap", ["no wait not amazon i said starbucks", "not amazon, starbucks",
                                  "sorry, not Amazon — I meant Starbucks", "I said starbucks not amazon"])
def test_a_denied_subject_with_another_named_is_swapped(chat_demo, alice, alice_money, swap):
    first, second = talk(alice, "how much did I spend at amazon last month", swap)
    assert _spent(alice, word="AMAZON") in first["answer"]
    assert _spent(alice, word="STARBUCKS") in second["answer"].splitlines()[0], second["answer"]
    assert not last_args(second).get("exclude_merchants"), second["tool_calls"]


def test_a_bare_not_after_a_total_leaves_that_out(chat_demo, alice, alice_money):
    _, second = talk(alice, "how much did I spend last month", "not amazon")
    assert _spent(alice, without="AMAZON") in second["answer"].splitlines()[0], second["answer"]


def test_a_stranger_swapping_sees_none_of_alices_money(chat_demo, alice, alice_money, bob):
    _, second = talk(bob, "how much did I spend at amazon last month", "no wait not amazon i said starbucks")
    assert _spent(alice, word="STARBUCKS") not in second["answer"]
