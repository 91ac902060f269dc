"""Follow-ups on the last money answer, by kind, through chat_turn on the chat fixture statement (3 months + this
one, each month: rent 1400, Whole Foods 96.40, Amazon 42.99 as Shopping and 18.50 as Groceries, The Good Plate 64.00,
Starbucks 5.75 + 6.25, Uber 23.10, Netflix 15.49; salary 3200). Each kind: the figure asked for, and a turn it must
not be mistaken for."""
from __future__ import annotations

from decimal import Decimal

import pytest
from django.utils import timezone

from tests.chat.conftest import answer_body, confident, last_args, months_back, talk

pytestmark = pytest.mark.django_db


def _money(x: Decimal | str) -> str:
    return f"${Decimal(x):,.2f}"


def _months_this_year() -> int:
    """How many of the statement's four months fall in this calendar year."""
    return sum(months_back(k).year == timezone.localdate().year for k in range(4))


# a) the shop of a picked row, pointed at as the turn's topic

def test_that_store_ever_after_the_biggest_purchase(chat_demo, alice, alice_money):
    _, ever = talk(alice, "biggest purchase last month not counting rent", "that store, how much there ever?")
    args = last_args(ever)
    assert args["merchants"] == ["Whole Foods Market"] and args["measure"] == "total", args
    assert _money("385.60") in answer_body(ever), ever["answer"]  # 4 months x 96.40
    assert confident(alice, ever)


def test_that_merchant_total_this_year_after_the_biggest_purchase(chat_demo, alice, alice_money):
    _, year = talk(alice, "biggest purchase last month not counting rent", "that merchant, total this year?")
    args = last_args(year)
    assert args["merchants"] == ["Whole Foods Market"] and args["start"].endswith("-01-01"), args
    assert _money(Decimal("96.40") * _months_this_year()) in answer_body(year), year["answer"]
    assert confident(alice, year)


def test_that_store_after_a_ranking_of_several_is_not_guessed(chat_demo, alice, alice_money):
    _, year = talk(alice, "top 3 merchants last month", "that store, total this year?")
    assert not last_args(year).get("merchants"), last_args(year)
    assert not confident(alice, year), year["answer"]
