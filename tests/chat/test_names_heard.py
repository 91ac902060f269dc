"""A name of the user's own said with one of its words misheard (issue 21, kind 2): speech to text writes a word it
knows for the one it heard ("trader john's" for Trader Joe's, "blue bottel" for Blue Bottle). The distinctive word
kept and each other word near the name's own (same first letter, sound one consonant off, an edit or two by length:
transactions/query/said_names.near_named) is that merchant, answered and said ("I read …"), not confidently when
loose; a word far from the name's ("best bet" for Best Buy, "trader vic's") is not it. Through chat_turn, with a second
user who has none of these shops."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from chat.services import chat_turn
from tests.chat.conftest import answer_body, merchants_asked, month_start, statement_csv
from transactions.services import transactions_import

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice_grocers(alice):
    first = month_start(timezone.localdate(), 1)
    extra = [(first + timedelta(days=6), "TRADER JOE'S #552 OAKLAND CA", "-58.10", "Groceries"),
             (first + timedelta(days=21), "BEST BUY 00012345 EMERYVILLE CA", "-24.99", "Shopping"),
             (first + timedelta(days=22), "SQ *BLUE BOTTLE COFFEE OAKLAND CA", "-7.25", "Dining"),
             (first + timedelta(days=19), "COMCAST XFINITY 800-266-2278 CA", "-89.99", "Utilities")]
    return transactions_import(user=alice, file_name="alice.csv",
                               content=statement_csv(today=timezone.localdate(), extra=extra))


@pytest.mark.parametrize(("said", "amount", "merchant"), [
    ("how much did i spend at trader john's last month", "$58.10", "Trader Joe"),
    ("what did trader johns cost me last month", "$58.10", "Trader Joe"),
    ("blue bottel coffee last month, how much", "$7.25", "Blue Bottle"),
])
def test_a_misheard_word_of_their_name_is_their_merchant(chat_demo, alice, alice_grocers, said, amount, merchant):
    answer = chat_turn(user=alice, message=said)
    assert amount in answer_body(answer), answer["answer"]
    assert any(m.startswith(merchant) for m in merchants_asked(answer)), answer["tool_calls"]
    assert "I read" in answer["answer"], answer["answer"]  # the reading is said, as a loose one


@pytest.mark.parametrize("said", ["what's my best bet for cutting costs this month",
                                  "how much did the best bed frame cost me last month"])
def test_a_word_far_from_the_names_own_is_not_their_merchant(chat_demo, alice, alice_grocers, said):
    answer = chat_turn(user=alice, message=said)
    assert not any(m.startswith("Best Buy") for m in merchants_asked(answer)), answer["tool_calls"]
    assert "24.99" not in answer_body(answer), answer["answer"]


def test_the_second_user_without_the_shop_gets_no_link(chat_demo, alice, alice_grocers, bob, bob_money):
    answer = chat_turn(user=bob, message="how much did i spend at trader john's last month")
    assert "58.10" not in answer["answer"], answer["answer"]
    assert not any(m.startswith("Trader Joe") for m in merchants_asked(answer)), answer["tool_calls"]


@pytest.mark.parametrize(("said", "amount", "merchant"), [
    ("how much did the calm cast bill come to last month", "$89.99", "Comcast"),
    ("calm cast last month how much", "$89.99", "Comcast"),
    ("what did i spend at hold foods last month", "$96.40", "Whole Foods"),
])
def test_everyday_words_heard_for_a_name_with_one_consonant_too_many_are_a_loose_reading(
        chat_demo, alice, alice_grocers, said, amount, merchant):
    """Speech to text writes everyday words for a name it does not know ("calm cast", "hold foods"): the words sound
    like the name with one consonant more, ending as it ends — read as that merchant, said, and never confidently."""
    answer = chat_turn(user=alice, message=said)
    assert amount in answer_body(answer), answer["answer"]
    assert any(m.startswith(merchant) for m in merchants_asked(answer)), answer["tool_calls"]
    assert "I read" in answer["answer"] and answer["confidence"] < 0.4, (answer["answer"], answer["confidence"])


@pytest.mark.parametrize("said", ["i got cold feet about the trip, what did i spend last month",
                                  "how much went on the old fort tour last month"])
def test_everyday_words_that_sound_like_no_name_of_theirs_link_nothing(chat_demo, alice, alice_grocers, said):
    answer = chat_turn(user=alice, message=said)
    assert not any(m.startswith(("Comcast", "Whole Foods")) for m in merchants_asked(answer)), answer["tool_calls"]
