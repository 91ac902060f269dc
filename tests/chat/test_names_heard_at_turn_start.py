"""A name of theirs said by its sound where a turn starts, or spoken as short everyday words (issue 21, kind 2): speech
to text writes "hoover eats" for Uber Eats and "i key a" for IKEA. A sound reading needed "at", "from"… before the
words, so "hoover eats last month" (no preposition: the turn's subject comes first) lost the name and answered as
if nothing were called that; and pieces holding "i" and "a" were never glued into a name. Both are their merchant
now, as a doubt (answered, said, below confident). Through chat_turn, with a second user who has neither shop."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from chat.services import chat_turn
from tests.chat.conftest import answer_body, confident, month_start, statement_csv
from transactions.services import transactions_import

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice_shops(alice):
    first = month_start(timezone.localdate(), 1)
    extra = [(first + timedelta(days=4), "UBER *EATS 8H2KQ HELP.UBER.COM", "-31.40", "Dining"),
             (first + timedelta(days=13), "IKEA 0421 EAST PALO ALTO CA", "-486.37", "Shopping")]
    return transactions_import(user=alice, file_name="alice.csv",
                               content=statement_csv(today=timezone.localdate(), extra=extra))


def _merchants(answer: dict) -> list[str]:
    return [m for call in answer["tool_calls"] for m in call["arguments"].get("merchants") or []]


@pytest.mark.parametrize(("said", "amount", "merchant"), [
    ("hoover eats last month", "$31.40", "Uber Eats"),
    ("so hoover eats last month, how much", "$31.40", "Uber Eats"),
    ("i key a last month", "$486.37", "Ikea"),
    ("how much did i spend at i key a last month", "$486.37", "Ikea"),
])
def test_a_name_heard_as_everyday_words_is_their_merchant(chat_demo, alice, alice_shops, said, amount, merchant):
    answer = chat_turn(user=alice, message=said)
    assert amount in answer_body(answer), answer["answer"]
    assert _merchants(answer) == [merchant], answer["tool_calls"]
    assert not confident(alice, answer), answer["grounding"]  # a reading by sound is a doubt, said


@pytest.mark.parametrize("said", ["did i get a refund last month", "what did i pay for a key last month"])
def test_everyday_words_that_glue_into_no_name_stay_words(chat_demo, alice, alice_shops, said):
    answer = chat_turn(user=alice, message=said)
    assert not {"Ikea", "Uber Eats"} & set(_merchants(answer)), answer["tool_calls"]


def test_the_second_user_without_the_shops_gets_no_link(chat_demo, alice, alice_shops, bob, bob_money):
    answer = chat_turn(user=bob, message="i key a last month")
    assert "486.37" not in answer["answer"] and not _merchants(answer), (answer["answer"], answer["tool_calls"])
