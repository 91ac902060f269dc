"""Names split by dictation into words that, run together or said aloud, are the user's own merchant ("del ta",
"net flick"), names heard as everyday words one by one ("best by" for Best Buy — read, but as a doubt),
and the reverse: everyday phrases and a possessive budget phrase ("my whole food money") are never a confident
merchant. Through chat_turn on a real import; a second user without those shops sees none of them."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from chat.services import chat_turn
from tests.chat.conftest import answer_body, merchants_asked, month_start, statement_csv
from transactions.services import transactions_import

pytestmark = pytest.mark.django_db
CONFIDENT = 0.4


@pytest.fixture
def carol_shops(alice):
    first = month_start(timezone.localdate(), 1)
    extra = [(first + timedelta(days=3), "DELTA AIR LINES 0062345 ATLANTA GA", "-412.30", "Travel"),
             (first + timedelta(days=5), "PAYPAL *EBAY 402-935-7733", "-23.15", "Shopping"),
             (first + timedelta(days=8), "BEST BUY 00012345 EMERYVILLE CA", "-24.99", "Shopping"),
             (first + timedelta(days=11), "HULU 877-8244858 CA", "-17.99", "Subscriptions"),
             (first + timedelta(days=12), "SPOTIFY USA 877-778-1161 NY", "-11.99", "Subscriptions"),
             (first + timedelta(days=14), "UBER EATS 8005928996 CA", "-33.40", "Dining"),
             (first + timedelta(days=16), "STARBUCKS STORE 05512 OAKLAND CA", "-6.85", "Dining"),
             (first + timedelta(days=17), "TARGET 00012345 OAKLAND CA", "-61.20", "Shopping")]
    return transactions_import(user=alice, file_name="carol.csv",
                               content=statement_csv(today=timezone.localdate(), extra=extra))


@pytest.mark.parametrize(("said", "amount", "merchant"), [
    ("what did i spend at del ta last month", "$412.30", "Delta"),
    ("del ta flights last month, how much", "$412.30", "Delta"),
    ("del ta charges last month", "$412.30", "Delta"),
    ("how much on net flick last month", "$15.49", "Netflix"),
    ("net flicks charges last month", "$15.49", "Netflix"),
])
def test_a_name_split_into_words_is_their_merchant(chat_demo, alice, carol_shops, said, amount, merchant):
    answer = chat_turn(user=alice, message=said)
    assert amount in answer_body(answer), (said, answer["answer"])
    assert any(m.lower().startswith(merchant.lower()) for m in merchants_asked(answer)), (said, answer["tool_calls"])


@pytest.mark.parametrize("said", ["best by purchases last month", "what did i spend at best by last month",
                                  "best by total last month"])
def test_a_name_heard_as_everyday_words_is_read_but_doubted(chat_demo, alice, carol_shops, said):
    answer = chat_turn(user=alice, message=said)
    assert "$24.99" in answer_body(answer), (said, answer["answer"])
    assert answer["confidence"] < CONFIDENT, (said, answer["confidence"])
    assert "best by" in answer["answer"].lower() and "I read" in answer["answer"], answer["answer"]


@pytest.mark.parametrize("said", ["which month was the best by far", "what did i spend, net of the refund, last month",
                                  "was it the best by a mile last month"])
def test_everyday_phrases_are_none_of_their_merchants(chat_demo, alice, carol_shops, said):
    answer = chat_turn(user=alice, message=said)
    assert not any(m.lower().startswith(("best buy", "netflix")) for m in merchants_asked(answer)), (said, answer["tool_calls"])


@pytest.mark.parametrize("said", ["how much did groceries and dining cost, basically my whole food money, last month",
                                  "what was our whole food budget last month"])
def test_a_budget_phrase_after_a_possessive_is_never_a_confident_merchant(chat_demo, alice, carol_shops, said):
    answer = chat_turn(user=alice, message=said)
    if any(m.lower().startswith("whole foods") for m in merchants_asked(answer)):
        assert answer["confidence"] < CONFIDENT, (said, answer["confidence"], answer["answer"])


def test_another_user_without_those_shops_gets_none_of_them(chat_demo, alice, bob, carol_shops):
    transactions_import(user=bob, file_name="bob.csv", content=statement_csv(today=timezone.localdate()))
    answer = chat_turn(user=bob, message="what did i spend at del ta last month")
    assert "$412.30" not in answer["answer"] and not any(m.lower().startswith("delta") for m in merchants_asked(answer))


@pytest.mark.parametrize(("said", "amount", "merchant", "not_merchant"), [
    ("huber rides last month, how much?", "$23.10", "uber", "uber eats"),  # a one-word name respelt, then its noun
    ("how much were my huber trips last month", "$23.10", "uber", "uber eats"),
    ("what did i spend on huber eats last month", "$33.40", "uber eats", None),
])
def test_a_name_respelt_by_sound_then_a_noun_is_that_name(chat_demo, alice, carol_shops, said, amount, merchant,
                                                          not_merchant):
    answer = chat_turn(user=alice, message=said)
    merchants = [m.lower() for m in merchants_asked(answer)]
    assert amount in answer_body(answer), (said, answer["answer"])
    assert any(m.startswith(merchant) for m in merchants), (said, merchants)
    assert not_merchant is None or not any(m.startswith(not_merchant) for m in merchants), (said, merchants)


@pytest.mark.parametrize(("said", "amount"), [
    ("tháng trước tôi chi bao nhiêu ở xờ-ta-bấc?", "$18.85"),  # Starbucks said in Vietnamese syllables
    ("tháng trước tôi tiêu bao nhiêu ở sta bấc", "$18.85"),
    ("tháng trước tôi trả bao nhiêu cho nét phờ lích", "$15.49"),  # Netflix
    ("how much at bes bai last month", "$24.99"),  # Best Buy without its t
    ("tháng trước tôi mua bao nhiêu ở bét bai", "$24.99"),
    ("tháng trước tôi chi bao nhiêu ở ta-gét", "$61.20"),  # Target: "gét" is a syllable, not the English "get"
])
def test_a_name_said_without_its_clusters_is_read_as_a_doubt(chat_demo, alice, carol_shops, said, amount):
    answer = chat_turn(user=alice, message=said)
    assert amount in answer_body(answer), (said, answer["answer"])
    assert answer["confidence"] < CONFIDENT, (said, answer["confidence"])


def test_a_name_said_without_its_clusters_is_left_out_when_excluded(chat_demo, alice, carol_shops):
    answer = chat_turn(user=alice, message="shopping last month but no the bes bai, that was the tv")
    assert any(m.lower().startswith("best buy") for call in answer["tool_calls"]
               for m in call["arguments"].get("exclude_merchants") or []), answer["tool_calls"]


@pytest.mark.parametrize("said", ["tháng trước tôi tiêu bao nhiêu cho ăn uống và đi chợ",
                                  "tháng trước tôi mua sắm hết bao nhiêu", "how much at the bus stop last month"])
def test_everyday_vietnamese_and_english_words_are_no_name_heard(chat_demo, alice, carol_shops, said):
    answer = chat_turn(user=alice, message=said)
    hows = [w.get("how") for w in (answer.get("understanding") or {}).get("words", []) if w.get("role") == "merchant"]
    assert "partial" not in hows and not merchants_asked(answer), (said, answer["tool_calls"])
