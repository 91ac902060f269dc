"""Knowledge answers: how-to questions get the help page's numbered steps; a question the knowledge base has
no fitting passage for says so instead of quoting the nearest unrelated one."""
from __future__ import annotations

from pathlib import Path

import pytest

from chat.services import chat_turn
from tests.chat.conftest import knowledge_doc

pytestmark = pytest.mark.django_db
HELP = Path(__file__).resolve().parents[2] / "knowledge" / "demo_docs" / "moneta-help"


@pytest.fixture
def help_pages(db):
    return [knowledge_doc(corpus_slug="moneta-help", corpus_name="Moneta help", file_name=name,
                          text=(HELP / name).read_text()) for name in ("assistant-actions.md", "importing-statements.md")]


def test_how_to_undo_is_answered_as_numbered_steps(chat_demo, alice, help_pages):
    answer = chat_turn(user=alice, message="how do I undo a change the assistant made?")
    assert answer["tools_used"] == ["get_app_information"]
    text = answer["answer"]
    assert "1. Open the conversation" in text and "\n2. " in text and "\n3. Press Undo" in text, text
    assert answer["citations"] and answer["citations"][0]["document"]


def test_how_to_import_is_answered_as_numbered_steps(chat_demo, alice, help_pages):
    text = chat_turn(user=alice, message="how do I import a bank statement?")["answer"]
    assert "1. Open Transactions, then Import." in text and "\n4. Press Confirm import." in text, text


def test_help_corpus_has_steps_for_every_feature():
    from chat.help_steps import steps_in

    how_tos = {}
    for path in HELP.glob("*.md"):
        for section in path.read_text().split("\n## ")[1:]:
            if section.lower().startswith("how to"):
                how_tos[section.splitlines()[0]] = steps_in(section)
    for feature in ("undo", "import", "jar", "categor", "budget", "cash transaction", "duplicate", "change"):
        assert any(feature in title.lower() and len(steps) >= 2 for title, steps in how_tos.items()), feature


def test_no_fitting_passage_says_so(chat_demo, alice, knowledge_docs):
    answer = chat_turn(user=alice, message="what is a reverse mortgage annuity ladder?")
    assert "I don't have that in" in answer["answer"], answer["answer"]
    assert not answer["citations"] and answer["confidence"] < 0.75
