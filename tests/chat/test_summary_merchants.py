"""A spending summary ("give me an overview of last month") names the biggest merchants beside the biggest
categories: people ask it of either (chat/assistant.get_spending_summary, chat/offline/compose.py). The figures come
from the one query engine over the summary's own dates; another user's merchants never appear."""
from __future__ import annotations

import pytest

from chat.services import chat_turn
from tests.chat.conftest import answer_body

pytestmark = pytest.mark.django_db


def test_the_summary_names_the_biggest_merchants(chat_demo, alice, alice_money, bob, bob_money):
    answer = chat_turn(user=alice, message="give me an overview of my spending last month")
    assert answer["tools_used"] == ["get_spending_summary"], answer
    body = answer_body(answer)
    line = next(x for x in body.splitlines() if x.startswith("The biggest merchants:"))
    # rent 1,400.00 first; Whole Foods 96.40 before The Good Plate 64.00 and Amazon (42.99 + 18.50 = 61.49)
    assert line.index("1,400.00") < line.index("96.40") < line.index("64.00"), line
    assert "Pawn" not in body, body  # Bob's merchant
    assert answer["confidence"] >= 0.4, (answer["confidence"], answer["grounding"]["reasons"])
