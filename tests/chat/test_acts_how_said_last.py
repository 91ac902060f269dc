"""A request with "how" said after it ("undo the recategorising how") asks for the steps, never for the act: the
help page's numbered steps answer it and nothing is proposed or changed. A request without it stays a proposal."""
from __future__ import annotations

import pytest

from chat.help_question import asked_how_last
from chat.services import chat_turn
from tests.chat.conftest import demo_docs
from transactions.models import Transaction

pytestmark = pytest.mark.django_db


@pytest.fixture
def help_pages(db):
    return demo_docs(help_pages=("assistant-actions.md", "importing-statements.md"))


@pytest.mark.parametrize("message", ["undo the change to a category how", "undo a change assistant made how?"])
def test_how_said_last_gets_the_steps_and_changes_nothing(chat_demo, alice, alice_money, help_pages, message):
    before = list(Transaction.objects.filter(user=alice).values_list("id", "category_id"))
    answer = chat_turn(user=alice, message=message)
    assert answer["tools_used"] == ["get_app_information"], answer["tool_calls"]
    assert "\n2. " in answer["answer"] and "Undo" in answer["answer"], answer["answer"]
    assert not answer.get("pending_actions")
    assert list(Transaction.objects.filter(user=alice).values_list("id", "category_id")) == before


@pytest.mark.parametrize("message, asked", [
    ("import a statement how", True),
    ("set up a budget jar how pls", True),
    ("how much did I spend on uber", False),
    ("I paid 40 at the pharmacy how", False),  # a statement of their own, not a request
    ("move the uber rides to transport", False),
])
def test_how_said_last_is_read_only_after_words_of_doing(message, asked):
    assert asked_how_last(message) is asked
