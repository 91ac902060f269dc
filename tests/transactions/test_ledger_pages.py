"""The ledger pages through Django's test client: accounts with balances and reconciliation, add → edit →
delete → undo, split, transfers, bulk, duplicates, categories and jars; bob gets 404 and sees none of it."""
from __future__ import annotations

import pytest
from django.test import Client

from transactions import services
from transactions.models import Transaction

pytestmark = pytest.mark.django_db


def _client(user):
    c = Client()
    c.force_login(user)
    return c


@pytest.fixture
def web(alice):
    return _client(alice)


@pytest.fixture
def bob_web(bob):
    return _client(bob)


def test_accounts_page_balances_reconciliation_and_home(web, bob_web, alice):
    r = web.post("/accounts/", {"name": "Visa card", "kind": "credit_card", "opening_balance": "-100",
                                "opening_date": "2026-10-01"}, follow=True)
    assert "Account Visa card created." in r.content.decode()
    acct = alice.tx_accounts.get()
    services.transaction_create(user=alice, date="2026-11-04", description="BOOKSHOP", amount="-12.40",
                                account_id=acct.id)
    web.post(f"/accounts/{acct.id}/", {"action": "checkpoint", "date": "2026-11-30", "balance": "-100"})
    body = web.get("/accounts/").content.decode()
    assert "−$112.40" in body and "Visa card differs from your statement by $12.40 since 1 Oct 2026" in body
    assert "BOOKSHOP" in body and "Net worth" in body
    home = web.get("/").content.decode()
    assert 'id="home-balances"' in home and "−$112.40" in home
    assert "Visa card" not in bob_web.get("/accounts/").content.decode()
    assert bob_web.post(f"/accounts/{acct.id}/", {"action": "archive"}).status_code == 404
    assert "Visa card" not in bob_web.get("/").content.decode()
    listing = web.get(f"/transactions/?account={acct.id}").content.decode()
    assert "BOOKSHOP" in listing and "account: Visa card" in listing


def test_add_edit_delete_undo_and_recently_deleted(web, bob_web, alice):
    r = web.post("/transactions/new/", {"date": "2026-11-20", "description": "Cash for market", "amount": "-25",
                                        "category": "Groceries"}, follow=True)
    assert "Added Cash for market." in r.content.decode()
    tx = Transaction.objects.get(user=alice)
    assert bob_web.get(f"/transactions/{tx.id}/edit/").status_code == 404
    assert bob_web.post(f"/transactions/{tx.id}/delete/").status_code == 404
    web.post(f"/transactions/{tx.id}/edit/", {"date": "2026-11-21", "description": "Farmers market",
                                              "amount": "-27.50", "merchant": "Farmers Market",
                                              "category": "Groceries", "notes": "eggs", "account_id": ""})
    tx.refresh_from_db()
    assert (str(tx.amount), tx.description, tx.merchant.name, tx.notes) == ("-27.50", "Farmers market",
                                                                           "Farmers Market", "eggs")
    r = web.post(f"/transactions/{tx.id}/delete/", follow=True)
    body = r.content.decode()
    assert 'id="undo-delete"' in body and "Deleted 1 transaction." in body
    assert not Transaction.objects.filter(id=tx.id).exists()
    assert "Farmers market" in web.get("/transactions/deleted/").content.decode()
    assert "Farmers market" not in bob_web.get("/transactions/deleted/").content.decode()
    group = services.deleted_list(user=alice)[0]["group"]
    assert bob_web.post(f"/transactions/deleted/{group}/undo/").status_code == 404
    r = web.post(f"/transactions/deleted/{group}/undo/", follow=True)
    assert "Restored 1 transaction." in r.content.decode() and Transaction.objects.filter(id=tx.id).exists()


def test_add_and_edit_read_the_form_the_same_way(web, alice, bob):
    # One reading of the transaction form for add and edit: an account that is not one of the user's is refused
    # in words by both, and the edit leaves the row's account as it was (it used to clear it).
    acct = services.account_create(user=alice, name="Wallet", kind="cash")
    bobs = services.account_create(user=bob, name="Bob cash", kind="cash")
    r = web.post("/transactions/new/", {"date": "2026-11-20", "description": "Cash", "amount": "-5",
                                        "account_id": "wallet"}, follow=True)
    assert "Account: pick one of your accounts." in r.content.decode() and not Transaction.objects.filter(
        user=alice).exists()
    r = web.post("/transactions/new/", {"date": "2026-11-20", "description": "Cash", "amount": "-5",
                                        "account_id": str(bobs.id)}, follow=True)
    assert "not found" in r.content.decode() and not Transaction.objects.exists()
    web.post("/transactions/new/", {"date": "2026-11-20", "description": "Cash", "amount": "-5",
                                    "account_id": str(acct.id), "merchant": ""})
    tx = Transaction.objects.get(user=alice)
    assert tx.account_id == acct.id
    r = web.post(f"/transactions/{tx.id}/edit/", {"amount": "-6", "account_id": "wallet"}, follow=True)
    tx.refresh_from_db()
    assert "Account: pick one of your accounts." in r.content.decode()
    assert (tx.account_id, str(tx.amount)) == (acct.id, "-5.00")
    web.post(f"/transactions/{tx.id}/edit/", {"account_id": ""})
    tx.refresh_from_db()
    assert tx.account_id is None


def test_split_transfer_bulk_duplicates_categories_and_jars(web, bob_web, alice):
    tx = services.transaction_create(user=alice, date="2026-11-05", description="COSTCO", amount="-120")
    r = web.post(f"/transactions/{tx.id}/split/", {"part_category": ["Groceries", "Shopping"],
                                                   "part_amount": ["-100", "-10"]}, follow=True)
    assert "must sum" in r.content.decode()
    r = web.post(f"/transactions/{tx.id}/split/", {"part_category": ["Groceries", "Shopping"],
                                                   "part_amount": ["-100", "-20"]}, follow=True)
    assert "Split into 2 parts." in r.content.decode() and Transaction.objects.filter(user=alice).count() == 2
    a = services.account_create(user=alice, name="Checking")
    b = services.account_create(user=alice, name="Savings", kind="savings")
    out = services.transaction_create(user=alice, date="2026-11-06", description="Move", amount="-300",
                                      account_id=a.id)
    into = services.transaction_create(user=alice, date="2026-11-06", description="Arrive", amount="300",
                                       account_id=b.id)
    page = web.get(f"/transactions/{out.id}/edit/").content.decode()
    assert f'value="{into.id}"' in page
    assert bob_web.post(f"/transactions/{out.id}/transfer/", {"other_id": into.id}).status_code == 404
    r = web.post(f"/transactions/{out.id}/transfer/", {"other_id": into.id}, follow=True)
    assert "Paired as a transfer" in r.content.decode() and 'id="transfer-note"' in r.content.decode()
    assert 'data-testid="transfer-badge"' in web.get("/transactions/").content.decode()
    r = web.post("/transactions/bulk/", {"ids": [out.id, into.id], "action": "move", "account_id": str(a.id)},
                 follow=True)
    assert "Updated 2 transactions." in r.content.decode()
    r = _client(alice).post("/transactions/bulk/", {"ids": [out.id], "action": "delete"}, follow=True)
    assert 'id="undo-delete"' in r.content.decode()
    services.transaction_create(user=alice, date="2026-11-07", description="RENT", amount="-900", account_id=a.id)
    services.transaction_create(user=alice, date="2026-11-08", description="RENT", amount="-900", account_id=b.id)
    assert "Delete the second one" in web.get("/transactions/duplicates/").content.decode()
    assert 'id="no-duplicates"' in bob_web.get("/transactions/duplicates/").content.decode()
    r = web.post("/categories/", {"action": "create", "name": "Kids"}, follow=True)
    assert "Category Kids created." in r.content.decode()
    kids = alice.tx_categories.get(name="Kids")
    for action in ("archive", "rename", "merge"):  # bob's attempts find no such category and change nothing
        assert bob_web.post("/categories/", {"action": action, "id": kids.id, "name": "Bob's",
                                             "target_id": kids.id}).status_code == 404
    kids.refresh_from_db()
    assert (kids.name, kids.archived_at) == ("Kids", None)
    web.post("/categories/", {"action": "archive", "id": kids.id})
    assert 'value="Kids"' not in web.get("/transactions/new/").content.decode()
    r = web.post("/jars/new/", {"name": "Family", "monthly_budget": "300", "categories": ["Kids", "Groceries"]},
                 follow=True)
    assert "Jar Family created." in r.content.decode() and "One budget idea" in r.content.decode()


def test_coming_up_lists_expected_pay_for_its_owner_only(web, bob_web, alice):
    from datetime import timedelta

    from django.utils import timezone

    from transactions import selectors

    today = timezone.localdate()
    for back in (42, 28, 14):  # paid every two weeks: the next pay is today
        services.transaction_create(user=alice, date=today - timedelta(days=back), description="PAYROLL ACME",
                                    amount="1600", category="Salary", merchant="Acme Payroll")
    [pay] = selectors.income_expected(user=alice, today=today)
    assert (pay["merchant"], pay["amount"], pay["date"]) == ("Acme Payroll", 1600.0, today.isoformat())
    assert selectors.income_expected(user=alice, today=today - timedelta(days=40)) == []
    home = web.get("/").content.decode()
    assert 'data-testid="expected-income"' in home and "+$1,600.00" in home
    assert 'data-testid="expected-income"' not in bob_web.get("/").content.decode()


def test_jars_rename_archive_and_restore_on_the_jars_page(web, bob_web, alice):
    from django.utils import timezone

    from transactions.models import Jar

    today = timezone.localdate()
    jar = services.jar_create(user=alice, name="Family", monthly_budget="300", categories=["Groceries"])
    services.jar_create(user=alice, name="Fun", monthly_budget="100", categories=["Dining"])
    services.transaction_create(user=alice, date=today, description="GROCER", amount="-40", category="Groceries")
    page = web.get("/jars/").content.decode()
    assert f'action="/jars/{jar.id}/"' in page and "Rename or archive" in page
    before = web.get("/jars/").context["status"]
    # bob: alice's jar is not found, whatever he asks, and he never sees it
    for data in ({"action": "rename", "name": "Bob's"}, {"action": "archive"}, {"action": "unarchive"}):
        assert bob_web.post(f"/jars/{jar.id}/", data).status_code == 404
    jar.refresh_from_db()
    assert (jar.name, jar.archived_at) == ("Family", None)
    assert "Family" not in bob_web.get("/jars/").content.decode()
    # rename: a clear refusal for an empty name or another jar's name, then the new name everywhere
    r = web.post(f"/jars/{jar.id}/", {"action": "rename", "name": "  "}, follow=True)
    assert "Jar name is empty." in r.content.decode()
    r = web.post(f"/jars/{jar.id}/", {"action": "rename", "name": "fun"}, follow=True)
    assert "You already have a jar called &#x27;fun&#x27;." in r.content.decode()
    r = web.post(f"/jars/{jar.id}/", {"action": "rename", "name": "Family food", "month": f"{today:%Y-%m}"})
    assert r.status_code == 302 and r["Location"] == f"/jars/?month={today:%Y-%m}"
    body = web.get("/jars/").content.decode()
    assert "Jar renamed to Family food." in body and f'id="jar-{jar.id}-name">Family food<' in body
    # archive: off the month's jars and totals, listed under Archived jars with Restore
    r = web.post(f"/jars/{jar.id}/", {"action": "archive"}, follow=True)
    body = r.content.decode()
    assert "Jar Family food archived; Restore brings it back." in body
    assert f'id="jar-{jar.id}"' not in body and f'id="jar-archived-{jar.id}"' in body
    assert [row["name"] for row in r.context["status"]["rows"]] == ["Fun"]
    assert r.context["overview"]["budgeted"] == 100.0
    r = web.post(f"/jars/{jar.id}/", {"action": "unarchive"}, follow=True)
    body = r.content.decode()
    assert "Jar Family food restored." in body and 'id="jars-archived"' not in body
    after = r.context["status"]
    assert [(j["name"], j["budget"], j["spent"]) for j in after["rows"]] == [
        ("Family food" if j["name"] == "Family" else j["name"], j["budget"], j["spent"]) for j in before["rows"]]
    assert Jar.objects.get(id=jar.id).archived_at is None
    r = web.post(f"/jars/{jar.id}/", {"action": "explode"}, follow=True)
    assert "Pick Rename, Archive or Restore." in r.content.decode()


def test_payees_renamed_and_merged_on_the_categories_page(web, bob_web, alice):
    from transactions.models import Merchant

    for description, merchant in (("STARBUCKS 1", "Starbucks"), ("SBUX 2", "Sbux")):
        services.transaction_create(user=alice, date="2026-11-05", description=description, amount="-4",
                                    merchant=merchant)
    star, sbux = (Merchant.objects.get(user=alice, name=n) for n in ("Starbucks", "Sbux"))
    page = web.get("/categories/").content.decode()
    assert 'id="payee-merge"' in page and "Sbux" in page
    assert "Sbux" not in bob_web.get("/categories/").content.decode()
    for data in ({"action": "payee_rename", "id": sbux.id, "name": "Bob's"},
                 {"action": "payee_merge", "id": sbux.id, "target_id": star.id}):
        assert bob_web.post("/categories/", data).status_code == 404
    assert Merchant.objects.filter(user=alice).count() == 2
    r = web.post("/categories/", {"action": "payee_merge", "id": sbux.id, "target_id": star.id}, follow=True)
    assert "Merged into Starbucks; past and future transactions follow." in r.content.decode()
    r = web.post("/categories/", {"action": "payee_rename", "id": star.id, "name": "Starbucks Coffee"}, follow=True)
    assert "Payee renamed to Starbucks Coffee." in r.content.decode()
    assert set(Transaction.objects.filter(user=alice).values_list("merchant__name", flat=True)) == {
        "Starbucks Coffee"}
    r = web.post("/categories/", {"action": "payee_merge", "id": star.id, "target_id": star.id}, follow=True)
    assert "Pick a different payee to merge into." in r.content.decode()
    # the refusals of the services read Vietnamese on a Vietnamese page
    r = web.post("/categories/", {"action": "payee_merge", "id": star.id, "target_id": star.id}, follow=True,
                 HTTP_ACCEPT_LANGUAGE="vi")
    assert "Hãy chọn một người nhận khác để gộp vào." in r.content.decode()
    r = web.post("/categories/", {"action": "create", "name": "groceries"}, follow=True, HTTP_ACCEPT_LANGUAGE="vi")
    assert "Bạn đã có một danh mục tên là &#x27;groceries&#x27;." in r.content.decode()
