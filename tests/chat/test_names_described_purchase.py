"""Issue 21 kind 2 through chat_turn: a purchase described by its size and the shop of theirs it was bought at ("how
much was the big blender from amazon last month") is the largest purchase there — not the shop's total with the
description left unread (a wrong figure, escalated). Statement: tests/chat/conftest.statement_csv (last month at
Amazon: 42.99 and 18.50)."""
from __future__ import annotations

import pytest

from chat.services import chat_turn

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("said", ["how much was the big blender from amazon last month",
                                  "what did that huge rug at Amazon cost me last month"])
def test_the_big_thing_at_a_shop_is_its_largest_purchase(chat_demo, alice, alice_money, said):
    answer = chat_turn(user=alice, message=said)
    assert "$42.99" in answer["answer"] and "$61.49" not in answer["answer"], answer["answer"]
    assert answer["tool_calls"][0]["arguments"].get("measure") == "largest", answer["tool_calls"]
    assert answer["confidence"] >= 0.4, (answer["confidence"], answer["grounding"]["reasons"])


def test_a_thing_without_its_size_is_not_guessed_to_be_the_largest(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="how much was the blender from amazon last month")
    assert answer["tool_calls"][0]["arguments"].get("measure") != "largest", answer["tool_calls"]
