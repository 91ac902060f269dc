"""How-to and requests said plainly: "export all my data — how" (punctuation before a trailing "how") asks for the
help page's numbered steps, cited, like "export all my data how"; a reminder is answered as something Moneta can't
do, without a merchant heading in front of it (only a plan to cancel has a subject the answer names)."""
from __future__ import annotations

import pytest

from chat.help_question import asked_how_last
from chat.services import chat_turn
from tests.chat.conftest import demo_docs

pytestmark = pytest.mark.django_db


@pytest.fixture
def help_pages(db):
    return demo_docs(help_pages=("your-data.md", "subscriptions.md"))


@pytest.mark.parametrize("message, asked", [
    ("export all my data — how", True),
    ("export all my data - how?", True),
    ("import a statement: how", True),
    ("set up a jar, how pls", True),
    ("I paid 40 at the pharmacy — how", False),  # a statement of their own, not a request
])
def test_punctuation_before_a_trailing_how_still_asks_how(message, asked):
    assert asked_how_last(message) is asked


@pytest.mark.parametrize("message", ["export all my data — how", "export all my data - how?"])
def test_a_dash_before_how_gets_the_cited_steps(chat_demo, alice, alice_money, help_pages, message):
    answer = chat_turn(user=alice, message=message)
    assert answer["tools_used"] == ["get_app_information"], answer["tool_calls"]
    assert "1. Open Account" in answer["answer"] and "\n2. " in answer["answer"], answer["answer"]
    assert "help pages" in answer["answer"] and "can't export" not in answer["answer"], answer["answer"]


@pytest.mark.parametrize("message", ["remind me to pay the netflix bill on friday",
                                     "remind me to pay the rent on the 1st"])
def test_a_reminder_has_no_merchant_heading(chat_demo, alice, alice_money, help_pages, message):
    answer = chat_turn(user=alice, message=message)
    assert [c["name"] for c in answer["tool_calls"]] == ["explain_unavailable_action"], answer["tool_calls"]
    assert answer["answer"].startswith("Moneta can't send you reminders"), answer["answer"]
    assert "**" not in answer["answer"].split("\n")[0], answer["answer"]
