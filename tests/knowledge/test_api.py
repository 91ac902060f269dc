"""REST endpoints: upload/list/detail/delete, search, page text + PNG, permissions, isolation."""
from __future__ import annotations

from django.core.files.uploadedfile import SimpleUploadedFile

from knowledge.models import Document, Fact, Page
from knowledge.services import document_ingest_now

from .pdfs import ANNUAL_REPORT_PAGES, make_pdf


def _upload(client, name: str, content: bytes, **data):
    return client.post("/api/v1/knowledge/documents/", {"file": SimpleUploadedFile(name, content), **data},
                       format="multipart")


def _alice_pdf(alice_client):
    response = _upload(alice_client, "ACMEROCKETS_2021_10K.pdf", make_pdf(ANNUAL_REPORT_PAGES))
    assert response.status_code == 201, response.json()
    doc = document_ingest_now(document_id=response.json()["document_id"])
    assert doc.status == Document.Status.READY
    return doc


def test_user_uploads_into_private_corpus_and_sees_progress(alice, alice_client):
    response = _upload(alice_client, "budget.md", b"# My budget\n\nRent is $1,200 a month.")
    assert response.status_code == 201
    body = response.json()
    assert body["corpus"] == f"private-{alice.id}" and body["status"] == "pending" and body["title"] == "My budget"
    document_ingest_now(document_id=body["document_id"])
    listed = alice_client.get("/api/v1/knowledge/documents/").json()
    row = next(r for r in listed if r["document_id"] == body["document_id"])
    assert row["status"] == "ready" and row["facts"] >= 1 and row["progress"]["percent"] == 100
    again = _upload(alice_client, "copy.md", b"# My budget\n\nRent is $1,200 a month.")
    assert again.status_code == 200 and again.json()["duplicate"] is True


def test_bob_cannot_see_touch_or_search_alices_documents(alice_client, bob_client):
    doc = _alice_pdf(alice_client)
    page = Page.objects.get(document=doc, number=2)
    assert alice_client.get(f"/api/v1/knowledge/pages/{page.id}/").status_code == 200
    assert [r["document_id"] for r in bob_client.get("/api/v1/knowledge/documents/").json()] == []
    for url in (f"/api/v1/knowledge/documents/{doc.id}/", f"/api/v1/knowledge/pages/{page.id}/",
                f"/api/v1/knowledge/pages/{page.id}/image.png"):
        response = bob_client.get(url)
        assert response.status_code == 404, url
        assert response.json()["error"]["code"] == "not_found"
    assert bob_client.delete(f"/api/v1/knowledge/documents/{doc.id}/").status_code == 404
    hits = bob_client.get("/api/v1/knowledge/search/", {"q": "Acme Rockets launch revenue"}).json()["results"]
    assert all(h["document_id"] != doc.id for h in hits)
    assert Document.objects.filter(id=doc.id).exists()


def test_search_endpoint_returns_citable_results(alice_client):
    doc = _alice_pdf(alice_client)
    body = alice_client.get("/api/v1/knowledge/search/", {"q": "Acme Rockets launch revenue 2021", "k": 3}).json()
    top = body["results"][0]
    assert top["document_id"] == doc.id and top["page"] == 2 and "$1,250" in top["text"]
    assert set(top["scores"]) >= {"vector", "text", "fused"}
    assert len(body["results"]) <= 3 and body["documents"][0]["document_id"] == doc.id
    empty = alice_client.get("/api/v1/knowledge/search/", {"q": "Acme", "corpus": "finance-education"}).json()
    assert empty["results"] == []
    assert alice_client.get("/api/v1/knowledge/search/").status_code == 400


def test_page_text_and_png(alice_client):
    doc = _alice_pdf(alice_client)
    page = Page.objects.get(document=doc, number=2)
    body = alice_client.get(f"/api/v1/knowledge/pages/{page.id}/").json()
    assert body["page"] == 2 and body["document_id"] == doc.id and "| Launch revenue | $1,250 | $980 |" in body["markdown"]
    assert body["image_url"] == f"/api/v1/knowledge/pages/{page.id}/image.png"
    png = alice_client.get(body["image_url"])
    assert png.status_code == 200 and png["Content-Type"] == "image/png"
    assert png.content[:8] == b"\x89PNG\r\n\x1a\n"


def test_only_editors_upload_to_shared_corpora(alice_client, editor, shared_corpus):
    from rest_framework.test import APIClient

    denied = _upload(alice_client, "rates.md", b"# Rates\n\n4%", corpus=shared_corpus.slug)
    assert denied.status_code == 403 and denied.json()["error"]["code"] == "permission_denied"
    client = APIClient()
    client.force_authenticate(editor)
    ok = _upload(client, "rates.md", b"# Rates\n\n4%", corpus=shared_corpus.slug)
    assert ok.status_code == 201 and ok.json()["corpus"] == shared_corpus.slug
    assert alice_client.delete(f"/api/v1/knowledge/documents/{ok.json()['document_id']}/").status_code == 403
    assert client.delete(f"/api/v1/knowledge/documents/{ok.json()['document_id']}/").status_code == 204


def test_delete_removes_pages_and_facts(alice_client):
    doc = _alice_pdf(alice_client)
    assert Fact.objects.filter(document_id=doc.id).exists()
    assert alice_client.delete(f"/api/v1/knowledge/documents/{doc.id}/").status_code == 204
    assert not Page.objects.filter(document_id=doc.id).exists()
    assert not Fact.objects.filter(document_id=doc.id).exists()
    assert alice_client.get(f"/api/v1/knowledge/documents/{doc.id}/").status_code == 404


def test_bad_uploads_get_a_clear_error(alice_client):
    response = _upload(alice_client, "slides.pptx", b"PK\x03\x04")
    assert response.status_code == 400
    assert "slides.pptx: unsupported file type" in response.json()["error"]["message"]
    empty = _upload(alice_client, "empty.txt", b"")
    assert empty.status_code == 400
    assert not Document.objects.exists()


def test_failed_document_shows_reason_in_api(alice_client):
    from .pdfs import encrypt_pdf

    response = _upload(alice_client, "locked.pdf", encrypt_pdf(make_pdf(ANNUAL_REPORT_PAGES), user_password="x"))
    doc = document_ingest_now(document_id=response.json()["document_id"])
    body = alice_client.get(f"/api/v1/knowledge/documents/{doc.id}/").json()
    assert body["status"] == "failed" and "password-protected" in body["error"]


def test_notes_endpoint_and_anonymous_access(alice_client, api_client):
    response = alice_client.post("/api/v1/knowledge/notes/", {"title": "Car", "text": "Insurance renews in June."})
    assert response.status_code == 201 and response.json()["corpus"].startswith("private-")
    assert api_client.get("/api/v1/knowledge/documents/").status_code in (401, 403)
    assert api_client.get("/api/v1/knowledge/search/", {"q": "x"}).status_code in (401, 403)
