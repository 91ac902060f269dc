"""Ingestion end to end (same services the worker runs): pages, facts, idempotency, failures."""
from __future__ import annotations

import pytest

from core.errors import DomainError
from knowledge.ingestion import pipeline
from knowledge.models import Document, Fact, Page
from knowledge.selectors import knowledge_search
from knowledge.services import document_create, document_ingest_now, document_reingest

from .pdfs import ANNUAL_REPORT_PAGES, encrypt_pdf, make_pdf


def test_pdf_ingests_into_pages_and_facts_with_context(acme_doc):
    doc = acme_doc
    assert doc.status == Document.Status.READY, doc.error
    assert doc.pages_total == doc.pages_done == 3
    assert list(doc.pages.order_by("number").values_list("number", flat=True)) == [1, 2, 3]
    statement = doc.pages.get(number=2)
    assert statement.has_tables and statement.embedding is not None and statement.search_vector
    facts = list(Fact.objects.filter(page=statement))
    assert facts and all(f.mode == Fact.Mode.OFFLINE and f.origin == Fact.Origin.CHUNK for f in facts)
    table = next(f for f in facts if "Launch revenue" in f.text)
    assert "Launch revenue | $1,250 | $980" in table.text
    assert table.context.startswith("Acme Rockets 10-K FY2021")
    assert doc.metadata["identity"]["fiscal_year"] == 2021
    assert "Acme Rockets" in doc.summary and "CONSOLIDATED STATEMENTS OF OPERATIONS (p. 2)" in doc.summary


def test_ready_document_leaves_no_full_text_entries_pending(shared_corpus, ingest):
    from django.db import connection

    # Fact and page inserts go to the GIN pending lists (fastupdate); finishing the document merges them.
    ingest(shared_corpus, "ACMEROCKETS_2021_10K.pdf", make_pdf(ANNUAL_REPORT_PAGES))
    with connection.cursor() as cur:
        cur.execute("SELECT gin_clean_pending_list('knowledge_fact_search_gin'::regclass), "
                    "gin_clean_pending_list('knowledge_page_search_gin'::regclass)")
        assert cur.fetchone() == (0, 0)


def test_encrypted_but_openable_pdf_is_ingested(shared_corpus, ingest):
    doc = ingest(shared_corpus, "enc.pdf", encrypt_pdf(make_pdf(ANNUAL_REPORT_PAGES)))
    assert doc.status == Document.Status.READY
    assert Fact.objects.filter(document=doc, text__contains="Net income").exists()


def test_same_file_twice_is_one_document(shared_corpus, acme_doc, acme_pdf):
    again, created = document_create(corpus=shared_corpus, file_name="copy.pdf", content=acme_pdf, enqueue=False)
    assert not created and again.id == acme_doc.id
    assert Document.objects.filter(corpus=shared_corpus).count() == 1


def test_redelivered_tasks_do_not_duplicate_pages_or_facts(acme_doc):
    pages, facts = Page.objects.count(), Fact.objects.count()
    # A re-delivered task for a finished document: the claim fails, nothing happens.
    assert pipeline.document_ingest_pages(document_id=acme_doc.id) is False
    # A worker that crashed after storing pages but before finalising: the next delivery resumes.
    Document.objects.filter(id=acme_doc.id).update(status=Document.Status.PROCESSING, claimed_at=None)
    assert pipeline.document_ingest_pages(document_id=acme_doc.id) is True
    assert pipeline.document_finalize(document_id=acme_doc.id) is True
    assert (Page.objects.count(), Fact.objects.count()) == (pages, facts)
    assert Document.objects.get(id=acme_doc.id).status == Document.Status.READY


def test_resume_after_crash_mid_document_stores_only_missing_pages(shared_corpus, acme_pdf, monkeypatch):
    monkeypatch.setattr(pipeline, "BATCH_PAGES", 1)
    doc, _ = document_create(corpus=shared_corpus, file_name="acme.pdf", content=acme_pdf, enqueue=False)
    calls = {"n": 0}
    real = pipeline.embed_texts

    def crash_on_second_batch(texts):
        calls["n"] += 1
        if calls["n"] == 2:
            raise pipeline.transaction.TransactionManagementError("simulated worker crash")  # any exception type
        return real(texts)

    # Simulate a hard crash: the exception escapes before the failure handler (like SIGKILL would).
    monkeypatch.setattr(pipeline, "embed_texts", crash_on_second_batch)
    monkeypatch.setattr(pipeline, "document_fail", lambda **kw: (_ for _ in ()).throw(SystemExit("killed")))
    with pytest.raises(SystemExit):
        pipeline.document_ingest_pages(document_id=doc.id)
    assert list(Page.objects.filter(document=doc).values_list("number", flat=True)) == [1]
    assert knowledge_search(user=None, query="Acme Rockets reusable rockets")["results"] == []  # not ready

    monkeypatch.setattr(pipeline, "embed_texts", real)
    Document.objects.filter(id=doc.id).update(claimed_at=None)  # lease expired
    assert document_ingest_now(document_id=doc.id).status == Document.Status.READY
    assert sorted(Page.objects.filter(document=doc).values_list("number", flat=True)) == [1, 2, 3]
    assert Fact.objects.filter(document=doc, page__number=1).count() == Fact.objects.filter(
        document=doc, page__number=1).values("ordinal").distinct().count()


def test_failure_half_way_leaves_nothing_searchable_and_other_documents_intact(shared_corpus, acme_doc, ingest,
                                                                             monkeypatch):
    monkeypatch.setattr(pipeline, "BATCH_PAGES", 1)
    calls = {"n": 0}
    real = pipeline.embed_texts

    def fail_on_second_batch(texts):
        calls["n"] += 1
        if calls["n"] == 2:
            raise RuntimeError("embedding service fell over")
        return real(texts)

    monkeypatch.setattr(pipeline, "embed_texts", fail_on_second_batch)
    pdf = make_pdf([["Zebra Bank quarterly note one about kiwis."], ["Zebra Bank note two."], ["Zebra three."]])
    doc = ingest(shared_corpus, "ZEBRABANK_2022_10Q.pdf", pdf)
    assert doc.status == Document.Status.FAILED
    assert "unexpected error while building facts and embeddings" in doc.error and "fell over" in doc.error
    assert not Page.objects.filter(document=doc).exists() and not Fact.objects.filter(document=doc).exists()
    hits = knowledge_search(user=None, query="Launch revenue of Acme Rockets")["results"]
    assert hits and all(h["document_id"] == acme_doc.id for h in hits)

    # Re-ingest (the admin action) after the problem is gone.
    monkeypatch.setattr(pipeline, "embed_texts", real)
    document_reingest(document_id=doc.id, enqueue=False)
    assert document_ingest_now(document_id=doc.id).status == Document.Status.READY


@pytest.mark.parametrize(
    ("file_name", "content", "reason"),
    [
        ("locked.pdf", "locked", "password-protected"),
        ("scan.pdf", "scan", "scanned"),
        ("broken.pdf", b"%PDF-1.7\nthis is not really a pdf", "damaged"),
    ],
)
def test_bad_pdfs_end_failed_with_a_reason(shared_corpus, ingest, file_name, content, reason):
    if content == "locked":
        content = encrypt_pdf(make_pdf(ANNUAL_REPORT_PAGES), user_password="pw")
    elif content == "scan":
        content = make_pdf([[], []], graphics_only=True)
    doc = ingest(shared_corpus, file_name, content)
    assert doc.status == Document.Status.FAILED
    assert reason in doc.error and file_name in doc.error
    assert not Page.objects.filter(document=doc).exists()


@pytest.mark.parametrize(("file_name", "content", "message"), [
    ("notes.docx", b"PK\x03\x04", "unsupported file type"),
    ("empty.md", b"", "empty"),
])
def test_unacceptable_uploads_are_refused_before_storage(shared_corpus, file_name, content, message):
    with pytest.raises(DomainError, match=message):
        document_create(corpus=shared_corpus, file_name=file_name, content=content, enqueue=False)
    assert not Document.objects.exists()


def test_llm_mode_records_mode_and_questions_and_retries_transient_errors(shared_corpus, ingest, monkeypatch):
    """The LLM boundary is replaced by a fake chat model (no network); a timeout is retried."""
    import httpx
    import openai

    class FakeReply:
        def __init__(self, content):
            self.content = content

    class FakeModel:
        calls = 0

        def invoke(self, prompt):
            FakeModel.calls += 1
            if FakeModel.calls == 1:
                raise openai.APITimeoutError(request=httpx.Request("POST", "http://llm.invalid"))
            if "Summarise this document" in prompt:
                return FakeReply("A test document about rockets.")
            return FakeReply('{"summary": "Rocket facts.", "facts": [{"text": "Acme Rockets had launch revenue '
                             'of $1,250 million in 2021.", "questions": ["What was Acme launch revenue in 2021?"]}]}')

    monkeypatch.setattr(pipeline, "_llm_model", lambda: FakeModel())
    doc = ingest(shared_corpus, "acme-llm.md", b"# Acme\n\nAcme Rockets had launch revenue of $1,250 million.")
    assert doc.status == Document.Status.READY and doc.summary == "A test document about rockets."
    fact = Fact.objects.get(document=doc)
    assert (fact.mode, fact.origin) == (Fact.Mode.LLM, Fact.Origin.EXTRACTED)
    assert fact.questions == ["What was Acme launch revenue in 2021?"] and fact.question_embedding is not None
    assert FakeModel.calls >= 3  # timeout, retry, document summary


def test_huge_files_are_refused_with_the_limit(shared_corpus, settings):
    settings.MONETA_MAX_UPLOAD_MB = 1
    with pytest.raises(DomainError, match=r"big\.txt is larger than the 1 MB upload limit \(1\.0 MB\)"):
        document_create(corpus=shared_corpus, file_name="big.txt", content=b"x" * (1024 * 1024 + 1), enqueue=False)
    assert not Document.objects.exists()
