"""Issue 21 kind 4 through chat_turn: a turn that asks the last answer to be checked or said again re-runs the same
query; that is its answer, kept at the last answer's confidence, never escalated as "its words went unread"."""
from __future__ import annotations

import pytest

from chat.services import chat_turn
from tests.chat.conftest import confident

pytestmark = pytest.mark.django_db


def test_a_check_back_keeps_the_answer_confident(chat_demo, alice, alice_money):
    first = chat_turn(user=alice, message="what did dining cost me last month?")
    assert "$76.00" in first["answer"] and confident(alice, first), first["answer"]
    again = chat_turn(user=alice, message="double-check that for me, what's the figure again?",
                      conversation_id=first["conversation_id"])
    assert "$76.00" in again["answer"], again["answer"]
    assert confident(alice, again), (again["confidence"], again.get("understanding"))
