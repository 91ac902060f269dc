"""A merchant of theirs described instead of named ("the tunes app", "the movies one"): an everyday word that names
none of their merchants, categories or narratives is compared by meaning with their own merchants
(transactions/query/described.py). A clear lead is read as that merchant, said in the answer and never confident;
close ones are offered in a clarifying question; a word about none of them ("the boat") stays a thing. Through
chat_turn: the chat fixture statement plus Spotify, Chipotle and Shell charges last month."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from chat.services import chat_turn
from tests.chat.conftest import answer_body, confident, last_args, month_start, statement_csv
from transactions.services import transactions_import

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice_described(alice):
    first = month_start(timezone.localdate(), 1)
    extra = [(first + timedelta(days=4), "SPOTIFY USA 877-778-1161 NY", "-11.99", "Subscriptions"),
             (first + timedelta(days=6), "CHIPOTLE 1123 AUSTIN TX", "-13.45", "Dining"),
             (first + timedelta(days=7), "SHELL OIL 5744 AUSTIN TX", "-41.20", "Transport")]
    return transactions_import(user=alice, file_name="alice.csv",
                               content=statement_csv(today=timezone.localdate(), extra=extra))


@pytest.mark.parametrize(("question", "merchant", "figure"), [
    ("what did the tunes app cost me last month", "Spotify", "$11.99"),
    ("how much went on that films subscription thing last month", "Netflix", "$15.49"),
])
def test_a_described_merchant_is_read_as_theirs_and_said_never_confident(chat_demo, alice, alice_described,
                                                                        question, merchant, figure):
    answer = chat_turn(user=alice, message=question)
    assert figure in answer_body(answer), (answer["answer"], answer["tool_calls"])
    assert last_args(answer).get("merchants") == [merchant], answer["tool_calls"]
    assert f"as {merchant}" in answer["answer"], answer["answer"]  # says how the words were read
    assert not confident(alice, answer), answer["confidence"]


def test_a_word_about_none_of_their_merchants_stays_a_thing(chat_demo, alice, alice_described):
    answer = chat_turn(user=alice, message="what did the boat cost me last month")
    assert not last_args(answer).get("merchants"), answer["tool_calls"]
    assert not confident(alice, answer), answer["confidence"]


def test_a_named_merchant_is_not_read_again_by_meaning(chat_demo, alice, alice_described):
    answer = chat_turn(user=alice, message="what did spotify cost me last month")
    assert "$11.99" in answer_body(answer), answer["answer"]
    assert last_args(answer).get("merchants") == ["Spotify"], answer["tool_calls"]
    assert confident(alice, answer), answer["confidence"]
