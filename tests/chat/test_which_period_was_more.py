"""Two turns about the same things over two periods ("coffee last month, both places" → "and the month before?"),
then "which was more" / "so which month was worse": the two periods the turns set side by side, not the shops
inside the last answer. After one answer alone, "which one was more" still weighs its shops. Through chat_turn."""
from __future__ import annotations

import pytest

from tests.chat.conftest import talk

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("which", ["which was more", "so which month was worse"])
def test_the_periods_of_the_two_turns_are_compared(chat_demo, alice, alice_money, which):
    *_, answer = talk(alice, "starbucks and amazon last month", "and the month before?", which)
    (call,) = answer["tool_calls"]
    assert call["name"] == "compare_spending" and call["arguments"].get("mode") == "periods", answer["tool_calls"]


def test_after_one_answer_its_shops_are_weighed(chat_demo, alice, alice_money):
    _, answer = talk(alice, "starbucks and amazon last month", "which one was more")
    (call,) = answer["tool_calls"]
    assert call["arguments"].get("mode") == "sides", answer["tool_calls"]
