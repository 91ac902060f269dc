"""Answer facts: a good answer becomes knowledge (issue 15).

An answer is kept when it cited facts, was above its assistant's confidence threshold, and the user rated it
helpful or an editor approved it (chat/answer_facts.py decides; this module stores). It is stored as a Fact of
origin `answer` in the asker's *private* corpus, so knowledge search returns it to that user only: one user's
answer never reaches another, whatever it says. Its sources (the facts it cited, as cited) are kept, and
retrieval shows it as "a previous answer, based on …" with those citations.

It stops being searchable (its Fact is deleted, the AnswerFact row stays for the record) when an editor retires
it, when the user takes back their rating, or when any source document is deleted or re-ingested —
eagerly from the knowledge services, and lazily at retrieval for any other path that removed a source fact.
"""
from __future__ import annotations

import hashlib
import re

from django.db import connection, transaction
from django.db.models import Max
from django.utils import timezone

from core.embeddings import embed_texts
from core.errors import DomainError, NotFound
from knowledge.corpora import corpus_private_for
from knowledge.models import AnswerFact, Document, Fact
from knowledge.selectors import corpora_visible

SAVED_ANSWERS_TITLE = "Saved answers"
SAVED_ANSWERS_SHA = hashlib.sha256(b"moneta:saved-answers").hexdigest()
_MARKER = re.compile(r"\s*\[(?:#)?\d+\]")


def answer_text_clean(text: str) -> str:
    """The answer as knowledge: citation markers and the turn's notes about unavailable tool servers dropped."""
    text = re.sub(r"\n\nThe external tool server “.*\Z", "", text or "", flags=re.S)
    return _MARKER.sub("", text).strip()


def _saved_answers_document(*, owner) -> Document:
    corpus = corpus_private_for(user=owner)
    doc, _ = Document.objects.get_or_create(
        corpus=corpus, sha256=SAVED_ANSWERS_SHA,
        defaults={"title": SAVED_ANSWERS_TITLE, "file_name": "saved-answers", "kind": Document.Kind.TEXT,
                  "status": Document.Status.READY, "ingested_at": timezone.now(), "uploaded_by": owner,
                  "summary": "Answers you rated helpful (or an editor approved), with the facts they were based on.",
                  "metadata": {"saved_answers": True, "question_vectors": True}})
    return doc


def _fact_create(answer_fact: AnswerFact) -> Fact:
    """The searchable row: embedded like an ingested fact (context + text), plus the question's own vector so a
    repeated or paraphrased question finds it."""
    doc = _saved_answers_document(owner=answer_fact.owner)
    context = f"{SAVED_ANSWERS_TITLE}. Question: {answer_fact.question}"[:500]
    fact_vec, question_vec = embed_texts([f"{context}\n{answer_fact.answer}", f"{context}\n{answer_fact.question}"])
    ordinal = (Fact.objects.filter(document=doc).aggregate(m=Max("ordinal"))["m"] or 0) + 1
    fact = Fact.objects.create(document=doc, page=None, ordinal=ordinal, text=answer_fact.answer, context=context,
                               questions=[answer_fact.question], origin=Fact.Origin.ANSWER, mode=Fact.Mode.OFFLINE,
                               embedding=fact_vec.tolist(), question_embedding=question_vec.tolist())
    with connection.cursor() as cur:
        cur.execute("""UPDATE knowledge_fact SET search_vector =
                           setweight(to_tsvector('english', text), 'A')
                        || setweight(to_tsvector('english', context), 'B') WHERE id = %s""", [fact.id])
    return fact


def _sources_visible(*, owner, sources: list[dict]) -> list[dict]:
    """The cited facts, re-read from the database: they must exist and be visible to the owner."""
    ids = [int(s["fact_id"]) for s in sources if str(s.get("fact_id", "")).isdigit()]
    facts = {f.id: f for f in Fact.objects.select_related("document__corpus", "page").filter(
        id__in=ids, document__corpus__in=corpora_visible(user=owner), document__status=Document.Status.READY)}
    out = []
    for s in sources:
        fact = facts.get(int(s.get("fact_id") or 0))
        if fact is None or fact.origin == Fact.Origin.ANSWER:
            continue
        out.append({"fact_id": fact.id, "document_id": fact.document_id, "document": fact.document.title,
                    "file_name": fact.document.file_name, "corpus": fact.document.corpus.slug,
                    "page": fact.page.number if fact.page else None, "page_id": fact.page_id,
                    "quote": (s.get("quote") or fact.text)[:500]})
    return out


def answer_fact_save(*, owner, question: str, answer: str, sources: list[dict], source_message_id: int | None = None,
                     rated_helpful: bool = False, approved_by=None) -> AnswerFact:
    """Keep an answer as a fact of `owner` (idempotent per source message). Raises DomainError when it cites
    nothing the owner can still see."""
    question, answer = (question or "").strip(), answer_text_clean(answer)
    if not question or not answer:
        raise DomainError("an answer fact needs the question and the answer")
    with transaction.atomic():
        existing = (AnswerFact.objects.select_for_update().filter(source_message_id=source_message_id).first()
                    if source_message_id else None)
        if existing is not None:
            existing.rated_helpful = existing.rated_helpful or rated_helpful
            existing.approved_by = existing.approved_by or approved_by
            existing.save(update_fields=["rated_helpful", "approved_by", "updated_at"])
            if existing.status == AnswerFact.Status.RETIRED and existing.status_reason.startswith("the user"):
                return answer_fact_reactivate(answer_fact_id=existing.pk)
            return existing
        kept = _sources_visible(owner=owner, sources=sources)
        if not kept:
            raise DomainError("only cited answers become facts, and none of this answer's sources exist any more")
        answer_fact = AnswerFact.objects.create(owner=owner, question=question[:2000], answer=answer, sources=kept,
                                                source_message_id=source_message_id, rated_helpful=rated_helpful,
                                                approved_by=approved_by)
        answer_fact.source_documents.set({s["document_id"] for s in kept})
        answer_fact.fact = _fact_create(answer_fact)
        answer_fact.save(update_fields=["fact"])
    return answer_fact


def _unsearchable(answer_fact: AnswerFact, *, status: str, reason: str) -> AnswerFact:
    if answer_fact.fact_id:
        Fact.objects.filter(id=answer_fact.fact_id).delete()
    answer_fact.fact = None
    answer_fact.status = status
    answer_fact.status_reason = reason[:300]
    answer_fact.save(update_fields=["fact", "status", "status_reason", "updated_at"])
    return answer_fact


def answer_fact_retire(*, answer_fact_id: int, reason: str = "retired by an editor") -> AnswerFact:
    with transaction.atomic():
        answer_fact = AnswerFact.objects.select_for_update().filter(pk=answer_fact_id).first()
        if answer_fact is None:
            raise NotFound(f"Answer fact {answer_fact_id} does not exist")
        return _unsearchable(answer_fact, status=AnswerFact.Status.RETIRED, reason=reason)


def answer_fact_reactivate(*, answer_fact_id: int) -> AnswerFact:
    """Searchable again, if every source fact still exists (else it stays invalidated)."""
    with transaction.atomic():
        answer_fact = AnswerFact.objects.select_for_update().get(pk=answer_fact_id)
        if answer_fact.status == AnswerFact.Status.ACTIVE:
            return answer_fact
        if _missing_sources([answer_fact]):
            return _unsearchable(answer_fact, status=AnswerFact.Status.INVALIDATED,
                                 reason="a source fact no longer exists (its document was deleted or re-ingested)")
        answer_fact.status, answer_fact.status_reason = AnswerFact.Status.ACTIVE, ""
        answer_fact.fact = _fact_create(answer_fact)
        answer_fact.save(update_fields=["fact", "status", "status_reason", "updated_at"])
        return answer_fact


def answer_fact_update(*, answer_fact_id: int, question: str, answer: str) -> AnswerFact:
    """An editor's correction: the searchable fact is rebuilt (re-embedded) from the new wording."""
    question, answer = (question or "").strip(), (answer or "").strip()
    if not question or not answer:
        raise DomainError("an answer fact needs the question and the answer")
    with transaction.atomic():
        answer_fact = AnswerFact.objects.select_for_update().get(pk=answer_fact_id)
        answer_fact.question, answer_fact.answer = question, answer
        answer_fact.save(update_fields=["question", "answer", "updated_at"])
        if answer_fact.status == AnswerFact.Status.ACTIVE:
            if answer_fact.fact_id:
                Fact.objects.filter(id=answer_fact.fact_id).delete()
            answer_fact.fact = _fact_create(answer_fact)
            answer_fact.save(update_fields=["fact"])
        return answer_fact


def answer_facts_invalidate(*, document_ids: list[int], reason: str) -> int:
    """Every active answer based on one of these documents stops being searchable. Returns how many."""
    count = 0
    for answer_fact in AnswerFact.objects.filter(status=AnswerFact.Status.ACTIVE,
                                                 source_documents__id__in=document_ids).distinct():
        _unsearchable(answer_fact, status=AnswerFact.Status.INVALIDATED, reason=reason)
        count += 1
    return count


def _missing_sources(answer_facts: list[AnswerFact]) -> set[int]:
    """Ids of the answer facts with a source fact that no longer exists."""
    wanted = {int(s["fact_id"]) for a in answer_facts for s in a.sources}
    present = set(Fact.objects.filter(id__in=wanted).values_list("id", flat=True))
    return {a.pk for a in answer_facts if any(int(s["fact_id"]) not in present for s in a.sources)}


def answer_facts_present(*, user, results: list[dict]) -> list[dict]:
    """Search results → the same results, answer facts shown as a previous answer with their original citations
    (`based_on`). An answer whose source vanished by a path that did not invalidate it is invalidated now and
    dropped; one that is not the user's own is dropped (it cannot be found anyway: private corpus)."""
    ids = [r["fact_id"] for r in results if r.get("fact_id") is not None]
    found = {a.fact_id: a for a in AnswerFact.objects.filter(fact_id__in=ids, status=AnswerFact.Status.ACTIVE)} \
        if ids else {}
    if not found:
        return results
    stale = _missing_sources(list(found.values()))
    out = []
    for r in results:
        answer_fact = found.get(r.get("fact_id"))
        if answer_fact is None:
            out.append(r)
            continue
        if answer_fact.owner_id != getattr(user, "id", None):
            continue
        if answer_fact.pk in stale:
            answer_facts_invalidate_one(answer_fact)
            continue
        based_on = "; ".join(f"{s['document']}" + (f" p. {s['page']}" if s.get("page") else "")
                             for s in answer_fact.sources)
        out.append({**r, "text": f"A previous answer, based on {based_on}: {answer_fact.answer}",
                    "origin": "answer", "question_answered": answer_fact.question,
                    "based_on": answer_fact.sources})
    return out


def answer_facts_invalidate_one(answer_fact: AnswerFact) -> None:
    _unsearchable(answer_fact, status=AnswerFact.Status.INVALIDATED,
                  reason="a source fact no longer exists (its document was deleted or re-ingested)")
