"""Questions about the app asked in Vietnamese with its English words mixed in (issue 21, kind 7): "confirm", "undo",
"password" are words of the app, so the turn is never out of scope; and whether a confirmed change can be undone
("… undo được hông") is asked of the app — its help page's steps — never a request to delete a transaction, unless it
asks the undo done for them ("hoàn tác giúp mình được không"), which the chat can't do and says so."""
from __future__ import annotations

import pytest

from chat.models import PendingAction
from tests.chat.conftest import demo_docs, talk

pytestmark = pytest.mark.django_db


@pytest.fixture
def help_pages(db):
    return demo_docs(help_pages=("assistant-actions.md", "assistant-actions.vi.md", "account-security.md",
                                 "account-security.vi.md"))


@pytest.mark.parametrize("said", ["nhấn confirm lộn rồi, undo được hông", "bấm confirm nhầm rồi có undo được không"])
def test_can_a_confirmed_change_be_undone_gets_the_help_steps(alice_money, help_pages, said):
    (answer,) = talk(alice_money.user, said)
    assert [c.get("corpus") for c in answer["citations"]][:1] == ["moneta-help"], answer["tool_calls"]
    assert "Hoàn tác" in answer["answer"] and "\n1. " in answer["answer"], answer["answer"]
    assert not any(name.startswith("propose_") for name in answer["tools_used"])
    assert not PendingAction.objects.filter(user=alice_money.user).exists()


def test_an_undo_asked_done_for_them_is_said_plainly(alice_money, help_pages):
    (answer,) = talk(alice_money.user, "hoàn tác giúp mình được không")
    assert answer["tools_used"] == ["explain_unavailable_action"], answer["tool_calls"]
    assert not PendingAction.objects.filter(user=alice_money.user).exists()


def test_an_english_app_word_keeps_a_vietnamese_question_in_scope(alice_money, help_pages):
    (answer,) = talk(alice_money.user, "đổi password ở đâu vậy")
    assert answer["tools_used"] == ["get_app_information"], answer["tool_calls"]
    assert "mật khẩu" in answer["answer"], answer["answer"]
