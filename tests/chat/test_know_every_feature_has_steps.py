"""Every feature of the app answers "how do I …" with its help page's numbered steps, cited (English and
Vietnamese): jars, budgets, rules, importing, undo, export, deleting the account, subscriptions, the review queue and
the clarifying buttons — and every help page has at least one "How to" section with steps."""
from __future__ import annotations

import re

import pytest

from chat.help_steps import steps_in
from chat.services import chat_turn
from tests.chat.conftest import DEMO_DOCS, demo_docs

pytestmark = pytest.mark.django_db

HELP = DEMO_DOCS / "moneta-help"
FEATURES = [
    ("how do I create a jar", "jar"),
    ("how do I set a budget for dining", "Budget"),
    ("how do I set up a rule", "What Moneta has learned"),
    ("how do I import my bank statement", "Import"),
    ("how do I undo a change the assistant made", "Undo"),
    ("how do I export all my data", "Download my data"),
    ("how do I delete my account", "Delete my account"),
    ("how do I see my subscriptions", "Subscriptions"),
    ("how do I use the review queue", "Needs review"),
    ("how do the clarify buttons work", "Did you mean"),
    ("làm sao tạo quy tắc", "Điều Moneta đã học"),
    ("làm sao xuất dữ liệu", "Tải dữ liệu"),
]


def test_every_help_page_has_a_how_to_with_steps():
    for page in sorted(HELP.glob("*.md")):
        sections = re.split(r"^## ", page.read_text(), flags=re.M)[1:]
        howtos = [s for s in sections if s.startswith(("How to ", "Cách "))]
        assert any(len(steps_in(s)) >= 3 for s in howtos), page.name


def test_how_do_i_for_every_feature_gets_cited_steps(chat_demo, alice):
    demo_docs(help_pages=tuple(p.name for p in sorted(HELP.glob("*.md"))))
    wrong = []
    for question, says in FEATURES:
        answer = chat_turn(user=alice, message=question)
        if not ({"get_app_information", "search_knowledge_base"} & set(answer["tools_used"]) and "1. " in
                answer["answer"] and "\n3. " in answer["answer"] and says in answer["answer"] and answer["citations"]
                and answer["confidence"] >= 0.4):
            wrong.append((question, answer["tools_used"], answer["confidence"], answer["answer"][:300]))
    assert not wrong, wrong
