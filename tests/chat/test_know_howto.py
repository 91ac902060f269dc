"""How-to questions in the user's own words for a feature get that feature's numbered steps: "bank file" is a
statement to import, "the review queue" is Needs review; in Vietnamese the steps come in Vietnamese (chat/help_steps.py)."""
from __future__ import annotations

import pytest

from chat.services import chat_turn
from tests.chat.conftest import demo_docs

pytestmark = pytest.mark.django_db


@pytest.fixture
def help_pages(db):
    return demo_docs(help_pages=("importing-statements.md", "importing-statements.vi.md", "documents-and-notes.md",
                                 "categories-and-rules.md", "editing-transactions.md", "auto-categorisation.md"))


@pytest.mark.parametrize(("question", "first_step"), [
    ("where would I put the csv I downloaded from my bank", "1. Open Transactions, then Import."),
    ("where is the needs review list?", "1. Open Transactions, then Needs review"),
])
def test_a_feature_in_the_users_words_gets_its_steps(chat_demo, alice, help_pages, question, first_step):
    answer = chat_turn(user=alice, message=question)
    assert answer["tools_used"] == ["get_app_information"], answer["tool_calls"]
    assert first_step in answer["answer"] and "\n3. " in answer["answer"], answer["answer"]


def test_uploading_a_bank_file_in_vietnamese(chat_demo, alice, help_pages):
    answer = chat_turn(user=alice, message="cho mình hỏi up file sao kê ngân hàng lên ở đâu")
    assert answer["tools_used"] == ["get_app_information"], answer["tool_calls"]
    assert "1. Mở Giao dịch, rồi Nhập." in answer["answer"], answer["answer"]
