"""Statements in every form people have them: text PDF, scanned PDF, QIF, CAMT.053, MT940 and XLSX all give
the same transactions; a tampered PDF row is caught by the running balance; unknown formats are named."""
from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from core.errors import DomainError
from transactions.models import ImportBatch, Transaction
from transactions.services import transactions_import

from . import statement_samples as samples

pytestmark = pytest.mark.django_db

IMPORT_URL = "/api/v1/transactions/imports/"


@pytest.fixture(scope="module")
def scanned_statement() -> bytes:
    return samples.scanned_pdf(samples.statement_pdf())


def _stored(user) -> list[tuple]:
    return sorted((t.date, t.description, t.amount) for t in Transaction.objects.filter(user=user))


@pytest.mark.parametrize(("file_name", "build", "file_format", "currency"), [
    ("statement-march.pdf", samples.statement_pdf, "pdf", "EUR"),
    ("scan.pdf", "scan", "pdf", "EUR"),
    ("quicken.qif", samples.statement_qif, "qif", None),
    ("camt053.xml", samples.statement_camt053, "camt053", "EUR"),
    ("MT940.sta", samples.statement_mt940, "mt940", "EUR"),
    ("export.xlsx", samples.statement_xlsx, "xlsx", None),
])
def test_every_format_imports_the_same_transactions(alice, file_name, build, file_format, currency,
                                                    scanned_statement):
    content = scanned_statement if build == "scan" else build()
    batch = transactions_import(user=alice, file_name=file_name, content=content)
    assert batch.file_format == file_format
    assert batch.rows_created == len(samples.TRANSACTIONS)
    assert _stored(alice) == samples.expected_rows()
    if currency:
        assert set(Transaction.objects.filter(user=alice).values_list("currency", flat=True)) == {currency}
    # Re-importing the same statement (in any format) adds nothing.
    again = transactions_import(user=alice, file_name=file_name, content=content)
    assert again.rows_created == 0 and again.rows_duplicate == len(samples.TRANSACTIONS)


def test_scanned_statement_says_its_pages_were_read_by_ocr(alice, scanned_statement):
    batch = transactions_import(user=alice, file_name="scan.pdf", content=scanned_statement)
    assert batch.details["columns"]["ocr_pages"] == [1, 2]
    assert all(c > 0.8 for c in batch.details["columns"]["ocr_confidence"].values())
    rent = Transaction.objects.get(user=alice, amount=Decimal("-1200.00"))
    assert rent.notes == "read by OCR from page 2"


def test_the_same_statement_in_two_formats_is_not_imported_twice(alice):
    transactions_import(user=alice, file_name="camt053.xml", content=samples.statement_camt053())
    batch = transactions_import(user=alice, file_name="MT940.sta", content=samples.statement_mt940())
    assert batch.rows_created == 0 and Transaction.objects.filter(user=alice).count() == len(samples.TRANSACTIONS)


def test_running_balance_catches_a_tampered_pdf_row_and_names_page_and_row(alice, alice_client):
    tampered = samples.statement_pdf(tamper={6: Decimal("-2.80")})  # TFL 12.80 printed as 2.80, page 2 row 2
    response = alice_client.post(IMPORT_URL, {"file": SimpleUploadedFile("march.pdf", tampered)}, format="multipart")
    assert response.status_code == 400, response.content
    error = response.json()["error"]
    assert error["code"] == "balance_mismatch"
    assert "page 2, row 2" in error["message"] and "balance" in error["message"] and "anyway" in error["message"]
    [row] = error["details"]["balance_problems"]
    assert (row["page"], row["row"], row["field"]) == (2, 2, "balance")
    assert "expected 3,406.25" in row["reason"]
    assert Transaction.objects.filter(user=alice).count() == 0
    assert ImportBatch.objects.get(user=alice).status == ImportBatch.Status.FAILED


def test_camt_and_mt940_closing_balance_must_add_up(alice):
    camt = samples.statement_camt053().replace(b"<Amt Ccy=\"EUR\">54.20</Amt>", b"<Amt Ccy=\"EUR\">45.20</Amt>", 1)
    with pytest.raises(DomainError) as exc:
        transactions_import(user=alice, file_name="camt053.xml", content=camt)
    assert "closing balance" in exc.value.message
    mt940 = samples.statement_mt940().replace(b"D54,20", b"D45,20")
    with pytest.raises(DomainError) as exc:
        transactions_import(user=alice, file_name="MT940.sta", content=mt940)
    assert ":62F:" in exc.value.message
    assert Transaction.objects.filter(user=alice).count() == 0


def test_pending_camt_entries_and_qif_categories(alice):
    transactions_import(user=alice, file_name="camt053.xml", content=samples.statement_camt053())
    assert not Transaction.objects.filter(user=alice, description__icontains="SPOTIFY").exists()
    Transaction.objects.filter(user=alice).delete()
    transactions_import(user=alice, file_name="quicken.qif", content=samples.statement_qif())
    rent = Transaction.objects.select_related("category").get(user=alice, amount=Decimal("-1200.00"))
    assert rent.category is not None and rent.category.name == "Rent"


def test_bad_qif_row_is_reported_with_its_line(alice):
    qif = samples.statement_qif().replace(b"T-15.49", b"Tfifteen")
    with pytest.raises(DomainError) as exc:
        transactions_import(user=alice, file_name="quicken.qif", content=qif)
    assert exc.value.code == "import_failed"
    [error] = exc.value.details["errors"]
    assert error["field"] == "amount" and error["line"] > 1
    assert Transaction.objects.filter(user=alice).count() == 0


@pytest.mark.parametrize(("file_name", "content", "detected"), [
    ("statement.ods", "ods", "OpenDocument spreadsheet"),
    ("camt054.xml", b'<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02">'
                    b"<BkToCstmrDbtCdtNtfctn/></Document>", "CAMT.054"),
    ("interim.sta", b":20:X\r\n:25:NWBKGB2L/1\r\n:28C:1\r\n:34F:EUR0,\r\n:13D:2603201200+0100\r\n", "MT942"),
    ("statement.pdf", b"%PDF-1.4 this is not really a pdf", "damaged"),
])
def test_unreadable_format_names_what_it_detected_and_what_is_supported(alice, alice_client, file_name, content,
                                                                        detected):
    if content == "ods":
        import io
        import zipfile

        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w") as archive:
            archive.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
            archive.writestr("content.xml", "<office:document-content/>")
        content = buffer.getvalue()
    response = alice_client.post(IMPORT_URL, {"file": SimpleUploadedFile(file_name, content)}, format="multipart")
    assert response.status_code == 400, response.content
    message = response.json()["error"]["message"]
    assert detected in message
    if detected != "damaged":
        assert response.json()["error"]["code"] == "unsupported_format"
        for supported in ("CSV", "OFX", "QIF", "CAMT.053", "MT940", "XLSX", "PDF"):
            assert supported in message
    assert Transaction.objects.filter(user=alice).count() == 0


def test_web_import_page_takes_a_pdf_statement(alice):
    from django.test import Client

    client = Client()
    client.force_login(alice)
    response = client.post("/transactions/import/",
                           {"file": SimpleUploadedFile("march.pdf", samples.statement_pdf())})
    assert response.status_code == 302  # to the preview: nothing stored yet
    assert not Transaction.objects.filter(user=alice).exists()
    assert f"Import {len(samples.TRANSACTIONS)} rows" in client.get(response["Location"]).content.decode()
    client.post(response["Location"] + "confirm/", {"account": "new", "account_name": "Current account"})
    assert Transaction.objects.filter(user=alice).count() == len(samples.TRANSACTIONS)
