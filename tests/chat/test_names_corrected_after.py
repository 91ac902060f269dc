"""Issue 21 kind 2 through chat_turn: a self-correction whose cue comes after the word it brings ("what did I put in
the car last month … petrol i mean"): the later word wins, in place of the earlier one — not the earlier word left
unread beside it (a right figure below the confidence line, escalated) nor the two added up. Statement:
tests/chat/conftest.statement_csv (last month: Uber 23.10, Starbucks 5.75 + 6.25, Netflix 15.49)."""
from __future__ import annotations

import pytest

from chat.services import chat_turn

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("said", "figure", "gone"), [
    ("what did I spend at starbucks last month ... uber i mean", "$23.10", "starbucks"),
    ("what did I put in the car last month, netflix i mean", "$15.49", "car"),
])
def test_the_word_said_before_i_mean_replaces_the_earlier_one(chat_demo, alice, alice_money, said, figure, gone):
    answer = chat_turn(user=alice, message=said)
    assert figure in answer["answer"], answer["answer"]
    assert gone not in answer["answer"].lower().split("_what i looked up")[0], answer["answer"]
    assert "understand" not in answer["answer"], answer["answer"]
    assert answer["confidence"] >= 0.9, (answer["confidence"], answer["grounding"]["reasons"])
