"""A check of what the last answer counted ("are you quite sure that includes Starbucks?", "is that including the
Starbucks ones as well"): a name of the last answer's own subject asked about is the same answer again, at the
confidence of a check-back — never that name's own total nor a knowledge search. Through chat_turn."""
from __future__ import annotations

import pytest

from chat.assistant import MONEY_TOOLS
from tests.chat.conftest import talk

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("check", [
    "are you quite sure that includes Starbucks?",
    "and is that including the starbucks ones as well",
    "does that include starbucks?",
])
def test_a_name_of_the_subject_asked_about_is_the_same_answer(chat_demo, alice, alice_money, check):
    first, again = talk(alice, "what did I spend on dining last month", check)
    assert "$76.00" in first["answer"], first["answer"]
    assert "$76.00" in again["answer"], again["answer"]
    assert {c["name"] for c in again["tool_calls"]} <= MONEY_TOOLS and not again["citations"]
    assert again["confidence"] >= first["confidence"] - 0.1, (again["confidence"], again["answer"])


def test_a_name_outside_the_subject_is_not_read_as_the_same_answer(chat_demo, alice, alice_money):
    _, other = talk(alice, "what did I spend on dining last month", "does that include the rent?")
    assert "$76.00" not in other["answer"].split("\n")[0] or "rent" in other["answer"].lower(), other["answer"]
