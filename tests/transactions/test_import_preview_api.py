"""API: preview → correct → confirm → status; the direct upload keeps answering as before; bob gets 404."""
from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

pytestmark = pytest.mark.django_db

AMBIGUOUS = b"Date,Description,Amount\n03/04/2026,CAFE,-3.00\n05/06/2026,BAKERY,-4.00\n"
URL = "/api/v1/transactions/imports/"


def test_preview_correct_confirm_and_status(alice_client, alice):
    from transactions.models import Transaction

    r = alice_client.post(URL + "preview/", {"file": SimpleUploadedFile("spring.csv", AMBIGUOUS)}, format="multipart")
    assert r.status_code == 201, r.content
    body = r.json()
    assert body["status"] == "preview" and body["preview"]["date_format_ambiguous"]
    assert body["preview"]["columns_text"] == "Columns: Date → date, Description → description, Amount → amount"
    assert not Transaction.objects.filter(user=alice).exists()
    pk = body["id"]
    refused = alice_client.post(f"{URL}{pk}/confirm/", {"account_name": "Cash"}, format="json")
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "ambiguous_date_format"
    fixed = alice_client.post(f"{URL}{pk}/preview/", {"date_format": "DMY"}, format="json").json()
    assert fixed["preview"]["date_format_text"] == "Dates read as day/month/year (e.g. 03/04/2026 = 3 April 2026)"
    done = alice_client.post(f"{URL}{pk}/confirm/", {"account_name": "Cash"}, format="json")
    assert done.status_code == 200 and done.json()["status"] == "imported" and done.json()["rows_created"] == 2
    assert done.json()["account"]["name"] == "Cash"
    status = alice_client.get(f"{URL}{pk}/status/").json()
    assert status["percent"] == 100 and status["rows_processed"] == 2
    accounts = alice_client.get("/api/v1/transactions/accounts/").json()
    assert [a["name"] for a in accounts] == ["Cash"]
    again = alice_client.post(f"{URL}{pk}/confirm/", {"account_name": "Cash"}, format="json")
    assert again.status_code == 409
    assert Transaction.objects.get(user=alice, description="CAFE").account.name == "Cash"


def test_large_confirm_answers_202_and_is_queued(alice_client, settings):
    settings.MONETA_IMPORT_INLINE_MAX_ROWS = 1
    pk = alice_client.post(URL + "preview/", {"file": SimpleUploadedFile("a.csv", AMBIGUOUS), "date_format": "MDY"},
                           format="multipart").json()["id"]
    r = alice_client.post(f"{URL}{pk}/confirm/", {"account_name": "Main"}, format="json")
    assert r.status_code == 202 and r.json()["status"] == "queued" and not r.json()["finished"]


def test_direct_upload_answers_as_before(alice_client):
    r = alice_client.post(URL, {"file": SimpleUploadedFile("a.csv", AMBIGUOUS), "date_format": "DMY"},
                          format="multipart")
    assert r.status_code == 201
    assert set(r.json()) == {"id", "file_name", "file_format", "status", "rows_total", "rows_created",
                             "rows_duplicate", "rows_categorised", "error_count", "errors", "message", "details",
                             "created_at"}
    assert r.json()["rows_created"] == 2 and r.json()["status"] == "imported"


def test_bad_sign_convention_and_unreadable_file_are_clear_errors(alice_client):
    r = alice_client.post(URL + "preview/", {"file": SimpleUploadedFile("a.csv", AMBIGUOUS),
                                             "sign_convention": "sideways"}, format="multipart")
    assert r.status_code == 400 and "sign_convention" in r.content.decode()
    r = alice_client.post(URL + "preview/", {"file": SimpleUploadedFile("a.csv", b"just some words\n")},
                          format="multipart")
    assert r.status_code == 400 and r.json()["error"]["message"]


def test_bob_gets_404_for_alices_preview(alice_client, bob_client):
    from transactions.models import ImportBatch

    pk = alice_client.post(URL + "preview/", {"file": SimpleUploadedFile("a.csv", AMBIGUOUS)},
                           format="multipart").json()["id"]
    assert bob_client.get(f"{URL}{pk}/status/").status_code == 404
    assert bob_client.post(f"{URL}{pk}/preview/", {"date_format": "DMY"}, format="json").status_code == 404
    assert bob_client.post(f"{URL}{pk}/confirm/", {"account_name": "x", "date_format": "DMY"},
                           format="json").status_code == 404
    assert ImportBatch.objects.get(id=pk).status == "preview"
