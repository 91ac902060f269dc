"""My documents: upload files and notes into the user's private corpus and watch ingestion; the cited page
view (its text with the quoted passage highlighted, and its image when it has one)."""
from __future__ import annotations

import re

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.errors import DomainError, NotFound
from core.uploads import upload_size_check
from knowledge import selectors, services

IN_PROGRESS = ("pending", "processing")


PRIVATE = "private"  # the knowledge app's alias for the requesting user's own corpus


def _documents(user) -> list[dict]:
    docs = selectors.document_list(user=user, corpus=PRIVATE)
    for doc in docs:
        progress = doc.get("progress") if isinstance(doc.get("progress"), dict) else {}
        doc["progress_done"], doc["progress_total"] = progress.get("pages_done"), progress.get("pages_total")
        doc["progress_stage"] = progress.get("stage")
        doc["in_progress"] = doc.get("status") in IN_PROGRESS
    return docs


@login_required
def documents_page(request):
    docs = _documents(request.user)
    context = {"nav": "documents", "documents": docs, "polling": any(d["in_progress"] for d in docs)}
    if request.htmx and request.htmx.target == "documents":
        return render(request, "web/documents/_list.html", context)
    return render(request, "web/documents/page.html", context)


@login_required
@require_POST
def document_upload(request):
    upload = request.FILES.get("file")
    title = (request.POST.get("title") or "").strip() or None
    error = None
    try:
        if upload is None:
            raise DomainError(_("Choose a file to upload (PDF, Markdown, text or HTML)."))
        upload_size_check(file_name=upload.name, size=upload.size)  # the service's rule, before reading the file
        doc = services.document_upload(user=request.user, corpus_slug=PRIVATE,
                                       uploaded_file=upload, title=title)
        status = f"Uploaded {doc.title}. Moneta is reading it now; this list updates as it goes."
    except DomainError as exc:
        error, doc = exc.message, None
    return _after_write(request, error=error, status=None if error else status, opened=doc)


@login_required
@require_POST
def note_save(request):
    title = (request.POST.get("title") or "").strip()
    text = (request.POST.get("text") or "").strip()
    error, doc = None, None
    try:
        if not title or not text:
            raise DomainError(_("A note needs a title and some text."))
        doc = services.note_save(user=request.user, title=title, text=text)
    except DomainError as exc:
        error = exc.message
    return _after_write(request, error=error, status=None if error else f"Saved the note “{title}”.", opened=doc)


def _after_write(request, *, error: str | None, status: str | None, opened=None):
    """After an upload, a note or a deletion: the list again, with what happened (and a link to open what was
    just saved)."""
    if not request.htmx:
        if error:
            messages.error(request, error)
        else:
            messages.success(request, status)
        return redirect("web-documents")
    docs = _documents(request.user)
    return render(request, "web/documents/_list.html", {
        "documents": docs, "polling": any(d["in_progress"] for d in docs), "error": error, "status": status,
        "opened": opened})


def highlight(text: str, quote: str) -> tuple[str, bool]:
    """The page text, HTML-escaped, with the quoted passage wrapped in <mark>.

    A quote is a fact, and facts are built from the page but not always character for character (markdown
    heading marks, table pipes, joined lines), so matching is word by word with any non-word characters in
    between. When the whole quote does not match, the longest run of its words that does is marked."""
    text = text or ""
    words = re.findall(r"\w+", quote or "")
    if not words:
        return escape(text), False
    best = None
    for first in range(0, min(len(words), 8)):
        for size in (len(words) - first, 24, 12, 6, 4):
            if size < min(4, len(words)) or first + size > len(words):
                continue
            pattern = r"\W+".join(re.escape(w) for w in words[first:first + size])
            match = re.search(r"(?<!\w)" + pattern + r"(?!\w)", text, flags=re.I)
            if match and (best is None or size > best[0]):
                best = (size, match)
            if match:
                break
        if best and best[0] == len(words) - first:
            break
    if best is None:
        return escape(text), False
    match = best[1]
    html = (escape(text[:match.start()]) + '<mark id="quote">' + escape(text[match.start():match.end()])
            + "</mark>" + escape(text[match.end():]))
    return mark_safe(html), True


@login_required
def page_view(request, page_id: int):
    try:
        page = selectors.page_detail(user=request.user, page_id=page_id)
    except NotFound:
        raise Http404("No such page.")
    quote = (request.GET.get("quote") or "")[:1000]
    text = page.get("text") or page.get("markdown") or ""
    html, found = highlight(text, quote)
    return render(request, "web/documents/page_view.html", {
        "nav": "chat", "page": page, "text_html": html, "quote": quote, "found": found,
    })


def _own_document(user, document_id: int) -> dict:
    try:
        return selectors.own_document_get(user=user, document_id=document_id)
    except NotFound:
        raise Http404("No such document.")


@login_required
def document_detail(request, document_id: int):
    """One of the user's documents or notes: status, summary and its text page by page (`?page=N`)."""
    doc = _own_document(request.user, document_id)
    numbers = doc["page_numbers"]
    try:
        wanted = int(request.GET.get("page") or (numbers[0] if numbers else 1))
    except ValueError:
        wanted = numbers[0] if numbers else 1
    page = selectors.own_document_page(user=request.user, document_id=document_id, number=wanted) if numbers else None
    if numbers and page is None:
        raise Http404("No such page.")
    index = numbers.index(wanted) if page else -1
    context = {
        "nav": "documents", "doc": doc, "page": page, "page_count": len(numbers),
        "prev_page": numbers[index - 1] if index > 0 else None,
        "next_page": numbers[index + 1] if 0 <= index < len(numbers) - 1 else None,
        "in_progress": doc["status"] in IN_PROGRESS,
    }
    return render(request, "web/documents/detail.html", context)


@login_required
def note_edit(request, document_id: int):
    """Edit a note (GET: the form with its current text; POST: save, then Moneta reads it again)."""
    try:
        note = selectors.note_get(user=request.user, document_id=document_id)
    except NotFound:
        raise Http404("No such note.")
    error = None
    if request.method == "POST":
        title = (request.POST.get("title") or "").strip()
        text = (request.POST.get("text") or "").strip()
        try:
            if not title or not text:
                raise DomainError(_("A note needs a title and some text."))
            services.note_update(user=request.user, document_id=document_id, title=title, text=text)
            messages.success(request, _("Saved the note “%(title)s”. Moneta is reading it again; answers will use "
                                        "the new text once it is ready.") % {"title": title})
            return redirect("web-document", document_id=document_id)
        except NotFound:
            raise Http404("No such note.")
        except DomainError as exc:
            error = exc.message
            note = {**note, "title": title, "text": text}
    return render(request, "web/documents/note_edit.html", {"nav": "documents", "note": note, "error": error})


@login_required
def document_delete(request, document_id: int):
    """Delete one of the user's own documents (its pages and facts go with it). GET asks to confirm (the
    page without JavaScript); the list's button confirms in the browser and posts."""
    doc = _own_document(request.user, document_id)  # shared corpora are managed by editors in admin
    if request.method != "POST":
        return render(request, "web/documents/delete_confirm.html", {"nav": "documents", "doc": doc})
    try:
        services.document_delete(user=request.user, document_id=document_id)
        status, error = f"Deleted {doc['title']}.", None
    except NotFound:
        raise Http404("No such document.")
    except DomainError as exc:
        status, error = None, exc.message
    return _after_write(request, error=error, status=status)
