"""REST API: CRUD of own objects, import upload, search/analytics endpoints; bob gets 404 on alice's objects."""
from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from transactions.models import CategorisationRule, Jar, Subscription, Transaction

pytestmark = pytest.mark.django_db
BASE = "/api/v1/transactions/"


def _upload(client, text: str, name="s.csv", **extra):
    return client.post(BASE + "imports/", {"file": SimpleUploadedFile(name, text.encode()), **extra},
                       format="multipart")


def test_requires_auth(api_client):
    assert api_client.get(BASE).status_code in (401, 403)


def test_import_upload_returns_batch_report_and_errors(alice_client):
    ok = _upload(alice_client, "Date,Description,Amount\n2026-03-01,STARBUCKS STORE #1,-4.50\n")
    assert ok.status_code == 201
    assert ok.json()["rows_created"] == 1 and ok.json()["status"] == "imported"
    bad = _upload(alice_client, "Date,Description,Amount\n2026-03-01,A,-1\n2026-03-02,B,xx\n", name="bad.csv")
    assert bad.status_code == 400
    err = bad.json()["error"]
    # each unreadable row comes back with its line, field, reason and the row's own cells (for the error file)
    assert err["code"] == "import_failed" and err["details"]["errors"] == [
        {"line": 3, "field": "amount", "reason": "amount is not a number ('xx')", "raw": ["2026-03-02", "B", "xx"]}]
    ambiguous = _upload(alice_client, "Date,Description,Amount\n01/02/2026,A,-1\n")
    assert ambiguous.json()["error"]["code"] == "ambiguous_date_format"
    fixed = _upload(alice_client, "Date,Description,Amount\n01/02/2026,A,-1\n", date_format="MDY")
    assert fixed.status_code == 201
    assert Transaction.objects.get(description="A").date.isoformat() == "2026-01-02"
    assert len(alice_client.get(BASE + "imports/").json()) == 4


def test_transaction_crud_and_category_correction(alice_client, bob_client):
    created = alice_client.post(BASE, {"date": "2026-03-01", "description": "NEWSHOP 1", "amount": "-12.50"})
    assert created.status_code == 201
    tx_id = created.json()["id"]
    # Moneta suggests something for every row ("shop" is a seed word), never as the user's own choice
    assert created.json()["merchant"] == "Newshop" and created.json()["category_source"] in ("suggested", "none")
    assert alice_client.get(f"{BASE}{tx_id}/").json()["amount"] == -12.5
    patched = alice_client.patch(f"{BASE}{tx_id}/", {"notes": "gift"})
    assert patched.json()["notes"] == "gift"
    corrected = alice_client.post(f"{BASE}{tx_id}/category/", {"category": "Shopping"})
    assert corrected.json()["category"] == "Shopping" and corrected.json()["category_source"] == "user"
    rules = alice_client.get(BASE + "rules/").json()
    assert [(r["pattern"], r["category"], r["origin"]) for r in rules] == [("Newshop", "Shopping", "learned")]
    nxt = alice_client.post(BASE, {"date": "2026-03-02", "description": "NEWSHOP 2", "amount": "-3"}).json()
    assert nxt["category"] == "Shopping" and nxt["category_source"] == "rule"
    listing = alice_client.get(BASE, {"category": "Shopping"}).json()
    assert listing["count"] == 2
    # bob sees none of it
    for method, url, body in [("get", f"{BASE}{tx_id}/", None), ("patch", f"{BASE}{tx_id}/", {"notes": "x"}),
                              ("delete", f"{BASE}{tx_id}/", None),
                              ("post", f"{BASE}{tx_id}/category/", {"category": "Rent"})]:
        response = getattr(bob_client, method)(url, body) if body else getattr(bob_client, method)(url)
        assert response.status_code == 404, (method, url)
    assert bob_client.get(BASE).json()["count"] == 0
    assert alice_client.delete(f"{BASE}{tx_id}/").status_code == 204
    assert not Transaction.objects.filter(id=tx_id).exists()


def test_categories_rules_jars_crud_and_isolation(alice_client, bob_client):
    cat = alice_client.post(BASE + "categories/", {"name": "Pets", "kind": "expense"})
    assert cat.status_code == 201
    cat_id = cat.json()["id"]
    assert alice_client.post(BASE + "categories/", {"name": "pets"}).status_code == 400
    assert alice_client.patch(f"{BASE}categories/{cat_id}/", {"monthly_budget": "80"}).json()["monthly_budget"] == (
        "80.00")
    rule = alice_client.post(BASE + "rules/", {"pattern": "PETBARN", "category": "Pets", "match_type": "contains"})
    assert rule.status_code == 201
    rule_id = rule.json()["id"]
    assert alice_client.post(BASE + "rules/", {"pattern": "(", "category": "Pets",
                                               "match_type": "regex"}).status_code == 400
    jar = alice_client.post(BASE + "jars/", {"name": "Animals", "monthly_budget": "100", "categories": ["Pets"],
                                             "rollover": True}, format="json")
    assert jar.status_code == 201 and jar.json()["categories"] == ["Pets"]
    jar_id = jar.json()["id"]
    assert alice_client.patch(f"{BASE}jars/{jar_id}/", {"monthly_budget": "120"}, format="json").json()[
        "monthly_budget"] == "120.00"
    assert alice_client.get(BASE + "jars/status/").json()["rows"][0]["budget"] == 120.0
    for url in (f"{BASE}categories/{cat_id}/", f"{BASE}rules/{rule_id}/", f"{BASE}jars/{jar_id}/"):
        assert bob_client.get(url).status_code == 404
        assert bob_client.patch(url, {"name": "x"}, format="json").status_code == 404
        assert bob_client.delete(url).status_code == 404
    assert bob_client.get(BASE + "jars/status/").json()["rows"] == []
    assert alice_client.delete(f"{BASE}rules/{rule_id}/").status_code == 204
    assert alice_client.delete(f"{BASE}jars/{jar_id}/").status_code == 204
    assert not CategorisationRule.objects.filter(id=rule_id).exists() and not Jar.objects.filter(id=jar_id).exists()


def test_search_analytics_budgets_subscriptions_endpoints(alice, alice_client, bob_client, import_rows):
    from django.utils import timezone

    from core.periods import add_months
    today = timezone.localdate()
    import_rows(alice, [(add_months(today, -k).isoformat(), "NETFLIX.COM", "-15.49", "Subscriptions")
                        for k in range(5, -1, -1)] +
                [(add_months(today, -1).isoformat(), "AMZN MKTP US*1", "-150", "Shopping")])
    search = alice_client.get(BASE + "search/", {"q": "amazon over $100"}).json()
    assert search["count"] == 1 and search["filters"]["merchants"] == ["Amazon"]
    summary = alice_client.get(BASE + "analytics/summary/", {"period": "last_month"}).json()
    assert summary["total_spent"] == 165.49
    assert alice_client.get(BASE + "analytics/summary/", {"period": "nope"}).status_code == 400
    cat = alice_client.get(BASE + "analytics/category/", {"category": "Subscriptions"}).json()
    assert cat["total"] == round(15.49 * 6, 2) and cat["count"] == 6
    merchant = alice_client.get(BASE + "analytics/merchant/", {"merchant": "Netflix", "group_by_category": "true"})
    assert merchant.json()["rows"] == [{"category": "Subscriptions", "total": 92.94, "count": 6}]
    compare = alice_client.get(BASE + "analytics/compare/", {"categories": "Shopping,Subscriptions",
                                                            "periods": "last_month,this_month"}).json()
    assert compare["rows"][0]["category"] == "Shopping"
    assert alice_client.get(BASE + "budgets/suggestions/").status_code == 200
    accepted = alice_client.post(BASE + "budgets/accept/", {"category": "Shopping", "amount": "120"})
    assert accepted.json()["monthly_budget"] == "120.00"
    subs = alice_client.get(BASE + "subscriptions/").json()
    assert [s["merchant"] for s in subs["rows"]] == ["Netflix"]
    sub_id = subs["rows"][0]["id"]
    assert bob_client.post(f"{BASE}subscriptions/{sub_id}/confirm/").status_code == 404
    assert bob_client.post(f"{BASE}subscriptions/{sub_id}/dismiss/").status_code == 404
    assert alice_client.post(f"{BASE}subscriptions/{sub_id}/confirm/").json()["status"] == "confirmed"
    assert alice_client.post(f"{BASE}subscriptions/{sub_id}/dismiss/").json()["status"] == "dismissed"
    assert Subscription.objects.get(id=sub_id).status == "dismissed"
    assert bob_client.get(BASE + "search/", {"q": "netflix"}).json()["count"] == 0
    assert bob_client.get(BASE + "analytics/merchant/", {"merchant": "Netflix"}).status_code == 404
