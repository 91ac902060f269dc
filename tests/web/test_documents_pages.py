"""My documents (private corpus upload, notes, ingestion status) and the cited-page view."""
from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

pytestmark = pytest.mark.django_db

NOTE = ("# Holiday savings plan\n\nI put aside 150 dollars every payday for the trip to Da Nang.\n\n"
        "The goal is 2400 dollars by June, kept in the high-interest savings account.\n")


def upload(client, name="plan.md", content=NOTE.encode(), **extra):
    return client.post("/documents/upload/", {"file": SimpleUploadedFile(name, content), **extra},
                       HTTP_HX_REQUEST="true")


def test_upload_lists_document_with_progress_then_ready(alice_web, alice):
    from knowledge import services
    from knowledge.models import Document

    body = upload(alice_web, title="Holiday plan").content.decode()
    assert "Uploaded Holiday plan" in body and 'data-status="pending"' in body
    assert 'hx-trigger="every 2s"' in body  # the list polls while ingestion runs
    doc = Document.objects.get(title="Holiday plan")
    assert doc.corpus.slug == f"private-{alice.id}"
    services.document_ingest_now(document_id=doc.id)  # what the Celery worker runs
    page = alice_web.get("/documents/").content.decode()
    assert 'data-status="ready"' in page and 'hx-trigger="every 2s"' not in page


def test_failed_document_shows_reason(alice_web):
    from knowledge import services
    from knowledge.models import Document

    upload(alice_web, name="broken.pdf", content=b"%PDF-1.4 this is not really a pdf")
    doc = Document.objects.get(file_name="broken.pdf")
    services.document_ingest_now(document_id=doc.id)
    page = alice_web.get("/documents/").content.decode()
    doc.refresh_from_db()
    assert doc.status == "failed" and 'data-status="failed"' in page and doc.error and doc.error[:40] in page


def test_upload_without_file_and_note_without_text_are_clear_errors(alice_web):
    assert "Choose a file to upload" in alice_web.post("/documents/upload/", {}, HTTP_HX_REQUEST="true").content.decode()
    body = alice_web.post("/documents/notes/", {"title": "x", "text": ""}, HTTP_HX_REQUEST="true").content.decode()
    assert "A note needs a title and some text." in body


def test_note_saved_into_private_corpus(alice_web, alice):
    from knowledge.models import Document

    body = alice_web.post("/documents/notes/", {"title": "Rent reminder", "text": "Rent goes up to 1450 in March."},
                          HTTP_HX_REQUEST="true").content.decode()
    assert "Saved the note “Rent reminder”." in body and "Rent reminder" in body
    assert Document.objects.get(title="Rent reminder").corpus.slug == f"private-{alice.id}"


def test_cited_page_highlights_quote_and_is_private(alice_web, bob_web, alice):
    from knowledge import services
    from knowledge.models import Document, Page

    upload(alice_web, title="Holiday plan")
    doc = Document.objects.get(title="Holiday plan")
    services.document_ingest_now(document_id=doc.id)
    page = Page.objects.get(document=doc, number=1)
    html = alice_web.get(f"/documents/pages/{page.id}/", {"quote": "The goal is 2400 dollars by June"}).content.decode()
    assert '<mark id="quote">The goal is 2400 dollars by June</mark>' in html
    assert bob_web.get(f"/documents/pages/{page.id}/").status_code == 404
    assert "Holiday plan" not in bob_web.get("/documents/").content.decode()


def test_highlight_escapes_html_and_tolerates_whitespace():
    from knowledge.web.views import highlight

    html, found = highlight("A <b>bold</b>\n claim about   savings.", "claim about savings")
    assert found and str(html) == 'A &lt;b&gt;bold&lt;/b&gt;\n <mark id="quote">claim about   savings</mark>.'
    html, found = highlight("nothing here", "absent words")
    assert not found and str(html) == "nothing here"


def test_highlight_matches_a_fact_built_from_markdown():
    from knowledge.web.views import highlight

    page = "Emergency funds\n\nAn emergency fund is money set aside for the unexpected — a job loss or urgent repair."
    html, found = highlight(page, "# Emergency funds An emergency fund is money set aside")
    assert found and '<mark id="quote">Emergency funds' in str(html) and "set aside</mark>" in str(html)


def test_cited_pdf_page_shows_its_image(alice_web, bob_web):
    from knowledge import services
    from knowledge.models import Document, Page
    from tests.knowledge.pdfs import make_pdf

    pdf = make_pdf([["Statement of savings", ["Month", "Saved"], ["January", "150"], ["February", "175"]]])
    upload(alice_web, name="savings.pdf", content=pdf, title="Savings statement")
    doc = Document.objects.get(title="Savings statement")
    services.document_ingest_now(document_id=doc.id)
    page = Page.objects.get(document=doc, number=1)
    html = alice_web.get(f"/documents/pages/{page.id}/", {"quote": "Statement of savings"}).content.decode()
    image_url = f"/api/v1/knowledge/pages/{page.id}/image.png"
    assert f'<img class="page-image" src="{image_url}"' in html and '<mark id="quote">' in html
    image = alice_web.get(image_url)
    assert image.status_code == 200 and image["Content-Type"] == "image/png"
    assert bob_web.get(image_url).status_code == 404


def test_delete_own_document_only(alice_web, bob_web, alice):
    from knowledge.models import Document

    upload(alice_web, title="Holiday plan")
    doc = Document.objects.get(title="Holiday plan")
    assert bob_web.post(f"/documents/{doc.id}/delete/").status_code == 404
    body = alice_web.post(f"/documents/{doc.id}/delete/", HTTP_HX_REQUEST="true").content.decode()
    assert "Deleted Holiday plan." in body and not Document.objects.filter(id=doc.id).exists()


def test_not_found_page_is_friendly(alice_web):
    response = alice_web.get("/chat/999999/")
    assert response.status_code == 404 and "it belongs to someone else" in response.content.decode()
