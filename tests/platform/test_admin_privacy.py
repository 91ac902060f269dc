"""Admin privacy: staff (even superusers) cannot read another user's private notes, facts, conversations or
transactions; access to a conversation is scoped to an escalation assigned to them."""
from __future__ import annotations

import pytest
from django.test import Client

from chat.models import Conversation, Escalation, Message
from knowledge.corpora import corpus_ensure, corpus_private_for
from knowledge.models import Fact, Page
from knowledge.services import document_create, document_ingest_now
from transactions import services as tx_services
from transactions.models import Transaction

pytestmark = pytest.mark.django_db

SECRET = "my secret plan to pay off the loan from aunt Mia"


@pytest.fixture
def boss(django_user_model):
    user = django_user_model.objects.create_superuser("boss", "boss@example.com", "pw-for-tests-1")
    client = Client()
    client.force_login(user)
    return user, client


@pytest.fixture
def alice_private(alice):
    doc, _ = document_create(corpus=corpus_private_for(user=alice), file_name="plan.md",
                             content=f"# Plan\n\n{SECRET}.\n".encode(), enqueue=False)
    document_ingest_now(document_id=doc.id)
    shared, _ = document_create(corpus=corpus_ensure(slug="finance-education", name="Finance education"),
                                file_name="budgeting.md", content=b"# Budgeting\n\nPay yourself first.\n",
                                enqueue=False)
    document_ingest_now(document_id=shared.id)
    conversation = Conversation.objects.create(user=alice, title="loan plan")
    question = Message.objects.create(conversation=conversation, role="user", content=SECRET)
    answer = Message.objects.create(conversation=conversation, role="assistant", content="Noted.")
    tx_services.transactions_import(user=alice, file_name="s.csv",
                                    content=b"Date,Description,Amount\n2026-03-01,AUNT MIA LOAN REPAYMENT,-500\n")
    return {"doc": doc, "shared": shared, "conversation": conversation, "question": question, "answer": answer}


def _urls(data) -> dict[str, str]:
    doc = data["doc"]
    return {
        "document": f"/admin/knowledge/document/{doc.id}/change/",
        "page": f"/admin/knowledge/page/{Page.objects.filter(document=doc).first().id}/change/",
        "fact": f"/admin/knowledge/fact/{Fact.objects.filter(document=doc).first().id}/change/",
        "conversation": f"/admin/chat/conversation/{data['conversation'].id}/change/",
        "message": f"/admin/chat/message/{data['question'].id}/change/",
        "transaction": f"/admin/transactions/transaction/{Transaction.objects.get().id}/change/",
    }


def test_staff_cannot_open_or_list_other_users_private_data(boss, alice_private):
    _, client = boss
    for name, url in _urls(alice_private).items():
        response = client.get(url, follow=True)
        assert SECRET not in response.content.decode(), name
        assert "AUNT MIA" not in response.content.decode(), name
    for listing in ("/admin/knowledge/document/", "/admin/knowledge/fact/", "/admin/knowledge/page/",
                    "/admin/chat/conversation/", "/admin/chat/message/", "/admin/transactions/transaction/",
                    "/admin/transactions/merchant/", "/admin/knowledge/corpus/"):
        page = client.get(listing).content.decode()
        assert SECRET not in page and "AUNT MIA" not in page and "plan.md" not in page, listing
        assert "alice&#x27;s notes" not in page and "alice's notes" not in page, listing
    # shared content stays visible and manageable
    assert "budgeting" in client.get("/admin/knowledge/document/").content.decode().lower()


def test_the_assignee_of_an_escalation_sees_that_conversation_only_until_resolved(boss, alice_private, alice):
    user, client = boss
    url = _urls(alice_private)["conversation"]
    escalation = Escalation.objects.create(conversation=alice_private["conversation"],
                                           message=alice_private["answer"], reason="low confidence", confidence=0.2)
    queue = client.get("/admin/chat/escalation/").content.decode()
    assert SECRET in queue  # the escalated question is what the editor must answer
    assert SECRET not in client.get(url, follow=True).content.decode()  # unassigned: not the whole conversation
    other = Conversation.objects.create(user=alice, title="other private talk")
    Message.objects.create(conversation=other, role="user", content="something else entirely private")
    Escalation.objects.filter(id=escalation.id).update(assignee=user, status="assigned")
    assert SECRET in client.get(url).content.decode()
    assert client.get(f"/admin/chat/conversation/{other.id}/change/", follow=True).content.decode().count(
        "something else entirely private") == 0
    Escalation.objects.filter(id=escalation.id).update(status="resolved", resolution_note="done")
    assert SECRET not in client.get(url, follow=True).content.decode()


def test_help_corpus_states_the_policy():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "knowledge" / "demo_docs" / "moneta-help"
            / "getting-started.md").read_text()
    assert "Moneta's staff" in text and "escalat" in text
