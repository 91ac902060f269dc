"""Reads for the knowledge base. Every function takes `user=` and only sees shared corpora plus the
user's own private corpus, filtered in the query itself."""
from __future__ import annotations

import time
from datetime import datetime
from typing import Any

import numpy as np
from django.db.models import Count, IntegerField, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce

from core.errors import DomainError, NotFound
from core.types import UserLike
from knowledge.models import Corpus, Document, Fact, Page, private_corpus_slug

# The search itself lives in knowledge.search; its public names stay importable from here.
from knowledge.search import (  # noqa: F401
    FOCUS_DOCUMENTS,
    SEARCH_EXTRA_DEFAULTS,
    document_match_scores,
    page_statement,
    query_identity,
    query_statement_scores,
    query_statements,
    search_documents,
    search_settings,
)
from knowledge.translations import results_in_language


def corpora_visible(*, user: UserLike | None) -> QuerySet[Corpus]:
    visible = Q(visibility=Corpus.Visibility.SHARED)
    if user is not None and getattr(user, "is_authenticated", False):
        visible |= Q(visibility=Corpus.Visibility.PRIVATE, owner_id=user.id)
    return Corpus.objects.filter(visible)


def corpus_list(*, user: UserLike | None) -> list[dict[str, Any]]:
    rows = corpora_visible(user=user).annotate(n=Count("documents")).order_by("visibility", "slug")
    return [{"slug": c.slug, "name": c.name, "description": c.description, "visibility": c.visibility,
             "documents": c.n} for c in rows]


def _resolve_slugs(user: UserLike | None, slugs: list[str] | None) -> list[str] | None:
    if slugs is None:
        return None
    out = []
    for slug in slugs:
        slug = (slug or "").strip()
        if slug in ("private", "mine", "notes") and user is not None and user.id is not None:
            slug = private_corpus_slug(user.id)
        if slug:
            out.append(slug)
    return out


def _progress(doc: Document) -> dict[str, Any]:
    pct = round(100 * doc.pages_done / doc.pages_total) if doc.pages_total else (100 if doc.status == "ready" else 0)
    return {"pages_done": doc.pages_done, "pages_total": doc.pages_total, "percent": pct, "stage": doc.stage}


def document_row(doc: Document, *, pages: int | None = None, facts: int | None = None) -> dict[str, Any]:
    return {
        "document_id": doc.id, "title": doc.title, "file_name": doc.file_name, "corpus": doc.corpus.slug,
        "kind": doc.kind, "status": doc.status, "pages": pages if pages is not None else doc.pages_total,
        "facts": facts if facts is not None else 0, "summary": doc.summary, "error": doc.error,
        "progress": _progress(doc), "created_at": doc.created_at.isoformat(),
        "ingested_at": doc.ingested_at.isoformat() if doc.ingested_at else None,
    }


def _with_counts(qs: QuerySet[Document]) -> Any:  # Documents annotated with n_pages, n_facts
    """Page and fact counts as correlated subqueries: joining both tables at once would multiply
    pages × facts rows per document (seconds for a few 10-Ks)."""
    def count_of(model: Any) -> Coalesce:
        sub = (model.objects.filter(document=OuterRef("pk")).order_by().values("document")
               .annotate(c=Count("id")).values("c"))
        return Coalesce(Subquery(sub, output_field=IntegerField()), 0)

    return qs.annotate(n_pages=count_of(Page), n_facts=count_of(Fact))


def document_list(*, user: UserLike | None, corpus: str | None = None) -> list[dict[str, Any]]:
    qs = Document.objects.filter(corpus__in=corpora_visible(user=user)).select_related("corpus")
    if corpus:
        slugs = _resolve_slugs(user, [corpus])
        qs = qs.filter(corpus__slug__in=slugs)
    qs = _with_counts(qs)
    return [document_row(d, pages=d.n_pages or d.pages_total, facts=d.n_facts) for d in qs.order_by("-created_at")]


def document_detail(*, user: UserLike | None, document_id: int) -> dict[str, Any]:
    visible = (Document.objects.filter(id=document_id, corpus__in=corpora_visible(user=user))
               .select_related("corpus"))
    doc = _with_counts(visible).first()
    if doc is None:
        raise NotFound(f"Document {document_id} does not exist")
    row = document_row(doc, pages=doc.n_pages or doc.pages_total, facts=doc.n_facts)
    row["metadata"] = doc.metadata.get("identity", {})
    row["page_list"] = [{"page_id": p.id, "page": p.number, "heading": p.heading, "summary": p.summary,
                         "representation": p.representation}
                        for p in Page.objects.filter(document=doc).only("id", "number", "heading", "summary",
                                                                         "representation").order_by("number")]
    return row


def page_image_available(page: Page, doc: Document) -> bool:
    return doc.kind == Document.Kind.PDF or page.image is not None


def page_detail(*, user: UserLike | None, page_id: int) -> dict[str, Any]:
    page = (Page.objects.filter(id=page_id, document__corpus__in=corpora_visible(user=user))
            .select_related("document", "document__corpus").defer("image", "embedding", "search_vector").first())
    if page is None:
        raise NotFound(f"Page {page_id} does not exist")
    doc = page.document
    return {
        "page_id": page.id, "document": doc.title, "document_id": doc.id, "file_name": doc.file_name,
        "corpus": doc.corpus.slug, "page": page.number, "pages_total": doc.pages_total, "heading": page.heading,
        "text": page.text, "markdown": page.markdown, "summary": page.summary,
        "representation": page.representation, "text_source": page.text_source,
        "ocr_confidence": page.ocr_confidence, "source_note": page.source_note,
        "image_url": f"/api/v1/knowledge/pages/{page.id}/image.png" if page_image_available(page, doc) else None,
    }


def page_for_image(*, user: UserLike | None, page_id: int) -> Page:
    page = (Page.objects.filter(id=page_id, document__corpus__in=corpora_visible(user=user))
            .select_related("document").first())
    if page is None:
        raise NotFound(f"Page {page_id} does not exist")
    return page


def own_document_get(*, user: UserLike | None, document_id: int) -> dict[str, Any]:
    """One of the user's own documents or notes (their private corpus only; anyone else's id is NotFound),
    with its page numbers for paging."""
    own = (Document.objects.filter(id=document_id, corpus__visibility=Corpus.Visibility.PRIVATE,
                                   corpus__owner_id=getattr(user, "id", None)).select_related("corpus"))
    doc = _with_counts(own).first()
    if doc is None:
        raise NotFound(f"Document {document_id} does not exist")
    row = document_row(doc, pages=doc.n_pages or doc.pages_total, facts=doc.n_facts)
    row["is_note"] = bool((doc.metadata or {}).get("note"))
    row["page_numbers"] = list(Page.objects.filter(document=doc).order_by("number").values_list("number", flat=True))
    return row


def own_document_page(*, user: UserLike | None, document_id: int, number: int) -> dict[str, Any] | None:
    """Page `number` of one of the user's own documents (its text, page by page); None when the document
    has no such page (yet)."""
    page = (Page.objects.filter(document_id=document_id, number=number,
                                document__corpus__visibility=Corpus.Visibility.PRIVATE,
                                document__corpus__owner_id=getattr(user, "id", None))
            .only("id", "number", "text", "markdown", "heading", "text_source", "ocr_confidence").first())
    if page is None:
        return None
    return {"page_id": page.id, "page": page.number, "heading": page.heading,
            "text": page.text or page.markdown, "source_note": page.source_note}


def note_get(*, user: UserLike | None, document_id: int) -> dict[str, Any]:
    """A note's title and text as the user wrote them (read back from the stored file), for editing."""
    doc = (Document.objects.filter(id=document_id, corpus__visibility=Corpus.Visibility.PRIVATE,
                                   corpus__owner_id=getattr(user, "id", None)).first())
    if doc is None or not (doc.metadata or {}).get("note"):
        raise NotFound(f"Note {document_id} does not exist")
    with doc.file.open("rb") as fh:
        content = fh.read().decode("utf-8", "replace")
    heading = f"# {doc.title}\n"
    text = content[len(heading):] if content.startswith(heading) else content
    return {"document_id": doc.id, "title": doc.title, "text": text.strip(), "status": doc.status}


# --- Search (user-scoped entry points; the ranking is knowledge.search) ---------------------------

def knowledge_search(*, user: UserLike | None, query: str, k: int | None = None,
                     similarity_threshold: float | None = None, corpus_include: list[str] | None = None,
                     corpus_exclude: list[str] | None = None, per_document_limit: int | None = None,
                     document_limit: int | None = None, fact_limit: int | None = None, hybrid: bool = True, vector_weight: float | None = None,
                     text_weight: float | None = None, language: str | None = None) -> dict[str, Any]:
    """Hybrid search over the facts the user may see. See knowledge/README.md for the score formula.
    `language` ("vi"): a document that has a translation in that language is given in it (knowledge/translations.py)."""
    found = search_run(user=user, query=query, k=k, similarity_threshold=similarity_threshold,
                       corpus_include=corpus_include, corpus_exclude=corpus_exclude,
                       per_document_limit=per_document_limit, document_limit=document_limit, fact_limit=fact_limit,
                       hybrid=hybrid, vector_weight=vector_weight, text_weight=text_weight)
    if language:
        found["results"] = results_in_language(found["results"], language=language)
    return found


def search_run(*, user: UserLike | None, query: str, page_similarity: bool | None = None,
               document_weight: float | None = None, statement_weight: float | None = None,
               query_vector: np.ndarray | None = None, **params: Any) -> dict[str, Any]:
    """knowledge_search with the extra knobs the benchmark compares (seed formula, document boost,
    statement match)."""
    started = time.perf_counter()
    query = (query or "").strip()
    if not query:
        raise DomainError("The search query is empty", details={"q": "required"})
    if len(query) > 2000:
        raise DomainError("The search query is longer than 2000 characters", details={"q": "too long"})
    opts = search_settings(**params, page_similarity=page_similarity, document_weight=document_weight,
                           statement_weight=statement_weight)
    include = _resolve_slugs(user, params.get("corpus_include"))
    exclude = _resolve_slugs(user, params.get("corpus_exclude")) or []
    corpora = corpora_visible(user=user)
    if include:
        corpora = corpora.filter(slug__in=include)
    if exclude:
        corpora = corpora.exclude(slug__in=exclude)
    docs: list[dict[str, Any]] = [dict(row) for row in Document.objects.filter(corpus__in=corpora, status=Document.Status.READY)
                .values("id", "title", "file_name", "summary", "corpus__slug", "metadata__identity",
                        "metadata__question_vectors", "metadata__translation_of")
                if not row["metadata__translation_of"]]  # a translation is reached through its original
    for d in docs:
        d.pop("metadata__translation_of")
        d["identity"] = d.pop("metadata__identity") or {}
        # Documents ingested before the flag existed count as "may have question vectors".
        d["question_vectors"] = d.pop("metadata__question_vectors") is not False
    effective: dict[str, Any] = {key: opts[key] for key in ("k", "similarity_threshold", "per_document_limit", "document_limit",
                                            "fact_limit", "hybrid", "vector_weight", "text_weight",
                                            "document_weight", "statement_weight", "page_similarity",
                                            "ef_search")}
    effective.update({"corpus_include": include, "corpus_exclude": exclude})
    result: dict[str, Any] = {"query": query, "settings": effective, "results": [], "documents": []}
    if not docs:
        return result

    picked, groups = search_documents(query, docs, opts, query_vector=query_vector)
    result["results"] = picked
    result["documents"] = groups
    result["took_ms"] = round((time.perf_counter() - started) * 1000, 1)
    return result


def documents_by_status() -> dict[str, int]:
    """How many documents are in each ingestion status, over every corpus: an operations gauge (counts only,
    no content, no user's data), read by the metrics scrape."""
    rows = Document.objects.values("status").annotate(n=Count("id")).order_by()
    return {row["status"]: row["n"] for row in rows}


def pages_ingested_since(*, since: datetime) -> int:
    """Pages of documents whose ingestion finished after `since`, over every corpus (an operations gauge)."""
    return Page.objects.filter(document__ingested_at__gte=since).count()


def document_is_interactive(*, document_id: int) -> bool:
    """Whether someone is waiting for this document: a user's own note or upload (their private corpus, which a
    chat-saved answer also lands in). Documents of shared corpora are an editor's bulk uploads. Read by the Celery
    router (config/celery_routes.py) to put a person's document on the interactive queue."""
    return Document.objects.filter(id=document_id, corpus__visibility=Corpus.Visibility.PRIVATE).exists()


def section_headings(*, corpus: str) -> list[dict[str, Any]]:
    """The section headings of a shared corpus's ready documents ("How to turn on two-factor authentication"),
    with their document's title, in reading order: the topics a help corpus covers. Shared corpora only (no
    user's private documents), so it takes no user."""
    rows = (Page.objects.filter(document__corpus__slug=corpus, document__corpus__owner__isnull=True,
                                document__status=Document.Status.READY)
            .exclude(heading="").filter(document__metadata__translation_of__isnull=True)
            .order_by("document_id", "number")
            .values_list("id", "heading", "document__title"))
    return [{"page_id": pid, "heading": heading, "document": title} for pid, heading, title in rows]
