"""Issue 21 kind 7 through chat_turn: a knowledge question that leans on the one before it ("how big should mine
be tho" after "what's an emergency fund?") is answered about that concept — from its page, never "I don't have that"
for a turn with no subject of its own. A turn with a subject of its own keeps its own words."""
from __future__ import annotations

import pytest

from chat.knowledge_followup import leans_on_question
from chat.services import chat_turn
from tests.chat.conftest import demo_docs

pytestmark = pytest.mark.django_db


@pytest.fixture
def education(db):
    return demo_docs(education=("emergency-fund.md", "emergency-fund.vi.md", "sinking-funds.md", "index-funds.md",
                                "credit-scores.md"))


@pytest.mark.parametrize("first, then, document", [
    ("what's an emergency fund?", "ok and how much should mine have in it", "Emergency funds"),
    ("explain sinking funds to me", "do i really need one?", "Sinking funds"),
    ("quỹ khẩn cấp là gì vậy", "thế của mình nên bao nhiêu là đủ?", "Quỹ khẩn cấp"),
])
def test_a_question_that_leans_on_the_concept_before_is_answered_about_it(chat_demo, alice, education, first, then,
                                                                           document):
    asked = chat_turn(user=alice, message=first)
    answer = chat_turn(user=alice, message=then, conversation_id=asked["conversation_id"])
    assert answer["citations"], answer["answer"]
    assert answer["citations"][0]["document"] == document, answer["citations"]
    assert "I don't have that" not in answer["answer"] and "Tôi không có" not in answer["answer"]


@pytest.mark.parametrize("text, leans", [
    ("how big should mine be tho", True),
    ("is that a lot?", True),
    ("does that work against me with credit card debt too?", False),  # a subject of its own
    ("what is an index fund", False),  # nothing points back
])
def test_what_leans_on_the_question_before(text, leans):
    assert leans_on_question(text) is leans
