"""Issue 21 (kinds 1, 2, 5) through chat_turn: every word of a money question accounted for.

- a long question keeps its subject: a thing nothing of theirs is called, said as what the money went on, is answered
  "nothing found" — never a total of all spending (transactions/query/parse.py, no cut at 12 words);
- an exclusion said after the thing ("the rent shouldn't count") leaves it out (transactions/query/exclusions.py);
- an income figure "with X included" is all income, X inside it (exclusions.inclusions_covered);
- "chuyển khoản" is the Transfers category (transactions/query/lexicon.py).
Data: the chat fixture statement (tests/chat/conftest.py), plus for Carol a tax refund last month;
Bob has none and sees nothing of hers."""
from __future__ import annotations

from datetime import timedelta

import pytest

from chat.services import chat_turn
from tests.chat.conftest import answer_body, confident, last_args, month_start, statement_csv

pytestmark = pytest.mark.django_db


@pytest.fixture
def carol(user_factory):
    from django.utils import timezone

    from transactions.services import transactions_import

    user = user_factory("carol")
    first = month_start(timezone.localdate(), 1)
    extra = [(first + timedelta(days=14), "IRS TREAS 310 TAX REF", "250.00", "Income")]
    transactions_import(user=user, file_name="carol.csv",
                        content=statement_csv(today=timezone.localdate(), extra=extra))
    return user


@pytest.mark.parametrize("question", [
    "i have been trying to keep tabs on things lately, so roughly what did i end up spending on the kayak club "
    "over the past three months altogether",
    "just so I know where things are, how much money has gone toward the christening party for my niece "
    "over the last couple of months",
])
def test_a_long_question_keeps_the_thing_it_asks_about(chat_demo, alice, alice_money, question):
    answer = chat_turn(user=alice, message=question)
    body = answer_body(answer)
    assert "found no" in body or "nothing" in body.lower(), body
    assert not (last_args(answer).get("merchants") or last_args(answer).get("categories")), last_args(answer)
    assert "1,400.00" not in body and "Rent" not in body, body  # never all spending


def test_a_short_question_about_a_thing_still_says_nothing_was_found(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="what did the kayak club cost me last month")
    assert "found no" in answer_body(answer), answer["answer"]


@pytest.mark.parametrize("question", [
    "priciest thing I bought last month? the rent shouldn't count",
    "largest single charge last month, rent doesn't count",
    "what was my biggest purchase last month; rent isn't included",
])
def test_an_exclusion_said_after_the_thing_leaves_it_out(chat_demo, alice, alice_money, question):
    answer = chat_turn(user=alice, message=question)
    assert "96.40" in answer_body(answer), answer["answer"]
    args = last_args(answer)
    assert any("Rent" in n for n in [*args.get("exclude_categories", []), *args.get("exclude_merchants", [])]), args
    assert confident(alice, answer), (answer["answer"], answer["grounding"]["reasons"])


def test_income_with_a_refund_included_is_all_income(chat_demo, carol, bob, bob_money):
    answer = chat_turn(user=carol, message="what did I earn last month with the tax refund included?")
    assert "3,450.00" in answer_body(answer), answer["answer"]
    assert not last_args(answer).get("text"), last_args(answer)
    assert confident(carol, answer), (answer["answer"], answer["grounding"]["reasons"])
    theirs = chat_turn(user=bob, message="what did I earn last month with the tax refund included?")
    assert "3,450.00" not in theirs["answer"] and "250.00" not in theirs["answer"]


@pytest.mark.parametrize("question", ["tháng trước tôi chuyển khoản bao nhiêu?", "how much did I transfer last month"])
def test_transfers_are_the_transfers_category(chat_demo, alice, alice_money, question):
    answer = chat_turn(user=alice, message=question)
    assert last_args(answer).get("categories") == ["Transfers"], last_args(answer)
    assert "1,400.00" not in answer["answer"], answer["answer"]


def test_a_union_of_a_merchant_and_a_category_is_said_as_a_union(chat_demo, alice, alice_money, user_factory):
    """Netflix plus Groceries last month is one total over both, and the answer says "at Netflix and on
    Groceries" — never "at Netflix on Groceries", which reads as Netflix's groceries."""
    answer = chat_turn(user=alice, message="netflix and groceries together last month, how much?")
    body = answer_body(answer)
    assert "130.39" in body, body  # 15.49 + 96.40 + 18.50
    assert "Netflix and on Groceries" in body or "Netflix.com and on Groceries" in body, body
    stranger = chat_turn(user=user_factory("dan"), message="netflix and groceries together last month, how much?")
    assert "130.39" not in stranger["answer"] and "96.40" not in stranger["answer"], stranger["answer"]
