"""Transactions page: list, filters, NL search, category correction, import with a per-row error report."""
from __future__ import annotations

import pytest

from tests.web.conftest import months_back, statement_csv

pytestmark = pytest.mark.django_db


def test_login_required(client):
    for url in ("/transactions/", "/transactions/import/", "/jars/", "/subscriptions/", "/"):
        response = client.get(url)
        assert response.status_code == 302 and response["Location"].startswith("/login/?next="), url


def test_list_shows_own_transactions_with_paging(alice_web, alice_data):
    page = alice_web.get("/transactions/").content.decode()
    assert "STARBUCKS STORE #1234 SEATTLE" in page
    assert "25 transactions" in page
    one = alice_web.get("/transactions/?category=Groceries").content.decode()
    assert "5 transactions" in one and "STARBUCKS" not in one and "Filters:</strong> category: Groceries" in one


def test_paging_keeps_filters(alice_web, alice, alice_data, monkeypatch):
    from transactions.web import views

    monkeypatch.setattr(views, "PAGE_SIZE", 4)
    second = alice_web.get("/transactions/?category=Dining&page=2", HTTP_HX_REQUEST="true",
                           HTTP_HX_TARGET="tx-results").content.decode()
    assert "<html" not in second  # an htmx request gets only the results fragment
    assert "Page 2 of 3" in second  # 10 Dining rows, 4 a page
    assert second.count('<tr id="tx-') == 4
    assert 'href="?category=Dining&amp;page=1"' in second and 'href="?category=Dining&amp;page=3"' in second


def test_nl_search_shows_understood_filters_and_matching_rows(alice_web, alice_data):
    page = alice_web.get("/transactions/", {"q": "starbucks under 5"}).content.decode()
    assert "Moneta understood:" in page
    assert "Starbucks · under 5" in page
    assert "−$4.50" in page and "−$6.25" not in page and "WOOLWORTHS" not in page


def test_unknown_merchant_filter_is_a_clear_error(alice_web, alice_data):
    page = alice_web.get("/transactions/", {"merchant": "Nowhere Ltd"}).content.decode()
    assert "No transactions from a merchant called" in page and "0 transactions" in page


def test_category_correction_teaches_moneta(alice_web, alice, alice_data):
    from transactions import services
    from transactions.models import Transaction

    tx = Transaction.objects.filter(user=alice, description__startswith="STARBUCKS").order_by("date").first()
    response = alice_web.post(f"/transactions/{tx.id}/category/", {"category": "Groceries", "list_query": "q=starbucks"},
                              HTTP_HX_REQUEST="true", HTTP_HX_TARGET="tx-results")
    body = response.content.decode()
    assert response.status_code == 200
    assert "Moneta learned" in body and "Starbucks" in body and "future imports" in body
    # the next import from that merchant follows the correction
    batch = services.transactions_import(user=alice, file_name="next.csv", content=statement_csv(
        [(months_back(0, 20), "STARBUCKS STORE #9999 PORTLAND", "-3.10", "")]))
    assert batch.rows_created == 1
    new = Transaction.objects.get(user=alice, description="STARBUCKS STORE #9999 PORTLAND")
    assert new.category.name == "Groceries"


def test_import_success_and_bad_row_report(alice_web, alice):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from tests.web.test_import_pages import import_through_page
    from transactions.models import Transaction

    page = import_through_page(alice_web, "good.csv", statement_csv([(months_back(0, 2), "UBER TRIP", "-12.00", "")]))
    assert "Imported good.csv into Main:" in page and "1 new transaction" in page
    bad = SimpleUploadedFile("bad.csv", b"Date,Description,Amount\n2025-01-02,COFFEE,-3.00\n2025-01-03,TEA,abc\n")
    page = alice_web.post("/transactions/import/", {"file": bad}, HTTP_HX_REQUEST="true").content.decode()
    # an unreadable row no longer refuses the file: the preview names it and offers the readable rows
    assert "line 3" in page and "Import 1 readable row" in page
    assert Transaction.objects.filter(user=alice).count() == 1
    missing = alice_web.post("/transactions/import/", {}).content.decode()
    assert "Choose a CSV, OFX or QFX file" in missing


def test_other_users_transaction_is_404(bob_web, alice, alice_data, bob_data):
    from transactions.models import Transaction

    tx = Transaction.objects.filter(user=alice).first()
    response = bob_web.post(f"/transactions/{tx.id}/category/", {"category": "Dining"})
    assert response.status_code == 404
    page = bob_web.get("/transactions/", {"q": "starbucks"}).content.decode()
    assert "STARBUCKS" not in page and "BOBS SECRET BAKERY" not in page  # no match for bob's query either
    assert "BOBS SECRET BAKERY" in bob_web.get("/transactions/").content.decode()


def test_learned_rule_is_listed_and_can_be_changed_or_forgotten(alice_web, bob_web, alice, alice_data):
    from transactions.models import CategorisationRule, Transaction

    tx = Transaction.objects.filter(user=alice, description__startswith="NETFLIX").first()
    alice_web.post(f"/transactions/{tx.id}/category/", {"category": "Entertainment"})
    rule = CategorisationRule.objects.get(user=alice, pattern__iexact="Netflix")
    page = alice_web.get("/transactions/").content.decode()
    assert f'id="rule-{rule.id}"' in page and "learned from you" in page
    assert bob_web.post(f"/transactions/rules/{rule.id}/", {"action": "forget"}).status_code == 404
    alice_web.post(f"/transactions/rules/{rule.id}/", {"action": "save", "category": "Subscriptions"})
    rule.refresh_from_db()
    assert rule.category.name == "Subscriptions"
    response = alice_web.post(f"/transactions/rules/{rule.id}/", {"action": "forget"}, follow=True)
    assert "Moneta forgot that rule" in response.content.decode()
    assert not CategorisationRule.objects.filter(id=rule.id).exists()


def test_ofx_import_and_ambiguous_dates_ask_for_the_format(alice_web, alice):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from tests.transactions.test_import import OFX
    from tests.web.test_import_pages import import_through_page
    from transactions.models import Transaction

    page = import_through_page(alice_web, "feb.qfx", OFX)
    assert "Imported feb.qfx into Main:" in page and "2 new transactions" in page
    again = import_through_page(alice_web, "feb.qfx", OFX)
    assert "0 new transactions" in again and "2 already imported" in again
    ambiguous = b"Date,Description,Amount\n03/04/2026,CAFE,-3.00\n05/06/2026,BAKERY,-4.00\n"
    page = alice_web.post("/transactions/import/", {"file": SimpleUploadedFile("spring.csv", ambiguous)},
                          HTTP_HX_REQUEST="true").content.decode()
    assert "choose below" in page and Transaction.objects.filter(user=alice).count() == 2
    page = import_through_page(alice_web, "spring.csv", ambiguous, date_format="DMY")
    assert "2 new transactions" in page
    assert Transaction.objects.get(user=alice, description="CAFE").date.isoformat() == "2026-04-03"
