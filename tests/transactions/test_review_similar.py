"""The review queue beyond one row: the same answer for identical and same-merchant rows (with exactly what would
change, the user's own rows said plainly), bulk decisions, junk never offered — services, API, a second user."""
from __future__ import annotations

import pytest

from transactions import review
from transactions.models import Category, CategorySource, Transaction

pytestmark = pytest.mark.django_db

ROWS = [
    # Four identical narratives (the same shop, the same text), two more from the same merchant, and one the
    # user filed themselves in the file (Category column) as Shopping.
    ("2026-03-01", "ZORBLAX 4411 BERLIN", "-3.50", ""),
    ("2026-03-02", "ZORBLAX 4411 BERLIN", "-3.50", ""),
    ("2026-03-03", "ZORBLAX 4411 BERLIN", "-3.50", ""),
    ("2026-03-04", "ZORBLAX 4411 BERLIN", "-3.50", ""),
    ("2026-03-05", "ZORBLAX 7781 HAMBURG", "-7.00", ""),
    ("2026-03-06", "ZORBLAX 7782 HAMBURG", "-8.00", ""),
    ("2026-03-07", "ZORBLAX 5555 MUNICH", "-5.00", "Shopping"),
    ("2026-03-08", "QWERTYCORP 12", "-9.00", ""),
]


@pytest.fixture
def zorblax(alice, import_rows):
    import_rows(alice, ROWS)
    rows = list(Transaction.objects.filter(user=alice).order_by("date"))
    assert len({r.merchant_id for r in rows[:7]}) == 1  # one merchant, whatever the city or terminal
    # Nothing here is confident enough to be filed: the rows wait in the queue with ranked suggestions.
    assert all(r.category_id is None and r.category_suggestions for r in rows[:6] + rows[7:])
    return rows


def test_deciding_one_row_offers_the_same_for_identical_and_same_merchant_rows_saying_exactly_what_changes(
        alice, zorblax):
    from transactions.services import transaction_category_set

    first = zorblax[0]
    transaction_category_set(user=alice, transaction_id=first.id, category="Groceries")
    offer = review.similar_rows(user=alice, transaction_id=first.id, category="Groceries")
    assert (offer["others"], offer["identical"], offer["same_merchant"]) == (6, 3, 3)
    assert (offer["will_change"], offer["user_set"], offer["already"]) == (5, 1, 0)
    assert offer["text"] == ("6 other transactions look like this one (3 with the same description, 3 more from "
                             "Zorblax). Filing them as Groceries changes 5 (5 not filed yet). You filed 1 yourself "
                             "(1 as Shopping); they stay as they are unless you include them.")
    assert {r["id"] for r in offer["rows"]} == {r.id for r in zorblax[1:7]}
    assert [r["set_by_user"] for r in offer["rows"]].count(True) == 1

    done = review.similar_apply(user=alice, transaction_id=first.id, category="Groceries")
    assert (done["changed"], done["user_set_kept"]) == (5, 1)
    got = dict(Transaction.objects.filter(user=alice, id__in=[r.id for r in zorblax[:7]])
               .values_list("id", "category__name"))
    assert [got[r.id] for r in zorblax[:7]] == ["Groceries"] * 6 + ["Shopping"]
    assert Transaction.objects.get(id=zorblax[7].id).category_id is None  # another merchant: untouched

    again = review.similar_rows(user=alice, transaction_id=first.id, category="Groceries")
    assert (again["will_change"], again["user_set"], again["already"]) == (0, 1, 5)
    done = review.similar_apply(user=alice, transaction_id=first.id, category="Groceries", include_user_set=True)
    assert done["changed"] == 1
    assert Transaction.objects.get(id=zorblax[6].id).category.name == "Groceries"


def test_api_decide_answers_with_the_offer_and_applies_it_but_never_for_another_user(alice_client, bob_client,
                                                                                      zorblax):
    first = zorblax[0]
    answer = alice_client.post(f"/api/v1/transactions/{first.id}/review/", {"action": "pick", "category": "Travel"},
                               format="json")
    assert answer.status_code == 200, answer.content
    similar = answer.json()["similar"]
    assert (similar["will_change"], similar["user_set"], similar["category"]) == (5, 1, "Travel")

    # Bob sees nothing of Alice's: not the offer, not the rows, and cannot apply it.
    assert bob_client.get(f"/api/v1/transactions/{first.id}/review/similar/?category=Travel").status_code == 404
    assert bob_client.post(f"/api/v1/transactions/{first.id}/review/similar/", {"category": "Travel"},
                           format="json").status_code == 404
    assert Transaction.objects.filter(user=first.user, category__name="Travel").count() == 1

    peek = alice_client.get(f"/api/v1/transactions/{first.id}/review/similar/?category=Travel").json()
    assert peek["will_change"] == 5
    done = alice_client.post(f"/api/v1/transactions/{first.id}/review/similar/", {"category": "Travel"},
                             format="json")
    assert done.status_code == 200 and done.json()["changed"] == 5 and done.json()["user_set_kept"] == 1
    assert Transaction.objects.filter(user=first.user, category__name="Travel",
                                      category_source=CategorySource.USER).count() == 6


def test_api_bulk_pick_and_confirm_all_or_nothing_and_scoped_to_the_user(alice, bob, alice_client, bob_client,
                                                                         import_rows, zorblax):
    import_rows(bob, [("2026-03-01", "BOBS SHOP 1", "-1.00", "")])
    bobs = Transaction.objects.get(user=bob)
    ids = [zorblax[4].id, zorblax[5].id]

    # Another user's id anywhere in the list: 404, and nothing of the list changed.
    r = alice_client.post("/api/v1/transactions/review/bulk/", {"ids": ids + [bobs.id], "action": "pick",
                                                                "category": "Travel"}, format="json")
    assert r.status_code == 404 and str(bobs.id) in r.json()["error"]["message"]
    assert not Transaction.objects.filter(id__in=ids, category__isnull=False).exists()
    r = bob_client.post("/api/v1/transactions/review/bulk/", {"ids": ids, "action": "confirm"}, format="json")
    assert r.status_code == 404
    assert alice_client.post("/api/v1/transactions/review/bulk/", {"ids": [], "action": "confirm"},
                             format="json").status_code == 400
    r = alice_client.post("/api/v1/transactions/review/bulk/", {"ids": ids, "action": "pick"}, format="json")
    assert r.status_code == 400 and "category" in r.json()["error"]["message"].lower()

    r = alice_client.post("/api/v1/transactions/review/bulk/", {"ids": ids, "action": "pick", "category": "Travel"},
                          format="json")
    assert r.status_code == 200 and r.json()["decided"] == 2
    assert set(Transaction.objects.filter(id__in=ids).values_list("category__name", "category_source")) == {
        ("Travel", "user")}

    # Confirm: each row takes its own top suggestion; a row whose best guess is junk fails the whole request.
    health = Category.objects.get(user=alice, name="Health")
    dining = Category.objects.get(user=alice, name="Dining")
    good, junk = zorblax[1], zorblax[2]
    Transaction.objects.filter(id=good.id).update(category_suggestions=[[health.id, 0.45], [dining.id, 0.2]])
    Transaction.objects.filter(id=junk.id).update(category_suggestions=[[dining.id, 0.05]])
    r = alice_client.post("/api/v1/transactions/review/bulk/", {"ids": [good.id, junk.id], "action": "confirm"},
                          format="json")
    assert r.status_code == 400 and f"Transaction {junk.id}" in r.json()["error"]["message"]
    assert Transaction.objects.get(id=good.id).category_id is None
    r = alice_client.post("/api/v1/transactions/review/bulk/", {"ids": [good.id], "action": "confirm"},
                          format="json")
    assert r.status_code == 200
    good.refresh_from_db()
    assert (good.category_id, good.category_source) == (health.id, "user")


def test_queue_never_offers_a_junk_guess_as_a_choice(alice, alice_client, zorblax):
    dining = Category.objects.get(user=alice, name="Dining")
    salary = Category.objects.get(user=alice, name="Salary")
    tx = zorblax[7]
    Transaction.objects.filter(id=tx.id).update(category_suggestions=[[dining.id, 0.35], [salary.id, 0.05]])
    rows = {r["id"]: r for r in alice_client.get("/api/v1/transactions/review/?page_size=50").json()["rows"]}
    assert [c["category"] for c in rows[tx.id]["choices"]] == ["Dining"]
    assert [s["category"] for s in rows[tx.id]["suggestions"]] == ["Dining", "Salary"]
    Transaction.objects.filter(id=tx.id).update(category_suggestions=[[salary.id, 0.05]])
    rows = {r["id"]: r for r in alice_client.get("/api/v1/transactions/review/?page_size=50").json()["rows"]}
    assert rows[tx.id]["choices"] == []
