"""Agent-config search settings reach knowledge_search; notes; the escalation queue's life cycle."""
from __future__ import annotations

import pytest

from chat.models import AgentConfig, Escalation
from chat.services import chat_turn, escalation_assign, escalation_resolve
from core.errors import DomainError

pytestmark = pytest.mark.django_db


def test_corpus_filters_from_the_config_apply_to_knowledge_search(chat_demo, alice, knowledge_docs):
    question = "What is compound interest?"
    before = chat_turn(user=alice, message=question)
    assert any(c["corpus"] == "finance-education" for c in before["citations"])
    AgentConfig.objects.filter(slug="finance-assistant").update(corpus_exclude=["finance-education"])
    after = chat_turn(user=alice, message=question)
    assert after["citations"] == [] or all(c["corpus"] != "finance-education" for c in after["citations"])


def test_similarity_threshold_from_the_config_is_used(chat_demo, alice, knowledge_docs):
    AgentConfig.objects.filter(slug="finance-assistant").update(similarity_threshold=0.99, max_results=3)
    answer = chat_turn(user=alice, message="What is compound interest?")
    assert answer["citations"] == []
    assert answer["escalated"]  # nothing found clears the bar → a person follows up


def test_save_note_goes_to_the_private_corpus_once_confirmed(chat_demo, alice, bob):
    from chat.actions.services import pending_action_confirm
    from core.errors import NotFound
    from knowledge.models import Document

    answer = chat_turn(user=alice, message="Remember that my car insurance renews in June")
    assert answer["tools_used"] == ["save_note"]
    assert not Document.objects.filter(corpus__owner=alice).exists()  # proposing writes nothing
    action_id = answer["pending_actions"][0]["id"]
    with pytest.raises(NotFound):  # another user can't confirm it
        pending_action_confirm(user=bob, action_id=action_id)
    pending_action_confirm(user=alice, action_id=action_id)
    doc = Document.objects.get(corpus__owner=alice)
    assert doc.corpus.slug == f"private-{alice.id}"
    with doc.file.open("rb") as fh:
        assert "car insurance renews in June" in fh.read().decode()
    assert not Document.objects.filter(corpus__owner=bob).exists()


def test_escalation_is_assigned_then_resolved_with_a_note(chat_demo, alice, editor):
    answer = chat_turn(user=alice, message="What does the regulation say about mortgage broker licensing?")
    escalation = Escalation.objects.get(message_id=answer["message_id"])
    escalation_assign(escalation_id=escalation.pk, assignee=editor)
    escalation.refresh_from_db()
    assert escalation.status == "assigned" and escalation.assignee == editor
    with pytest.raises(DomainError, match="resolution note"):
        escalation_resolve(escalation_id=escalation.pk, resolver=editor, note="  ")
    escalation_resolve(escalation_id=escalation.pk, resolver=editor, note="Answered by phone.")
    escalation.refresh_from_db()
    assert escalation.status == "resolved" and escalation.resolution_note == "Answered by phone."
