"""Issue 21 through chat_turn: remarks about forgetting a figure, bank connections, and "the online ones too".

- Not remembering a figure ("I've clean forgotten what…", "I can't recall how much…", "tôi quên mất …") is how a money
  question is asked: the figure, confident, never the forgotten-password help; a forgotten password still is help.
- Connecting or syncing a bank or card ("can I connect my bank", "sync my card") leads with the help section saying
  there is no bank connection and how statements come in, not the MCP page or sign-up.
- "including the online ones" after a merchant or category total widens it: the words narrow a name, so those rows
  are already counted — the same total, never only the rows that say "online".
The chat fixture statement (tests/chat/conftest.py), each month: Rent 1400.00, Starbucks 5.75 + 6.25 (Dining), Amazon
42.99 Shopping + 18.50 Groceries, Whole Foods 96.40, Uber 23.10, Netflix 15.49, The Good Plate 64.00 (Dining)."""
from __future__ import annotations

import pytest

from chat.services import chat_turn
from tests.chat.conftest import answer_body, confident, demo_docs

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("question, figure", [
    ("I have clean forgotten what I spent at Whole Foods last month, could you tell me?", "$96.40"),
    ("I can't recall how much went on Uber last month", "$23.10"),
    ("we've totally forgotten what the rent came to last month", "$1,400.00"),
    ("how much did Netflix take last month? I forgot to look", "$15.49"),
    ("what did I pay at Whole Foods last month, I don't remember", "$96.40"),
    ("tôi quên mất tháng trước tiêu bao nhiêu ở Whole Foods", "96"),
])
def test_forgetting_a_figure_is_a_money_question(chat_demo, alice, alice_money, question, figure):
    answer = chat_turn(user=alice, message=question)
    assert "get_app_information" not in answer["tools_used"], (question, answer["tool_calls"])
    assert figure in answer_body(answer), (question, answer["answer"])
    assert "password" not in answer["answer"].lower(), answer["answer"]
    assert confident(alice, answer), (question, answer["confidence"], answer["answer"])


@pytest.fixture
def help_pages(db):
    return demo_docs(help_pages=("importing-statements.md", "connect-other-assistants.md", "account-security.md"))


@pytest.mark.parametrize("question", ["I forgot my password", "what do I do, I've forgotten my login"])
def test_a_forgotten_password_is_still_help(chat_demo, alice, help_pages, question):
    answer = chat_turn(user=alice, message=question)
    assert answer["tools_used"] == ["get_app_information"], answer["tool_calls"]
    assert "reset" in answer["answer"].lower(), answer["answer"]


@pytest.mark.parametrize("question", [
    "can I connect my bank",
    "is there a way to sync my credit card with moneta?",
    "how do I link my checking account",
    "does it pull transactions automatically from my bank",
    "làm sao để kết nối ngân hàng với Moneta?",
])
def test_connecting_a_bank_leads_with_the_bank_connection_section(chat_demo, alice, help_pages, question):
    answer = chat_turn(user=alice, message=question)
    assert answer["tools_used"] == ["get_app_information"], answer["tool_calls"]
    lead = answer["answer"].splitlines()[0]
    assert "How to connect or sync your bank account" in lead or "Cách kết nối hoặc đồng bộ" in lead, answer["answer"]
    assert "MCP" not in lead and "sign up" not in lead.lower(), answer["answer"]


def test_connecting_another_assistant_is_still_the_mcp_page(chat_demo, alice, help_pages):
    answer = chat_turn(user=alice, message="how do I connect Claude Desktop to moneta?")
    assert "How to connect Claude Desktop" in answer["answer"].splitlines()[0], answer["answer"]


@pytest.mark.parametrize("first, then, figure", [
    ("how much did Uber cost me last month", "and the online ones as well", "$23.10"),
    ("dining last month", "and the online orders too", "$76.00"),
    ("what did Whole Foods cost me last month", "incl. the online orders", "$96.40"),
])
def test_the_online_ones_too_widens_the_last_total(chat_demo, alice, alice_money, first, then, figure):
    answer = chat_turn(user=alice, message=first)
    assert figure in answer_body(answer), answer["answer"]
    again = chat_turn(user=alice, message=then, conversation_id=answer["conversation_id"])
    # was $0.00 (only rows saying "online") or the rows saying "online" alone
    assert figure in answer_body(again), (then, again["answer"], again["tool_calls"])
