"""A Vietnamese phrase with a verb in it is never one of the user's names by sound: "bà xài hết bao (nhiêu)" (how much
did grandma spend) was read as Best Buy, a $0.00 answer at 0.7."""
from __future__ import annotations

import pytest
from django.utils import timezone

from chat.services import chat_turn
from tests.chat.conftest import last_args, statement_csv
from transactions.services import transactions_import

pytestmark = pytest.mark.django_db


@pytest.fixture
def best_buy_money(alice):
    today = timezone.localdate()
    extra = [(today.replace(day=1), "BEST BUY 00012345 SAN JOSE CA", "-499.99", "Shopping")]
    return transactions_import(user=alice, file_name="alice.csv", content=statement_csv(today=today, extra=extra))


@pytest.mark.parametrize("said", ["tuần rồi bà xài hết bao nhiêu?", "tháng này ông mua hết bao nhiêu vậy?"])
def test_a_vietnamese_phrase_with_a_verb_is_no_name_by_sound(chat_demo, alice, best_buy_money, said):
    answer = chat_turn(user=alice, message=said)
    assert not last_args(answer).get("merchants"), last_args(answer)
    assert "tại Best Buy" not in answer["answer"], answer["answer"]  # all spending (Best Buy may be one of its rows)


def test_best_buy_said_in_vietnamese_is_still_best_buy(chat_demo, alice, best_buy_money, bob):
    answer = chat_turn(user=alice, message="tháng này tui xài bao nhiêu ở best buy?")
    assert last_args(answer).get("merchants") == ["Best Buy"], last_args(answer)
    assert "$499.99" in answer["answer"]
    assert "$499.99" not in chat_turn(user=bob, message="tháng này tui xài bao nhiêu ở best buy?")["answer"]


@pytest.mark.parametrize("said", ["tháng trước bà xài hết bao nhiêu?", "thang truoc ong mua het bao nhieu tien?"])
def test_a_grandparent_speaking_of_themself_is_the_asker(chat_demo, alice, alice_money, said):
    answer = chat_turn(user=alice, message=said)
    args = last_args(answer)
    assert not args.get("merchants") and not args.get("unknown"), args
    assert answer["confidence"] >= 0.4, answer  # every word read: the asker, a verb, the period
