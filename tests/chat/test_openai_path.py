"""The langchain-openai path against a local fake OpenAI-compatible server."""
from __future__ import annotations

import pytest

from chat.models import Escalation, Message
from chat.services import chat_turn, prompt_version_create

pytestmark = pytest.mark.django_db


def _system_text(request: dict) -> str:
    return next(m["content"] for m in request["messages"] if m["role"] == "system")


def test_tool_calls_over_several_steps(fake_llm, alice, alice_money):
    server = fake_llm([
        {"tool_calls": [("analyze_by_category", {"category": "Shopping"})]},
        {"tool_calls": [("analyze_merchant", {"merchant": "Amazon", "group_by_category": True})]},
        {"tool_calls": [("respond", {"answer": "You spent USD 171.96 on Shopping; at Amazon USD 245.96 in total.",
                                     "cited_fact_ids": []})]},
    ])
    events = []
    answer = chat_turn(user=alice, message="How much did I spend on shopping, and at Amazon?", on_event=events.append)

    assert answer["provider"] == "openai"
    assert answer["tools_used"] == ["analyze_by_category", "analyze_merchant"]
    assert answer["tool_calls"][1]["arguments"] == {"merchant": "Amazon", "group_by_category": True}
    assert not any(c["error"] for c in answer["tool_calls"]), answer["tool_calls"]
    assert "171.96" in answer["answer"] and "(unverified)" not in answer["answer"]
    assert answer["confidence"] >= 0.8 and not answer["escalated"]
    # what the model was sent: the tool schemas, the DB system prompt with the user's categories, the results
    first, third = server.requests[0], server.requests[2]
    names = {t["function"]["name"] for t in first["tools"]}
    assert {"search_transactions", "analyze_by_category", "search_knowledge_base", "respond"} <= names
    assert all("user" not in t["function"]["parameters"].get("properties", {}) for t in first["tools"])
    assert "Shopping" in _system_text(first)
    tool_results = [m["content"] for m in third["messages"] if m["role"] == "tool"]
    assert any("171.96" in c for c in tool_results) and any("245.96" in c for c in tool_results)
    kinds = [e["type"] for e in events]
    assert kinds.index("tool_started") < kinds.index("tool_finished") < kinds.index("final")
    stored = Message.objects.get(pk=answer["message_id"])
    assert [c.tool for c in stored.tool_calls.all()] == ["analyze_by_category", "analyze_merchant"]


def test_streamed_text_answer_arrives_as_tokens(fake_llm, alice):
    fake_llm([{"content": "Budgeting means planning where each dollar goes before you spend it."}])
    events = []
    answer = chat_turn(user=alice, message="What is budgeting?", on_event=events.append)
    tokens = [e["text"] for e in events if e["type"] == "token"]
    assert len(tokens) > 3
    assert "".join(tokens) == "Budgeting means planning where each dollar goes before you spend it."
    assert answer["answer"].startswith("Budgeting means planning")


def test_invented_numbers_and_citations_are_flagged_and_lower_confidence(fake_llm, alice, alice_money):
    fake_llm([
        {"tool_calls": [("analyze_by_category", {"category": "Dining"})]},
        {"tool_calls": [("respond", {"answer": "You spent USD 9,999.00 on dining [#424242].",
                                     "cited_fact_ids": [424242]})]},
    ])
    answer = chat_turn(user=alice, message="How much on dining?")
    assert "9,999.00 (unverified)" in answer["answer"]
    assert "[#424242]" not in answer["answer"] and answer["citations"] == []
    assert answer["grounding"]["removed_citations"] == [424242]
    assert answer["confidence"] < 0.4 and answer["escalated"]
    assert Escalation.objects.filter(message_id=answer["message_id"], status="open").exists()


def test_a_500_is_retried_then_succeeds(fake_llm, alice):
    server = fake_llm([{"status": 500}, {"content": "Hello! Ask me about your spending."}], retries=2)
    answer = chat_turn(user=alice, message="hello")
    assert len(server.requests) == 2
    assert answer["error"] is None and answer["answer"].startswith("Hello!")


@pytest.mark.parametrize("step", [{"status": 500}, {"sleep": 2.0, "content": "too late"}], ids=["500", "timeout"])
def test_persistent_failure_gives_an_honest_message_and_keeps_the_question(fake_llm, alice, step):
    server = fake_llm([step], repeat_last=True, timeout=0.7, retries=1)
    answer = chat_turn(user=alice, message="How much did I spend on rent?")
    assert len(server.requests) == 2  # first try + one retry
    assert "couldn't reach the language model" in answer["answer"]
    assert answer["error"] and answer["confidence"] == 0.0
    messages = list(Message.objects.filter(conversation_id=answer["conversation_id"]).order_by("id"))
    assert [m.role for m in messages] == ["user", "assistant"]
    assert messages[0].content == "How much did I spend on rent?"
    assert messages[1].error


def test_prompt_edit_takes_effect_on_the_next_turn(fake_llm, alice, editor):
    server = fake_llm([{"content": "first"}, {"content": "second"}])
    answer = chat_turn(user=alice, message="hi")
    assert "ALWAYS ANSWER IN HAIKU" not in _system_text(server.requests[0])
    prompt_version_create(name="system", author=editor,
                          content="You are Moneta. Today is {today}. Categories: {categories}. ALWAYS ANSWER IN HAIKU.")
    chat_turn(user=alice, message="hi again", conversation_id=answer["conversation_id"])
    assert "ALWAYS ANSWER IN HAIKU" in _system_text(server.requests[1])
    # the conversation so far is sent along
    assert [m["content"] for m in server.requests[1]["messages"] if m["role"] == "user"] == ["hi", "hi again"]


def test_react_text_mode_parses_actions_and_answer(fake_llm, alice, alice_money):
    server = fake_llm([
        {"content": 'Thought: I need the shopping total.\nAction: analyze_by_category\n'
                    'Action Input: {"category": "Shopping"}'},
        {"content": "Thought: I can answer now\nAnswer: You spent USD 171.96 on shopping."},
    ], tool_mode="react_text")
    answer = chat_turn(user=alice, message="How much did I spend on shopping?")
    assert answer["provider"] == "openai:react"
    assert answer["tool_calls"][0]["name"] == "analyze_by_category"
    assert answer["answer"].startswith("You spent USD 171.96 on shopping.")
    assert "tools" not in server.requests[0]  # no native tool calling
    assert "Action Input" in _system_text(server.requests[0])
    second_turn_user_text = [m["content"] for m in server.requests[1]["messages"] if m["role"] == "user"]
    assert any(t.startswith("Observation:") and "171.96" in t for t in second_turn_user_text)


def test_iteration_cap_gives_an_honest_partial_answer(fake_llm, alice, alice_money):
    fake_llm([{"tool_calls": [("analyze_by_category", {"category": "Dining"})]}], repeat_last=True,
             max_iterations=2)
    answer = chat_turn(user=alice, message="Dig into my dining forever")
    assert answer["partial"] is True
    assert "limit of 2 steps" in answer["answer"]
    assert "Dining" in answer["answer"] and len(answer["tool_calls"]) == 2


def test_the_llm_uses_the_same_query_tool_and_grounding(fake_llm, alice, alice_money):
    fake_llm([
        {"tool_calls": [("search_transactions", {"measure": "total", "merchants": ["starbuck"],
                                                 "period": "all time"})]},
        {"tool_calls": [("respond", {"answer": "You spent $48.00 at Starbucks across 8 transactions.",
                                     "cited_fact_ids": []})]},
    ])
    answer = chat_turn(user=alice, message="how much have I spent at starbucks?")
    call = answer["tool_calls"][0]
    assert call["name"] == "search_transactions" and not call["error"]
    assert answer["understood"]["merchants"] == ["Starbucks"]  # linked to the user's own merchant
    assert answer["confidence"] >= 0.8 and not answer["escalated"], answer["grounding"]


def test_an_llm_query_that_drops_the_named_merchant_is_not_confident(fake_llm, alice, alice_money):
    fake_llm([
        {"tool_calls": [("search_transactions", {"measure": "total", "period": "all time"})]},
        {"tool_calls": [("respond", {"answer": "You spent $7,063.24 in total.", "cited_fact_ids": []})]},
    ])
    answer = chat_turn(user=alice, message="how much have I spent at starbucks?")
    assert answer["confidence"] < 0.4 and answer["escalated"]
    assert any("Starbucks" in r for r in answer["grounding"]["reasons"])


def test_an_llm_cannot_save_a_note_from_a_question(fake_llm, alice):
    from knowledge.models import Document

    fake_llm([
        {"tool_calls": [("save_note", {"title": "car insurance", "text": "renews in June"})]},
        {"tool_calls": [("respond", {"answer": "Noted.", "cited_fact_ids": []})]},
    ])
    answer = chat_turn(user=alice, message="when does my car insurance renew?")
    assert Document.objects.filter(corpus__owner=alice).count() == 0
    assert "explicitly" in answer["tool_calls"][0]["error"]
