"""Analytics that compare like with like: partial periods, "usual", bills vs subscriptions, currencies, tips."""
from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.utils import timezone

from core.periods import (
    add_months,
    comparable_previous_window,
    period_to_date_comparison,
    previous_full_months,
    usual_window,
)
from transactions.selectors import (
    budget_suggestions,
    spending_by_category,
    spending_by_merchant,
    spending_compare,
    spending_summary,
    spending_usual,
    subscription_list,
)

pytestmark = pytest.mark.django_db
TODAY = date(2026, 11, 22)


def test_running_month_is_compared_with_the_same_days_of_the_previous_one():
    cmp = period_to_date_comparison("this_month", today=TODAY)
    assert cmp["current"][:2] == (date(2026, 11, 1), TODAY) and cmp["partial"] and cmp["days"] == 22
    assert cmp["previous"][:2] == (date(2026, 10, 1), date(2026, 10, 22))
    # 31 March has no "same day" in February: February is counted whole, no further
    assert comparable_previous_window(date(2026, 3, 1), date(2026, 3, 31), today=date(2026, 3, 31))[:2] == (
        date(2026, 2, 1), date(2026, 2, 28))
    # a finished month is compared with the whole month before it
    done = period_to_date_comparison("last_month", today=TODAY)
    assert not done["partial"] and done["previous"][:2] == (date(2026, 9, 1), date(2026, 9, 30))
    week = period_to_date_comparison("this_week", today=date(2026, 11, 19))  # a Thursday
    assert week["previous"][:2] == (date(2026, 11, 9), date(2026, 11, 12))


def test_usual_is_the_previous_full_months():
    assert previous_full_months(3, today=TODAY) == [
        (date(2026, 8, 1), date(2026, 8, 31)), (date(2026, 9, 1), date(2026, 9, 30)),
        (date(2026, 10, 1), date(2026, 10, 31))]
    assert usual_window(3, today=TODAY)[:2] == (date(2026, 8, 1), date(2026, 10, 31))


def test_compare_this_month_against_the_same_days_of_last_month(alice, import_rows):
    import_rows(alice, [("2026-10-05", "TST* JOES PIZZA", "-30", "Dining"),
                        ("2026-10-28", "TST* JOES PIZZA", "-500", "Dining"),  # after the 22nd: not comparable
                        ("2026-11-03", "TST* JOES PIZZA", "-40", "Dining")])
    r = spending_compare(user=alice, periods=["last_month", "this_month"], today=TODAY)
    assert [(w["start"], w["end"]) for w in r["windows"]] == [("2026-10-01", "2026-10-22"),
                                                              ("2026-11-01", "2026-11-22")]
    dining = next(x for x in r["rows"] if x["category"] == "Dining")
    assert list(dining["values"].values()) == [30.0, 40.0] and dining["change"] == 10.0
    assert r["like_for_like"]["days"] == 22 and "same days" in r["like_for_like"]["note"]
    # two finished periods are not cut
    whole = spending_compare(user=alice, periods=["2026-09", "2026-10"], today=TODAY)
    assert whole["like_for_like"] is None and whole["totals"]["October 2026"] == 530.0


def test_usual_spending_averages_full_months_and_never_the_running_one(alice, import_rows):
    today = timezone.localdate()
    month = lambda back, day: add_months(today.replace(day=1), -back).replace(day=day).isoformat()  # noqa: E731
    import_rows(alice, [(month(3, 2), "TST* JOES PIZZA", "-100", "Dining"),
                        (month(2, 2), "TST* JOES PIZZA", "-200", "Dining"),
                        # month 1 has no Dining at all: a zero month counts in the average
                        (month(1, 1), "TESCO STORES 1", "-999", "Groceries"),
                        (month(0, 1), "TST* JOES PIZZA", "-50", "Dining")])
    r = spending_usual(user=alice, category="Dining", months=3, today=today)
    assert r["usual"] == 100.0 and [x["total"] for x in r["rows"]] == [100.0, 200.0, 0.0]
    assert r["this_month_so_far"] == 50.0 and r["same_days_last_month"] == 0.0
    assert r["usual_months"][-1] == add_months(today.replace(day=1), -1).strftime("%Y-%m")


def _monthly(back_months: int, day: int = 3) -> str:
    """A monthly charge `back_months` ago (a few days apart per payee), the latest about a month before today:
    a fixed day of the month made the last charge up to 58 days old late in a month, which reads as lapsed."""
    today = timezone.localdate()
    return (today - timedelta(days=30 * back_months + day)).isoformat()


def test_bills_are_apart_from_subscriptions_with_a_yearly_cost(alice, import_rows):
    from transactions.services import subscriptions_detect

    rows = []
    for back in range(1, 5):
        rows += [(_monthly(back), f"RENT PAYMENT OAK STREET APTS REF {back}88", "-1850.00", "Rent"),
                 (_monthly(back, 5), "CITY POWER ELECTRICITY", "-80.00", ""),
                 (_monthly(back, 7), "NETFLIX.COM 866-579-7172 CA", "-17.99", "")]
    import_rows(alice, rows)
    subscriptions_detect(user=alice)
    r = subscription_list(user=alice)
    kinds = {x["merchant"]: x["kind"] for x in r["rows"]}
    assert kinds == {"Oak Street Apts": "bill", "City Power Electricity": "bill", "Netflix": "subscription"} or (
        sorted(kinds.values()) == ["bill", "bill", "subscription"])
    assert (r["subscriptions_per_month"], r["subscriptions_per_year"]) == (17.99, 215.88)
    assert (r["bills_per_month"], r["bills_per_year"]) == (1930.0, 23160.0)
    assert r["chart"]["labels"] == ["Netflix"]  # rent does not dwarf the subscriptions chart
    assert next(x for x in r["rows"] if x["kind"] == "subscription")["yearly_cost"] == 215.88


def test_currencies_are_never_summed(alice):
    from transactions.services import transactions_import

    start = add_months(timezone.localdate().replace(day=1), -1)
    content = ("Date,Description,Amount,Currency,Category\n"
               f"{start.isoformat()},TST* JOES PIZZA,-30.00,USD,Dining\n"
               f"{(start + timedelta(days=1)).isoformat()},TESCO STORES 1,-20.00,USD,Groceries\n"
               f"{(start + timedelta(days=2)).isoformat()},REWE SAGT DANKE,-1000.00,EUR,Groceries\n")
    transactions_import(user=alice, file_name="mixed.csv", content=content.encode())
    r = spending_summary(user=alice, period="last_month")
    assert r["currency"] == "USD" and r["total_spent"] == 50.0
    assert r["other_currencies"] == [{"currency": "EUR", "total_spent": 1000.0, "total_income": 0.0, "count": 1}]
    assert "never added" in r["currency_note"]
    cmp = spending_compare(user=alice, categories=["Groceries"], start=start, end=start + timedelta(days=5))
    assert cmp["totals"] == {next(iter(cmp["totals"])): 20.0} and "EUR" in cmp["currency_note"]
    groceries = spending_by_category(user=alice, category="Groceries", start=start, end=start + timedelta(days=5))
    assert (groceries["total"], groceries["currency"], groceries["count"]) == (20.0, "USD", 1)
    rewe = spending_by_merchant(user=alice, merchant="Rewe", start=start, end=start + timedelta(days=5))
    assert (rewe["total"], rewe["currency"], rewe["currency_note"]) == (1000.0, "EUR", "")  # a euro shop, in euros
    from transactions.selectors import jar_status
    from transactions.services import jar_create

    jar_create(user=alice, name="Food", monthly_budget=100, categories=["Groceries"])
    jar = jar_status(user=alice, month=start)
    assert jar["rows"][0]["spent"] == 20.0 and jar["currency"] == "USD" and "EUR" in jar["currency_note"]


def test_budget_tips_quote_their_own_figures_and_never_cut_fixed_costs(alice, import_rows):
    rows = []
    for back in range(1, 7):
        rows += [(_monthly(back, 1), "RENT PAYMENT OAK STREET APTS", "-1850.00", "Rent"),
                 (_monthly(back, 4), "CITY POWER", "-60.00", "Utilities"),
                 (_monthly(back, 5), "THAMES WATER", "-25.00", "Utilities"),
                 (_monthly(back, 6), "VODAFONE LTD", "-15.00", "Utilities"),
                 (_monthly(back, 8), "TST* JOES PIZZA", f"-{40 + back}", "Dining")]
    import_rows(alice, rows)
    r = {x["category"]: x for x in budget_suggestions(user=alice)["rows"]}
    rent, utilities, dining = r["Rent"], r["Utilities"], r["Dining"]
    assert rent["fixed_cost"] and rent["suggested_budget"] >= rent["median"] == 1850.0
    assert utilities["fixed_cost"] and utilities["suggested_budget"] >= utilities["median"] == 100.0
    # the tip counts the category's charges last month (three, from three merchants), not one merchant's
    assert utilities["last_month_charges"] == 3 and "3 Utilities charges last month, $100.00" in utilities["tip"]
    assert "cut" in utilities["tip"] and "halving" not in utilities["tip"]
    assert not dining["fixed_cost"] and dining["suggested_budget"] < dining["median"]
    assert dining["tip"].startswith("1 Joes Pizza visit, $41.00 last month")
