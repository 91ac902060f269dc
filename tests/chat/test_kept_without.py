"""How much of the pay was kept with some spending not counted, through chat_turn: the spending the question sets
aside ("leaving rent aside", "apart from rent and Amazon") is taken out of the spending in SQL, named, and its sum
shown in the arithmetic. Last month of the chat fixture statement: salary 3,200.00; spending 1,672.48 of which rent
1,400.00 and Amazon 18.50 + 42.99."""
from __future__ import annotations

import pytest

from chat.services import chat_turn

pytestmark = pytest.mark.django_db


def test_pay_kept_last_month_leaving_a_category_aside(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="Leaving rent aside, how much of my income did I keep last month?")
    call = answer["tool_calls"][0]
    left_out = [*call["arguments"].get("leave_out_categories", []), *call["arguments"].get("leave_out_merchants", [])]
    assert call["name"] == "income_breakdown" and len(left_out) == 1 and "Rent" in left_out[0], call
    text = answer["answer"]
    # 1,672.48 − 1,400.00 = 272.48 spent; 3,200.00 − 272.48 = 2,927.52 kept
    for figure in ("$1,400.00", "$272.48", "$2,927.52", "Not counting Rent"):
        assert figure in text, (figure, text)
    assert "$1,527.52" not in text, text


def test_pay_kept_leaving_out_a_category_and_a_payee(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="apart from rent and amazon, how much of my pay did I keep last month")
    args = answer["tool_calls"][0]["arguments"]
    left_out = [*args.get("leave_out_categories", []), *args.get("leave_out_merchants", [])]
    assert len(left_out) == 2 and "Amazon" in left_out, args
    # 1,400.00 + 61.49 left out; 1,672.48 − 1,461.49 = 210.99 spent; 3,200.00 − 210.99 = 2,989.01 kept
    for figure in ("$1,461.49", "$210.99", "$2,989.01"):
        assert figure in answer["answer"], (figure, answer["answer"])


def test_pay_kept_without_anything_set_aside_counts_all_spending(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="how much of my pay did I keep last month?")
    assert not answer["tool_calls"][0]["arguments"].get("leave_out_categories")
    assert "$1,527.52" in answer["answer"] and "Not counting" not in answer["answer"], answer["answer"]
