"""Issue 21 through chat_turn: a two-word brand they never had whose first word starts one of their longer merchant
names ("summit dental" beside their Summit Air Lines) is another business — "no transactions", never their airline
plus their dentist at high confidence (where the first word is theirs alone, the partial-name reading is said and
asked about, below high: transactions/query/nicknames.py). Two merchants sharing the word: linking._brand_pairs."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from chat.services import chat_turn
from tests.chat.conftest import confident, csv_bytes, demo_docs
from transactions.services import transactions_import

pytestmark = pytest.mark.django_db


def _theirs(user):
    today = timezone.localdate()
    rows = [(today - timedelta(days=3), "SUMMIT AIR LINES 0062", "-420.00", "Travel"),
            (today - timedelta(days=9), "SMILE DENTAL CARE", "-150.00", "Health")]
    transactions_import(user=user, file_name="extra.csv", content=csv_bytes(rows))


def test_a_brand_sharing_a_first_word_is_not_theirs(chat_demo, alice, alice_money, bob, bob_money):
    _theirs(bob)
    answer = chat_turn(user=bob, message="what did I pay summit dental")
    # never their airline and their dentist added up; a reading of the name is said and stays below high
    assert "570.00" not in answer["answer"], answer["answer"]
    assert "no transactions" in answer["answer"].lower() or (
        "summit dental" in answer["answer"] and not confident(bob, answer)), answer["answer"]
    # alice has no such merchant at all: nothing of bob's
    other = chat_turn(user=alice, message="what did I pay summit dental")
    assert "420.00" not in other["answer"] and "150.00" not in other["answer"], other["answer"]


def test_what_a_thing_of_theirs_cost_them_is_their_money_not_a_topic(chat_demo, alice, alice_money, bob, bob_money):
    """"how much did the dentist cost me": their dentist (linked by meaning), not a knowledge search for a finance topic
    the words touch (it had gone to the knowledge base at 0.0 once casual finance topics were read as concepts)."""
    _theirs(bob)
    demo_docs(education=("health-savings-accounts.md",))  # a page that speaks of dentists
    answer = chat_turn(user=bob, message="how much did the dentist cost me?")
    assert answer["tools_used"] == ["search_transactions"], answer["tool_calls"]
    assert "150.00" in answer["answer"], answer["answer"]
    other = chat_turn(user=alice, message="how much did the dentist cost me?")
    assert "150.00" not in other["answer"], other["answer"]
