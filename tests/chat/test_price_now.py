"""A recurring charge asked in the present ("what am I paying for Netflix", "how much is my rent") is answered with
the charge itself — amount, cadence, next date — not with everything ever paid (chat/offline/route_price_now.py).
A sum or a period asked ("in total", "this year") stays a total. Words said as what a named subject includes
("amazon including the online ones") do not narrow it, and words that narrow a name of theirs to nothing are no
confident "nothing". Through chat_turn; figures from SQL; a second user sees nothing of the first."""
from __future__ import annotations

from decimal import Decimal

import pytest
from django.db.models import Sum

from tests.chat.conftest import confident, talk, tool_names
from transactions.models import Transaction

pytestmark = pytest.mark.django_db


def _all_time(user, word: str) -> str:
    total = Transaction.objects.filter(user=user, description__icontains=word, amount__lt=0).aggregate(s=Sum("amount"))["s"]
    return f"${-(total or Decimal('0')):,.2f}"


@pytest.mark.parametrize("ask", ["what am i paying for netflix", "how much is my netflix subscription",
                                 "how much does netflix cost me", "what's netflix charging me now?"])
def test_the_charge_of_a_recurring_merchant_asked_now(chat_demo, alice, alice_money, ask):
    (answer,) = talk(alice, ask)
    assert tool_names(answer) == ["list_subscriptions"], answer["tool_calls"]
    assert "$15.49" in answer["answer"] and "monthly" in answer["answer"], answer["answer"]
    assert _all_time(alice, "NETFLIX") not in answer["answer"]
    assert confident(alice, answer)


def test_a_bill_category_asked_now_is_its_recurring_charge(chat_demo, alice, alice_money):
    (answer,) = talk(alice, "how much is my rent")
    assert tool_names(answer) == ["list_subscriptions"], answer["tool_calls"]
    assert "$1,400.00" in answer["answer"], answer["answer"]
    assert _all_time(alice, "RENT PAYMENT") not in answer["answer"]


@pytest.mark.parametrize("ask", ["how much have i paid netflix in total", "what did netflix cost me this year"])
def test_a_sum_or_a_period_stays_a_total(chat_demo, alice, alice_money, ask):
    (answer,) = talk(alice, ask)
    assert "list_subscriptions" not in tool_names(answer), answer["tool_calls"]


def test_a_merchant_paid_now_and_then_is_no_charge(chat_demo, alice, alice_money):
    (answer,) = talk(alice, "how much does the good plate cost me")
    assert "list_subscriptions" not in tool_names(answer), answer["tool_calls"]


def test_another_user_sees_no_charge_of_the_first(chat_demo, alice, alice_money, bob):
    (answer,) = talk(bob, "what am i paying for netflix")
    assert "$15.49" not in answer["answer"], answer["answer"]


def test_what_a_named_subject_includes_does_not_narrow_it(chat_demo, alice, alice_money):
    (answer,) = talk(alice, "what did i spend at amazon including the online ones")
    args = answer["tool_calls"][-1]["arguments"]
    assert not args.get("text"), args
    assert _all_time(alice, "AMAZON") in answer["answer"], answer["answer"]


def test_words_narrowing_a_name_to_nothing_are_no_confident_nothing(chat_demo, alice, alice_money):
    (answer,) = talk(alice, "what did i spend at amazon on seattle orders")  # in their Starbucks rows, none of Amazon's
    args = answer["tool_calls"][-1]["arguments"]
    assert args.get("merchants") == ["Amazon"] and args.get("text") == ["seattle"], args
    assert not confident(alice, answer), (answer["confidence"], answer["answer"])
    (whole,) = talk(alice, "what did i spend at starbucks on seattle orders")  # narrowed to rows that are there: confident
    assert confident(alice, whole), (whole["confidence"], whole["answer"])
