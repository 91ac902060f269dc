"""A foreign name spelt in Vietnamese by its sounds, its syllables joined by hyphens ("a-ma-dôn", "tơ-rây-đơ giô"):
one word, though a syllable alone is a grammar word ("a", "to", "đơ"). It is read as the user's merchant whose
sound it has — a guess, so below confident and said ("I read …") — or, when none of theirs sounds so, as one name
they do not have (never a search of their descriptions for one syllable). Through chat_turn on a real import."""
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
def dana_shops(alice):
    first = month_start(timezone.localdate(), 1)
    extra = [(first + timedelta(days=4), "TRADER JOE'S #552 OAKLAND CA", "-57.40", "Groceries"),
             (first + timedelta(days=9), "CHEVRON 0093 BERKELEY CA", "-48.10", "Transport")]
    return transactions_import(user=alice, file_name="dana.csv",
                               content=statement_csv(today=timezone.localdate(), extra=extra))


@pytest.mark.parametrize(("said", "amount", "merchant"), [
    ("tháng trước mình trả cho a-ma-dôn bao nhiêu?", "$61.49", "Amazon"),  # "a" alone is a grammar word
    ("tháng trước đi chợ ở tơ-rây-đơ giô hết bao nhiêu", "$57.40", "Trader Joe"),  # "to", "đơ" likewise
])
def test_joined_syllables_are_their_merchant_read_as_a_doubt(chat_demo, alice, dana_shops, said, amount, merchant):
    answer = chat_turn(user=alice, message=said)
    assert amount in answer_body(answer), (said, answer["answer"])
    assert any(m.startswith(merchant) for m in merchants_asked(answer)), (said, answer["tool_calls"])
    assert answer["confidence"] < CONFIDENT, (said, answer["confidence"])


def test_joined_syllables_none_of_theirs_sound_like_are_one_name_they_lack(chat_demo, alice, dana_shops):
    answer = chat_turn(user=alice, message="tháng trước tôi mua gì ở oan-mát không, bao nhiêu tiền?")
    args = [call["arguments"] for call in answer["tool_calls"]]
    assert not merchants_asked(answer) and not any(a.get("text") for a in args), answer["tool_calls"]
    assert any("oan mat" in (a.get("unknown") or []) for a in args), answer["tool_calls"]


def test_the_same_syllables_apart_are_no_name_of_theirs(chat_demo, alice, dana_shops):
    answer = chat_turn(user=alice, message="tháng trước tôi tiêu bao nhiêu cho ăn uống")
    assert not merchants_asked(answer), answer["tool_calls"]
