"""The review page and the correction prompt, through Django's test client (HTMX requests as the browser sends)."""
from __future__ import annotations

import pytest
from django.test import Client

from transactions.models import Transaction

pytestmark = pytest.mark.django_db


@pytest.fixture
def web(alice):
    client = Client()
    client.force_login(alice)
    return client


def test_correction_offers_to_refile_past_rows_and_updates_rules_in_place(web, alice, import_rows):
    import_rows(alice, [("2026-01-02", "NEWSHOP 123 BERLIN", "-19.99", ""),
                        ("2026-01-09", "NEWSHOP 124 BERLIN", "-29.99", ""),
                        ("2026-01-10", "NEWSHOP 125 BERLIN", "-9.99", "")])
    first, second, third = Transaction.objects.filter(user=alice).order_by("date")
    body = web.post(f"/transactions/{first.id}/category/", {"category": "Entertainment", "list_query": ""},
                    HTTP_HX_REQUEST="true", HTTP_HX_TARGET="tx-results").content.decode()
    assert "2 earlier transactions from Newshop" in body and "Re-file 2" in body
    assert 'id="rules-section" hx-swap-oob="true"' in body and "Newshop" in body.split('id="rules-section"')[1]
    second.refresh_from_db()
    assert second.category_source != "user" and (second.category is None or second.category.name != "Entertainment")
    body = web.post(f"/transactions/{first.id}/category/", {"category": "Entertainment", "refile": "1",
                                                             "list_query": ""},
                    HTTP_HX_REQUEST="true", HTTP_HX_TARGET="tx-results").content.decode()
    assert "2 earlier transactions from Newshop re-filed as Entertainment" in body and "Re-file" not in body
    assert set(Transaction.objects.filter(user=alice).values_list("category__name", flat=True)) == {"Entertainment"}


def test_review_page_lists_unsure_rows_and_a_click_files_one(web, alice, bob, import_rows):
    import_rows(alice, [("2026-02-01", "XQZ 123", "-9.99", "")])
    import_rows(bob, [("2026-02-01", "XQZ 999", "-1", "")])
    tx = Transaction.objects.get(user=alice)
    page = web.get("/transactions/review/").content.decode()
    assert f'id="review-{tx.id}"' in page and "XQZ 999" not in page
    assert "1 transaction to review" in page
    answer = web.post(f"/transactions/{tx.id}/review/", {"category": "Health"}, HTTP_HX_REQUEST="true").content.decode()
    assert "Filed as <strong>Health</strong>. 0 left to review." in answer
    bobs = Transaction.objects.get(user=bob)
    assert web.post(f"/transactions/{bobs.id}/review/", {"category": "Health"}).status_code == 404
    assert "Nothing to review" in web.get("/transactions/review/").content.decode()
