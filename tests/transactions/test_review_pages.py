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


def test_review_page_bulk_files_the_ticked_rows_and_a_decision_offers_the_same_for_lookalikes(web, alice, bob,
                                                                                             import_rows):
    import_rows(alice, [("2026-02-01", "QWOPLE 11 OSLO", "-4.00", ""), ("2026-02-02", "QWOPLE 11 OSLO", "-4.00", ""),
                        ("2026-02-03", "QWOPLE 12 BERGEN", "-6.00", ""), ("2026-02-04", "QWOPLE 13 OSLO", "-2.00",
                                                                           "Shopping"),
                        ("2026-02-05", "ZZYZX KIOSK 9", "-1.00", ""), ("2026-02-06", "YYQQ 8", "-2.00", "")])
    import_rows(bob, [("2026-02-01", "BOBBINS 1", "-1.00", "")])
    rows = {t.description + t.date.isoformat(): t for t in Transaction.objects.filter(user=alice)}
    page = web.get("/transactions/review/").content.decode()
    assert 'id="review-bulk"' in page and 'form="review-bulk"' in page
    kiosk, yyqq = rows["ZZYZX KIOSK 92026-02-05"], rows["YYQQ 82026-02-06"]
    bobs = Transaction.objects.get(user=bob)
    answer = web.post("/transactions/review/bulk/", {"ids": [kiosk.id, bobs.id], "action": "pick",
                                                     "category": "Travel"}, follow=True).content.decode()
    assert f"Transactions {bobs.id} not found" not in answer and f"Transaction {bobs.id} not found." in answer
    assert Transaction.objects.get(id=kiosk.id).category_id is None
    answer = web.post("/transactions/review/bulk/", {"ids": [kiosk.id, yyqq.id], "action": "pick",
                                                     "category": "Travel"}, follow=True).content.decode()
    assert "2 transactions filed as Travel." in answer
    assert set(Transaction.objects.filter(id__in=[kiosk.id, yyqq.id]).values_list("category__name", flat=True)) == {
        "Travel"}

    first = rows["QWOPLE 11 OSLO2026-02-01"]
    body = web.post(f"/transactions/{first.id}/review/", {"category": "Dining"}, HTTP_HX_REQUEST="true"
                    ).content.decode()
    assert ("3 other transactions look like this one (2 with the same description, 1 more from Qwople). Filing them "
            "as Dining changes 2 (2 not filed yet). You filed 1 yourself (1 as Shopping); they stay as they are "
            "unless you include them.") in body
    assert "File the 2 as Dining" in body and "Also change the 1 I filed myself" in body
    answer = web.post(f"/transactions/{first.id}/review/similar/", {"category": "Dining"},
                      follow=True).content.decode()
    assert "Filed 2 more transactions as Dining. 1 you had filed yourself stayed as it was." in answer
    assert Transaction.objects.get(id=rows["QWOPLE 13 OSLO2026-02-04"].id).category.name == "Shopping"
    assert web.post(f"/transactions/{bobs.id}/review/similar/", {"category": "Dining"}).status_code == 404
