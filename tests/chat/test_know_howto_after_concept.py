"""A how-to asked right after a concept ("what's a sinking fund" → "can I set one up here? how") asks for the app's
steps for that concept: the help page's numbered steps, cited — not the concept again with an "Also: How to set one
up" line. Asked with nothing before it, the turn names nothing to set up: Moneta asks what they mean, below the
confidence threshold."""
from __future__ import annotations

import pytest

from chat.services import chat_turn
from tests.chat.conftest import demo_docs

pytestmark = pytest.mark.django_db


@pytest.fixture
def pages(db):
    return demo_docs(help_pages=("budget-jars.md", "budget-jars.vi.md", "budgets-by-month.md"),
                     education=("sinking-funds.md", "sinking-funds.vi.md", "emergency-fund.md"))


@pytest.mark.parametrize("howto", ["can I set one up here? how", "how do I set that up in the app"])
def test_a_howto_after_a_concept_gets_the_apps_steps(chat_demo, alice, alice_money, pages, howto):
    concept = chat_turn(user=alice, message="what's a sinking fund")
    assert concept["tools_used"] == ["search_knowledge_base"], concept["tool_calls"]
    answer = chat_turn(user=alice, message=howto, conversation_id=concept["conversation_id"])
    assert answer["tools_used"] == ["get_app_information"], answer["tool_calls"]
    assert "1. " in answer["answer"] and "\n3. " in answer["answer"], answer["answer"]
    assert "New jar" in answer["answer"] and "help pages" in answer["answer"], answer["answer"]
    assert "A sinking fund is money" not in answer["answer"] and answer["confidence"] >= 0.4, answer["answer"]


def test_the_steps_in_vietnamese(chat_demo, alice, alice_money, pages):
    answer = chat_turn(user=alice, message="làm sao lập quỹ chìm bằng hũ trong Moneta")
    assert answer["tools_used"] == ["get_app_information"], answer["tool_calls"]
    assert "Hũ mới" in answer["answer"] and "\n3. " in answer["answer"], answer["answer"]


def test_a_howto_with_nothing_before_it_asks_what_they_mean(chat_demo, alice, alice_money, pages):
    answer = chat_turn(user=alice, message="can I set one up here? how")
    assert answer["confidence"] < 0.4, (answer["confidence"], answer["answer"])
    assert "?" in answer["answer"] and "knowledge base" not in answer["answer"], answer["answer"]
    assert not answer["tools_used"], answer["tool_calls"]
