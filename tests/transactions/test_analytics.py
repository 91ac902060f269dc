"""Every analytics figure against numbers computed by hand."""
from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.utils import timezone

from core.errors import DomainError, NotFound
from core.periods import add_months, period_resolve
from transactions.selectors import (
    category_list,
    merchant_list,
    spending_by_category,
    spending_by_merchant,
    spending_compare,
    spending_summary,
    transaction_list,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def month_data(alice, bob, import_rows):
    start, end, _ = period_resolve("last_month")
    d = lambda n: (start + timedelta(days=n)).isoformat()  # noqa: E731
    import_rows(alice, [
        (d(0), "WOOLWORTHS 1", "-100.00", "Groceries"),
        (d(1), "WOOLWORTHS 2", "-50.00", "Groceries"),
        (d(2), "STARBUCKS STORE #1", "-5.00", "Dining"),
        (d(3), "STARBUCKS STORE #2", "-5.00", "Dining"),
        (d(4), "TST* JOES PIZZA", "-30.00", "Dining"),
        (d(5), "PAYROLL ACME", "3000.00", "Salary"),
        (d(6), "AMZN MKTP US*1", "-200.00", "Shopping"),
        (d(7), "AMAZON.COM REFUND", "20.00", "Shopping"),
        (d(8), "MYSTERY 1", "-10.00", ""),
        (d(9), "SAVINGS TRANSFER", "-500.00", "Transfers"),
        (add_months(start, -1).isoformat(), "TST* JOES PIZZA", "-40.00", "Dining"),
    ])
    import_rows(bob, [(d(2), "STARBUCKS STORE #1", "-999.00", "Dining")])
    return start, end


def test_spending_summary(alice, month_data):
    r = spending_summary(user=alice, period="last_month")
    assert r["total_spent"] == 380.0 and r["total_income"] == 3000.0 and r["net"] == 2620.0
    assert [(x["category"], x["spent"], x["count"]) for x in r["rows"]] == [
        ("Shopping", 180.0, 2), ("Groceries", 150.0, 2), ("Dining", 40.0, 3), ("Uncategorised", 10.0, 1)]
    assert r["rows"][1]["share_pct"] == 39.5
    assert r["income"] == [{"category": "Salary", "amount": 3000.0, "count": 1}]
    assert "Dining" in r["categories"] and r["currency"] == "USD"
    assert r["chart"]["type"] == "pie" and r["chart"]["labels"][0] == "Shopping"
    assert r["chart"]["series"][0]["data"] == [180.0, 150.0, 40.0, 10.0]


def test_summary_explicit_dates_and_unknown_period(alice, month_data):
    start, _ = month_data
    r = spending_summary(user=alice, start=start, end=start + timedelta(days=1))
    assert r["total_spent"] == 150.0
    with pytest.raises(DomainError):
        spending_summary(user=alice, period="fortnight")


def test_spending_by_category(alice, month_data):
    start, end = month_data
    r = spending_by_category(user=alice, category="dining", start=start, end=end)
    assert (r["category"], r["total"], r["count"], r["average"]) == ("Dining", 40.0, 3, 13.33)
    assert r["top_merchants"] == [{"merchant": "Joes Pizza", "total": 30.0, "count": 1},
                                  {"merchant": "Starbucks", "total": 10.0, "count": 2}]
    all_time = spending_by_category(user=alice, category="Dining")
    assert all_time["total"] == 80.0 and [m["total"] for m in all_time["rows"]] == [40.0, 40.0]
    assert all_time["monthly_average"] == 40.0
    with pytest.raises(NotFound):
        spending_by_category(user=alice, category="Yachts")


def test_spending_by_merchant(alice, month_data):
    r = spending_by_merchant(user=alice, merchant="amazon")
    assert (r["total"], r["refunds"], r["count"]) == (200.0, 20.0, 2)
    grouped = spending_by_merchant(user=alice, merchant="Amazon", group_by_category=True)
    assert grouped["rows"] == [{"category": "Shopping", "total": 180.0, "count": 2}]
    # the by-month answer takes its totals from the months in one pass: the same as the by-category one's
    assert {k: r[k] for k in ("total", "refunds", "count", "average", "first_date", "last_date")} == {
        k: grouped[k] for k in ("total", "refunds", "count", "average", "first_date", "last_date")}
    assert isinstance(r["count"], int)
    assert grouped["chart"]["type"] == "pie"
    assert spending_by_merchant(user=alice, merchant="Starbuks")["total"] == 10.0  # fuzzy
    with pytest.raises(NotFound):
        spending_by_merchant(user=alice, merchant="Nowhere Inc")


def test_spending_compare_categories_and_periods(alice, month_data, import_rows):
    start, end = month_data
    r = spending_compare(user=alice, categories=["Dining", "Groceries"], start=start, end=end)
    assert [(x["category"], list(x["values"].values())[0]) for x in r["rows"]] == [("Dining", 40.0),
                                                                                   ("Groceries", 150.0)]
    today = timezone.localdate()
    import_rows(alice, [(today.isoformat(), "TST* JOES PIZZA", "-60.00", "Dining")], name="now.csv")
    p = spending_compare(user=alice, categories=["Dining"], periods=["last_month", "this_month"])
    row = p["rows"][0]
    assert list(row["values"].values()) == [40.0, 60.0] and row["change"] == 20.0 and row["change_pct"] == 50.0
    assert len(p["chart"]["series"]) == 2
    all_cats = spending_compare(user=alice, periods=["last_month", "this_month"])
    assert {x["category"] for x in all_cats["rows"]} >= {"Dining", "Groceries", "Shopping"}
    assert "Salary" not in {x["category"] for x in all_cats["rows"]}


def test_lists_and_paging(alice, bob, month_data):
    assert "Groceries" in category_list(user=alice)
    assert "Starbucks" in merchant_list(user=alice) and "Joes Pizza" in merchant_list(user=alice)
    page = transaction_list(user=alice, category="Dining", page_size=2)
    assert page["count"] == 4 and page["pages"] == 2 and len(page["rows"]) == 2 and page["total"] == -80.0
    assert transaction_list(user=bob)["count"] == 1
    assert transaction_list(user=alice, search="woolworths")["count"] == 2  # word in the narrative
    assert transaction_list(user=alice, search="pizz")["count"] == 2  # part of a merchant name
    assert transaction_list(user=bob, search="woolworths")["count"] == 0


def test_no_data_is_zero_not_error(alice):
    r = spending_summary(user=alice, period="this_month")
    assert r["total_spent"] == 0.0 and r["rows"] == []
    assert date.fromisoformat(r["start"]) <= date.fromisoformat(r["end"])
