"""Issue 21 kinds 1, 3 and 5 through chat_turn: a Vietnamese question asking what something cost, without "tôi" or a
question mark, is about their money (never a knowledge search); a period with its count in words is that many days;
how much is in a jar or fund of theirs is answered from their jars, not "I can't see balances"."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from chat.services import chat_turn
from tests.chat.conftest import tool_names

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("question", [
    "đi Đà Lạt hết bao nhiêu",
    "Chuyến đi Phú Quốc tốn bao nhiêu?",
    "Uber tiêu bao nhiêu",
])
def test_a_vietnamese_cost_question_without_toi_is_their_money(chat_demo, alice, alice_money, question):
    answer = chat_turn(user=alice, message=question)
    assert "search_knowledge_base" not in tool_names(answer), answer["tool_calls"]
    assert tool_names(answer) and tool_names(answer)[0] in ("search_transactions", "get_spending_summary"), answer["tool_calls"]


def test_a_count_in_words_is_that_many_days(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="how much did I spend at Uber the past sixty days")
    args = answer["tool_calls"][0]["arguments"]
    today = timezone.localdate()
    assert args.get("start") == str(today - timedelta(days=59)), args


@pytest.mark.parametrize("question", [
    "how much is in my emergency fund",
    "how much do I have in my savings jar",
    "what's in the vacation jar",
    "hũ du lịch còn bao nhiêu",
])
def test_how_much_is_in_a_jar_checks_their_jars(chat_demo, alice, alice_money, question):
    answer = chat_turn(user=alice, message=question)
    assert tool_names(answer) == ["get_jar_status"], answer["tool_calls"]


def test_an_account_balance_is_still_what_moneta_cannot_see(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="how much is in my savings account")
    assert "get_jar_status" not in tool_names(answer), answer["tool_calls"]
