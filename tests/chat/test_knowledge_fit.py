"""Issue 21 kind 7 through chat_turn: a concept question typed in Vietnamese without accents reaches the page of the
concept; a page that is only near the asked concept is never a confident answer — a compound whose head changes the
concept ("stock options" is not "stocks") finds nothing, and a question naming a word the knowledge base never uses
("Roth conversions") is answered from the nearest page only after saying so, below the escalation threshold."""
from __future__ import annotations

import pytest

from chat.services import chat_turn
from tests.chat.conftest import confident, demo_docs

pytestmark = pytest.mark.django_db


@pytest.fixture
def education(db):
    return demo_docs(education=("emergency-fund.md", "emergency-fund.vi.md", "retirement-accounts.md",
                                "retirement-accounts.vi.md", "credit-cards.md", "credit-cards.vi.md",
                                "investing-basics.md", "sinking-funds.md"))


@pytest.mark.parametrize(("question", "document"), [
    ("quy du phong khan cap la gi", "Quỹ khẩn cấp"),
    ("the tin dung hoat dong the nao, lai suat tinh ra sao?", "Thẻ tín dụng hoạt động thế nào"),
])
def test_a_vietnamese_concept_typed_without_accents_reaches_the_vietnamese_page(chat_demo, alice, education, question,
                                                                                document):
    answer = chat_turn(user=alice, message=question)
    assert answer["tools_used"] == ["search_knowledge_base"], answer["tool_calls"]
    assert document in {c["document"] for c in answer["citations"]}, (answer["citations"], answer["answer"])


def test_a_compound_concept_is_not_answered_by_a_page_on_its_first_word(chat_demo, alice, education):
    answer = chat_turn(user=alice, message="what are stock options")
    assert not answer["citations"] and "I don't have that in" in answer["answer"], answer["answer"]


def test_a_word_the_knowledge_base_never_uses_makes_the_nearest_page_not_confident(chat_demo, alice, education):
    answer = chat_turn(user=alice, message="how are Roth conversions taxed")
    assert answer["answer"].startswith("The knowledge base has nothing on “conversions”"), answer["answer"]
    assert not confident(alice, answer), answer["confidence"]
    # a question the page does answer, with words around it the pages never use, stays confident
    sinking = chat_turn(user=alice, message="whats the point of a sinking fund")
    assert sinking["citations"] and confident(alice, sinking), (sinking["confidence"], sinking["answer"])


def test_in_this_app_says_where_not_what_a_concept_question_asks(chat_demo, alice):
    # "in this app" names the place of the question, not its topic: the jars help page answers it
    demo_docs(help_pages=("budget-jars.md",), education=("emergency-fund.md", "sinking-funds.md"))
    answer = chat_turn(user=alice, message="what's a jar in this app, exactly?")
    assert "I don't have that" not in answer["answer"], answer["answer"]
    assert [c["document"] for c in answer["citations"]][:1] == ["Budget jars"], answer["citations"]
