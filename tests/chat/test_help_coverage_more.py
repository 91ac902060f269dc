"""Features and concepts the help and education pages lacked (issue 21, knowledge answers): finding an earlier
conversation, stopping or regenerating an answer, a reply from the team, deleting a document; HSA and FSA, FICO and
VantageScore. Each is answered with its page's steps or text, cited, in English and in Vietnamese; a concept the
pages still lack gets "I don't have that". Every answer goes through chat_turn."""
from __future__ import annotations

import pytest

from chat.services import chat_turn
from tests.chat.conftest import demo_docs

pytestmark = pytest.mark.django_db


@pytest.fixture
def pages(db):
    return demo_docs(help_pages=("chat-assistant.md", "chat-assistant.vi.md", "documents-and-notes.md",
                                 "documents-and-notes.vi.md", "assistant-actions.md"),
                     education=("health-savings-accounts.md", "health-savings-accounts.vi.md", "credit-scores.md",
                                "credit-scores.vi.md", "retirement-accounts.md", "insurance-basics.md"))


def _cited(answer: dict, corpus: str) -> bool:
    return any(c.get("corpus") == corpus or corpus in str(c) for c in answer["citations"])


@pytest.mark.parametrize("question, heading", [
    ("how can I delete a note I no longer need", "How to delete a document or note"),
    ("is there a way to search my past conversations", "How to find an earlier conversation"),
])
def test_chat_and_document_features_have_steps(chat_demo, alice, pages, question, heading):
    answer = chat_turn(user=alice, message=question)
    assert answer["tools_used"] == ["get_app_information"], answer["tool_calls"]
    assert answer["answer"].startswith(heading) and "\n1. " in answer["answer"], answer["answer"]
    assert _cited(answer, "moneta-help"), answer["citations"]


def test_deleting_a_document_in_vietnamese_without_accents_has_vietnamese_steps(chat_demo, alice, pages):
    answer = chat_turn(user=alice, message="muon xoa mot tai lieu thi lam sao")
    assert answer["answer"].startswith("Cách xoá một tài liệu hoặc ghi chú"), answer["answer"]
    assert "Bấm Xoá" in answer["answer"], answer["answer"]


@pytest.mark.parametrize("question, words", [
    ("whats the deal with an HSA vs an FSA, which one keeps the money if I don't spend it", ("HSA", "FSA")),
    ("why is my FICO different from the VantageScore number my bank shows me", ("VantageScore",)),
    ("tai khoan HSA la gi vay", ("HSA", "HDHP")),
])
def test_new_concepts_are_answered_from_their_pages(chat_demo, alice, pages, question, words):
    answer = chat_turn(user=alice, message=question)
    assert "search_knowledge_base" in answer["tools_used"], answer["tool_calls"]
    assert all(w in answer["answer"] for w in words), answer["answer"]
    assert _cited(answer, "finance-education") and answer["confidence"] >= 0.4, (answer["citations"],
                                                                                answer["confidence"])


def test_a_concept_still_missing_is_said_to_be_missing(chat_demo, alice, pages):
    answer = chat_turn(user=alice, message="what is a wombat bond ladder")
    assert "don't have that" in answer["answer"] and answer["confidence"] < 0.4, answer["answer"]
