"""Issue 21: where a turn goes, through chat_turn. A money measure with a period, over the user's own things, or
right after a money answer is answered from their transactions, never from the knowledge base; a concept frame
("explain…", "what does … mean") is answered from the knowledge base, whatever spend words it holds."""
from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path

import pytest
from django.utils import timezone

from chat.assistant import KNOWLEDGE_TOOLS, MONEY_TOOLS
from chat.services import chat_turn
from tests.chat.conftest import confident, knowledge_doc
from transactions.models import Transaction

pytestmark = pytest.mark.django_db
EDUCATION = Path(__file__).resolve().parents[2] / "knowledge" / "demo_docs" / "finance-education"
HELP = Path(__file__).resolve().parents[2] / "knowledge" / "demo_docs" / "moneta-help"


@pytest.fixture
def library(db):
    """The demo's help pages and education articles most likely to be mistaken for a money question's answer."""
    docs = [knowledge_doc(corpus_slug="finance-education", corpus_name="Finance education", file_name=name,
                          text=(EDUCATION / name).read_text())
            for name in ("apr-and-apy.md", "emergency-fund.md", "budgeting-methods.md")]
    docs += [knowledge_doc(corpus_slug="moneta-help", corpus_name="Moneta help", file_name=name,
                           text=(HELP / name).read_text())
             for name in ("budget-suggestions.md", "manual-transactions.md", "budgets-by-month.md")]
    return docs


def _spent(user, **filters) -> str:
    from decimal import Decimal

    total = sum((-t.amount for t in Transaction.objects.filter(user=user, amount__lt=0, **filters)), Decimal(0))
    return f"{total:,.2f}"


# ---- kind 1: money measures are money questions ----------------------------------------------------------------
@pytest.mark.parametrize("question", ["top 3 categories overall?", "how many transactions total"])
def test_a_ranking_or_count_of_their_own_things_is_answered_from_their_money(chat_demo, alice, alice_money, library,
                                                                             question):
    answer = chat_turn(user=alice, message=question)
    assert set(answer["tools_used"]) <= MONEY_TOOLS and answer["tools_used"], answer["tool_calls"]
    assert not answer["citations"], answer["answer"]
    if "categories" in question:
        assert "Rent" in answer["answer"] and "Groceries" in answer["answer"], answer["answer"]


def test_a_measure_after_a_money_answer_stays_on_that_answer(chat_demo, alice, alice_money, library):
    today = timezone.localdate()
    first = chat_turn(user=alice, message="how much did I spend last month")
    assert set(first["tools_used"]) <= MONEY_TOOLS
    answer = chat_turn(user=alice, message="what about the total for the year", conversation_id=first["conversation_id"])
    assert set(answer["tools_used"]) <= MONEY_TOOLS and not answer["citations"], answer["tool_calls"]
    year = (today.replace(day=1) - timedelta(days=1)).year  # the year last month lies in, up to today
    assert _spent(alice, date__gte=date(year, 1, 1), date__lte=min(date(year, 12, 31), today)) in answer["answer"], \
        answer["answer"]
    again = chat_turn(user=alice, message="and the average?", conversation_id=first["conversation_id"])
    assert set(again["tools_used"]) <= MONEY_TOOLS and not again["citations"], again["tool_calls"]
    assert "average" in again["answer"].lower()


def test_a_measure_that_changes_nothing_of_the_last_answer_is_not_confident(chat_demo, alice, alice_money, library):
    first = chat_turn(user=alice, message="how much did I spend last month")
    answer = chat_turn(user=alice, message="what's the total then", conversation_id=first["conversation_id"])
    assert set(answer["tools_used"]) <= MONEY_TOOLS and not answer["citations"], answer["tool_calls"]


def test_a_topic_of_its_own_after_a_money_answer_is_not_read_as_that_answer(chat_demo, alice, alice_money, library):
    first = chat_turn(user=alice, message="how much did I spend last month")
    answer = chat_turn(user=alice, message="what's the average credit card APR", conversation_id=first["conversation_id"])
    assert not set(answer["tools_used"]) & MONEY_TOOLS, answer["tool_calls"]


# ---- kind 2: a concept frame wins over spend words -------------------------------------------------------------
@pytest.mark.parametrize("question", ["what does APR mean on a purchase", "explain APR on credit card purchases",
                                      "define APY for me when I buy a savings certificate"])
def test_a_concept_frame_with_spend_words_is_a_knowledge_question(chat_demo, alice, alice_money, library, question):
    answer = chat_turn(user=alice, message=question)
    assert set(answer["tools_used"]) & KNOWLEDGE_TOOLS and not set(answer["tools_used"]) & MONEY_TOOLS, \
        answer["tool_calls"]
    assert answer["citations"] and answer["citations"][0]["document"] == "APR and APY", answer["answer"]


def test_a_concept_the_library_lacks_with_spend_words_runs_no_money_tool(chat_demo, alice, alice_money, library):
    answer = chat_turn(user=alice, message="explain what closing costs are when you purchase a house")
    assert not set(answer["tools_used"]) & MONEY_TOOLS, answer["tool_calls"]
    assert not answer["citations"] and "don't have that" in answer["answer"], answer["answer"]
    assert not confident(alice, answer)


@pytest.mark.parametrize("question", ["what's my biggest category this month", "what was my total spending last month"])
def test_a_concept_frame_about_their_own_money_is_still_a_money_question(chat_demo, alice, alice_money, library,
                                                                         question):
    answer = chat_turn(user=alice, message=question)
    assert set(answer["tools_used"]) <= MONEY_TOOLS and answer["tools_used"], answer["tool_calls"]
