"""Writes for the knowledge base: corpora, uploads, notes, deletion, (re-)ingestion."""
from __future__ import annotations

import hashlib
import logging
import re
from pathlib import Path
from typing import Any

from django.core.files.base import ContentFile
from django.core.files.uploadedfile import UploadedFile
from django.db import IntegrityError, transaction

from core.errors import DomainError, NotFound
from core.types import AuthUser
from core.uploads import upload_size_check
from knowledge import tasks
from knowledge.answers import answer_facts_invalidate
from knowledge.corpora import corpus_private_for, user_is_editor
from knowledge.ingestion import pipeline
from knowledge.ingestion.parsers import ParseError, kind_for_file_name, pdf_page_png
from knowledge.models import Corpus, Document, Fact, Page, private_corpus_slug
from knowledge.translations import translation_metadata

logger = logging.getLogger(__name__)


def _corpus_for_write(*, user: AuthUser, corpus_slug: str) -> Corpus:
    if corpus_slug in ("private", "mine", private_corpus_slug(user.id)):
        return corpus_private_for(user=user)
    corpus = Corpus.objects.filter(slug=corpus_slug).first()
    if corpus is None or (corpus.visibility == Corpus.Visibility.PRIVATE and corpus.owner_id != user.id):
        raise NotFound(f"Corpus '{corpus_slug}' does not exist", details={"corpus": corpus_slug})
    if corpus.visibility == Corpus.Visibility.SHARED and not user_is_editor(user):
        raise DomainError(f"Only editors can add documents to the shared corpus '{corpus_slug}'; "
                          "upload to your private corpus ('private') instead",
                          code="permission_denied", status_code=403, details={"corpus": corpus_slug})
    return corpus


def ingestion_enqueue(*, document_id: int) -> None:
    """Send the ingestion task once the surrounding transaction has committed.

    `robust`: a broker outage must not turn a committed upload into a server error; the document stays
    `pending` with no `enqueued_at`, and the sweeper sends it when the broker is back."""
    transaction.on_commit(lambda: tasks.ingestion_send(document_id=document_id), robust=True)


def document_create(*, corpus: Corpus, file_name: str, content: bytes, title: str | None = None,
                    uploaded_by: AuthUser | None = None, metadata: dict[str, Any] | None = None, enqueue: bool = True) -> tuple[Document, bool]:
    """Store a file as a pending document. The same bytes in the same corpus return the existing document."""
    if "\x00" in (file_name or "") or "\x00" in (title or ""):
        raise DomainError("The title or file name contains a NUL character (\\x00).", code="nul_byte",
                          details={"field": "title" if "\x00" in (title or "") else "file"})
    file_name = Path(file_name or "").name.strip()
    if not file_name:
        raise DomainError("The upload has no file name", details={"file": "missing"})
    try:
        kind = kind_for_file_name(file_name)
    except ParseError as exc:
        raise DomainError(str(exc), code="unsupported_type", details={"file": file_name}) from exc
    if not content:
        raise DomainError(f"{file_name} is empty (0 bytes)", details={"file": file_name})
    upload_size_check(file_name=file_name, size=len(content))
    sha = hashlib.sha256(content).hexdigest()
    existing = Document.objects.filter(corpus=corpus, sha256=sha).first()
    if existing:
        if enqueue and existing.status == Document.Status.PENDING and existing.enqueued_at is None:
            ingestion_enqueue(document_id=existing.id)  # its first send failed: uploading again retries it
        return existing, False
    if not (title or "").strip() and kind == "markdown":
        first_h1 = re.search(rb"^#\s+(.+)$", content[:4000], re.M)
        title = first_h1.group(1).decode("utf-8", "replace").strip() if first_h1 else ""
    title = (title or "").strip() or re.sub(r"[_\-]+", " ", Path(file_name).stem).strip() or file_name
    doc = None
    try:
        with transaction.atomic():
            # "x.vi.md" beside "x.md" is its Vietnamese version (knowledge/translations.py)
            doc = Document(corpus=corpus, title=title[:300], file_name=file_name[:300], sha256=sha, kind=kind,
                           size_bytes=len(content), uploaded_by=uploaded_by,
                           metadata={**translation_metadata(file_name), **(metadata or {})})
            doc.file.save(file_name, ContentFile(content), save=False)
            doc.save()
            if enqueue:
                ingestion_enqueue(document_id=doc.id)
    except IntegrityError:  # the same file raced in from another request
        _stored_file_discard(doc)
        return Document.objects.get(corpus=corpus, sha256=sha), False
    except Exception:
        _stored_file_discard(doc)  # no row, so no file either
        raise
    return doc, True


def _stored_file_discard(doc: Document | None) -> None:
    name = doc.file.name if doc is not None and doc.file else ""
    if doc is not None and name:
        try:
            doc.file.storage.delete(name)
        except OSError:
            logger.warning("could not delete orphaned upload %s", name)


def document_upload(*, user: AuthUser, corpus_slug: str, uploaded_file: UploadedFile, title: str | None = None) -> Document:
    corpus = _corpus_for_write(user=user, corpus_slug=corpus_slug)
    content = uploaded_file.read()
    doc, created = document_create(corpus=corpus, file_name=getattr(uploaded_file, "name", ""), content=content,
                                   title=title, uploaded_by=user)
    doc.was_created = created  # type: ignore[attr-defined]  # the API answers 201 for a new upload, 200 for the same file again
    return doc


def _note_file(*, title: str, text: str) -> tuple[str, bytes]:
    """A note's title and its stored file (Markdown: the title as heading, then the text); DomainError in words."""
    title = (title or "").strip()
    if not title:
        raise DomainError("A note needs a title", details={"title": "required"})
    if not (text or "").strip():
        raise DomainError("A note needs some text", details={"text": "required"})
    if "\x00" in text or "\x00" in title:
        raise DomainError("The note contains a NUL character (\\x00).", code="nul_byte", details={"text": "nul"})
    return title, f"# {title}\n\n{text.strip()}\n".encode()


def note_save(*, user: AuthUser, title: str, text: str) -> Document:
    title, content = _note_file(title=title, text=text)
    slug = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")[:60] or "note"
    doc, _ = document_create(corpus=corpus_private_for(user=user), file_name=f"{slug}.md", content=content,
                             title=title, uploaded_by=user, metadata={"note": True})
    return doc


def note_update(*, user: AuthUser, document_id: int, title: str, text: str) -> Document:
    """Edit one of the user's notes: the stored file is rewritten and the note is read again (its pages,
    facts and embeddings are replaced by the re-ingestion), so answers follow the new text."""
    title, content = _note_file(title=title, text=text)
    doc = _document_for_write(user=user, document_id=document_id)
    if not (doc.metadata or {}).get("note"):
        raise NotFound(f"Note {document_id} does not exist")
    sha = hashlib.sha256(content).hexdigest()
    if sha == doc.sha256 and title == doc.title:
        return doc  # nothing changed: no need to read it again
    if Document.objects.filter(corpus_id=doc.corpus_id, sha256=sha).exclude(id=doc.id).exists():
        raise DomainError("You already have a note with exactly this title and text.", code="duplicate",
                          details={"text": "duplicate"})
    old_name = doc.file.name if doc.file else ""
    storage = doc.file.storage
    slug = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")[:60] or "note"
    with transaction.atomic():
        doc.file.save(f"{slug}.md", ContentFile(content), save=False)
        new_name = doc.file.name
        try:
            Document.objects.filter(id=doc.id).update(title=title[:300], file=new_name, file_name=f"{slug}.md"[:300],
                                                      sha256=sha, size_bytes=len(content))
            document_reingest(document_id=doc.id)
        except Exception:
            storage.delete(new_name)
            raise
    if old_name and old_name != new_name:
        transaction.on_commit(lambda: storage.delete(old_name))
    doc.refresh_from_db()
    return doc


def _document_for_write(*, user: AuthUser, document_id: int) -> Document:
    doc = Document.objects.select_related("corpus").filter(id=document_id).first()
    if doc is None:
        raise NotFound(f"Document {document_id} does not exist")
    corpus = doc.corpus
    if corpus.visibility == Corpus.Visibility.PRIVATE:
        if corpus.owner_id != user.id:
            raise NotFound(f"Document {document_id} does not exist")
    elif not user_is_editor(user):
        raise DomainError("Only editors can change documents in shared corpora", code="permission_denied",
                          status_code=403)
    return doc


def document_delete(*, user: AuthUser, document_id: int) -> None:
    doc = _document_for_write(user=user, document_id=document_id)
    document_remove(document=doc)


def document_remove(*, document: Document) -> None:
    """Delete a document with its pages, facts and stored file."""
    file_name = document.file.name if document.file else ""
    storage = document.file.storage if document.file else None
    with transaction.atomic():
        answer_facts_invalidate(document_ids=[document.id], reason=f"source document {document.title!r} was deleted")
        Fact.objects.filter(document_id=document.id).delete()
        Page.objects.filter(document_id=document.id).delete()
        document.delete()
    if storage and file_name:
        transaction.on_commit(lambda: storage.delete(file_name))


def document_reingest(*, document_id: int, enqueue: bool = True) -> None:
    """Start over: drop pages/facts, back to pending, enqueue (admin action; also for failed documents)."""
    with transaction.atomic():
        answer_facts_invalidate(document_ids=[document_id], reason=f"source document {document_id} was re-ingested")
        Fact.objects.filter(document_id=document_id).delete()
        Page.objects.filter(document_id=document_id).delete()
        Document.objects.filter(id=document_id).update(
            status=Document.Status.PENDING, error="", stage="queued", pages_done=0, claimed_at=None, summary="",
            enqueued_at=None)
        if enqueue:
            ingestion_enqueue(document_id=document_id)


def document_ingest_now(*, document_id: int) -> Document:
    """Both stages in this process (demo loader, `ingest_documents --sync`): same code the worker runs."""
    pipeline.document_ingest(document_id=document_id)
    return Document.objects.get(id=document_id)


def page_png(*, page: Page) -> bytes | None:
    """The stored PNG of an image-like page, or a fresh render of a PDF page (cached on the row)."""
    if page.image is not None:
        return bytes(page.image)
    doc = page.document
    if doc.kind != Document.Kind.PDF:
        return None
    try:
        with doc.file.open("rb") as fh:
            png = pdf_page_png(fh.read(), page.number)
    except (FileNotFoundError, ParseError) as exc:
        raise NotFound(f"The page image is not available: {exc}") from exc
    Page.objects.filter(id=page.id).update(image=png)
    return png
