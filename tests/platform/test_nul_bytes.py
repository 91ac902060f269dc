"""A NUL character in any form field, query parameter or JSON value is a 400 naming the field, nothing stored.

Postgres text cannot hold NUL: before the middleware every such input was a 500 (DataError), some after a
side effect (a note's file written to disk with no database row)."""
from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from chat.models import Conversation
from knowledge.models import Document
from transactions import services
from transactions.models import Transaction

pytestmark = pytest.mark.django_db

NUL = "bad\x00value"


@pytest.fixture
def web(alice):
    client = Client()
    client.force_login(alice)
    return client


def _files_under(folder: Path) -> set[Path]:
    return {p for p in folder.rglob("*") if p.is_file()} if folder.exists() else set()


@pytest.mark.parametrize("url,data", [
    ("/documents/notes/", {"title": NUL, "text": "some text"}),
    ("/documents/notes/", {"title": "ok", "text": NUL}),
    ("/chat/", {"message": NUL}),
    ("/chat/stream/", {"message": NUL}),
    ("/chat/messages/1/feedback/", {"rating": "1", "comment": NUL}),
    ("/transactions/1/category/", {"category": NUL}),
    ("/budgets/accept/", {"category": NUL, "amount": "10"}),
    ("/transactions/import/", {"date_format": NUL}),
])
def test_web_forms_refuse_nul(web, alice, url, data):
    before = _files_under(Path(settings.MEDIA_ROOT))
    response = web.post(url, data)
    assert response.status_code == 400
    assert b"NUL" in response.content
    assert not Document.objects.exists() and not Conversation.objects.exists()
    assert _files_under(Path(settings.MEDIA_ROOT)) == before  # no orphan file


def test_query_string_with_nul(web):
    response = web.get("/transactions/", {"q": NUL})
    assert response.status_code == 400 and b"q contains a NUL" in response.content


@pytest.mark.parametrize("method,url,data", [
    ("post", "/api/v1/transactions/", {"date": "2026-03-01", "description": NUL, "amount": "-3"}),
    ("post", "/api/v1/transactions/categories/", {"name": NUL}),
    ("post", "/api/v1/chat/", {"message": NUL}),
    ("post", "/api/v1/transactions/jars/", {"name": "x", "monthly_budget": "1", "categories": [NUL]}),
    ("get", "/api/v1/knowledge/search/?q=a%00b", None),
])
def test_api_refuses_nul_with_the_json_error_shape(alice_client, alice, method, url, data):
    response = getattr(alice_client, method)(url, data, format="json") if data else alice_client.get(url)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "nul_byte" and "NUL" in error["message"] and error["details"]["field"]
    assert not Transaction.objects.filter(user=alice).exists()


def test_csv_import_date_format_with_nul_via_api(alice_client, alice):
    from django.core.files.uploadedfile import SimpleUploadedFile

    response = alice_client.post("/api/v1/transactions/imports/", {
        "file": SimpleUploadedFile("s.csv", b"Date,Description,Amount\n2026-03-01,Coffee,-3\n"),
        "date_format": NUL}, format="multipart")
    assert response.status_code == 400 and response.json()["error"]["details"]["field"] == "date_format"
    # and the same value reaching the service some other way is a DomainError, not a DataError
    with pytest.raises(services.DomainError):
        services.transactions_import(user=alice, file_name="s.csv", content=b"Date,Description,Amount\n"
                                     b"2026-03-01,Coffee,-3\n", date_format=NUL)


def test_note_service_refuses_nul_and_leaves_no_file(alice):
    from knowledge.services import note_save

    before = _files_under(Path(settings.MEDIA_ROOT))
    for title, text in ((NUL, "text"), ("title", NUL)):
        with pytest.raises(services.DomainError, match="NUL"):
            note_save(user=alice, title=title, text=text)
    assert not Document.objects.exists() and _files_under(Path(settings.MEDIA_ROOT)) == before


def test_a_failed_document_save_removes_its_stored_file(alice, monkeypatch):
    from knowledge.corpora import corpus_private_for
    from knowledge.services import document_create

    corpus = corpus_private_for(user=alice)
    before = _files_under(Path(settings.MEDIA_ROOT))

    def broken_save(self, *args, **kwargs):
        raise RuntimeError("database refused the row")

    monkeypatch.setattr(Document, "save", broken_save)
    with pytest.raises(RuntimeError):
        document_create(corpus=corpus, file_name="n.md", content=b"# N\n\nText.", enqueue=False)
    assert _files_under(Path(settings.MEDIA_ROOT)) == before
