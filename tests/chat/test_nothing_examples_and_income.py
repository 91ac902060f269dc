"""Issue 21 (kinds 1, 2) through chat_turn: examples after an exclusion are kept, and earning said as a phrase.

- "shopping except amazon, so REI and the rest": the clause after "so" / "i.e." / "meaning" names what is kept,
  never more left out (transactions/query/exclusions.py);
- "what did we bring in", "how much I took home": money in, no word left unread (transactions/query/parse.py,
  grammar.py).
Data: the chat fixture statement (tests/chat/conftest.py) plus, for Dana, REI and Best Buy under Shopping;
Bob sees none of it."""
from __future__ import annotations

from datetime import timedelta

import pytest

from chat.services import chat_turn
from tests.chat.conftest import answer_body, confident, last_args, month_start, statement_csv

pytestmark = pytest.mark.django_db


@pytest.fixture
def dana(user_factory):
    from django.utils import timezone

    from transactions.services import transactions_import

    user = user_factory("dana")
    first = month_start(timezone.localdate(), 1)
    extra = [(first + timedelta(days=3), "REI #88 OUTDOOR", "-120.00", "Shopping"),
             (first + timedelta(days=4), "BEST BUY 00123", "-300.00", "Shopping")]
    transactions_import(user=user, file_name="dana.csv",
                        content=statement_csv(today=timezone.localdate(), extra=extra))
    return user


@pytest.mark.parametrize("question", [
    "shopping without amazon, so rei and the other shops, what did that come to last month?",
    "shopping except amazon, i.e. best buy and rei, how much last month",
    "how much on shopping last month minus amazon, meaning rei and best buy",
])
def test_examples_after_an_exclusion_are_kept(chat_demo, dana, bob_money, question):
    answer = chat_turn(user=dana, message=question)
    args = last_args(answer)
    assert args.get("exclude_merchants") == ["Amazon"], args
    assert not args.get("merchants"), args
    assert "420.00" in answer_body(answer), answer["answer"]
    assert "777.77" not in answer["answer"]  # never Bob's


@pytest.mark.parametrize("question", [
    "how much did we bring in last month",
    "what did I take home last month?",
    "how much have I brought in last month",
])
def test_bringing_in_and_taking_home_are_income(chat_demo, alice, alice_money, bob_money, question):
    answer = chat_turn(user=alice, message=question)
    args = last_args(answer)
    assert args.get("direction") == "in" and not args.get("unknown"), args
    assert "3,200.00" in answer_body(answer), answer["answer"]
    assert "BOBCORP" not in answer["answer"].upper()
    assert confident(alice, answer), answer["answer"]
