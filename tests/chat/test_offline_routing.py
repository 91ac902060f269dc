"""The built-in offline model drives the real tool loop: routing, arguments, answers, follow-ups."""
from __future__ import annotations

import pytest

from chat.services import chat_turn

pytestmark = pytest.mark.django_db


def _calls(answer):
    return [(c["name"], c["arguments"]) for c in answer["tool_calls"]]


@pytest.mark.parametrize("question, tool, expected", [
    ("Find my coffee purchases", "search_transactions", {"query": "coffee"}),
    ("How much did I spend on shopping?", "analyze_by_category", {"category": "Shopping"}),
    ("What's my spending summary for last month?", "get_spending_summary", {"period": "last_month"}),
    ("Can you group my Amazon transactions by category?", "analyze_merchant",
     {"merchant": "Amazon", "group_by_category": True}),
    ("What did I spend at Starbucks?", "analyze_merchant", {"merchant": "Starbucks"}),
    ("Show me my last 3 grocery transactions", "search_transactions", {"query": "grocery", "limit": 3}),
    ("How much have I spent on groceries this year?", "analyze_by_category",
     {"category": "Groceries", "period": "this_year"}),
])
def test_money_questions_route_with_the_right_arguments(chat_demo, alice, alice_money, question, tool, expected):
    answer = chat_turn(user=alice, message=question)
    name, args = _calls(answer)[0]
    assert name == tool
    assert {k: args.get(k) for k in expected} == expected
    assert answer["provider"] == "offline"
    assert not answer["escalated"] and answer["confidence"] >= 0.8
    assert answer["data"], "tool tables/charts are passed to the UI"


def test_money_answers_state_the_numbers_the_tools_returned(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="What did I spend at Starbucks?")
    # 4 months x (5.75 + 6.25) in the statement fixture
    assert "48.00" in answer["answer"] and "8 transactions" in answer["answer"]
    assert answer["grounding"]["unsupported_numbers"] == []
    chart = next(d for d in answer["data"] if d["kind"] == "chart")
    assert chart["labels"] and chart["series"][0]["data"]


def test_concept_question_searches_knowledge_and_cites_facts(chat_demo, alice, knowledge_docs):
    answer = chat_turn(user=alice, message="What is compound interest?")
    assert answer["tools_used"][0] == "search_knowledge_base"
    assert answer["citations"], answer["answer"]
    cited = answer["citations"][0]
    assert cited["document"].lower() == "compound interest" and cited["page_id"]
    assert "Compound interest is interest earned" in cited["quote"]
    assert "Compound interest is interest earned" in answer["answer"]  # extractive: the answer quotes the fact
    assert "[1]" in answer["answer"]
    assert not answer["escalated"]


def test_app_question_uses_the_help_corpus(chat_demo, alice, knowledge_docs):
    answer = chat_turn(user=alice, message="How does the jar system work?")
    assert _calls(answer)[0][0] == "get_app_information"
    assert answer["citations"] and all(c["corpus"] == "moneta-help" for c in answer["citations"])
    assert "envelope" in answer["answer"]


@pytest.mark.parametrize("question, tools", [
    ("What is budgeting and how does Moneta help?", {"search_knowledge_base", "get_app_information"}),
    ("How much did I spend on dining last month, and what is compound interest?",
     {"analyze_by_category", "search_knowledge_base"}),
])
def test_mixed_questions_use_both_sources(chat_demo, alice, alice_money, knowledge_docs, question, tools):
    answer = chat_turn(user=alice, message=question)
    assert tools <= set(answer["tools_used"]), answer["tool_calls"]
    sources = answer["answer"].rsplit("_Sources:", 1)[1]  # the answer says which sources it used
    expected = {"analyze_by_category": "your transactions", "search_knowledge_base": "the knowledge base",
                "get_app_information": "Moneta's help pages"}
    assert all(expected[t] in sources for t in tools)


def test_compare_two_categories(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="Compare my food and shopping spending")
    name, args = _calls(answer)[0]
    assert name == "compare_spending"
    assert "Shopping" in args["categories"] and {"Dining", "Groceries"} & set(args["categories"])


def test_follow_up_reuses_the_previous_tool_with_the_new_period(chat_demo, alice, alice_money):
    first = chat_turn(user=alice, message="How much did I spend on dining?")
    follow = chat_turn(user=alice, message="and last month?", conversation_id=first["conversation_id"])
    assert _calls(follow) == [("analyze_by_category", {"category": "Dining", "period": "last_month"})]
    switch = chat_turn(user=alice, message="what about groceries?", conversation_id=first["conversation_id"])
    assert _calls(switch)[0] == ("analyze_by_category", {"category": "Groceries", "period": "last_month"})


def test_out_of_scope_answers_politely_without_tools(chat_demo, alice):
    answer = chat_turn(user=alice, message="Write me a poem about the sea")
    assert answer["tool_calls"] == []
    assert "personal-finance assistant" in answer["answer"]


def test_investment_advice_is_declined_with_education(chat_demo, alice, knowledge_docs):
    answer = chat_turn(user=alice, message="Should I buy Tesla shares right now?")
    assert "can't give personal investment advice" in answer["answer"]


def test_web_search_reports_no_network_and_the_answer_continues(chat_demo, alice, settings):
    import time

    started = time.perf_counter()
    answer = chat_turn(user=alice, message="Search the web for today's euro exchange rate news")
    assert "search_online" in answer["tools_used"]
    assert "Web search unavailable" in answer["answer"] or "From the web" in answer["answer"]
    assert time.perf_counter() - started < 8


def test_low_confidence_turn_is_escalated(chat_demo, alice, knowledge_docs):
    from chat.models import Escalation

    answer = chat_turn(user=alice, message="What does the regulation say about mortgage broker licensing?")
    assert answer["escalated"] and answer["confidence"] < 0.4
    assert "person on the Moneta team" in answer["answer"]
    escalation = Escalation.objects.get(message_id=answer["message_id"])
    assert escalation.status == "open" and escalation.reason
