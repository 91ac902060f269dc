"""Issue 21 (dev set D13's kind, none of its sentences): English written by a Spanish speaker. Spanish has one form for
both degrees ("mi gasto más grande", "dónde gasto más"), so "my bigger expensive" is the biggest expense and "where I
spend more money" the most, when nothing is compared; "without count the rent" is not counting it; a letter's
opening of two greetings ("Hello, good morning.") is how it opens, no word left unread. Last month of the chat fixture
statement: Starbucks 5.75 + 6.25, Whole Foods 96.40 and Amazon 18.50 (Groceries), Uber 23.10, The Good Plate 64.00,
rent 1,400.00, Amazon 42.99 and 18.50."""
from __future__ import annotations

import pytest

from chat.services import chat_turn
from tests.chat.conftest import confident
from transactions.query import normalise

pytestmark = pytest.mark.django_db


def test_the_bigger_expense_with_nothing_compared_is_the_biggest(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="Hello! Please, what was my bigger expensive el mes pasado, without count "
                                           "the rent?")
    assert "$96.40" in answer["answer"] and "biggest" in answer["answer"].lower(), answer["answer"]
    assert "$1,400.00" not in answer["answer"], answer["answer"]
    assert confident(alice, answer), (answer["confidence"], answer["answer"])


def test_where_i_spend_more_with_nothing_compared_is_a_ranking(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="Hello, good morning. Which were the 2 categories where I spend more money "
                                           "last month?")
    assert "top 2" in answer["answer"].lower() and "Rent" in answer["answer"], answer["answer"]
    assert "understand" not in answer["answer"], answer["answer"]
    assert confident(alice, answer) and not answer["understanding"]["not_understood"], answer["understanding"]


@pytest.mark.parametrize(("asked", "kept"), [
    ("did I spend more in june or july", "spend more"),  # two compared: the comparative stays
    ("was my bigger expense in june than in july", "bigger expense"),
    ("which was my bigger expense in october, and in which shop?", "biggest expense in october?"),
])
def test_the_comparative_stays_where_two_are_compared(asked, kept):
    assert kept in normalise(asked), normalise(asked)
