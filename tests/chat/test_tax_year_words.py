"""A personal tax year said in words ("tax year 2025", "the 2025 tax year", "last tax year") is that calendar year,
not a search for transactions mentioning "tax"."""
from __future__ import annotations

import pytest
from django.utils import timezone

from chat.services import chat_turn
from tests.chat.conftest import last_args

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("message", [
    "total income for tax year {year}?",
    "what came in during the {year} tax year",
    "income for tax year of {year} please",
])
def test_a_numbered_tax_year_is_the_calendar_year(chat_demo, alice, alice_money, message):
    year = timezone.localdate().year - 1
    args = last_args(chat_turn(user=alice, message=message.format(year=year)))
    assert (args["start"], args["end"]) == (f"{year}-01-01", f"{year}-12-31"), args
    assert not args.get("text"), args


def test_last_tax_year_is_last_year(chat_demo, alice, alice_money):
    year = timezone.localdate().year - 1
    args = last_args(chat_turn(user=alice, message="groceries last tax year"))
    assert (args["start"], args["end"]) == (f"{year}-01-01", f"{year}-12-31"), args
    assert args.get("categories") == ["Groceries"], args
