"""Editors in Django admin: upload, status/progress/failure in the list, re-ingest, delete."""
from __future__ import annotations

from django.core.files.uploadedfile import SimpleUploadedFile

from knowledge.models import Document, Fact, Page

from .pdfs import ANNUAL_REPORT_PAGES, encrypt_pdf, make_pdf


def test_admin_upload_list_reingest_and_delete(admin_client, shared_corpus, django_capture_on_commit_callbacks,
                                               monkeypatch):
    enqueued = []
    monkeypatch.setattr("knowledge.tasks.ingestion_chain", lambda doc_id: type(
        "Sig", (), {"apply_async": staticmethod(lambda **kw: enqueued.append(doc_id))})())
    with django_capture_on_commit_callbacks(execute=True):
        response = admin_client.post("/admin/knowledge/document/add/", {
            "corpus": shared_corpus.id, "title": "",
            "upload": SimpleUploadedFile("locked.pdf", encrypt_pdf(make_pdf(ANNUAL_REPORT_PAGES), user_password="x")),
        })
    assert response.status_code == 302, response.content[:500]
    doc = Document.objects.get()
    assert enqueued == [doc.id] and doc.title == "locked"

    from knowledge.services import document_ingest_now

    document_ingest_now(document_id=doc.id)
    listing = admin_client.get("/admin/knowledge/document/").content.decode()
    assert "Failed" in listing and "password-protected" in listing

    with django_capture_on_commit_callbacks(execute=True):
        admin_client.post("/admin/knowledge/document/", {"action": "reingest", "_selected_action": [doc.id]})
    doc.refresh_from_db()
    assert doc.status == Document.Status.PENDING and doc.error == "" and enqueued == [doc.id, doc.id]

    Document.objects.filter(id=doc.id).update(status="processing", pages_total=10, pages_done=4)
    assert "4/10 pages" in admin_client.get("/admin/knowledge/document/").content.decode()


def test_admin_rejects_unsupported_file(admin_client, shared_corpus):
    response = admin_client.post("/admin/knowledge/document/add/", {
        "corpus": shared_corpus.id, "upload": SimpleUploadedFile("deck.pptx", b"PK\x03\x04")})
    assert response.status_code == 200
    assert "deck.pptx: unsupported file type" in response.content.decode()
    assert not Document.objects.exists()


def test_admin_delete_removes_pages_and_facts(admin_client, acme_doc):
    assert Page.objects.filter(document=acme_doc).exists()
    response = admin_client.post(f"/admin/knowledge/document/{acme_doc.id}/delete/", {"post": "yes"})
    assert response.status_code == 302
    assert not Document.objects.filter(id=acme_doc.id).exists()
    assert not Page.objects.exists() and not Fact.objects.exists()


def test_admin_refresh_identity_rereads_cover_page_without_reingesting(admin_client, acme_doc):
    facts_before = set(Fact.objects.filter(document=acme_doc).values_list("id", flat=True))
    Document.objects.filter(id=acme_doc.id).update(metadata={**acme_doc.metadata, "identity": {"names": ["stale"]}})
    page = Page.objects.get(document=acme_doc, number=1)
    Page.objects.filter(id=page.id).update(text=page.text + "\nTitle of each class Trading Symbol Name of each "
                                           "exchange on which registered\nCommon Stock ACME New York Stock Exchange")
    response = admin_client.post("/admin/knowledge/document/", {"action": "refresh_identity",
                                                               "_selected_action": [acme_doc.id]})
    assert response.status_code == 302
    acme_doc.refresh_from_db()
    ident = acme_doc.metadata["identity"]
    assert "acme rockets" in ident["names"] and ident["tickers"] == ["ACME"] and ident["fiscal_year"] == 2021
    assert set(Fact.objects.filter(document=acme_doc).values_list("id", flat=True)) == facts_before
