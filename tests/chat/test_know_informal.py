"""Concept questions asked casually ("X, is that bad", "what happens if…", "does X hurt my score", "… có hại không")
are answered from the finance-education pages, with their citation, never as a figure of the user's money; a turn
leaning on a question Moneta had no data for gets that question's concept (chat/knowledge_questions.py)."""
from __future__ import annotations

import re

import pytest

from chat.services import chat_turn
from tests.chat.conftest import demo_docs

pytestmark = pytest.mark.django_db

ENGLISH_RE = re.compile(r"\b(?:the|is|and|of|you|your|with|from|in English)\b")


@pytest.fixture
def library(db):
    return demo_docs(education=("buy-now-pay-later.md", "buy-now-pay-later.vi.md", "overdrafts.md", "overdrafts.vi.md",
                                "costly-borrowing.md", "credit-scores.md", "credit-scores.vi.md", "credit-cards.md",
                                "budgeting-methods.md", "budgeting-methods.vi.md", "emergency-fund.md"))


def _cited(answer: dict) -> set[str]:
    return {c["document"] for c in answer["citations"]}


@pytest.mark.parametrize(("question", "document"), [
    ("splitting purchases into 4 payments with afterpay, is that a trap", "Buy now, pay later"),
    ("overdrafting my checking, how bad is that actually?", "Checking accounts and overdrafts"),
    ("pay yourself first - what's that mean", "Budgeting methods"),
    ("would keeping a small balance on my visa hurt my credit score", "Credit scores"),
    ("what happens when you only make the minimum card payment every month", "How credit cards work"),
    ("a cash advance on a credit card, is it smart", "Payday loans, cash advances and other costly credit"),
])
def test_an_informal_concept_question_cites_its_page(chat_demo, alice, library, question, document):
    answer = chat_turn(user=alice, message=question)
    assert answer["tools_used"] == ["search_knowledge_base"], answer["tool_calls"]
    assert any(d.startswith(document) for d in _cited(answer)), (answer["citations"], answer["answer"])
    assert "I don't have that" not in answer["answer"]


def test_after_a_score_moneta_cannot_see_what_moves_it_is_the_concept(chat_demo, alice, library):
    first = chat_turn(user=alice, message="can you tell me my credit score")
    assert not first["citations"]
    answer = chat_turn(user=alice, message="alright so what lowers it", conversation_id=first["conversation_id"])
    assert answer["tools_used"] == ["search_knowledge_base"], answer["tool_calls"]
    assert "Credit scores" in _cited(answer), answer["answer"]


def test_a_casual_vietnamese_question_is_answered_wholly_in_vietnamese(chat_demo, alice, library):
    answer = chat_turn(user=alice, message="bị thấu chi tài khoản thì có sao không")
    assert answer["tools_used"] == ["search_knowledge_base"], answer["tool_calls"]
    assert _cited(answer) == {"Tài khoản thanh toán và thấu chi"}, answer["citations"]
    prose = re.sub(r"\[\d+\]|\*[^*]+\*", "", answer["answer"])
    assert not ENGLISH_RE.search(prose), prose


def test_should_i_use_pay_later_in_vietnamese(chat_demo, alice, library):
    answer = chat_turn(user=alice, message="mình có nên xài mua trước trả sau để mua điện thoại không")
    assert "Mua trước trả sau (BNPL: Klarna, Afterpay, Affirm)" in _cited(answer), answer["citations"]


def test_a_concept_the_library_lacks_shows_no_unrelated_citation(chat_demo, alice, library):
    answer = chat_turn(user=alice, message="collateralized debt obligations, what are those")
    assert "I don't have that in" in answer["answer"], answer["answer"]
    assert not answer["citations"]
