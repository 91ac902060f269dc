"""Routing (issue 21): a short turn that leans on the concept asked just before ("what is compound interest?" →
"how does it work for my savings") searches the knowledge base for that concept with the turn's words, not for
"it" alone."""
from __future__ import annotations

import pytest

from chat.services import chat_turn

pytestmark = pytest.mark.django_db


def test_a_short_turn_after_a_concept_searches_that_concept(chat_demo, alice, knowledge_docs):
    first = chat_turn(user=alice, message="what is compound interest?")
    answer = chat_turn(user=alice, message="ok how does it grow over two years",
                       conversation_id=first["conversation_id"])
    searched = [c["arguments"].get("query", "") for c in answer["tool_calls"] if c["name"] == "search_knowledge_base"]
    assert searched and "compound interest" in searched[0].lower(), answer["tool_calls"]
    assert "1,102.50" in answer["answer"], answer["answer"]
