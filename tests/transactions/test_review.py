"""The "needs review" queue and corrections that ask before re-filing past rows (API and services)."""
from __future__ import annotations

import pytest

from transactions.categorize import REVIEW_THRESHOLD
from transactions.models import CategorisationRule, Transaction
from transactions.selectors import correction_preview, review_queue
from transactions.services import transaction_category_set

pytestmark = pytest.mark.django_db
BASE = "/api/v1/transactions/"


@pytest.fixture
def unsure(alice, import_rows):
    """Two rows Moneta cannot place with confidence, and a labelled history for another merchant."""
    import_rows(alice, [("2026-01-01", "TESCO STORES 3012", "-40", "Groceries"),
                        ("2026-01-02", "TESCO STORES 3013", "-30", "Groceries")])
    import_rows(alice, [("2026-02-01", "XQZ 123", "-9.99", ""), ("2026-02-03", "KMS SERVICES 77", "-20", ""),
                        ("2026-02-04", "TESCO STORES 3014", "-25", "")])
    return {t.description: t for t in Transaction.objects.filter(user=alice)}


def test_queue_lists_only_unsure_rows_with_their_top_three(alice, unsure):
    queue = review_queue(user=alice)
    descriptions = [r["description"] for r in queue["rows"]]
    assert descriptions == ["KMS SERVICES 77", "XQZ 123"]  # newest first; Tesco is sure (learned) and labels are out
    for row in queue["rows"]:
        assert row["needs_review"] and len(row["suggestions"]) == 3
        assert row["suggestions"][0]["confidence"] >= row["suggestions"][1]["confidence"] >= \
            row["suggestions"][2]["confidence"]
        assert all(isinstance(s["category"], str) for s in row["suggestions"])
    tesco = unsure["TESCO STORES 3014"]
    assert tesco.category.name == "Groceries" and tesco.category_source == "learned"


def test_api_confirm_and_pick_empty_the_queue(alice_client, bob_client, alice, unsure):
    queue = alice_client.get(BASE + "review/").json()
    assert queue["count"] == 2 and queue["threshold"] == REVIEW_THRESHOLD
    first, second = queue["rows"]
    # a stranger can neither see nor decide alice's rows
    assert bob_client.get(BASE + "review/").json()["count"] == 0
    assert bob_client.post(f"{BASE}{first['id']}/review/", {"action": "confirm"}).status_code == 404
    picked = alice_client.post(f"{BASE}{first['id']}/review/", {"action": "pick", "category": "Health"}).json()
    assert (picked["category"], picked["category_source"], picked["remaining"]) == ("Health", "user", 1)
    tx = Transaction.objects.get(id=second["id"])
    if tx.category_id is None:  # a weak guess is not filed: confirming needs a pick
        answer = alice_client.post(f"{BASE}{second['id']}/review/", {"action": "confirm"})
        assert answer.status_code == 400
        answer = alice_client.post(f"{BASE}{second['id']}/review/",
                                   {"action": "pick", "category": second["suggestions"][0]["category"]})
    else:
        answer = alice_client.post(f"{BASE}{second['id']}/review/", {"action": "confirm"})
    assert answer.status_code == 200 and answer.json()["category_source"] == "user"
    assert answer.json()["remaining"] == 0
    assert alice_client.get(BASE + "review/").json()["rows"] == []


def test_correction_says_how_many_past_rows_it_would_refile_and_waits_for_yes(alice, alice_client, import_rows):
    import_rows(alice, [("2026-01-02", "NEWSHOP 123 BERLIN", "-19.99", ""),
                        ("2026-01-09", "NEWSHOP 124 BERLIN", "-29.99", ""),
                        ("2026-01-10", "NEWSHOP 125 BERLIN", "-9.99", "")])
    first, second, third = Transaction.objects.filter(user=alice).order_by("date")
    before = {t.id: (t.category_id, t.category_source) for t in (second, third)}
    preview = alice_client.get(f"{BASE}{first.id}/category/preview/", {"category": "Entertainment"}).json()
    assert preview["others"] == 2 and preview["merchant"] == "Newshop" and len(preview["examples"]) == 2
    answer = alice_client.post(f"{BASE}{first.id}/category/", {"category": "Entertainment"}).json()
    assert (answer["category"], answer["others_refiled"], answer["others_pending"]) == ("Entertainment", 0, 2)
    # nothing in the past moved silently …
    assert {t.id: (t.category_id, t.category_source)
            for t in Transaction.objects.filter(id__in=before)} == before
    # … the rule for the future exists and is visible …
    assert CategorisationRule.objects.get(user=alice).category.name == "Entertainment"
    # … and saying yes re-files exactly the two rows the preview counted
    tx = transaction_category_set(user=alice, transaction_id=first.id, category="Entertainment", refile_others=True)
    assert tx.others_refiled == 2
    assert set(Transaction.objects.filter(user=alice).values_list("category__name", flat=True)) == {"Entertainment"}
    assert correction_preview(user=alice, transaction_id=first.id, category="Entertainment")["others"] == 0


def test_a_users_own_choice_is_never_counted_or_refiled(alice, import_rows):
    import_rows(alice, [("2026-01-02", "NEWSHOP 1", "-1", "Health"), ("2026-01-03", "NEWSHOP 2", "-1", "")])
    labelled, auto = Transaction.objects.filter(user=alice).order_by("date")
    assert correction_preview(user=alice, transaction_id=auto.id, category="Shopping")["others"] == 0
    transaction_category_set(user=alice, transaction_id=auto.id, category="Shopping", refile_others=True)
    labelled.refresh_from_db()
    assert (labelled.category.name, labelled.category_source) == ("Health", "user")
