"""The ingestion stages a worker runs for one document (by id). Called through knowledge.services.

Stage 1 `document_ingest_pages`: claim the document with a conditional UPDATE, parse, detect each page's
representation, summarise, chunk into facts (LLM or offline), embed, and write pages+facts batch by
batch. Each batch is one transaction and pages are unique per (document, number), so a re-delivered
task resumes after the last complete batch instead of duplicating anything.
Stage 2 `document_finalize`: document summary, mark ready. Only `ready` documents are searchable, so
pages of a document still processing (or of one that crashed) are never returned by search.
"""
from __future__ import annotations

import logging
from datetime import timedelta

import numpy as np
from celery.exceptions import SoftTimeLimitExceeded
from django.db import InterfaceError, OperationalError, connection, transaction
from django.db.models import F, Q
from django.utils import timezone
from tenacity import retry, stop_after_attempt, wait_exponential

from core.embeddings import EMBEDDING_DIM, embed_texts
from core.llm import chat_model, llm_configured
from knowledge.models import Document, Fact, Page

from .chunking import page_chunks, page_summary
from .identity import document_identity
from .llm import page_enrich
from .parsers import ParsedPage, ParseError, parse_document

logger = logging.getLogger(__name__)

BATCH_PAGES = 32
# A claim older than this is considered abandoned (worker crash) and may be taken over.
CLAIM_LEASE = timedelta(seconds=180)
# Stage 1 sets this when every page is stored; only then may stage 2 mark the document ready.
STAGE_PAGES_STORED = "pages stored"


def document_claim(*, document_id: int) -> bool:
    """Take the document for processing; True only for the one caller whose UPDATE changed the row."""
    now = timezone.now()
    claimable = Q(status=Document.Status.PENDING) | Q(status=Document.Status.PROCESSING, claimed_at__isnull=True) \
        | Q(status=Document.Status.PROCESSING, claimed_at__lt=now - CLAIM_LEASE)
    changed = Document.objects.filter(claimable, id=document_id).update(
        status=Document.Status.PROCESSING, claimed_at=now, attempts=F("attempts") + 1, stage="parsing", error="")
    return changed == 1


def claim_release(*, document_id: int) -> None:
    """Let a retry of the same task claim the document again at once (transient error)."""
    Document.objects.filter(id=document_id, status=Document.Status.PROCESSING).update(claimed_at=None)


def document_fail(*, document_id: int, reason: str) -> None:
    """Record the reason and remove partial pages/facts, so nothing of this document is searchable."""
    with transaction.atomic():
        Fact.objects.filter(document_id=document_id).delete()
        Page.objects.filter(document_id=document_id).delete()
        Document.objects.filter(id=document_id).update(
            status=Document.Status.FAILED, error=reason[:2000], stage="", claimed_at=None, pages_done=0)


def _progress(document_id: int, **fields) -> None:
    Document.objects.filter(id=document_id, status=Document.Status.PROCESSING).update(
        claimed_at=timezone.now(), **fields)


def _read(doc: Document) -> bytes:
    try:
        with doc.file.open("rb") as fh:
            return fh.read()
    except FileNotFoundError as exc:
        raise ParseError(f"{doc.file_name}: the uploaded file is missing from storage") from exc


def document_ingest_pages(*, document_id: int) -> bool:
    """Stage 1. Returns True when every page is stored (the finalize stage may run)."""
    if not document_claim(document_id=document_id):
        logger.info("document %s not claimable (already processing or done)", document_id)
        return False
    doc = Document.objects.select_related("corpus").get(id=document_id)
    stage = "parsing"
    try:
        parsed = parse_document(kind=doc.kind, content=_read(doc), file_name=doc.file_name)
        identity = _identity(doc, first_pages=[p.text for p in parsed.pages[:3]])
        metadata = {**doc.metadata, "identity": identity, "source": parsed.metadata}
        Document.objects.filter(id=doc.id).update(metadata=metadata, identity=identity["text"],
                                                  pages_total=len(parsed.pages), stage="embedding")
        doc.metadata = metadata
        done = set(Page.objects.filter(document_id=doc.id).values_list("number", flat=True))
        todo = [p for p in parsed.pages if p.number not in done]
        model = _llm_model()
        stage = "building facts and embeddings"
        for start in range(0, len(todo), BATCH_PAGES):
            _ingest_batch(doc, todo[start:start + BATCH_PAGES], identity=identity, model=model)
            _progress(doc.id, pages_done=len(done) + min(start + BATCH_PAGES, len(todo)),
                      stage=f"embedding pages ({len(done) + min(start + BATCH_PAGES, len(todo))}/{len(parsed.pages)})")
        _progress(doc.id, stage=STAGE_PAGES_STORED)
        return True
    except ParseError as exc:
        document_fail(document_id=doc.id, reason=str(exc))
        return False
    except Exception as exc:
        if isinstance(exc, (OperationalError, InterfaceError)):
            claim_release(document_id=doc.id)
            raise  # transient: the task retries with backoff and resumes after the last stored batch
        if isinstance(exc, SoftTimeLimitExceeded):
            reason = f"{doc.file_name}: ingestion took longer than the worker's time limit; split the file"
        else:
            logger.exception("ingestion of document %s failed", doc.id)
            reason = f"{doc.file_name}: unexpected error while {stage}: {type(exc).__name__}: {exc}"
        document_fail(document_id=doc.id, reason=reason)
        return False


def _identity(doc: Document, *, first_pages: list[str]) -> dict:
    identity = document_identity(file_name=doc.file_name, title=doc.title, first_pages=first_pages)
    if doc.kind != "pdf":
        # Help pages and notes: their own title is the best context.
        identity["short"] = doc.title
        identity["text"] = f"{doc.title} ({doc.corpus.name})"
    return identity


def _llm_model():
    return chat_model(max_retries=0) if llm_configured() else None


def _context(identity: dict, page: ParsedPage) -> str:
    parts = [identity.get("short") or ""]
    if page.heading and page.heading != identity.get("short"):
        parts.append(page.heading[:90])
    return " — ".join(p for p in parts if p)[:500]


def _ingest_batch(doc: Document, pages: list[ParsedPage], *, identity: dict, model) -> None:
    origin = Fact.Origin.NOTE if doc.metadata.get("note") else Fact.Origin.CHUNK
    page_rows: list[dict] = []
    fact_rows: list[dict] = []
    for page in pages:
        context = _context(identity, page)
        summary = page_summary(page.body, heading=page.heading)
        facts: list[tuple[str, list[str], str, str]] = []
        if model is not None and page.text.strip():
            try:
                enriched = page_enrich(model=model, context=context, number=page.number, text=page.markdown)
                summary = enriched["summary"] or summary
                facts = [(f["text"], f["questions"], Fact.Origin.EXTRACTED, Fact.Mode.LLM) for f in enriched["facts"]]
            except Exception as exc:  # after retries: this page falls back to the offline chunker
                logger.warning("LLM enrichment failed for %s p.%s: %s", doc.id, page.number, exc)
        if not facts:
            subject = identity.get("short", "")
            facts = [(c.text, c.questions, origin, Fact.Mode.OFFLINE)
                     for c in page_chunks(page.markdown if doc.kind != "pdf" else page.body, subject=subject)]
        page_rows.append({"page": page, "summary": summary, "context": context})
        fact_rows.extend({"page_number": page.number, "ordinal": i, "text": t, "questions": q, "origin": o,
                          "mode": m, "context": context} for i, (t, q, o, m) in enumerate(facts))

    # One embedding call per batch: fact texts (with context), LLM questions, and page texts for pages
    # without facts (image-like pages with a caption). Page vectors are the mean of their facts' vectors.
    texts = [f"{f['context']}\n{f['text']}" for f in fact_rows]
    question_slots = []
    for i, f in enumerate(fact_rows):
        if f["mode"] == Fact.Mode.LLM and f["questions"]:
            question_slots.append(i)
            texts.append(f"{f['context']}\n" + " ".join(f["questions"]))
    lonely_pages = [r for r in page_rows if r["page"].body.strip()
                    and not any(f["page_number"] == r["page"].number for f in fact_rows)]
    texts.extend(f"{r['context']}\n{r['summary'] or r['page'].text[:1000]}" for r in lonely_pages)
    vectors = embed_texts(texts) if texts else np.zeros((0, EMBEDDING_DIM), dtype=np.float32)
    n_facts = len(fact_rows)
    for j, i in enumerate(question_slots):
        fact_rows[i]["question_embedding"] = vectors[n_facts + j]
    lonely_vectors = {r["page"].number: vectors[n_facts + len(question_slots) + j] for j, r in enumerate(lonely_pages)}

    by_page: dict[int, list[np.ndarray]] = {}
    for i, f in enumerate(fact_rows):
        f["embedding"] = vectors[i]
        by_page.setdefault(f["page_number"], []).append(vectors[i])

    with transaction.atomic():
        page_objs = []
        for r in page_rows:
            p = r["page"]
            vec = None
            if p.number in by_page:
                mean = np.mean(by_page[p.number], axis=0)
                vec = mean / max(float(np.linalg.norm(mean)), 1e-12)
            elif p.number in lonely_vectors:
                vec = lonely_vectors[p.number]
            page_objs.append(Page(document=doc, number=p.number, text=p.text, markdown=p.markdown,
                                  heading=p.heading[:300], summary=r["summary"], representation=p.representation,
                                  image=p.image, has_tables=p.has_tables, text_source=p.text_source,
                                  ocr_confidence=p.ocr_confidence,
                                  embedding=vec.tolist() if vec is not None else None))
        Page.objects.bulk_create(page_objs)
        ids = {p.number: p.id for p in page_objs}
        Fact.objects.bulk_create([
            Fact(document=doc, page_id=ids[f["page_number"]], ordinal=f["ordinal"], text=f["text"],
                 context=f["context"], questions=f["questions"], origin=f["origin"], mode=f["mode"],
                 embedding=f["embedding"].tolist(),
                 question_embedding=f["question_embedding"].tolist() if "question_embedding" in f else None)
            for f in fact_rows
        ], batch_size=1000)
        page_ids = list(ids.values())
        with connection.cursor() as cur:
            cur.execute(
                """UPDATE knowledge_fact SET search_vector =
                       setweight(to_tsvector('english', text), 'A')
                    || setweight(to_tsvector('english', context), 'B')
                    || setweight(to_tsvector('english', coalesce(
                           (SELECT string_agg(q, ' ') FROM jsonb_array_elements_text(questions) AS q), '')), 'C')
                   WHERE page_id = ANY(%s)""", [page_ids])
            cur.execute(
                """UPDATE knowledge_page SET search_vector =
                       setweight(to_tsvector('english', heading), 'A') || setweight(to_tsvector('english', text), 'B')
                   WHERE id = ANY(%s)""", [page_ids])


def document_summary_offline(*, doc: Document, identity: dict) -> str:
    pages = list(Page.objects.filter(document_id=doc.id).order_by("number").values("number", "heading", "summary"))
    lead = identity.get("text") or doc.title
    parts = [f"{lead}. {len(pages)} page{'s' if len(pages) != 1 else ''}."]
    seen: list[str] = []
    for p in pages:
        heading = (p["heading"] or "").strip()
        if heading and heading.lower() not in (s.lower() for s in seen) and len(seen) < 10:
            seen.append(heading)
            parts.append(f"{heading} (p. {p['number']})" + (";" if len(seen) < 10 else ""))
    first = next((p["summary"] for p in pages if p["summary"] and len(p["summary"]) > 60), "")
    if doc.kind != "pdf" and first:
        parts.insert(1, first)
    return " ".join(parts)[:1500]


def document_finalize(*, document_id: int) -> bool:
    doc = Document.objects.filter(id=document_id).first()
    if doc is None or doc.status != Document.Status.PROCESSING or doc.stage != STAGE_PAGES_STORED:
        # Stage 1 has not finished (a duplicate or stale delivery arriving while another worker is still
        # parsing, when pages_total is still 0): marking it ready now would publish a document with no pages.
        return False
    stored = Page.objects.filter(document_id=doc.id).count()
    if stored < doc.pages_total or stored == 0:
        return False  # another worker is still storing pages
    identity = doc.metadata.get("identity") or {}
    summary = document_summary_offline(doc=doc, identity=identity)
    model = _llm_model()
    if model is not None:
        try:
            page_summaries = "\n".join(Page.objects.filter(document_id=doc.id).order_by("number")
                                       .values_list("summary", flat=True)[:60])

            @retry(stop=stop_after_attempt(3), wait=wait_exponential(multiplier=0.5, max=8), reraise=True)
            def ask() -> str:
                reply = model.invoke("Summarise this document in 3 sentences for a search index. Document: "
                                     f"{identity.get('text', doc.title)}\nPage summaries:\n{page_summaries[:12000]}")
                return str(reply.content).strip()

            summary = ask() or summary
        except Exception as exc:
            logger.warning("LLM document summary failed for %s: %s", doc.id, exc)
    # Search skips the question-vector index entirely unless some visible document has LLM questions.
    metadata = {**doc.metadata, "question_vectors": Fact.objects.filter(
        document_id=doc.id, question_embedding__isnull=False).exists()}
    changed = Document.objects.filter(id=doc.id, status=Document.Status.PROCESSING).update(
        status=Document.Status.READY, summary=summary, metadata=metadata, stage="", claimed_at=None, pages_done=stored,
        ingested_at=timezone.now(), error="")
    if changed == 1:
        search_indexes_flush()
    return changed == 1


def document_ingest(*, document_id: int) -> bool:
    """Both stages, one after the other (the worker's task, `ingest_documents --sync`, the demo loader): a
    finished document becomes searchable at once. False when another delivery holds the claim or it failed."""
    return document_ingest_pages(document_id=document_id) and document_finalize(document_id=document_id)


def search_indexes_flush() -> None:
    """Move the full-text GIN indexes' pending lists into the main index. GIN buffers new entries in a
    pending list that every search scans linearly until (auto)vacuum merges it; right after a large
    ingestion that made full-text search several times slower. Best effort: a failure only costs speed."""
    try:
        with transaction.atomic(), connection.cursor() as cur:
            cur.execute("SELECT gin_clean_pending_list('knowledge_fact_search_gin'::regclass), "
                        "gin_clean_pending_list('knowledge_page_search_gin'::regclass)")
    except Exception as exc:  # noqa: BLE001 - never fail a finished document over an optimisation
        logger.info("could not flush the GIN pending lists: %s", exc)


def document_identity_refresh(*, document_id: int) -> dict:
    """Recompute what a ready document says about itself (company, tickers, type, period) from its stored
    first pages, after the identity rules improved; no re-parsing or re-embedding."""
    doc = Document.objects.select_related("corpus").get(id=document_id)
    first = list(Page.objects.filter(document_id=doc.id).order_by("number").values_list("text", flat=True)[:3])
    identity = _identity(doc, first_pages=first)
    Document.objects.filter(id=doc.id).update(metadata={**doc.metadata, "identity": identity},
                                              identity=identity["text"])
    return identity
