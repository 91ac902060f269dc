"""The ledger through the API: accounts, checkpoints, net worth, delete/undo, split, bulk, transfers, jar budget
by month, category merge; bob gets 404 on alice's objects and sees none of them."""
from __future__ import annotations

import pytest

from transactions.models import Transaction

pytestmark = pytest.mark.django_db
BASE = "/api/v1/transactions/"


def test_accounts_balances_checkpoint_and_net_worth(alice_client, bob_client):
    r = alice_client.post(BASE + "accounts/", {"name": "Everyday", "kind": "checking", "opening_balance": "100.00",
                                               "opening_date": "2026-10-01"}, format="json")
    assert r.status_code == 201, r.json()
    acct = r.json()["id"]
    assert alice_client.post(BASE + "accounts/", {"name": "X", "kind": "piggy"}, format="json").status_code == 400
    r = alice_client.post(BASE, {"date": "2026-10-05", "description": "Cash out", "amount": "-30",
                                 "account_id": acct}, format="json")
    assert r.status_code == 201 and r.json()["account_id"] == acct
    [row] = alice_client.get(BASE + "accounts/").json()
    assert row["balance"] == 70.0
    r = alice_client.post(BASE + f"accounts/{acct}/checkpoints/", {"date": "2026-10-31", "balance": "82.40"},
                          format="json")
    assert r.status_code == 201 and r.json()["status"] == "differs" and r.json()["difference"] == -12.4
    assert alice_client.get(BASE + f"?account={acct}").json()["count"] == 1
    assert alice_client.get(BASE + "net-worth/?months=3").json()["net_worth"] == 70.0
    # bob: nothing of alice's
    assert bob_client.get(BASE + "accounts/").json() == []
    assert bob_client.get(BASE + f"accounts/{acct}/").status_code == 404
    assert bob_client.patch(BASE + f"accounts/{acct}/", {"name": "Mine"}, format="json").status_code == 404
    assert bob_client.post(BASE + f"accounts/{acct}/checkpoints/", {"date": "2026-10-31", "balance": "1"},
                           format="json").status_code == 404
    assert bob_client.get(BASE + f"?account={acct}").status_code == 404
    assert bob_client.get(BASE + "net-worth/").json()["net_worth"] == 0.0
    r = alice_client.patch(BASE + f"accounts/{acct}/", {"archived": True}, format="json")
    assert r.json()["archived"] is True and alice_client.get(BASE + "accounts/").json() == []


def test_delete_undo_split_bulk_and_transfers(alice_client, bob_client, alice):
    ids = [alice_client.post(BASE, {"date": f"2026-10-0{d}", "description": f"SHOP {d}", "amount": "-10"},
                             format="json").json()["id"] for d in (1, 2)]
    assert bob_client.delete(f"{BASE}{ids[0]}/").status_code == 404
    assert alice_client.delete(f"{BASE}{ids[0]}/").status_code == 204
    [gone] = alice_client.get(BASE + "deleted/").json()["rows"]
    assert bob_client.get(BASE + "deleted/").json()["rows"] == []
    assert bob_client.post(BASE + f"deleted/{gone['group']}/undo/").status_code == 404
    assert alice_client.post(BASE + f"deleted/{gone['group']}/undo/").json()["restored"] == 1
    r = alice_client.post(BASE + f"{ids[0]}/split/", {"parts": [{"category": "Groceries", "amount": "-6"},
                                                                {"category": "Dining", "amount": "-3"}]},
                          format="json")
    assert r.status_code == 400 and "must sum" in r.json()["error"]["message"]
    assert bob_client.post(BASE + f"{ids[0]}/split/", {"parts": [{"category": "Groceries", "amount": "-6"},
                                                                 {"category": "Dining", "amount": "-4"}]},
                           format="json").status_code == 404
    r = alice_client.post(BASE + f"{ids[0]}/split/", {"parts": [{"category": "Groceries", "amount": "-6"},
                                                                {"category": "Dining", "amount": "-4"}]},
                          format="json")
    assert [p["amount"] for p in r.json()["parts"]] == [-6.0, -4.0]
    assert bob_client.post(BASE + "bulk/", {"ids": ids, "action": "categorise", "category": "Dining"},
                           format="json").status_code == 404
    r = alice_client.post(BASE + "bulk/", {"ids": [ids[1]], "action": "categorise", "category": "Dining"},
                          format="json")
    assert r.json()["count"] == 1
    pay = alice_client.post(BASE, {"date": "2026-10-03", "description": "Card payment", "amount": "-50"},
                            format="json").json()["id"]
    got = alice_client.post(BASE, {"date": "2026-10-04", "description": "Received", "amount": "50"},
                            format="json").json()["id"]
    assert bob_client.post(BASE + f"{pay}/transfer/", {"other_id": got}, format="json").status_code == 404
    r = alice_client.post(BASE + f"{pay}/transfer/", {"other_id": got}, format="json")
    assert all(t["is_transfer"] for t in r.json()["paired"])
    summary = alice_client.get(BASE + "analytics/summary/?start=2026-10-01&end=2026-10-31").json()
    assert summary["total_income"] == 0.0 and summary["total_spent"] == 20.0
    assert alice_client.delete(BASE + f"{pay}/transfer/").json()["unpaired"] == [pay, got]
    assert Transaction.objects.get(id=got).transfer_pair_id is None


def test_jar_budget_by_month_and_category_merge(alice_client, bob_client):
    jar = alice_client.post(BASE + "jars/", {"name": "Fun", "monthly_budget": "100", "categories": ["Dining"]},
                            format="json").json()
    assert bob_client.post(BASE + f"jars/{jar['id']}/budget/", {"amount": "5"}, format="json").status_code == 404
    r = alice_client.post(BASE + f"jars/{jar['id']}/budget/", {"amount": "150"}, format="json")
    assert r.status_code == 200 and r.json()["monthly_budget"] == "150.00"
    assert alice_client.post(BASE + f"jars/{jar['id']}/budget/", {"amount": "-1"}, format="json").status_code == 400
    coffee = alice_client.post(BASE + "categories/", {"name": "Coffee"}, format="json").json()
    cats = {c["name"]: c["id"] for c in alice_client.get(BASE + "categories/").json()}
    assert bob_client.post(BASE + f"categories/{coffee['id']}/merge/", {"target_id": cats["Dining"]},
                           format="json").status_code == 404
    r = alice_client.post(BASE + f"categories/{coffee['id']}/merge/", {"target_id": cats["Dining"]}, format="json")
    assert r.json()["name"] == "Dining"
    assert "Coffee" not in {c["name"] for c in alice_client.get(BASE + "categories/").json()}


def test_jar_and_category_rename_archive_restore(alice_client, bob_client):
    jar = alice_client.post(BASE + "jars/", {"name": "Fun", "monthly_budget": "100", "categories": ["Dining"]},
                            format="json").json()
    assert jar["archived_at"] is None
    url = BASE + f"jars/{jar['id']}/"
    for change in ({"name": "Bob's"}, {"archived": True}):
        assert bob_client.patch(url, change, format="json").status_code == 404
    r = alice_client.patch(url, {"name": "  Going   out "}, format="json")
    assert r.status_code == 200 and r.json()["name"] == "Going out"
    alice_client.post(BASE + "jars/", {"name": "Home", "monthly_budget": "50"}, format="json")
    r = alice_client.patch(url, {"name": "home"}, format="json")
    assert r.status_code == 400 and "already have a jar called 'home'" in r.json()["error"]["message"]
    r = alice_client.patch(url, {"archived": True}, format="json")
    assert r.status_code == 200 and r.json()["archived_at"] and r.json()["name"] == "Going out"
    assert "Going out" not in {row["name"] for row in alice_client.get(BASE + "jars/status/").json()["rows"]}
    assert alice_client.get(url).json()["archived_at"]  # still there, with its budgets
    r = alice_client.patch(url, {"archived": False}, format="json")
    assert r.json()["archived_at"] is None and r.json()["monthly_budget"] == "100.00"
    assert "Going out" in {row["name"] for row in alice_client.get(BASE + "jars/status/").json()["rows"]}
    # categories: create, rename, archive, restore; bob gets 404
    kids = alice_client.post(BASE + "categories/", {"name": "Kids"}, format="json").json()
    curl = BASE + f"categories/{kids['id']}/"
    assert bob_client.patch(curl, {"name": "Bob's"}, format="json").status_code == 404
    assert bob_client.post(curl + "archive/", {}, format="json").status_code == 404
    assert alice_client.patch(curl, {"name": "Children"}, format="json").json()["name"] == "Children"
    assert alice_client.post(curl + "archive/", {}, format="json").json()["archived_at"]
    assert alice_client.post(curl + "archive/", {"archived": False}, format="json").json()["archived_at"] is None


def test_payees_listed_renamed_and_merged(alice_client, bob_client):
    for description, merchant in (("STARBUCKS 1", "Starbucks"), ("SBUX 2", "Sbux")):
        alice_client.post(BASE, {"date": "2026-10-05", "description": description, "amount": "-4",
                                 "merchant": merchant}, format="json")
    payees = {p["name"]: p["id"] for p in alice_client.get(BASE + "payees/").json()}
    assert set(payees) == {"Starbucks", "Sbux"} and bob_client.get(BASE + "payees/").json() == []
    assert bob_client.post(BASE + f"payees/{payees['Sbux']}/rename/", {"name": "X"},
                           format="json").status_code == 404
    r = alice_client.post(BASE + f"payees/{payees['Sbux']}/merge/", {"target_id": payees["Starbucks"]},
                          format="json")
    assert r.json() == {"id": payees["Starbucks"], "name": "Starbucks"}
    r = alice_client.post(BASE + f"payees/{payees['Starbucks']}/rename/", {"name": "Starbucks Coffee"},
                          format="json")
    assert r.json()["name"] == "Starbucks Coffee"
    assert [p["name"] for p in alice_client.get(BASE + "payees/").json()] == ["Starbucks Coffee"]
    assert {t["merchant"] for t in alice_client.get(BASE).json()["rows"]} == {"Starbucks Coffee"}
