"""Issue 21 (dev set D13's kind, none of its sentences): English written by a Spanish speaker. Spanish has one form for
both degrees ("mi gasto más grande", "dónde gasto más"), so "my bigger expensive" is the biggest expense and "where I
spend more money" the most, when nothing is compared; "without count the rent" is not counting it; a letter's
opening of two greetings ("Hello, good morning.") is how it opens, no word left unread. Last month of the chat fixture
statement: Starbucks 5.75 + 6.25, Whole Foods 96.40 and Amazon 18.50 (Groceries), Uber 23.10, The Good Plate 64.00,
rent 1,400.00, Amazon 42.99 and 18.50."""
from __future__ import annotations

import pytest

from chat.services import chat_turn
from tests.chat.conftest import confident, demo_docs
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


@pytest.mark.parametrize(("asked", "read"), [
    ("how much was the bill I paid the 9/12/2025?", "12/9/2025"),  # the article before the date: "el 9/12"
    ("cuánto gasté en supermercado el 3/11/2025", "11/3/2025"),  # a Spanish question
    ("how much on comida from 1/12/2025 to 6/1/2026", "12/1/2025 to 1/6/2026"),  # a Spanish word of what one pays
    ("how much did I pay on 9/12/2025", "9/12/2025"),  # English: month/day as written
    ("how much on comida the 15/3/2026", "15/3/2026"),  # a day past the 12th pins the order on its own
    ("all my expenses from the 1/12/2025 to the 15/12/2025", "1/12/2025 to the 15/12/2025"),  # and that of the other end
])
def test_a_spanish_writer_puts_the_day_first(asked, read):
    assert read in normalise(asked), normalise(asked)


def test_a_day_first_date_is_answered_and_the_other_order_said(chat_demo, alice, alice_money):
    from datetime import timedelta

    from django.utils import timezone

    last_month = (timezone.localdate().replace(day=1) - timedelta(days=1)).replace(day=1)
    said = f"2/{last_month.month}/{last_month.year}"  # rent went out on the 2nd of last month
    answer = chat_turn(user=alice, message=f"Hello. How much was the rent that I paid the {said}?")
    assert "$1,400.00" in answer["answer"], answer["answer"]
    if last_month.month != 2:  # "2/2" reads one way
        assert f"I read {said} as day/month" in answer["answer"], answer["answer"]


@pytest.mark.parametrize(("asked", "tool"), [
    ("Hello. How much money I have actually in my bank account?", "check_data_available"),  # "actualmente": now
    ("Can you tell me what suscripciones I pay each month? Like Spotify and those.", "list_subscriptions"),
    ("Which subscriptions am I paying every month?", "list_subscriptions"),
])
def test_a_spanish_noun_goes_where_its_english_one_goes(chat_demo, alice, alice_money, asked, tool):
    answer = chat_turn(user=alice, message=asked)
    assert answer["tools_used"] == [tool], (answer["tools_used"], answer["answer"])


@pytest.mark.parametrize(("asked", "read"), [
    ("the extracto of my bank", "the statement of my bank"),
    ("the matrícula of the colegio", "the tuition of the school"),
    ("During el verano pasado", "During last summer"),
])
def test_everyday_spanish_nouns_are_read_in_english(asked, read):
    from transactions.query.foreign_words import english_nouns

    assert english_nouns(asked) == read


def test_a_how_to_with_a_spanish_noun_finds_its_help_page(chat_demo, alice):
    demo_docs(help_pages=("importing-statements.md",))
    text = chat_turn(user=alice, message="How do I import the extracto of my bank?")["answer"]
    assert "1. Open Transactions, then Import." in text, text
