"""Issue 21 (outsiders' wordings) through chat_turn, on Carol's statement (the chat fixture's plus a tax refund last
month and two purchases over the 2025 holidays); Bob sees none of it:
- a holiday named beside dates spelled out: the dates are the period, "holidays" no Travel filter;
- a description of the spending after the period ("…, gifts basically") is set aside, not a filter;
- income said with its verbs and nouns ("how much did I actually make", "my take-home"), a purpose clause after
  it set aside, and "pay plus that tax refund": both kinds of money in, together;
- regional words ("brekkie"): the category they mean."""
from __future__ import annotations

from datetime import date, timedelta

import pytest

from chat.services import chat_turn
from tests.chat.conftest import answer_body, confident, last_args, month_start, statement_csv

pytestmark = pytest.mark.django_db


@pytest.fixture
def carol(user_factory):
    from django.utils import timezone

    from transactions.services import transactions_import

    user = user_factory("carol")
    refund_day = month_start(timezone.localdate(), 1) + timedelta(days=14)
    extra = [(refund_day, "IRS TREAS 310 TAX REF", "500.00", "Income"),
             (date(2025, 12, 22), "TARGET 00123 GIFTS", "-80.00", "Shopping"),
             (date(2025, 12, 30), "TRADER JOES #55", "-45.00", "Groceries"),
             (date(2025, 11, 20), "DELTA AIR LINES", "-400.00", "Travel")]
    transactions_import(user=user, file_name="carol.csv", content=statement_csv(today=timezone.localdate(), extra=extra))
    return user


@pytest.mark.parametrize("question", [
    "what did I spend over the holidays 2025, dec 20 2025 thru jan 2 2026?",
    "how much went out from 20 December 2025 up to and including 2 January 2026, the holidays basically",
    "holidays 2025 (dec 20 2025 to jan 2 2026): total spending?",
])
def test_a_holiday_beside_dates_takes_the_dates(chat_demo, carol, bob_money, question):
    answer = chat_turn(user=carol, message=question)
    args = last_args(answer)
    assert (args.get("start"), args.get("end")) == ("2025-12-20", "2026-01-02"), args
    assert not args.get("categories"), args  # no Travel from "holidays"
    assert "125.00" in answer_body(answer), answer["answer"]
    assert "777.77" not in answer["answer"]


@pytest.mark.parametrize("question", [
    "how much did i actually make last month",
    "what was my take-home last month?",
    "what came in last month, so i know if i can afford it",
    "how much did we really make last month? I'm planning a trip",
])
def test_income_verbs_and_purpose_clauses(chat_demo, carol, bob_money, question):
    answer = chat_turn(user=carol, message=question)
    args = last_args(answer)
    assert args.get("direction") == "in" and not args.get("categories"), args
    assert "3,700.00" in answer_body(answer), answer["answer"]
    assert "BOBCORP" not in answer["answer"].upper()
    assert confident(carol, answer), answer["answer"]


@pytest.mark.parametrize("question", [
    "pay plus that tax refund last month, what's the total?",
    "my pay and the tax refund together last month",
])
def test_pay_and_the_refund_together(chat_demo, carol, bob_money, question):
    answer = chat_turn(user=carol, message=question)
    assert last_args(answer).get("direction") == "in", last_args(answer)
    assert "3,700.00" in answer_body(answer), answer["answer"]


@pytest.mark.parametrize("question", ["how much on brekkie and dinners out last month",
                                      "brekkie spending last month?"])
def test_regional_words(chat_demo, carol, bob_money, question):
    answer = chat_turn(user=carol, message=question)
    assert last_args(answer).get("categories") == ["Dining"], last_args(answer)
    assert "76.00" in answer_body(answer), answer["answer"]
