"""Issue 21 kind 1 in a comparison: what a question leaves out ("without the rent", "leaving Amazon aside") is left
out of every side of a comparison of two periods, asked at once or as a follow-up to two totals, never dropped
while the answer stays confident. Figures are checked against the database. The chat fixture statement
(tests/chat/conftest.py) has, each month: Rent 1400.00, Starbucks 5.75 + 6.25, Amazon 42.99 + 18.50, Whole Foods
96.40, Uber 23.10, Netflix 15.49, The Good Plate 64.00."""
from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.db.models import Sum

from tests.chat.conftest import confident, last_args, months_back, talk, tool_names
from transactions.models import Transaction

pytestmark = pytest.mark.django_db


def _month_without(user, back: int, word: str) -> str:
    """What went out in the month `back` months ago, leaving out rows whose description holds `word`, from SQL."""
    start, end = months_back(back), months_back(back - 1) - timedelta(days=1)
    rows = Transaction.objects.filter(user=user, date__gte=start, date__lte=end, amount__lt=0) \
        .exclude(description__icontains=word)
    return f"${-(rows.aggregate(s=Sum('amount'))['s'] or Decimal('0')):,.2f}"


def _left_out(answer) -> list[str]:
    args = last_args(answer)
    return [*(args.get("exclude_categories") or []), *(args.get("exclude_merchants") or [])]


@pytest.mark.parametrize("said, word", [
    ("{a} vs {b} spending, not counting the rent", "RENT"),
    ("compare {a} and {b} leaving amazon aside", "AMAZON"),
])
def test_two_months_compared_leave_out_what_was_left_out(chat_demo, alice, alice_money, said, word):
    a, b = months_back(2), months_back(3)
    [answer] = talk(alice, said.format(a=f"{a:%B}", b=f"{b:%B}"))
    assert tool_names(answer) == ["compare_spending"], answer["tool_calls"]
    assert any(word.lower() in n.lower() for n in _left_out(answer)), last_args(answer)
    assert _month_without(alice, 2, word) in answer["answer"] and _month_without(alice, 3, word) in answer["answer"]
    assert confident(alice, answer)


def test_which_of_two_totals_was_bigger_without_a_category(chat_demo, alice, alice_money):
    a, b = months_back(2), months_back(3)
    *_, answer = talk(alice, f"how much went out in {a:%B}?", f"and {b:%B}?", "which one was bigger minus the rent?")
    assert tool_names(answer) == ["compare_spending"], answer["tool_calls"]
    assert any("rent" in n.lower() for n in _left_out(answer)), last_args(answer)
    assert _month_without(alice, 2, "RENT") in answer["answer"], answer["answer"]
    assert _month_without(alice, 3, "RENT") in answer["answer"], answer["answer"]
