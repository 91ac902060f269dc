"""One upload limit (settings.MONETA_MAX_UPLOAD_MB) for documents and statements: the services refuse an
over-limit file with a message naming the file and the limit, and the API, the web forms and the admin say
the same. The limit is lowered to 1 MB here so the files stay small."""
from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from core.errors import DomainError
from knowledge.models import Document
from tests.statements import csv_bytes
from transactions.models import ImportBatch, Transaction

pytestmark = pytest.mark.django_db

LIMIT_MESSAGE = r"is larger than the 1 MB upload limit"


@pytest.fixture
def one_mb_limit(settings):
    settings.MONETA_MAX_UPLOAD_MB = 1


def _big_statement() -> bytes:
    """A valid CSV statement just over 1 MB (so only its size is wrong)."""
    row = ("2026-01-05", "COFFEE SHOP " + "X" * 80, "-4.50", "Dining")
    content = csv_bytes([row] * 12_000)
    assert len(content) > 1024 * 1024
    return content


def _big_text() -> bytes:
    return b"Compound interest grows savings.\n" * 40_000


def test_the_services_refuse_an_over_limit_file(one_mb_limit, alice):
    from knowledge.services import document_upload
    from transactions.services import import_preview_create, transactions_import

    with pytest.raises(DomainError, match=r"big\.csv " + LIMIT_MESSAGE) as exc:
        transactions_import(user=alice, file_name="big.csv", content=_big_statement())
    assert exc.value.code == "too_large" and exc.value.details["limit_mb"] == 1
    with pytest.raises(DomainError, match=r"big\.csv " + LIMIT_MESSAGE):
        import_preview_create(user=alice, file_name="big.csv", content=_big_statement())
    with pytest.raises(DomainError, match=r"notes\.txt " + LIMIT_MESSAGE):
        document_upload(user=alice, corpus_slug="private",
                        uploaded_file=SimpleUploadedFile("notes.txt", _big_text(), content_type="text/plain"))
    assert not Transaction.objects.filter(user=alice).exists()
    assert not ImportBatch.objects.filter(user=alice).exists()
    assert not Document.objects.exists()


def test_a_file_within_the_limit_is_accepted(one_mb_limit, alice):
    from transactions.services import transactions_import

    batch = transactions_import(user=alice, file_name="small.csv",
                                content=csv_bytes([("2026-01-05", "COFFEE SHOP", "-4.50", "Dining")]))
    assert batch.status == "imported" and Transaction.objects.filter(user=alice).count() == 1


def test_the_api_refuses_an_over_limit_file_with_a_400(one_mb_limit, alice_client):
    response = alice_client.post("/api/v1/transactions/imports/",
                                 {"file": SimpleUploadedFile("big.csv", _big_statement(), content_type="text/csv")},
                                 format="multipart")
    assert response.status_code == 400
    assert "big.csv is larger than the 1 MB upload limit" in response.json()["error"]["message"]
    response = alice_client.post("/api/v1/knowledge/documents/",
                                 {"corpus": "private",
                                  "file": SimpleUploadedFile("notes.txt", _big_text(), content_type="text/plain")},
                                 format="multipart")
    assert response.status_code == 400
    assert "notes.txt is larger than the 1 MB upload limit" in response.json()["error"]["message"]


def test_the_web_forms_quote_the_limit_and_refuse_an_over_limit_file(one_mb_limit, alice):
    from django.test import Client

    web = Client()
    web.force_login(alice)
    assert "up to 1 MB" in web.get("/transactions/import/").content.decode()
    assert "up to 1 MB" in web.get("/documents/").content.decode()
    page = web.post("/transactions/import/", {"file": SimpleUploadedFile("big.csv", _big_statement())}).content.decode()
    assert "big.csv is larger than the 1 MB upload limit" in page
    page = web.post("/documents/upload/", {"file": SimpleUploadedFile("notes.txt", _big_text())},
                    follow=True).content.decode()
    assert "notes.txt is larger than the 1 MB upload limit" in page
    assert not Transaction.objects.filter(user=alice).exists() and not Document.objects.exists()
