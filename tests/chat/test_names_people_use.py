"""The names people use for their own merchants (issue 21): said as they sound (speech to text splits, glues and
respells them), with a plural, or as a name of theirs they have no rows for — each linked by general means or said
to be nothing of theirs, never read as another name or a word of their descriptions. Through chat_turn on the chat
fixture statement with a few more shops of the kind people nickname."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from chat.services import chat_turn
from tests.chat.conftest import answer_body, month_start, statement_csv
from transactions.services import transactions_import

pytestmark = pytest.mark.django_db


@pytest.fixture
def shops(alice):
    first = month_start(timezone.localdate(), 1)
    extra = [(first + timedelta(days=13), "TARGET 00012345 OAKLAND CA", "-61.20", "Shopping"),
             (first + timedelta(days=14), "UBER EATS 8005928996 CA", "-33.40", "Dining"),
             (first + timedelta(days=15), "CHIPOTLE 2291 OAKLAND CA", "-12.85", "Dining"),
             (first + timedelta(days=16), "PLANET FITNESS CLUB FEES 844-880-7180 NH", "-24.99", "Health"),
             (first + timedelta(days=17), "DELTA AIR LINES 0062345678901 ATLANTA GA", "-412.60", "Travel"),
             (first + timedelta(days=18), "DELTA AIR 0062345678901 BAG FEE", "-35.00", "Travel")]
    return transactions_import(user=alice, file_name="alice.csv",
                               content=statement_csv(today=timezone.localdate(), extra=extra))


def test_names_written_as_they_sound_are_their_merchants(chat_demo, alice, shops):
    for said, amount, name in (("hole foods", "$96.40", "Whole Foods"), ("chip hotel", "$12.85", "Chipotle"),
                               ("tarjay", "$61.20", "Target")):
        answer = chat_turn(user=alice, message=f"how much went to {said} last month")
        assert amount in answer_body(answer), (said, answer["answer"])
        assert f"I read “{said}” as {name}" in answer["answer"], (said, answer["answer"])


def test_a_plural_name_is_that_merchant_not_a_longer_one_starting_with_it(chat_demo, alice, shops):
    answer = chat_turn(user=alice, message="what did the ubers cost me last month")
    assert "$23.10" in answer_body(answer) and "$33.40" not in answer["answer"], answer["answer"]
    assert answer["tool_calls"][0]["arguments"].get("merchants") == ["Uber"]


def test_a_shop_of_two_words_they_never_used_stays_whole(chat_demo, alice, shops):
    answer = chat_turn(user=alice, message="how much did I spend at Sam's Club last month")
    body = answer_body(answer)
    assert "no transactions" in body and "Sams Club" in body and "$24.99" not in answer["answer"], answer["answer"]
    letter = chat_turn(user=alice, message="what did I spend at H Mart last month")
    assert "no transactions at H Mart" in answer_body(letter), letter["answer"]


def test_the_full_name_keeps_the_same_brand_under_a_shorter_name(chat_demo, alice, shops):
    answer = chat_turn(user=alice, message="what have delta air lines flights cost me last month")
    assert "$447.60" in answer_body(answer), answer["answer"]  # the fare and the bag fee


def test_the_end_of_a_name_is_that_merchant(chat_demo, alice, shops):
    answer = chat_turn(user=alice, message="what did the zon get from me last month")
    assert "$61.49" in answer_body(answer) and "I read “zon” as Amazon" in answer["answer"], answer["answer"]


def test_a_payer_they_never_had_is_nothing_not_all_their_income(chat_demo, alice, shops):
    answer = chat_turn(user=alice, message="how much did grubhub pay me last month")
    body = answer_body(answer)
    assert "$3,200.00" not in body and ("no " in body or "nothing" in body.lower()), answer["answer"]
