"""Issue 21 kind 2 through chat_turn: everyday words for a kind of spending, said in pairs. "power and internet" is
the electricity bill and the internet bill (a word that names a kind of bill, joined to another bill, is that bill —
not a word left unread with the internet alone answered); "takeaways" is their food delivery when they have one, and
"takeaways vs eating out" sets it against the rest of Dining — never Dining against Dining, "the same", at high
confidence. Statement: tests/chat/conftest.statement_csv with, last month, PG&E 120.00, Comcast 89.99 and two Uber
Eats orders (31.50 + 18.50); its Dining is Starbucks 5.75 + 6.25 and The Good Plate 64.00."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from chat.services import chat_turn
from tests.chat.conftest import month_start, statement_csv
from transactions.services import transactions_import

pytestmark = pytest.mark.django_db


@pytest.fixture
def money(alice):
    today = timezone.localdate()
    first = month_start(today, 1)
    extra = [(first + timedelta(days=8), "PG&E WEB ONLINE PAYMENT 4471", "-120.00", "Utilities"),
             (first + timedelta(days=19), "COMCAST XFINITY 800-266-2278 CA", "-89.99", "Utilities"),
             (first + timedelta(days=13), "UBER *EATS 8HJ2K HELP.UBER.COM", "-31.50", "Dining"),
             (first + timedelta(days=21), "UBER *EATS 9QW3Z HELP.UBER.COM", "-18.50", "Dining")]
    return transactions_import(user=alice, file_name="alice.csv", content=statement_csv(today=today, extra=extra))


@pytest.mark.parametrize("said", ["power and internet last month", "how much did internet and power cost last month"])
def test_power_and_internet_are_the_two_bills(chat_demo, alice, money, said):
    answer = chat_turn(user=alice, message=said)
    assert "$209.99" in answer["answer"], answer["answer"]
    assert "understand" not in answer["answer"] and "called 'power'" not in answer["answer"], answer["answer"]
    assert answer["confidence"] >= 0.9, (answer["confidence"], answer["grounding"]["reasons"])


def test_takeaways_are_their_food_delivery(chat_demo, alice, money):
    answer = chat_turn(user=alice, message="compare takeaways and groceries last month")
    assert "$50.00" in answer["answer"] and "$114.90" in answer["answer"], answer["answer"]


def test_takeaways_against_eating_out_are_two_sides_apart(chat_demo, alice, money):
    answer = chat_turn(user=alice, message="takeaways vs eating out last month")
    text = answer["answer"]
    assert "$50.00" in text and "$76.00" in text, text  # Dining without the Uber Eats orders
    assert "the same" not in text, text
