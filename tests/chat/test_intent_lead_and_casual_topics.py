"""Two kinds of turn that were read as something else.

A statement of what the person wants, said before the question ("I'm trying to save, so what do my subscriptions
cost me") had become app help or an unsure figure: the question after it is what is asked (transactions/query/
asides.intent_lead). A finance topic asked casually, of no figure of theirs ("can I deduct my laptop if I
freelance", "how do u budget when ur pay is all over the place", "trad ira?") had become a refusal, a shop (Trader
Joe's for "trad") or a figure: it is a knowledge answer (chat/knowledge_questions.topic_asked_of_no_figure)."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from chat.services import chat_turn
from tests.chat.conftest import demo_docs, statement_csv
from transactions.query.asides import intent_lead
from transactions.services import transactions_import

pytestmark = pytest.mark.django_db
MONEY_TOOLS = {"search_transactions", "analyze_merchant", "analyze_by_category", "get_spending_summary",
               "compare_spending"}


@pytest.fixture
def library(db):
    return demo_docs(education=("budgeting-basics.md", "business-expenses.md", "ira-types.md",
                                "retirement-accounts.md", "income-and-taxes.md", "emergency-fund.md"),
                     help_pages=("subscriptions.md", "budget-jars.md"))


@pytest.fixture
def grocer_money(alice):
    today = timezone.localdate()
    extra = [(today - timedelta(days=d), "TRADER JOE'S #552", "-48.20", "Groceries") for d in (3, 17, 40)]
    extra += [(today - timedelta(days=d), "SPOTIFY USA", "-11.99", "Subscriptions") for d in (5, 35, 65)]
    return transactions_import(user=alice, file_name="alice.csv", content=statement_csv(today=today, extra=extra))


def _cited(answer: dict) -> set[str]:
    return {c["document"] for c in answer["citations"]}


@pytest.mark.parametrize("question, rest", [
    ("I'm trying to save more, so what do my subscriptions cost me", "what do my subscriptions cost me"),
    ("we want to cut back — which category did we spend the most on", "which category did we spend the most on"),
    ("saving up for a bike. how much went to dining", "how much went to dining"),
])
def test_a_statement_of_intent_before_the_question_is_set_aside(question, rest):
    assert intent_lead(question)[0] == rest


@pytest.mark.parametrize("question", ["I want to drop netflix, so how much would that save me",
                                      "I want to know what I spent on uber"])
def test_a_question_that_leans_on_its_lead_keeps_it(question):
    assert intent_lead(question) == (question, "")


def test_what_they_want_then_their_subscriptions_is_the_listing(chat_demo, alice, grocer_money, library):
    answer = chat_turn(user=alice, message="I'm trying to save more, so how much am I paying for subscriptions")
    assert answer["tools_used"] == ["list_subscriptions"], answer["tool_calls"]
    assert "Spotify" in answer["answer"] and "How to" not in answer["answer"], answer["answer"]


def test_what_they_want_then_a_figure_is_the_figure_at_full_confidence(chat_demo, alice, grocer_money, library):
    answer = chat_turn(user=alice, message="we need to spend less, so what went on groceries this month")
    assert set(answer["tools_used"]) & MONEY_TOOLS, answer["tool_calls"]
    assert "Groceries" in answer["answer"] and answer["confidence"] >= 0.8, (answer["confidence"], answer["answer"])
    assert "didn't understand" not in answer["answer"], answer["answer"]


@pytest.mark.parametrize("question, document", [
    ("can i deduct my new laptop if i freelance", "Deductible business expenses"),
    ("is a home office tax deductible for contractors", "Deductible business expenses"),
    ("budget advice when my pay is all over the place", "Making a budget, including on an irregular income"),
    ("how do u even make a budget when ur paychecks are never the same", "Making a budget"),
    ("trad ira?", "Kinds of IRA"),
    ("sep ira", "Kinds of IRA"),
    ("roth ira?", "Kinds of IRA"),
])
def test_a_finance_topic_asked_casually_is_a_knowledge_answer(chat_demo, alice, grocer_money, library, question,
                                                              document):
    answer = chat_turn(user=alice, message=question)
    assert answer["tools_used"] == ["search_knowledge_base"], (question, answer["tool_calls"])
    assert any(d.startswith(document) for d in _cited(answer)), (question, answer["citations"], answer["answer"])
    assert "Trader Joe" not in answer["answer"] and "personal-finance assistant" not in answer["answer"]


def test_their_own_account_and_their_own_shop_stay_theirs(chat_demo, alice, grocer_money, library):
    mine = chat_turn(user=alice, message="my roth ira")
    assert mine["tools_used"] == ["check_data_available"], mine["tool_calls"]
    shop = chat_turn(user=alice, message="trader joes this month?")
    assert set(shop["tools_used"]) & MONEY_TOOLS and "Trader Joe" in shop["answer"], shop["answer"]


@pytest.mark.parametrize("question", ["Which music services am I paying for?", "What streaming apps are we paying for",
                                      "how much did the music streaming cost me"])
def test_what_they_pay_for_asked_in_the_first_person_is_their_money(chat_demo, alice, grocer_money, library, question):
    """"Which … am I paying for": their own charges, whatever finance topic the words touch — with a capital I too (the
    first-person check read the turn as typed, so "am I paying" was not seen and the turn became a knowledge search)."""
    answer = chat_turn(user=alice, message=question)
    assert set(answer["tools_used"]) & (MONEY_TOOLS | {"list_subscriptions"}), (question, answer["tool_calls"])
    assert "Spotify" in answer["answer"], answer["answer"]
