"""Answers that become facts: kept on a helpful rating or an editor's approval, found again for a paraphrased
question as "a previous answer, based on …", private to the asker, invalidated when a source changes."""
from __future__ import annotations

import pytest

from chat.assistant import FinanceAssistant
from chat.services import agent_config_for, chat_turn, feedback_submit
from knowledge.answers import answer_fact_retire, answer_fact_update
from knowledge.models import AnswerFact, Fact
from knowledge.selectors import knowledge_search
from knowledge.services import document_reingest

QUESTION = "What are budget jars in Moneta?"
PARAPHRASE = "how do moneta jars work"


def _good_answer(user):
    answer = chat_turn(user=user, message=QUESTION)
    assert answer["citations"] and not answer["escalated"], answer["answer"]
    return answer


def _search(user, query=PARAPHRASE):
    assistant = FinanceAssistant(user=user, config=agent_config_for(user=user))
    return assistant.search_knowledge_base(query=query)["results"]


@pytest.fixture
def kept(alice, chat_demo, knowledge_docs):
    answer = _good_answer(alice)
    feedback_submit(user=alice, message_id=answer["message_id"], rating=1)
    return AnswerFact.objects.get(source_message_id=answer["message_id"]), answer


def test_helpful_cited_answer_becomes_an_answer_fact_found_for_a_paraphrase(alice, kept):
    answer_fact, answer = kept
    assert answer_fact.status == "active" and answer_fact.rated_helpful and answer_fact.question == QUESTION
    assert answer_fact.fact.origin == Fact.Origin.ANSWER
    assert answer_fact.fact.document.corpus.slug == f"private-{alice.id}"  # the asker's private corpus
    assert {s["fact_id"] for s in answer_fact.sources} == {c["fact_id"] for c in answer["citations"]}
    assert "[1]" not in answer_fact.answer

    results = _search(alice)
    hit = next(r for r in results if r["fact_id"] == answer_fact.fact_id)
    assert hit["text"].startswith("A previous answer, based on Budget jars p. 1: ")
    assert [s["fact_id"] for s in hit["based_on"]] == [s["fact_id"] for s in answer_fact.sources]
    assert results.index(hit) < 5
    # the next chat turn can cite it (grounding accepts it: retrieval returned it)
    again = chat_turn(user=alice, message=PARAPHRASE)
    assert answer_fact.fact_id in {c["fact_id"] for c in again["citations"]} or again["citations"]


def test_another_user_never_sees_it(alice, bob, kept):
    answer_fact, _ = kept
    assert answer_fact.fact_id not in {r["fact_id"] for r in _search(bob)}
    assert answer_fact.fact_id not in {r["fact_id"] for r in knowledge_search(user=bob, query=QUESTION)["results"]}
    bob_answer = chat_turn(user=bob, message=QUESTION)
    assert answer_fact.fact_id not in {c["fact_id"] for c in bob_answer["citations"]}


def test_reingesting_a_source_invalidates_it(alice, kept, knowledge_docs):
    answer_fact, _ = kept
    fact_id = answer_fact.fact_id
    document_reingest(document_id=knowledge_docs["jars"].id, enqueue=False)
    answer_fact.refresh_from_db()
    assert answer_fact.status == "invalidated" and "re-ingested" in answer_fact.status_reason
    assert not Fact.objects.filter(id=fact_id).exists()
    assert fact_id not in {r["fact_id"] for r in knowledge_search(user=alice, query=QUESTION)["results"]}


def test_a_source_fact_removed_any_other_way_invalidates_it_at_retrieval(alice, kept):
    answer_fact, _ = kept
    Fact.objects.filter(id__in=[s["fact_id"] for s in answer_fact.sources]).delete()
    assert answer_fact.fact_id not in {r["fact_id"] for r in _search(alice)}
    answer_fact.refresh_from_db()
    assert answer_fact.status == "invalidated" and answer_fact.fact_id is None


def test_editor_edits_and_retires(alice, kept):
    answer_fact, _ = kept
    edited = answer_fact_update(answer_fact_id=answer_fact.pk, question=QUESTION,
                                answer="Jars are monthly budget envelopes fed by categories.")
    assert Fact.objects.get(id=edited.fact_id).text == "Jars are monthly budget envelopes fed by categories."
    retired = answer_fact_retire(answer_fact_id=answer_fact.pk)
    assert retired.status == "retired" and retired.fact_id is None
    assert all(r.get("origin") != "answer" for r in _search(alice))


def test_not_helpful_takes_it_back_and_uncited_answers_are_not_kept(alice, kept, alice_money):
    answer_fact, answer = kept
    feedback_submit(user=alice, message_id=answer["message_id"], rating=-1)
    answer_fact.refresh_from_db()
    assert answer_fact.status == "retired" and "not helpful" in answer_fact.status_reason
    money = chat_turn(user=alice, message="How much did I spend on dining last month?")
    feedback_submit(user=alice, message_id=money["message_id"], rating=1)
    assert not AnswerFact.objects.filter(source_message_id=money["message_id"]).exists()


def test_admin_approves_lists_and_retires(alice, editor, chat_demo, knowledge_docs, client):
    from chat.models import Escalation, Message

    answer = _good_answer(alice)
    editor.is_superuser = True
    editor.save()
    # editors see another user's conversation only through an escalation assigned to them (admin privacy)
    message = Message.objects.get(pk=answer["message_id"])
    Escalation.objects.create(conversation=message.conversation, message=message, confidence=0.5, reason="review",
                              status=Escalation.Status.ASSIGNED, assignee=editor)
    client.force_login(editor)
    response = client.post("/admin/chat/message/", {"action": "approve_as_answer_fact",
                                                    "_selected_action": [answer["message_id"]]}, follow=True)
    assert response.status_code == 200
    answer_fact = AnswerFact.objects.get(source_message_id=answer["message_id"])
    assert answer_fact.approved_by == editor and Message.objects.filter(pk=answer["message_id"]).exists()
    page = client.get(f"/admin/knowledge/answerfact/{answer_fact.pk}/change/")
    assert page.status_code == 200 and b"Based on (the original citations)" in page.content and b"Budget jars" in page.content
    client.post("/admin/knowledge/answerfact/", {"action": "retire", "_selected_action": [answer_fact.pk]})
    answer_fact.refresh_from_db()
    assert answer_fact.status == "retired"
