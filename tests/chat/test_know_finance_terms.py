"""Finance terms and their initialisms said with "vs"/"diff" ("roth vs trad IRA diff", "401k vs ira diff") are
concept questions answered from the knowledge base: a loose reading of a shop's name must not take a word of a
term the knowledge base's titles name ("trad ira" is no Trader Joe's), and "diff" is a word of asking, not a concept
the knowledge base lacks. Two of their own shops weighed ("trader joes vs whole foods") stay their spending."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from chat.services import chat_turn
from tests.chat.conftest import demo_docs, statement_csv
from transactions.services import transactions_import

pytestmark = pytest.mark.django_db


@pytest.fixture
def education(db):
    return demo_docs(education=("retirement-accounts.md", "apr-and-apy.md", "index-funds.md"))


@pytest.fixture
def grocer_money(alice):
    today = timezone.localdate()
    extra = [(today - timedelta(days=d), "TRADER JOE'S #552", "-48.20", "Groceries") for d in (3, 17, 40)]
    return transactions_import(user=alice, file_name="alice.csv", content=statement_csv(today=today, extra=extra))


@pytest.mark.parametrize("question, says", [
    ("roth vs trad IRA diff", "Roth"),
    ("roth vs trad ira", "Roth"),
    ("401k vs ira diff", "IRA"),
    ("apr vs apy diff", "APY"),
])
def test_terms_weighed_are_a_concept(chat_demo, alice, grocer_money, education, question, says):
    answer = chat_turn(user=alice, message=question)
    assert answer["tools_used"] == ["search_knowledge_base"], answer["tool_calls"]
    assert says in answer["answer"] and "Trader Joe" not in answer["answer"], answer["answer"]
    assert "nothing on" not in answer["answer"] and answer["confidence"] >= 0.4, (answer["confidence"],
                                                                                 answer["answer"])


def test_two_of_their_shops_weighed_stay_their_spending(chat_demo, alice, grocer_money, education):
    answer = chat_turn(user=alice, message="trader joes vs whole foods")
    assert answer["tools_used"] == ["compare_spending"], answer["tool_calls"]
    assert "Trader Joe" in answer["answer"], answer["answer"]
