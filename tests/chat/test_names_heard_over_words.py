"""A one-word name of theirs that speech to text wrote as several words, the last an everyday word with a reading of
its own ("spotty fly" for Spotify: "fly" alone reads as airlines): the sound of all the words is the name's, so it
is that name — as a doubt, never confident (transactions/query/linking_sentence._heard_as_theirs). A word that is
itself a word of one of their names blocks the sound match ("uber rides" stays Uber, not a longer name). Through
chat_turn: the chat fixture statement plus a Spotify charge last month."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from chat.services import chat_turn
from tests.chat.conftest import answer_body, confident, last_args, month_start, statement_csv
from transactions.services import transactions_import

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice_listens(alice):
    first = month_start(timezone.localdate(), 1)
    extra = [(first + timedelta(days=4), "SPOTIFY USA 877-778-1161 NY", "-11.99", "Subscriptions"),
             (first + timedelta(days=9), "DELTA AIR LINES ATLANTA GA", "-312.40", "Travel")]
    return transactions_import(user=alice, file_name="alice.csv",
                               content=statement_csv(today=timezone.localdate(), extra=extra))


@pytest.mark.parametrize("question", [
    "how much went to spotty fly last month",
    "what did i pay spot if fly last month",
    "what went to spot of fly last month",
])
def test_a_name_heard_as_words_ending_in_a_kind_word_is_that_name_as_a_doubt(chat_demo, alice, alice_listens,
                                                                            question):
    answer = chat_turn(user=alice, message=question)
    assert "$11.99" in answer_body(answer), (answer["answer"], answer["tool_calls"])
    assert "$312.40" not in answer_body(answer), answer["answer"]
    assert last_args(answer).get("merchants") == ["Spotify"], answer["tool_calls"]
    assert not confident(alice, answer), answer["confidence"]


def test_a_word_of_their_own_name_blocks_the_sound_reading(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="what did the uber rides cost me last month")
    assert "$23.10" in answer_body(answer), answer["answer"]
    assert last_args(answer).get("merchants") == ["Uber"], answer["tool_calls"]
