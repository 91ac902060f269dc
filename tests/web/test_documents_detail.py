"""My documents: open a document or note, read it page by page, edit a note (re-read by Moneta), delete with a
confirm step; another user's ids are 404 everywhere."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def _ready_note(user, title="Rent reminder", text="Rent goes up to 1450 in March."):
    from knowledge import services

    doc = services.note_save(user=user, title=title, text=text)
    return services.document_ingest_now(document_id=doc.id)


def test_saved_note_links_to_its_page_and_reads_its_text(alice_web, alice):
    body = alice_web.post("/documents/notes/", {"title": "Rent reminder", "text": "Rent goes up to 1450 in March."},
                          HTTP_HX_REQUEST="true").content.decode()
    from knowledge import services
    from knowledge.models import Document

    doc = Document.objects.get(title="Rent reminder")
    assert f'href="/documents/{doc.id}/" id="open-saved"' in body
    page = alice_web.get(f"/documents/{doc.id}/").content.decode()
    assert "still reading this note" in page
    services.document_ingest_now(document_id=doc.id)
    page = alice_web.get(f"/documents/{doc.id}/").content.decode()
    assert "Rent goes up to 1450 in March." in page and "Page 1 of 1" in page and "Edit note" in page


def test_document_pages_are_read_one_at_a_time(alice_web, alice):
    from knowledge.models import Page

    doc = _ready_note(alice, title="Long plan", text="First part about savings.")
    # a second and third page, as a multi-page upload would have
    Page.objects.create(document=doc, number=2, text="Second page: the emergency fund target is 6 months.")
    Page.objects.create(document=doc, number=3, text="Third page: pay off the card first.")
    first = alice_web.get(f"/documents/{doc.id}/").content.decode()
    assert "First part about savings." in first and "Page 1 of 3" in first and "?page=2" in first
    second = alice_web.get(f"/documents/{doc.id}/?page=2").content.decode()
    assert "emergency fund target" in second and "?page=1" in second and "?page=3" in second
    assert "First part about savings." not in second
    assert alice_web.get(f"/documents/{doc.id}/?page=9").status_code == 404


def test_edit_note_rewrites_and_reingests(alice_web, alice):
    from knowledge import services
    from knowledge.models import Document, Fact

    doc = _ready_note(alice)
    old_facts = set(Fact.objects.filter(document=doc).values_list("id", flat=True))
    assert old_facts
    form = alice_web.get(f"/documents/{doc.id}/edit/").content.decode()
    assert 'value="Rent reminder"' in form and "Rent goes up to 1450 in March.</textarea>" in form
    resp = alice_web.post(f"/documents/{doc.id}/edit/", {"title": "Rent reminder",
                                                         "text": "Rent goes up to 1500 in April."})
    assert resp.status_code == 302 and resp["Location"] == f"/documents/{doc.id}/"
    doc.refresh_from_db()
    assert doc.status == "pending" and not Fact.objects.filter(id__in=old_facts).exists()
    services.document_ingest_now(document_id=doc.id)  # what the worker runs
    page = alice_web.get(f"/documents/{doc.id}/").content.decode()
    assert "Rent goes up to 1500 in April." in page and "1450" not in page
    assert Document.objects.get(id=doc.id).status == "ready"
    assert any("1500" in t for t in Fact.objects.filter(document=doc).values_list("text", flat=True))
    # a note without text is refused with a clear message and nothing changes
    bad = alice_web.post(f"/documents/{doc.id}/edit/", {"title": "Rent reminder", "text": " "}).content.decode()
    assert "A note needs a title and some text." in bad


def test_edit_is_only_for_notes(alice_web, alice):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from knowledge.models import Document

    alice_web.post("/documents/upload/", {"file": SimpleUploadedFile("plan.md", b"# Plan\n\nSave more.\n")},
                   HTTP_HX_REQUEST="true")
    doc = Document.objects.get(file_name="plan.md")
    assert alice_web.get(f"/documents/{doc.id}/").status_code == 200
    assert alice_web.get(f"/documents/{doc.id}/edit/").status_code == 404


def test_delete_asks_then_removes_pages_and_facts(alice_web, alice):
    from knowledge.models import Document, Fact, Page

    doc = _ready_note(alice)
    assert Page.objects.filter(document=doc).exists() and Fact.objects.filter(document=doc).exists()
    confirm = alice_web.get(f"/documents/{doc.id}/delete/").content.decode()
    assert "Delete “Rent reminder”?" in confirm and "cannot be undone" in confirm
    assert Document.objects.filter(id=doc.id).exists()  # asking deletes nothing
    resp = alice_web.post(f"/documents/{doc.id}/delete/")
    assert resp.status_code == 302
    assert not Document.objects.filter(id=doc.id).exists()
    assert not Page.objects.filter(document_id=doc.id).exists() and not Fact.objects.filter(document_id=doc.id).exists()
    assert alice_web.get(f"/documents/{doc.id}/").status_code == 404


def test_bob_gets_404_for_alices_document(alice, bob_web):
    from knowledge.models import Document

    doc = _ready_note(alice)
    for url in (f"/documents/{doc.id}/", f"/documents/{doc.id}/?page=1", f"/documents/{doc.id}/edit/",
                f"/documents/{doc.id}/delete/"):
        assert bob_web.get(url).status_code == 404, url
    assert bob_web.post(f"/documents/{doc.id}/edit/", {"title": "pwned", "text": "pwned"}).status_code == 404
    assert bob_web.post(f"/documents/{doc.id}/delete/").status_code == 404
    doc.refresh_from_db()
    assert doc.title == "Rent reminder" and Document.objects.filter(id=doc.id).exists()


def test_note_update_service_refuses_other_users_and_duplicates(alice, bob):
    from core.errors import DomainError, NotFound
    from knowledge import selectors, services

    doc = _ready_note(alice)
    other = _ready_note(alice, title="Second", text="Another note.")
    with pytest.raises(NotFound):
        services.note_update(user=bob, document_id=doc.id, title="x", text="y")
    with pytest.raises(NotFound):
        selectors.note_get(user=bob, document_id=doc.id)
    with pytest.raises(DomainError, match="already have a note"):
        services.note_update(user=alice, document_id=other.id, title="Rent reminder",
                             text="Rent goes up to 1450 in March.")
    assert selectors.note_get(user=alice, document_id=doc.id)["text"] == "Rent goes up to 1450 in March."
