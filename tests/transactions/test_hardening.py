"""Bad input that used to be a server error (or silently accepted) is a 400 naming the problem, nothing stored."""
from __future__ import annotations

import struct
import zlib
from datetime import date, timedelta

import pytest
from django.test import Client

from transactions import import_rows, importing, services
from transactions.models import CategorisationRule, Category, Jar, Transaction

pytestmark = pytest.mark.django_db

IMPORT_URL = "/api/v1/transactions/imports/"


def _png() -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    raw = b"\x00\xff\x00\x00" * 4
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def _upload(client, name: str, content: bytes, **extra):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return client.post(IMPORT_URL, {"file": SimpleUploadedFile(name, content), **extra}, format="multipart")


def _assert_400_nothing_stored(response, user, *, mentions: str):
    assert response.status_code == 400, response.content
    body = response.json()
    assert mentions.lower() in body["error"]["message"].lower(), body
    assert Transaction.objects.filter(user=user).count() == 0


@pytest.mark.parametrize("name,content,mentions", [
    ("statement.csv", _png(), "PNG"),
    ("statement.csv", bytes(range(256)) * 20, "binary"),
    ("statement.csv", b"Date,Description,Amount\n2026-03-01,COFFEE\rSHOP,-4.50\n2026-03-02,TEA,-2\n", "line"),
    ("statement.csv", b"Date,Description,Amount\n2026-03-01,COFFEE\x00SHOP,-4.50\n", "NUL"),
])
def test_unreadable_csv_is_a_400_naming_the_problem(alice, alice_client, name, content, mentions):
    response = _upload(alice_client, name, content)
    if response.status_code == 201:  # a bare CR may legitimately split a row: then it must still be sane
        pytest.fail(f"accepted: {response.json()}")
    _assert_400_nothing_stored(response, alice, mentions=mentions)


def test_bare_cr_line_endings_are_lines(alice):
    batch = services.transactions_import(user=alice, file_name="mac.csv",
                                         content=b"Date,Description,Amount\r2026-03-01,COFFEE,-4.50\r"
                                                 b"2026-03-02,TEA,-2\r")
    assert batch.rows_created == 2


def test_web_import_of_a_png_shows_the_problem(alice):
    from django.core.files.uploadedfile import SimpleUploadedFile

    client = Client()
    client.force_login(alice)
    response = client.post("/transactions/import/", {"file": SimpleUploadedFile("statement.csv", _png())})
    assert response.status_code == 200
    assert b"PNG image" in response.content
    assert Transaction.objects.filter(user=alice).count() == 0


def test_utf16_csv_is_read(alice):
    text = "Date,Description,Amount\n2026-03-01,CAFÉ NOIR,-4.50\n"
    for encoded in (text.encode("utf-16"), text.encode("utf-16-le")):
        Transaction.objects.filter(user=alice).delete()
        batch = services.transactions_import(user=alice, file_name="u16.csv", content=encoded)
        assert batch.rows_created == 1
    assert Transaction.objects.get(user=alice).description == "CAFÉ NOIR"


def test_far_future_dates_are_refused_and_cannot_break_later_imports(alice, alice_client):
    rows = b"".join(b"9999-%02d-15,NETFLIX.COM,-15.49\n" % m for m in (10, 11, 12))
    response = _upload(alice_client, "future.csv", b"Date,Description,Amount\n" + rows)
    _assert_400_nothing_stored(response, alice, mentions="plausible")
    assert [e["field"] for e in response.json()["error"]["details"]["errors"]] == ["date"] * 3
    # Rows like these stored before the check (or by an old version) must not break imports/detection.
    merchant = import_rows.merchants_ensure(user=alice, descriptions=["NETFLIX.COM"])["NETFLIX.COM"][0]
    for m in (10, 11, 12):
        Transaction.objects.create(user=alice, date=date(9999, m, 15), description="NETFLIX.COM", amount=-15.49,
                                   currency="USD", merchant_id=merchant, fingerprint=f"legacy-{m}")
    services.subscriptions_detect(user=alice)
    batch = services.transactions_import(user=alice, file_name="ok.csv",
                                         content=b"Date,Description,Amount\n2026-03-01,NETFLIX.COM,-15.49\n")
    assert batch.rows_created == 1


def test_import_survives_a_failing_subscription_detection(alice, monkeypatch):
    def broken(**kwargs):
        raise OverflowError("year 10000 is out of range")

    monkeypatch.setattr(importing, "subscriptions_detect", broken)
    batch = services.transactions_import(user=alice, file_name="ok.csv",
                                         content=b"Date,Description,Amount\n2026-03-01,COFFEE,-4.50\n")
    assert batch.rows_created == 1 and Transaction.objects.filter(user=alice).count() == 1


@pytest.mark.parametrize("day", ["0001-01-01", "9999-12-15", (date.today() + timedelta(days=800)).isoformat()])
def test_api_refuses_implausible_dates(alice, alice_client, day):
    response = alice_client.post("/api/v1/transactions/", {"date": day, "description": "Coffee", "amount": "-3"})
    assert response.status_code == 400 and response.json()["error"]["details"].get("date"), response.content
    assert Transaction.objects.filter(user=alice).count() == 0


@pytest.mark.parametrize("priority", [2**31, 2**63, -1])
def test_rule_priority_out_of_range_is_a_400(alice, alice_client, priority):
    services.categories_ensure_defaults(user=alice)
    response = alice_client.post("/api/v1/transactions/rules/", {"pattern": "coffee", "category": "Dining",
                                                                 "priority": priority})
    assert response.status_code == 400 and "priority" in response.json()["error"]["message"]
    assert not CategorisationRule.objects.filter(user=alice).exists()
    rule = services.rule_create(user=alice, pattern="tea", category="Dining", apply=False)
    response = alice_client.patch(f"/api/v1/transactions/rules/{rule.id}/", {"priority": priority})
    assert response.status_code == 400
    with pytest.raises(services.DomainError):
        services.rule_update(user=alice, rule_id=rule.id, priority=priority, apply=False)


@pytest.mark.parametrize("month", ["2026-13", "0000-01", "2026-00", "9999-01"])
def test_jar_status_bad_month_is_a_400(alice_client, month):
    response = alice_client.get("/api/v1/transactions/jars/status/", {"month": month})
    assert response.status_code == 400 and "month" in response.json()["error"]["message"]


def test_jar_status_good_month(alice_client):
    response = alice_client.get("/api/v1/transactions/jars/status/", {"month": "2026-02"})
    assert response.status_code == 200


def test_currency_must_be_a_code(alice, alice_client):
    response = alice_client.post("/api/v1/transactions/", {"date": "2026-03-01", "description": "Coffee",
                                                           "amount": "-3", "currency": "1$"})
    assert response.status_code == 400 and "currency" in response.json()["error"]["message"]
    response = alice_client.post("/api/v1/transactions/", {"date": "2026-03-01", "description": "Coffee",
                                                           "amount": "-3", "currency": "eur"})
    assert response.status_code == 201 and response.json()["currency"] == "EUR"


def test_manual_transaction_with_unknown_category_is_refused(alice, alice_client):
    services.categories_ensure_defaults(user=alice)
    before = Category.objects.filter(user=alice).count()
    response = alice_client.post("/api/v1/transactions/", {"date": "2026-03-01", "description": "Coffee",
                                                           "amount": "-3", "category": "Dinning"})
    assert response.status_code == 400
    assert "Dining" in response.json()["error"]["message"]  # the suggestion
    assert Category.objects.filter(user=alice).count() == before and not Transaction.objects.filter(user=alice)


def test_near_miss_category_is_not_guessed_for_jars_and_budgets(alice, alice_client):
    services.categories_ensure_defaults(user=alice)
    response = alice_client.post("/api/v1/transactions/jars/", {"name": "Fun", "monthly_budget": "50",
                                                                "categories": ["Entertainmen"]}, format="json")
    assert response.status_code == 400 and "Entertainment" in response.json()["error"]["message"]
    assert not Jar.objects.filter(user=alice).exists()
    response = alice_client.post("/api/v1/transactions/budgets/accept/", {"category": "Groceriez", "amount": "300"})
    assert response.status_code == 400
    assert Category.objects.get(user=alice, name="Groceries").monthly_budget is None


@pytest.mark.parametrize("url", ["/api/v1/transactions/", "/api/v1/transactions/analytics/summary/",
                                 "/api/v1/transactions/analytics/category/?category=Dining"])
def test_start_after_end_is_a_400(alice_client, url):
    sep = "&" if "?" in url else "?"
    response = alice_client.get(f"{url}{sep}start=2026-03-01&end=2026-02-01")
    assert response.status_code == 400 and "start" in response.json()["error"]["message"]


def test_web_transactions_page_says_start_after_end(alice):
    client = Client()
    client.force_login(alice)
    page = client.get("/transactions/", {"start": "2026-03-01", "end": "2026-02-01"}).content.decode()
    assert "is after the end date" in page


def test_services_refuse_implausible_dates_too(alice):
    with pytest.raises(services.DomainError, match="plausible"):
        services.transaction_create(user=alice, date=date(1, 1, 1), description="Coffee", amount="-3")
    tx = services.transaction_create(user=alice, date=date(2026, 3, 1), description="Coffee", amount="-3")
    with pytest.raises(services.DomainError, match="plausible"):
        services.transaction_update(user=alice, transaction_id=tx.id, date=date(9999, 1, 1))
    tx.refresh_from_db()
    assert tx.date == date(2026, 3, 1)


def test_every_statement_format_gets_the_date_and_nul_checks(alice):
    qif = b"!Type:Bank\nD10/15/9999\nT-15.49\nPNETFLIX.COM\n^\nD03/01/2026\nT-4.50\nPCOFFEE\x00SHOP\n^\n"
    with pytest.raises(services.DomainError) as exc:
        services.transactions_import(user=alice, file_name="s.qif", content=qif, date_format="MDY")
    fields = sorted(e["field"] for e in exc.value.details["errors"])
    assert fields == ["date", "description"] and not Transaction.objects.filter(user=alice).exists()
