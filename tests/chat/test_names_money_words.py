"""A shop whose name is also a word of money talk (Target, Delta) said as that word — "what's our target on
eating out", "the delta from last month" — is not read as the shop at a confident figure: the shop is a guess the
answer says it made (below 0.4). Said as the shop ("at the target", "my target runs", "delta this year") it stays
the shop, confidently. Through chat_turn on a real import."""
from __future__ import annotations

from datetime import timedelta

import pytest

from chat.services import chat_turn
from tests.chat.conftest import merchants_asked, statement_csv

pytestmark = pytest.mark.django_db


@pytest.fixture
def shops_with_everyday_names(alice):
    from django.utils import timezone

    from transactions.services import transactions_import

    today = timezone.localdate()
    extra = [(today - timedelta(days=k), "TARGET 00012345 OAKLAND CA", "-31.40", "Shopping") for k in (3, 20, 45)]
    extra += [(today - timedelta(days=k), "DELTA AIR LINES 0062345 ATLANTA", "-412.00", "Travel") for k in (15, 70)]
    return transactions_import(user=alice, file_name="alice.csv", content=statement_csv(today=today, extra=extra))


@pytest.mark.parametrize("said", [
    "what's our target on eating out each month",
    "what is my target for food",
    "how big is the delta vs the month before",
])
def test_a_money_word_said_as_a_noun_is_no_confident_shop(chat_demo, alice, shops_with_everyday_names, said):
    answer = chat_turn(user=alice, message=said)
    if any(m.startswith(("Target", "Delta")) for m in merchants_asked(answer)):
        assert answer["confidence"] < 0.4, (said, answer["confidence"], answer["answer"])


@pytest.mark.parametrize(("said", "shop"), [
    ("how much did i spend at the target this year", "Target"),
    ("what did my target runs come to this year", "Target"),
    ("how much on delta this year", "Delta"),
])
def test_the_shop_said_as_a_shop_stays_confident(chat_demo, alice, shops_with_everyday_names, said, shop):
    answer = chat_turn(user=alice, message=said)
    merchants = merchants_asked(answer)
    assert merchants and all(m.startswith(shop) for m in merchants), (said, answer["tool_calls"])
    assert answer["confidence"] >= 0.4, (said, answer["confidence"], answer["answer"])
