"""Issue 21: an answer whose measure or period is not the one the question names is not confident (chat/turn_signals.py,
chat/confidence_asked.py): money in asked and only money out counted; a month named and every row counted."""
from __future__ import annotations

import pytest

from chat.services import chat_turn
from tests.chat.conftest import confident, last_month_iso, reasons, reply

pytestmark = pytest.mark.django_db


def _turn(fake_llm, user, message: str, call: dict, text: str) -> dict:
    fake_llm([{"tool_calls": [("search_transactions", call)]}, reply(text)])
    return chat_turn(user=user, message=message)


@pytest.mark.parametrize("question", ["what did I earn last month?", "how much came in last month, roughly",
                                      "thu nhập tháng trước của mình là bao nhiêu"])
def test_money_in_asked_and_money_out_counted_is_not_confident(fake_llm, alice, alice_money, question):
    start, end = last_month_iso()
    out = _turn(fake_llm, alice, question, {"measure": "total", "direction": "out", "start": start, "end": end},
                "You spent $1,672.48 last month.")
    assert not confident(alice, out), reasons(out)
    assert "came in" in reasons(out)


def test_money_in_counted_keeps_its_confidence(fake_llm, bob, bob_money):
    start, end = last_month_iso()
    right = _turn(fake_llm, bob, "how much came in last month?",
                  {"measure": "income", "direction": "in", "start": start, "end": end}, "You received $3,200.00.")
    assert "came in" not in reasons(right)
    # spending measured against income is a question about spending
    share = _turn(fake_llm, bob, "how much of my income did I spend last month?",
                  {"measure": "total", "direction": "out", "start": start, "end": end}, "You spent $1,672.48.")
    assert "came in" not in reasons(share), reasons(share)


def test_a_month_named_and_every_row_counted_is_not_confident(fake_llm, alice, alice_money):
    start, end = last_month_iso()
    wide = _turn(fake_llm, alice, "what did groceries come to last month?",
                 {"measure": "total", "categories": ["Groceries"], "period": "all time"}, "You spent $114.90.")
    assert not confident(alice, wide), reasons(wide)
    assert "no tool that ran covered any period" in reasons(wide)
    kept = _turn(fake_llm, alice, "what did groceries come to last month?",
                 {"measure": "total", "categories": ["Groceries"], "start": start, "end": end}, "You spent $114.90.")
    assert confident(alice, kept), reasons(kept)
    ever = _turn(fake_llm, alice, "what have groceries cost me ever?",
                 {"measure": "total", "categories": ["Groceries"], "period": "all time"}, "You spent $114.90.")
    assert "covered any period" not in reasons(ever), reasons(ever)
