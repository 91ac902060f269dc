"""The staff-only document investigator: regulations first, then bank documents, fact ids grouped by corpus."""
from __future__ import annotations

import pytest

from chat.services import chat_turn
from tests.chat.conftest import knowledge_doc

pytestmark = pytest.mark.django_db

REGULATION = """# Overdraft fee rule

Banks must obtain a customer's opt-in consent before charging overdraft fees on ATM and one-time debit card
transactions. The consent notice must state the fee amount and be separate from other disclosures.
"""
BANK_DOC = """# Example Bank account terms

Example Bank charges an overdraft fee of 35 dollars per item when a customer has opted in to overdraft coverage.
At most three overdraft fees are charged per day.
"""


def test_investigator_searches_corpora_in_order_and_groups_fact_ids(chat_demo, editor, alice):
    knowledge_doc(corpus_slug="regulations", corpus_name="Regulations", file_name="overdraft-rule.md", text=REGULATION)
    knowledge_doc(corpus_slug="bank-documents", corpus_name="Bank documents", file_name="example-bank-terms.md",
                  text=BANK_DOC)
    answer = chat_turn(user=editor, message="What consent is needed before overdraft fees, and what does the bank charge?",
                       agent_slug="document-investigator")
    corpora = [c["arguments"]["corpus"] for c in answer["tool_calls"]]
    assert corpora == [["regulations"], ["bank-documents"]]
    relevant = answer["relevant_fact_ids"]
    assert set(relevant) == {"regulations", "bank-documents"}
    cited = {c["fact_id"]: c["corpus"] for c in answer["citations"]}
    for corpus, ids in relevant.items():
        assert ids and all(cited.get(i) == corpus for i in ids)
    assert "opt-in consent" in answer["answer"] and "35 dollars" in answer["answer"]


def test_investigator_is_staff_only(chat_demo, alice):
    from core.errors import DomainError

    with pytest.raises(DomainError, match="staff only"):
        chat_turn(user=alice, message="hi", agent_slug="document-investigator")
