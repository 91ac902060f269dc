"""Ingestion through a real Celery worker process (the chain enqueued on commit)."""
from __future__ import annotations

import pytest

from knowledge.models import Document
from knowledge.selectors import knowledge_search

from ..conftest import wait_for
from .pdfs import ANNUAL_REPORT_PAGES, make_pdf


@pytest.mark.worker
def test_upload_is_ingested_by_a_worker(celery_worker_process, transactional_db):
    from knowledge.corpora import corpus_ensure
    from knowledge.services import document_create

    corpus = corpus_ensure(slug="bank-documents", name="Bank documents")
    doc, created = document_create(corpus=corpus, file_name="ACMEROCKETS_2021_10K.pdf",
                                   content=make_pdf(ANNUAL_REPORT_PAGES))  # autocommit: enqueued at once
    assert created
    final = wait_for(lambda: Document.objects.filter(id=doc.id, status__in=["ready", "failed"]).first(), timeout=120)
    assert final is not None, "the worker did not finish the document in time"
    assert final.status == "ready", final.error
    assert final.pages_done == 3 and final.summary
    hits = knowledge_search(user=None, query="Acme Rockets launch revenue")["results"]
    assert hits[0]["document_id"] == doc.id
