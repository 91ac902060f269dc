"""A place in the app asked ("where in the app do I look to see what I spent this month", "which screen shows my
bills"): the help page's steps, cited and confident — the money words after it say what is looked for, not a figure
asked (issue 21, knowledge and how-to). "this month" points at no thing: no "set up what?" clarification. Through
chat_turn; a turn asking the figure itself still gets the figure."""
from __future__ import annotations

import pytest

from chat.services import chat_turn
from tests.chat.conftest import demo_docs

pytestmark = pytest.mark.django_db


@pytest.fixture
def pages(db):
    return demo_docs(help_pages=("charts-and-analytics.md", "subscriptions.md", "budget-jars.md"), education=())


@pytest.mark.parametrize("question", [
    "where in the app can I check what I've spent this month so far?",
    "which page shows my spending over the last six months",
])
def test_a_place_in_the_app_is_answered_with_its_help_steps(chat_demo, alice, alice_money, pages, question):
    answer = chat_turn(user=alice, message=question)
    assert answer["tools_used"] == ["get_app_information"], answer["tool_calls"]
    assert "\n1. " in answer["answer"] and any(c.get("corpus") == "moneta-help" for c in answer["citations"]), answer
    assert answer["confidence"] >= 0.4 and not answer["escalated"], (answer["confidence"], answer["answer"])


def test_the_figure_itself_is_still_a_money_answer(chat_demo, alice, alice_money, pages):
    answer = chat_turn(user=alice, message="how much have I spent so far this month?")
    assert "get_app_information" not in answer["tools_used"], answer["tool_calls"]
    assert answer["tools_used"], answer
