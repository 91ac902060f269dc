"""Fault: the LLM endpoint fails in the middle of a turn (after a tool call). The user gets an honest message,
the question and the tool work done so far are kept, and nothing else is written."""
from __future__ import annotations

import pytest

from chat.models import AgentConfig, Conversation, Message
from chat.services import chat_turn
from knowledge.models import Document
from tests.fake_openai import FakeOpenAI

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("failure", [{"status": 500}, {"status": 503}, {"sleep": 2.0, "content": "too late"}],
                         ids=["500", "503", "timeout"])
def test_llm_fails_after_a_tool_call(settings, chat_demo, alice, alice_money, failure):
    script = [{"tool_calls": [("analyze_by_category", {"category": "Shopping"})]}, failure]
    with FakeOpenAI(script, repeat_last=True) as server:
        settings.OPENAI_BASE_URL = server.base_url
        settings.OPENAI_API_KEY = "test-key"
        AgentConfig.objects.filter(slug="finance-assistant").update(timeout_seconds=0.7, max_retries=1)
        answer = chat_turn(user=alice, message="How much did I spend on shopping?")
    assert len(server.requests) >= 2  # the tool round trip happened, then the failure
    assert "couldn't reach the language model" in answer["answer"]
    assert answer["error"] and answer["confidence"] == 0.0
    assert Conversation.objects.filter(user=alice).count() == 1
    roles = list(Message.objects.filter(conversation_id=answer["conversation_id"]).order_by("id")
                 .values_list("role", flat=True))
    assert roles == ["user", "assistant"]
    assert not Document.objects.exists()  # no note or other side effect from a failed turn
    # the next turn works once the endpoint is back
    with FakeOpenAI([{"content": "Back again."}]) as server:
        settings.OPENAI_BASE_URL = server.base_url
        again = chat_turn(user=alice, message="hello", conversation_id=answer["conversation_id"])
    assert again["error"] is None and again["answer"].startswith("Back again")
