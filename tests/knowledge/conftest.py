from __future__ import annotations

import os

import pytest

from .pdfs import ANNUAL_REPORT_PAGES, make_pdf


@pytest.fixture
def shared_corpus(db):
    from knowledge.corpora import corpus_ensure

    return corpus_ensure(slug="bank-documents", name="Bank documents")


@pytest.fixture
def ingest(db):
    """Create + ingest synchronously with the same services the worker runs."""
    from knowledge.services import document_create, document_ingest_now

    def run(corpus, file_name: str, content: bytes, **kwargs):
        doc, _ = document_create(corpus=corpus, file_name=file_name, content=content, enqueue=False, **kwargs)
        return document_ingest_now(document_id=doc.id)

    return run


@pytest.fixture
def acme_pdf() -> bytes:
    return make_pdf(ANNUAL_REPORT_PAGES)


@pytest.fixture
def acme_doc(shared_corpus, ingest, acme_pdf):
    return ingest(shared_corpus, "ACMEROCKETS_2021_10K.pdf", acme_pdf)


# Tests embed a handful of short texts: one torch thread avoids thread contention on a busy machine.
os.environ.setdefault("MONETA_TORCH_THREADS", "1")
