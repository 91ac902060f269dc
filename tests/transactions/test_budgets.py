"""Jars (with rollover), budget suggestions and subscription detection."""
from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.utils import timezone

from core.errors import NotFound
from core.periods import add_months
from transactions.models import Subscription
from transactions.selectors import budget_suggestions, jar_status, subscription_list
from transactions.services import (
    budget_suggestion_accept,
    jar_create,
    jar_update,
    subscription_confirm,
    subscription_dismiss,
    subscriptions_detect,
)

pytestmark = pytest.mark.django_db


def _month(offset: int, day: int = 10) -> str:
    return add_months(timezone.localdate().replace(day=1), offset).replace(day=day).isoformat()


def test_jar_status_with_rollover(alice, import_rows):
    this = timezone.localdate().replace(day=1)
    import_rows(alice, [
        (_month(-2), "TST* JOES PIZZA", "-30", "Dining"),
        (_month(-1), "TST* JOES PIZZA", "-150", "Dining"),
        (this.isoformat(), "TST* JOES PIZZA", "-20", "Dining"),
        (this.isoformat(), "WOOLWORTHS", "-70", "Groceries"),
    ])
    fun = jar_create(user=alice, name="Fun", monthly_budget="100", categories=["Dining"], rollover=True,
                     rollover_start=add_months(this, -2))
    jar_create(user=alice, name="Food", monthly_budget="50", categories=["Groceries"])
    r = jar_status(user=alice)
    rows = {j["name"]: j for j in r["rows"]}
    f = rows["Fun"]
    # carry-over = (100 - 30) + (100 - 150) = 20 → available 120, spent 20
    assert (f["budget"], f["carryover"], f["available"], f["spent"], f["remaining"], f["pct"]) == (
        100.0, 20.0, 120.0, 20.0, 100.0, 16.7)
    assert [t["amount"] for t in f["transactions"]] == [-20.0] and f["status"] == "ok"
    food = rows["Food"]
    assert (food["spent"], food["remaining"], food["pct"], food["status"]) == (70.0, -20.0, 140.0, "over")
    assert r["total_budget"] == 150.0 and r["total_spent"] == 90.0
    assert r["chart"]["labels"] == ["Food", "Fun"]
    # an earlier month, and turning rollover off
    past = jar_status(user=alice, month=add_months(this, -1))
    assert {j["name"]: j["spent"] for j in past["rows"]} == {"Food": 0.0, "Fun": 150.0}
    jar_update(user=alice, jar_id=fun.id, rollover=False)
    assert {j["name"]: j["available"] for j in jar_status(user=alice)["rows"]}["Fun"] == 100.0


def test_budget_suggestions_median_trend_and_grounded_tip(alice, import_rows):
    monthly = [100, 120, 80, 100, 140, 130]  # six complete months, oldest first
    rows = []
    for i, total in enumerate(monthly):
        offset = i - 6
        if offset == -1:  # last month: 3 Starbucks visits ($30) + pizza
            rows += [(_month(-1, d), "STARBUCKS STORE #1", "-10", "Dining") for d in (3, 4, 5)]
            rows.append((_month(-1, 6), "TST* JOES PIZZA", f"-{total - 30}", "Dining"))
        else:
            rows.append((_month(offset), "TST* JOES PIZZA", f"-{total}", "Dining"))
    import_rows(alice, rows)
    r = budget_suggestions(user=alice)
    dining = next(x for x in r["rows"] if x["category"] == "Dining")
    assert dining["median"] == 110.0 and dining["last_month"] == 130.0 and dining["trend"] == "rising"
    assert dining["suggested_budget"] == 100.0  # 110 × 0.9 = 99 → nearest 5
    assert dining["tip"].startswith("3 Starbucks visits, $30.00 last month")
    accepted = budget_suggestion_accept(user=alice, category="Dining", amount=dining["suggested_budget"])
    assert float(accepted.monthly_budget) == 100.0
    assert next(x for x in budget_suggestions(user=alice)["rows"] if x["category"] == "Dining")[
        "current_budget"] == 100.0


def test_subscription_detection_with_price_change(alice, bob, import_rows):
    today = timezone.localdate()
    rows = [(add_months(today, -k).isoformat(), "NETFLIX.COM LOS GATOS CA", "-15.49" if k > 2 else "-17.99", "")
            for k in range(7, -1, -1)]
    rows += [((today - timedelta(days=7 * k)).isoformat(), "PURE GYM DD", "-9.99", "") for k in range(10)]
    rows += [((today - timedelta(days=5 * k + (k % 3) * 3)).isoformat(), "WOOLWORTHS", f"-{20 + 13 * (k % 5)}", "")
             for k in range(12)]
    rows += [(date(today.year - y, 1, 15).isoformat(), "DOMAIN RENEWAL CO", "-12.00", "") for y in (1, 2)]
    import_rows(alice, rows)
    r = subscription_list(user=alice)
    subs = {s["merchant"]: s for s in r["rows"]}
    assert set(subs) == {"Netflix", "Pure Gym"}
    n = subs["Netflix"]
    assert (n["cadence"], n["amount"], n["previous_amount"], n["price_changed"]) == ("monthly", 17.99, 15.49, True)
    assert n["next_expected"] == add_months(today, 1).isoformat() and n["monthly_cost"] == 17.99
    g = subs["Pure Gym"]
    assert g["cadence"] == "weekly" and g["monthly_cost"] == round(9.99 * 52 / 12, 2) and not g["price_changed"]
    assert r["total_per_month"] == round(17.99 + round(9.99 * 52 / 12, 2), 2)
    # confirm / dismiss, kept through re-detection; bob cannot touch alice's
    sub = Subscription.objects.get(user=alice, merchant__name="Pure Gym")
    subscription_dismiss(user=alice, subscription_id=sub.id)
    subscriptions_detect(user=alice)
    assert [s["merchant"] for s in subscription_list(user=alice)["rows"]] == ["Netflix"]
    assert subscription_confirm(user=alice, subscription_id=sub.id).status == "confirmed"
    with pytest.raises(NotFound):
        subscription_dismiss(user=bob, subscription_id=sub.id)
    assert subscription_list(user=bob)["rows"] == []


@pytest.mark.django_db
def test_rent_is_a_recurring_bill_not_a_subscription(alice):
    from datetime import date, timedelta

    from transactions.selectors import subscription_list
    from transactions.services import subscriptions_detect, transaction_category_set, transactions_import

    # Monthly charges ending about a month ago, whatever today is: a fixed day of the month made the last charge
    # up to 58 days old late in a month, which the detector rightly reads as a lapsed bill.
    today = date.today()
    lines = ["Date,Description,Amount"]
    for back in range(1, 5):
        day = (today - timedelta(days=30 * back)).isoformat()
        lines.append(f"{day},RENT PAYMENT OAK STREET APTS REF {back}88,-1850.00")
        lines.append(f"{day},NETFLIX.COM 866-579-7172 CA,-17.99")
    batch = transactions_import(user=alice, file_name="s.csv", content="\n".join(lines).encode())
    assert batch.rows_created == 8
    from transactions.models import Transaction

    rent = Transaction.objects.filter(user=alice, description__startswith="RENT").first()
    transaction_category_set(user=alice, transaction_id=rent.id, category="Rent")
    subscriptions_detect(user=alice)
    result = subscription_list(user=alice)
    kinds = {r["merchant"]: r["kind"] for r in result["rows"]}
    assert sorted(kinds.values()) == ["bill", "subscription"]
    assert result["subscriptions_per_month"] == 17.99
    assert result["bills_per_month"] == 1850.0
    assert result["total_per_month"] == 1867.99
