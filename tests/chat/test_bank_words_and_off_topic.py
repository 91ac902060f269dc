"""Two readings of words that name no merchant (issue 21, kinds 2 and 5), through chat_turn:

- "credits", "debits", "deposits" are the bank's words for money in and money out, not text to search the
  narratives for ("ACH CREDIT …" must not narrow "all credits" to the rows spelt so) — transactions/query/lexicon.py
  and grammar.py;
- a whole question about something else that only carries a period ("who won the match yesterday") is out of scope:
  no money tool runs (chat/offline/router.py `_off_topic`); a short fragment with a period stays a money question.
Data: the chat fixture statement (salary "ACME PAYROLL SALARY" plus a refund with CREDIT in its narrative)."""
from __future__ import annotations

from datetime import timedelta

import pytest

from chat.assistant import MONEY_TOOLS
from chat.services import chat_turn
from tests.chat.conftest import answer_body, demo_docs, month_start, statement_csv

pytestmark = pytest.mark.django_db


@pytest.fixture
def erin(user_factory):
    from django.utils import timezone

    from transactions.services import transactions_import

    user = user_factory("erin")
    first = month_start(timezone.localdate(), 1)
    extra = [(first + timedelta(days=14), "ACH CREDIT STATE TAX REFUND", "250.00", "Income")]
    transactions_import(user=user, file_name="erin.csv", content=statement_csv(today=timezone.localdate(), extra=extra))
    return user


def test_all_credits_is_all_money_in_not_rows_mentioning_credit(chat_demo, erin, user_factory):
    answer = chat_turn(user=erin, message="all credits last month, total?")
    body = answer_body(answer)
    assert "3,450.00" in body, body  # salary 3,200 + the refund 250: every payment in, not only the "CREDIT" row
    assert "mentioning" not in body, body
    stranger = chat_turn(user=user_factory("fay"), message="all credits last month, total?")
    assert "3,450.00" not in stranger["answer"], stranger["answer"]


def test_debits_are_money_out(chat_demo, erin):
    answer = chat_turn(user=erin, message="total debits last month")
    assert "You spent" in answer_body(answer) and "mentioning" not in answer_body(answer), answer["answer"]


@pytest.mark.parametrize("question", [
    "who won the football final on the telly yesterday",
    "what time does the fireworks show start tonight",
])
def test_a_question_about_something_else_with_a_period_runs_no_money_tool(chat_demo, erin, question):
    answer = chat_turn(user=erin, message=question)
    assert not set(answer["tools_used"]) & MONEY_TOOLS, answer
    assert "finance assistant" in answer["answer"] or "personal-finance" in answer["answer"], answer["answer"]


def test_a_short_fragment_with_a_period_stays_a_money_question(chat_demo, erin):
    answer = chat_turn(user=erin, message="netflix last month")
    assert "15.49" in answer_body(answer), answer["answer"]


def test_a_recommendation_asked_with_a_word_of_a_kind_is_out_of_scope(chat_demo, erin):
    """"movie" is a word of Entertainment, but asking for one to watch asks for no money."""
    answer = chat_turn(user=erin, message="please recommend a fun comedy movie to see this weekend")
    assert not set(answer["tools_used"]) & MONEY_TOOLS, answer


def test_one_month_of_expenses_after_a_concept_is_their_monthly_average(chat_demo, erin):
    """After "what is an emergency fund", "so for me, one month of expenses, averaged over the last 3 months" is their
    own monthly average (a money measure and a period), not the concept's page again."""
    demo_docs(education=("emergency-fund.md",))
    conversation = chat_turn(user=erin, message="what is an emergency fund?")["conversation_id"]
    answer = chat_turn(user=erin, message="so for me how much is one month of expenses? average of the last 3 months",
                       conversation_id=conversation)
    assert answer["tools_used"] and answer["tools_used"][0] in MONEY_TOOLS, answer
    assert "a month on average" in answer_body(answer), answer["answer"]
