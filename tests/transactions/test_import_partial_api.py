"""API: import the good rows of an imperfect file (preview → import readable rows → download the rest), a balance
mismatch is a warning with "import anyway", abandoned previews leave the history, bad input fails at preview
without leaving an account behind, and bob sees none of it."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from transactions.models import Account, BalanceCheckpoint, ImportBatch, Transaction

pytestmark = pytest.mark.django_db

URL = "/api/v1/transactions/imports/"
THIRTY = "Date,Description,Amount\n" + "".join(
    f"2026-03-{day:02d},SHOP {day},-{day}.00\n" if day not in (7, 19) else f"2026-03-{day:02d},BROKEN {day},n/a\n"
    for day in range(1, 31))


def _preview(client, name: str, content: bytes):
    return client.post(URL + "preview/", {"file": SimpleUploadedFile(name, content)}, format="multipart")


def test_readable_rows_are_imported_and_the_rest_downloaded(alice_client, alice, bob_client):
    r = _preview(alice_client, "march.csv", THIRTY.encode())
    assert r.status_code == 201, r.content
    body = r.json()
    preview = body["preview"]
    # 30 rows: 28 readable, 2 unreadable (lines 8 and 20 of the file), counted exactly.
    assert (preview["rows_total"], preview["rows_readable"], preview["rows_unreadable"]) == (30, 28, 2)
    assert [(e["line"], e["field"]) for e in preview["errors"]] == [(8, "amount"), (20, "amount")]
    pk = body["id"]
    refused = alice_client.post(f"{URL}{pk}/confirm/", {"account_name": "Everyday"}, format="json")
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "bad_rows"
    assert not Account.objects.filter(user=alice).exists()
    assert bob_client.post(f"{URL}{pk}/confirm/", {"account_name": "Mine", "skip_bad_rows": True},
                           format="json").status_code == 404
    done = alice_client.post(f"{URL}{pk}/confirm/", {"account_name": "Everyday", "skip_bad_rows": True},
                             format="json")
    assert done.status_code == 200, done.content
    result = done.json()
    assert (result["status"], result["rows_created"], result["error_count"]) == ("imported", 28, 2)
    assert Transaction.objects.filter(user=alice).count() == 28
    rest = alice_client.get(f"{URL}{pk}/unreadable.csv")
    assert rest.status_code == 200 and rest["Content-Type"].startswith("text/csv")
    lines = rest.content.decode().splitlines()
    assert lines[0] == "line,field,problem,Date,Description,Amount"
    assert [line.split(",")[0] for line in lines[1:]] == ["8", "20"]
    assert lines[1].endswith("2026-03-07,BROKEN 7,n/a")
    assert bob_client.get(f"{URL}{pk}/unreadable.csv").status_code == 404
    assert not Transaction.objects.filter(user__username="bob").exists()


MT940 = (":20:S\n:25:NL01BANK0123456789\n:28C:1\n:60F:C260301EUR100,00\n"
         ":61:2603020302D30,00NMSCNONREF\n:86:Coffee\n:62F:C260302EUR{closing}\n")


def test_a_balance_mismatch_is_a_warning_naming_the_statement_with_import_anyway(alice_client, alice):
    r = _preview(alice_client, "march.sta", MT940.format(closing="80,00").encode())
    assert r.status_code == 201, r.content
    preview = r.json()["preview"]
    [problem] = preview["balance_problems"]
    assert "statement 1" in problem["reason"] and problem["difference"] == "10.00"
    assert "do not add up" in preview["balance_text"] and "anyway" in preview["balance_text"]
    pk = r.json()["id"]
    refused = alice_client.post(f"{URL}{pk}/confirm/", {"account_name": "Current"}, format="json")
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "balance_mismatch"
    done = alice_client.post(f"{URL}{pk}/confirm/", {"account_name": "Current", "accept_balance_mismatch": True},
                             format="json").json()
    assert done["status"] == "imported" and done["rows_created"] == 1
    assert done["result"]["balances"][0]["opening"] == "100.00" and done["result"]["balances"][0]["closing"] == "80.00"
    # The statement's closing balance is the ledger's checkpoint for the account at the end of that day.
    checkpoint = BalanceCheckpoint.objects.get(user=alice)
    assert (checkpoint.account.name, checkpoint.date.isoformat(), str(checkpoint.balance)) == (
        "Current", "2026-03-02", "80.00")
    good = _preview(alice_client, "april.sta", MT940.format(closing="70,00").encode())
    assert good.json()["preview"]["balance_problems"] == []


def test_a_balance_column_gives_the_closing_checkpoint(alice_client, alice):
    text = b"Date,Description,Amount,Balance\n2026-03-02,B,-2.00,96.00\n2026-03-01,A,-2.00,98.00\n"
    pk = _preview(alice_client, "newest-first.csv", text).json()["id"]
    done = alice_client.post(f"{URL}{pk}/confirm/", {"account_name": "Daily"}, format="json").json()
    assert done["status"] == "imported"
    checkpoint = BalanceCheckpoint.objects.get(user=alice)
    assert (checkpoint.date.isoformat(), str(checkpoint.balance)) == ("2026-03-02", "96.00")


def test_abandoned_previews_expire_and_leave_the_history(alice_client, alice):
    from transactions.services import import_previews_expire

    old = _preview(alice_client, "old.csv", b"Date,Description,Amount\n2026-03-01,A,-1\n").json()["id"]
    fresh = _preview(alice_client, "new.csv", b"Date,Description,Amount\n2026-03-02,B,-2\n").json()["id"]
    ImportBatch.objects.filter(id=old).update(created_at=timezone.now() - timedelta(days=2))
    listed = [b["id"] for b in alice_client.get(URL).json()]
    assert old not in listed and fresh in listed
    assert import_previews_expire() == 1
    assert not ImportBatch.objects.filter(id=old).exists() and ImportBatch.objects.filter(id=fresh).exists()


CAMT = ('<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>'
        '<Stmt><Id>S1</Id><Ntry><Amt Ccy="{ccy}">{amount}</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts>'
        '<BookgDt><Dt>2026-03-01</Dt></BookgDt><AddtlNtryInf>Coffee</AddtlNtryInf></Ntry></Stmt>'
        '</BkToCstmrStmt></Document>')


@pytest.mark.parametrize(("ccy", "amount", "words"), [
    ("EURO", "3.00", "3-letter"), ("EUR", "1e30", "not a number"), ("EUR", "NaN", "not a number"),
    ("EUR", "1e999", "not a number"),
])
def test_bad_camt_fails_at_preview_in_words_and_leaves_no_account(alice_client, alice, ccy, amount, words):
    r = _preview(alice_client, "bad.xml", CAMT.format(ccy=ccy, amount=amount).encode())
    assert r.status_code == 400, r.content
    error = r.json()["error"]
    assert words in error["message"] and "Error" not in error["message"]
    assert not Account.objects.filter(user=alice).exists() and not Transaction.objects.filter(user=alice).exists()


@pytest.mark.parametrize(("name", "content"), [
    ("nul.csv", b"Da\x00te,Description,Amount\n2026-03-01,A,-1\n"),
    ("broken.xls", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x01" * 600),
    ("cut.sta", b":20:S\n:25:NL01\n:28C:1\n:60F:C260301EUR100,00\n:61:26030"),
    ("big.ofx", b"OFXHEADER:100\n<OFX><STMTRS><CURDEF>USD<BANKTRANLIST><STMTTRN><DTPOSTED>20260301"
                b"<TRNAMT>1e999<NAME>X</STMTTRN></BANKTRANLIST></STMTRS></OFX>"),
])
def test_inputs_that_used_to_crash_are_refused_in_words(alice_client, name, content):
    r = _preview(alice_client, name, content)
    assert r.status_code == 400, r.content
    message = r.json()["error"]["message"]
    assert "Traceback" not in message and "object at 0x" not in message and "Error" not in message


def test_a_repeated_date_field_is_refused_in_words(alice_client):
    r = alice_client.post(URL + "preview/", {"file": SimpleUploadedFile("a.csv", b"Date,Description,Amount\n"
                                                                                 b"01/03/2026,A,-1\n"),
                                              "date_format": "%Y%Y"}, format="multipart")
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_date_format"
