"""Safe to spend with fixed dates (issue 24 item 8): budgets left − bills due before the next pay − usual spending
outside budgets for the days left, with the next pay shown; transfers never count as spending; the home page
shows the breakdown; a second user sees none of it and has his own figure."""
from __future__ import annotations

from datetime import date

import pytest
from django.test import Client
from django.utils import timezone

from transactions import selectors, services

pytestmark = pytest.mark.django_db

TODAY = date(2026, 6, 20)  # a Saturday; June has 30 days: 11 days left, today included


def _add(user, day: str, description: str, amount: str, category: str, merchant: str | None = None):
    return services.transaction_create(user=user, date=day, description=description, amount=amount,
                                       category=category, merchant=merchant)


def _rent_and_netflix(user) -> None:
    for month in (3, 4, 5, 6):
        _add(user, f"2026-{month:02d}-01", "OAK STREET APTS RENT", "-900.00", "Rent", "Oak Street Apts")
    for month in (3, 4, 5):
        _add(user, f"2026-{month:02d}-25", "NETFLIX.COM", "-15.49", "Entertainment", "Netflix")


@pytest.fixture
def alice_month(alice):
    """Alice is paid on the 3rd (next pay Sat 4 Jul, after the month's end), pays rent on the 1st and Netflix on
    the 25th; Groceries has no budget (300, 400, 350 in March–May); a 1,000 move to savings in May is a transfer."""
    for month in (3, 4, 5, 6):
        _add(alice, f"2026-{month:02d}-03", "ACME CORP PAYROLL", "2000.00", "Salary", "Acme Payroll")
    _rent_and_netflix(alice)
    # two grocers, two visits each: neither recurs often enough to be taken for a bill
    for month, amount, shop in ((3, "-300.00", "Fresh Market"), (4, "-400.00", "Corner Grocer"),
                                (5, "-350.00", "Fresh Market"), (6, "-90.00", "Corner Grocer")):
        _add(alice, f"2026-{month:02d}-10", shop.upper(), amount, "Groceries", shop)
    move = _add(alice, "2026-05-15", "TRANSFER TO SAVINGS", "-1000.00", "Groceries")
    services.transfer_mark(user=alice, transaction_id=move.id)
    _add(alice, "2026-06-05", "TST* JOES PIZZA", "-50.00", "Dining")
    _add(alice, "2026-06-12", "TST* JOES PIZZA", "-30.00", "Dining")
    _add(alice, "2026-06-14", "CITY BOOKS", "-100.00", "Shopping")
    services.jar_create(user=alice, name="Eating out", monthly_budget="200", categories=["Dining"],
                        rollover_start=date(2026, 3, 1))
    services.budget_suggestion_accept(user=alice, category="Shopping", amount="1500")
    services.subscriptions_detect(user=alice, today=TODAY)
    return alice


def test_safe_to_spend_takes_bills_before_next_pay_and_unbudgeted_spending(alice_month):
    safe = selectors.safe_to_spend(user=alice_month, today=TODAY)
    assert (safe["budgeted"], safe["spent"], safe["budget_left"]) == (1700.0, 180.0, 1520.0)
    # pay comes on 4 Jul, after the month's end: rent due on 1 Jul is paid from what is left now
    assert safe["next_pay"]["merchant"] == "Acme Payroll" and safe["next_pay"]["date"] == "2026-07-04"
    assert safe["bills_until"] == "2026-07-03"
    assert [(c["merchant"], c["date"], c["amount"]) for c in safe["upcoming_charges"]] == [
        ("Netflix", "2026-06-25", 15.49), ("Oak Street Apts", "2026-07-01", 900.0)]
    assert safe["upcoming"] == 915.49
    # usual Groceries (the only spending outside budgets) is the median of 300, 400, 350 — the transfer is not
    # spending, or May would be 1,350 and the median 400; rent and Netflix are bills, counted once above
    assert safe["unbudgeted_usual"] == 350.0 and safe["unbudgeted_so_far"] == 90.0
    assert safe["unbudgeted_to_come"] == round(350 * 11 / 30, 2) == 128.33
    assert safe["safe"] == round(1520 - 915.49 - 128.33, 2) == 476.18
    assert safe["days_left"] == 11 and safe["per_day"] == round(476.18 / 11, 2)


def test_without_a_pay_after_the_month_bills_stop_at_the_month_end(alice_month, bob):
    # Bob pays the same rent but has no regular pay: the 1 Jul rent is next month's, not this month's.
    _rent_and_netflix(bob)
    services.jar_create(user=bob, name="Treats", monthly_budget="100", categories=["Dining"])
    services.subscriptions_detect(user=bob, today=TODAY)
    safe = selectors.safe_to_spend(user=bob, today=TODAY)
    assert safe["next_pay"] is None and safe["bills_until"] == "2026-06-30"
    assert [c["merchant"] for c in safe["upcoming_charges"]] == ["Netflix"]
    assert (safe["budget_left"], safe["upcoming"], safe["unbudgeted_usual"]) == (100.0, 15.49, 0.0)
    assert safe["safe"] == 84.51
    # alice's figures are untouched by bob's rows
    assert selectors.safe_to_spend(user=alice_month, today=TODAY)["safe"] == 476.18


def test_pay_due_before_the_month_end_keeps_the_bills_to_the_month(alice, monkeypatch):
    # Paid every two weeks; the next pay (Fri 26 Jun) is before the month's end, so bills run to 30 Jun.
    for day in ("2026-05-01", "2026-05-15", "2026-05-29", "2026-06-12"):
        _add(alice, day, "ACME CORP PAYROLL", "1000.00", "Salary", "Acme Payroll")
    _rent_and_netflix(alice)
    services.jar_create(user=alice, name="Eating out", monthly_budget="200", categories=["Dining"])
    services.subscriptions_detect(user=alice, today=TODAY)
    safe = selectors.safe_to_spend(user=alice, today=TODAY)
    assert safe["next_pay"]["date"] == "2026-06-26" and safe["bills_until"] == "2026-06-30"
    assert [c["merchant"] for c in safe["upcoming_charges"]] == ["Netflix"]
    # the day before payday is not a $0-income month: the pay still expected shows under "Income so far"
    monkeypatch.setattr(timezone, "localdate", lambda *args, **kwargs: date(2026, 6, 25))
    web = Client()
    web.force_login(alice)
    page = web.get("/").content.decode()
    assert 'data-testid="income-expected">+$1,000.00 expected Fri 26 Jun<' in page


def test_home_shows_how_safe_to_spend_was_worked_out(alice_month, bob, monkeypatch):
    monkeypatch.setattr(timezone, "localdate", lambda *args, **kwargs: TODAY)  # the page's "today"
    web = Client()
    web.force_login(alice_month)
    page = web.get("/").content.decode()
    assert 'id="headline-figure">$476.18<' in page
    breakdown = page[page.index('id="safe-breakdown"'):page.index("</dl>", page.index('id="safe-breakdown"'))]
    for shown in ("Budgets left", "$1,700.00 budgeted", "$180.00 spent", "$1,520.00",
                  "Bills and subscriptions due by Fri 3 Jul", "$915.49", "Netflix $15.49", "Oak Street Apts $900.00",
                  "Usual spending outside your budgets", "$128.33", "usually $350.00 a month", "= Safe to spend",
                  "$476.18", "Income expected", "Acme Payroll <strong>+$2,000.00</strong>"):
        assert shown in breakdown, shown
    # Coming up lists the pay (in 14 days) as money in; it comes after this month, so not under "Income so far"
    assert 'data-testid="expected-income"' in page and 'data-testid="income-expected"' not in page
    bob_web = Client()
    bob_web.force_login(bob)
    services.transaction_create(user=bob, date="2026-06-02", description="CORNER SHOP", amount="-5", category="Dining")
    bob_page = bob_web.get("/").content.decode()
    assert "Acme Payroll" not in bob_page and "$476.18" not in bob_page


def test_another_currency_is_never_added_in(alice_month):
    # with a second currency the rows are read (the roll-up has no currency): the USD figures stay the same
    services.transaction_create(user=alice_month, date="2026-05-11", description="BERLIN GROCER", amount="-999",
                                currency="EUR", category="Groceries")
    safe = selectors.safe_to_spend(user=alice_month, today=TODAY)
    assert (safe["currency"], safe["unbudgeted_usual"], safe["unbudgeted_so_far"], safe["safe"]) == (
        "USD", 350.0, 90.0, 476.18)


def test_api_safe_to_spend_and_coming_up_for_their_owner_only(alice_month, alice_client, bob_client, monkeypatch):
    monkeypatch.setattr(timezone, "localdate", lambda *args, **kwargs: TODAY)
    safe = alice_client.get("/api/v1/transactions/safe-to-spend/").json()
    assert (safe["safe"], safe["upcoming"], safe["unbudgeted_to_come"], safe["next_pay"]["date"]) == (
        476.18, 915.49, 128.33, "2026-07-04")
    rows = alice_client.get("/api/v1/transactions/coming-up/").json()["rows"]
    assert [(r["date"], r["merchant"], r["direction"], r["amount"]) for r in rows] == [
        ("2026-06-25", "Netflix", "out", 15.49), ("2026-07-01", "Oak Street Apts", "out", 900.0),
        ("2026-07-04", "Acme Payroll", "in", 2000.0)]
    assert bob_client.get("/api/v1/transactions/coming-up/").json()["rows"] == []
    bob_safe = bob_client.get("/api/v1/transactions/safe-to-spend/").json()
    assert bob_safe["next_pay"] is None and bob_safe["upcoming_charges"] == [] and not bob_safe["has_budgets"]


def test_rows_dated_later_this_month_count_for_jars_not_for_spending_so_far(alice_month):
    # A jar counts its whole month (a dinner booked for the 28th is spent from it); spending outside budgets
    # "so far" stops at today. One currency reads the monthly roll-up, two read the rows: the same figures.
    _add(alice_month, "2026-06-28", "BOOKED DINNER", "-20.00", "Dining")
    _add(alice_month, "2026-06-25", "GROCER PREORDER", "-40.00", "Groceries")
    one = selectors.safe_to_spend(user=alice_month, today=TODAY)
    assert (one["spent"], one["unbudgeted_so_far"], one["unbudgeted_usual"]) == (200.0, 90.0, 350.0)
    assert one["safe"] == round(1700 - 200 - 915.49 - 128.33, 2)
    services.transaction_create(user=alice_month, date="2026-05-11", description="BERLIN GROCER", amount="-999",
                                currency="EUR", category="Groceries")
    two = selectors.safe_to_spend(user=alice_month, today=TODAY)
    assert {k: v for k, v in two.items() if k != "currency_note"} == {
        k: v for k, v in one.items() if k != "currency_note"}


def test_an_archived_jars_categories_fall_back_to_their_own_budgets(alice_month):
    # Dining feeds the "Eating out" jar (200) and also has a category budget (120): budgeted once, by the jar.
    services.budget_suggestion_accept(user=alice_month, category="Dining", amount="120")
    safe = selectors.safe_to_spend(user=alice_month, today=TODAY)
    assert (safe["budgeted"], safe["spent"]) == (1700.0, 180.0)
    jar = alice_month.tx_jars.get(name="Eating out")
    services.jar_update(user=alice_month, jar_id=jar.id, archived=True)
    # archived, the jar budgets nothing: Dining's own budget counts, with its 80 spent
    safe = selectors.safe_to_spend(user=alice_month, today=TODAY)
    assert (safe["budgeted"], safe["spent"], safe["budget_left"]) == (1620.0, 180.0, 1440.0)
    overview = selectors.budget_overview(user=alice_month, month=TODAY, today=TODAY)
    assert overview["budgeted"] == 1620.0 and overview["category_budgets_outside_jars"] == ["Dining", "Shopping"]
    services.jar_update(user=alice_month, jar_id=jar.id, archived=False)
    assert selectors.safe_to_spend(user=alice_month, today=TODAY)["budgeted"] == 1700.0
