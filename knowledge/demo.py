"""Demo knowledge: the four corpora, Moneta's help centre and the finance-education library.

Sources are markdown files in knowledge/demo_docs/<corpus>/. They are ingested synchronously with the same
service the worker calls, so `make run` has searchable help immediately. Idempotent: an unchanged file is
skipped (same sha256); an edited file replaces the previous version of the same file name.
"""
from __future__ import annotations

import hashlib
from pathlib import Path

from knowledge.corpora import corpus_ensure
from knowledge.models import Document
from knowledge.services import document_create, document_ingest_now, document_remove

DEMO_DOCS = Path(__file__).resolve().parent / "demo_docs"
CORPORA = (
    ("moneta-help", "Moneta help", "How Moneta's features work: jars, budgets, categorisation, search, "
                                   "subscriptions and the assistant. Maintained by editors."),
    ("finance-education", "Finance education", "Short articles on personal-finance concepts."),
    ("regulations", "Regulations", "Banking and consumer-finance regulations (editors upload)."),
    ("bank-documents", "Bank documents", "Bank reports and filings (editors upload)."),
)


def load_demo(*, stdout) -> None:
    corpora = {slug: corpus_ensure(slug=slug, name=name, description=desc) for slug, name, desc in CORPORA}
    for folder in sorted(p for p in DEMO_DOCS.iterdir() if p.is_dir()):
        corpus = corpora.get(folder.name)
        if corpus is None:
            continue
        for path in sorted(folder.glob("*.md")):
            content = path.read_bytes()
            title = next((line[2:].strip() for line in content.decode().splitlines() if line.startswith("# ")),
                         path.stem)
            for old in Document.objects.filter(corpus=corpus, file_name=path.name):
                if old.sha256 != hashlib.sha256(content).hexdigest():
                    document_remove(document=old)
            doc, _created = document_create(corpus=corpus, file_name=path.name, content=content, title=title,
                                            enqueue=False)
            if doc.status != Document.Status.READY:
                if doc.status == Document.Status.FAILED:
                    Document.objects.filter(id=doc.id).update(status=Document.Status.PENDING, error="")
                doc = document_ingest_now(document_id=doc.id)
            stdout.write(f"  knowledge: {corpus.slug}/{path.name} {doc.status}")
