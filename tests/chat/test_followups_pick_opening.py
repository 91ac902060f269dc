"""Issue 21 kind 4: one item of a ranking picked by a place that opens the turn, set apart from the question asked of
it ("and the 2nd, how much in …?", "number 3: what about …?", "dig into #2 – how many?"). The pick is of the ranking as
it was shown, its exclusion applied, and the period said with it is the item's. Through chat_turn on the chat fixture
statement (tests/chat/conftest.py): each month rent 1400.00, Whole Foods 96.40, The Good Plate 64.00, Amazon 61.49,
Uber 23.10, Netflix 15.49, Starbucks 12.00."""
from __future__ import annotations

import pytest

from tests.chat.conftest import confident, last_args, month_start, talk

pytestmark = pytest.mark.django_db

RANKING = "which 3 merchants took the most last month, leaving rent aside"  # Whole Foods, The Good Plate, Amazon


@pytest.mark.parametrize(("said", "merchant"), [
    ("and the 2nd, what did it come to two months ago?", "Good Plate"),
    ("number 3 - what did I spend there two months ago?", "Amazon"),
    ("no. 1: how much two months ago?", "Whole Foods"),
])
def test_a_place_opening_the_turn_picks_from_the_ranking_shown(chat_demo, alice, alice_money, said, merchant):
    from django.utils import timezone
    today = timezone.localdate()
    answer = talk(alice, RANKING, said)[-1]
    args = last_args(answer)
    assert any(merchant in m for m in args.get("merchants") or []), args
    assert args["start"] == month_start(today, 2).isoformat(), args
    assert confident(alice, answer), answer["grounding"]


def test_a_place_looked_into_and_counted(chat_demo, alice, alice_money):
    args = last_args(talk(alice, RANKING, "dig into #2 – how many purchases?")[-1])
    assert args["measure"] == "count" and any("Good Plate" in m for m in args.get("merchants") or []), args


def test_a_word_of_order_is_no_place(chat_demo, alice, alice_money):
    """"Second, …" alone orders what the person says; it picks nothing of the ranking."""
    args = last_args(talk(alice, RANKING, "Second, what did netflix cost last month?")[-1])
    assert args.get("merchants") == ["Netflix"], args
