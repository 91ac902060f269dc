"""Issue 13, money pages as a demanding user reads them: home at a glance (safe to spend, bills apart, like for
like, 6-month trend), search paging past 200 rows with removable chips and suggestions, budgets by month with
income vs budgeted, subscriptions with monthly and yearly costs. Data goes in through the apps' services."""
from __future__ import annotations

import re
from datetime import date, timedelta

import pytest
from django.utils import timezone

from core.web.format import money
from tests.web.conftest import months_back, statement_csv

pytestmark = pytest.mark.django_db


def _import(user, rows):
    from transactions import services

    return services.transactions_import(user=user, file_name="s.csv", content=statement_csv(rows))


def _subscription(user, merchant: str, amount: str, *, cadence: str = "monthly", next_expected: date,
                  status: str = "confirmed"):
    """A recurring charge as subscription detection stores it, for the merchant of an imported row whose
    description contains `merchant`."""
    from transactions.models import Subscription, Transaction

    merchant_row = Transaction.objects.filter(user=user, description__icontains=merchant).first().merchant
    monthly = {"monthly": 1, "weekly": 52 / 12, "yearly": 1 / 12}[cadence]
    sub, _ = Subscription.objects.update_or_create(
        user=user, merchant=merchant_row, cadence=cadence,
        defaults={"amount": amount, "monthly_cost": round(float(amount) * monthly, 2), "currency": "USD",
                  "occurrences": 3, "first_date": next_expected - timedelta(days=90),
                  "last_date": next_expected - timedelta(days=30), "next_expected": next_expected, "status": status})
    return sub


# --- home -------------------------------------------------------------------------------------------------------

def test_safe_to_spend_is_budget_minus_spent_minus_charges_still_due(alice):
    from transactions import selectors, services

    today = timezone.localdate()
    month_end = (today.replace(day=28) + timedelta(days=4)).replace(day=1) - timedelta(days=1)
    _import(alice, [(today, "TST* JOES PIZZA", "-30.00", "Dining"),
                    (today - timedelta(days=40), "SPOTIFY P0123", "-10.00", "Subscriptions"),
                    (today - timedelta(days=40), "WEEKLY BOX CO", "-5.00", "Groceries")])
    services.jar_create(user=alice, name="Eating out", monthly_budget="100", categories=["Dining"])
    _subscription(alice, "Spotify", "10.00", next_expected=today)
    weekly = _subscription(alice, "Weekly Box Co", "5.00", cadence="weekly", next_expected=today)
    _subscription(alice, "Spotify", "99.00", cadence="yearly", next_expected=today, status="dismissed")
    weekly_charges = (month_end - today).days // 7 + 1
    safe = selectors.safe_to_spend(user=alice, today=today)
    assert safe["budgeted"] == 100.0 and safe["spent"] == 30.0 and safe["budget_left"] == 70.0
    assert safe["upcoming"] == round(10.0 + 5.0 * weekly_charges, 2)  # every weekly charge; dismissed ones never
    assert safe["safe"] == round(70.0 - 10.0 - 5.0 * weekly_charges, 2)
    assert safe["days_left"] == (month_end - today).days + 1
    assert safe["per_day"] == round(safe["safe"] / safe["days_left"], 2)
    assert len([c for c in safe["upcoming_charges"] if c["merchant"] == weekly.merchant.name]) == weekly_charges


def test_month_glance_splits_bills_from_the_rest_and_compares_the_same_days(alice):
    from transactions import selectors

    today = timezone.localdate()
    last_month_first = (today.replace(day=1) - timedelta(days=1)).replace(day=1)
    _import(alice, [(today.replace(day=1), "OAK STREET APTS RENT", "-1200.00", "Rent"),
                    (today, "TST* JOES PIZZA", "-40.00", "Dining"),
                    (today.replace(day=1), "ACME CORP PAYROLL", "3000.00", "Salary"),
                    (last_month_first, "TST* JOES PIZZA", "-25.00", "Dining"),
                    # after the same day last month (when today is not the month's last day): not compared
                    ((today.replace(day=1) - timedelta(days=1)), "TST* JOES PIZZA", "-500.00", "Dining")])
    g = selectors.month_glance(user=alice, today=today)
    assert g["this_month"]["bills"] == 1200.0 and g["this_month"]["discretionary"] == 40.0
    assert g["this_month"]["spent"] == 1240.0 and g["this_month"]["income"] == 3000.0
    assert g["this_month"]["net"] == 1760.0
    same_days = 25.0 if today.day < (today.replace(day=1) - timedelta(days=1)).day else 525.0
    assert g["same_days_last_month"]["spent"] == same_days
    assert g["spending_change"] == round(1240.0 - same_days, 2)


def test_cash_flow_trend_has_six_full_months_and_this_month_so_far(alice, alice_data):
    from transactions import selectors

    trend = selectors.cash_flow_trend(user=alice, months=6)
    rows = trend["rows"]
    assert len(rows) == 7 and rows[-1]["partial"] and "so far" in rows[-1]["label"]
    assert not any(r["partial"] for r in rows[:-1])
    # alice_data: payroll of 3,200 on the 1st of this month and the four before it; nothing earlier
    assert [r["income"] for r in rows] == [0.0, 0.0, 3200.0, 3200.0, 3200.0, 3200.0, 3200.0]
    assert rows[-2]["spent"] == round(4.50 + 6.25 + 82.10 + 15.49, 2)
    assert rows[-2]["net"] == round(3200 - rows[-2]["spent"], 2)
    assert trend["chart"]["labels"][-1] == rows[-1]["label"] and len(trend["chart"]["series"]) == 2


def test_home_headline_review_link_and_readable_dates(alice_web, alice, alice_data):
    from transactions import selectors

    today = timezone.localdate()
    _subscription(alice, "Netflix", "15.49", next_expected=today + timedelta(days=1))
    page = alice_web.get("/").content.decode()
    safe = selectors.safe_to_spend(user=alice)
    shown = money(safe["safe"]) if safe["safe"] >= 0 else f"{money(abs(safe['safe']))} over"
    assert re.search(rf'id="headline-figure">{re.escape(shown)}<', page)
    assert "How is this worked out?" in page and "Bills and subscriptions due by" in page
    glance = selectors.month_glance(user=alice)
    assert f'id="income-this-month">{money(glance["this_month"]["income"])}<' in page
    assert f'id="net-this-month" class="{"neg" if glance["this_month"]["net"] < 0 else ""}">' in page
    count = selectors.review_count(user=alice)
    if count:
        assert f'href="/transactions/review/" id="home-review-link">{count} transaction' in page
    else:
        assert 'id="home-review-none"' in page
    tomorrow = today + timedelta(days=1)
    assert f"Tomorrow, {tomorrow:%a} {tomorrow.day} {tomorrow:%b}" in page  # not 2026-11-24
    assert 'id="trend"' in page and "(so far)" in page and 'id="like-for-like"' in page
    trend = selectors.cash_flow_trend(user=alice)["rows"]
    assert f'{trend[-2]["label"]} {money(trend[-2]["net"])}' in page  # net cash flow per month under the chart


def test_home_without_budgets_says_how_to_get_safe_to_spend(bob_web, bob_data):
    page = bob_web.get("/").content.decode()
    assert "Spent so far this month" in page and "Set monthly budgets" in page
    assert "Eating out" not in page  # alice's jar


# --- transactions search ---------------------------------------------------------------------------------------

@pytest.fixture
def many_coffees(alice, bob):
    """230 coffees last month and 20 the month before; bob has coffees too (never counted for alice)."""
    rows = [(months_back(1, 1 + i % 27), f"COFFEE HUT {i:03d}", "-3.50", "Dining") for i in range(230)]
    rows += [(months_back(2, 1 + i % 27), f"COFFEE HUT {i:03d}", "-3.50", "Dining") for i in range(20)]
    _import(alice, rows)
    _import(bob, [(months_back(1, 3), "COFFEE HUT 999", "-3.50", "Dining")])
    return alice


def test_search_pages_past_200_results(alice_web, many_coffees):
    first = alice_web.get("/transactions/", {"q": "coffee hut last month"}).content.decode()
    assert "230 transactions" in first and "page 1 of 5" in first
    assert 'rel="next"' in first and "page=2" in first
    ids_first = set(re.findall(r'<tr id="tx-(\d+)"', first))
    assert len(ids_first) == 50
    last = alice_web.get("/transactions/", {"q": "coffee hut last month", "page": "5"}).content.decode()
    ids_last = set(re.findall(r'<tr id="tx-(\d+)"', last))
    assert len(ids_last) == 30 and not ids_first & ids_last and 'rel="prev"' in last
    beyond = alice_web.get("/transactions/", {"q": "coffee hut last month", "page": "99"}).content.decode()
    assert set(re.findall(r'<tr id="tx-(\d+)"', beyond)) == ids_last  # past the end: the last page
    bad = alice_web.get("/transactions/", {"q": "coffee hut last month", "page": "two"})
    assert bad.status_code == 200 and set(re.findall(r'<tr id="tx-(\d+)"', bad.content.decode())) == ids_first


def test_page_links_show_ends_and_neighbours(alice_web, many_coffees):
    from transactions.web.views import _page_links

    assert _page_links(1, 1) == [1] and _page_links(2, 4) == [1, 2, 3, 4]
    assert _page_links(1, 5) == [1, 2, 3, None, 5]
    assert _page_links(6, 12) == [1, None, 4, 5, 6, 7, 8, None, 12]
    page = alice_web.get("/transactions/", {"q": "coffee hut last month", "page": "3"}).content.decode()
    assert re.search(r'<a aria-current="page" href="\?q=coffee\+hut\+last\+month&amp;page=3">3</a>', page)
    assert 'aria-label="Page 5"' in page and 'aria-label="Page 1"' in page


def test_removing_a_chip_searches_without_that_part(alice_web, many_coffees):
    from urllib.parse import unquote_plus

    page = alice_web.get("/transactions/", {"q": "coffee hut last month"}).content.decode()
    chips = dict(re.findall(r'<li class="chip chip-(\w+)" data-key="([^"]+)"', page))
    assert chips.get("period") == "period"
    remove = re.search(r'data-key="period">[^<]*<a class="chip-remove" href="\?([^"]+)"', page).group(1)
    assert "drop=period" in remove
    wider = alice_web.get("/transactions/?" + remove.replace("&amp;", "&")).content.decode()
    assert "250 transactions" in wider  # both months now
    assert 'data-key="period"' not in wider and "Put back what I removed" in wider
    assert unquote_plus(remove).count("coffee hut last month") == 1  # the words typed stay as typed


def test_nothing_found_offers_a_broader_period_and_did_you_mean(alice_web, many_coffees):
    none = alice_web.get("/transactions/", {"q": "coffee hut in 2019"}).content.decode()
    assert 'id="no-match"' in none and 'id="broader"' in none
    assert re.search(r"any time, not just 2019</a> — 250 transactions", none)
    _import(many_coffees, [(months_back(1, 4), "BLUE BOTTLE COFFEE 1", "-5.00", "Dining")])
    # a name run together and misspelt is read as theirs, and the chip shows how it was read (removable)
    read = alice_web.get("/transactions/", {"q": "bluebotle"}).content.decode()
    assert 'data-key="merchants:Blue Bottle Coffee"' in read and "1 transaction," in read
    # one too far from any of their names to take on its own is offered instead
    typo = alice_web.get("/transactions/", {"q": "blubotel"}).content.decode()
    assert 'id="did-you-mean"' in typo and "Blue Bottle Coffee" in typo and "1 transaction," not in typo
    link = re.search(r'id="did-you-mean">Did you mean\s*<a href="\?([^"]+)"', typo).group(1).replace("&amp;", "&")
    fixed = alice_web.get("/transactions/?" + link).content.decode()
    assert "1 transaction," in fixed and "BLUE BOTTLE COFFEE 1" in fixed


def test_search_never_counts_another_users_rows(bob_web, many_coffees):
    page = bob_web.get("/transactions/", {"q": "coffee hut last month"}).content.decode()
    assert "1 transaction," in page and "COFFEE HUT 000" not in page


# --- budgets ----------------------------------------------------------------------------------------------------

def test_budgets_by_month_with_income_budgeted_unbudgeted(alice_web, alice, alice_data):
    from transactions import selectors

    last = months_back(1, 1)
    page = alice_web.get("/jars/", {"month": f"{last:%Y-%m}"}).content.decode()
    overview = selectors.budget_overview(user=alice, month=last)
    assert overview["income"] == 3200.0 and overview["budgeted"] == 10.0 and overview["unbudgeted"] == 3190.0
    assert 'id="overview-income">$3,200.00<' in page and 'id="overview-budgeted">$10.00<' in page
    assert 'id="overview-unbudgeted">$3,190.00<' in page
    assert f"{last:%B %Y}" in page and 'id="month-next"' in page and 'id="month-prev"' in page
    # a budget belongs to a month: changing it here holds from that month on, never earlier months
    assert f"a budget you change here holds from {last:%B %Y} on" in page
    now = alice_web.get("/jars/").content.decode()
    assert 'id="month-next"' not in now and "Income so far" in now
    assert "Income last month: $3,200.00." in now  # pay may not have come in yet this month
    bad = alice_web.get("/jars/", {"month": "2026-13"}).content.decode()
    assert "is not a month (use YYYY-MM" in bad


def test_saving_a_budget_updates_totals_and_chart_in_place(alice_web, alice, alice_data):
    from transactions.models import Jar

    jar = Jar.objects.get(user=alice, name="Eating out")
    month = months_back(1, 1)
    body = alice_web.post(f"/jars/{jar.id}/budget/", {"monthly_budget": "250", "month": f"{month:%Y-%m}"},
                          HTTP_HX_REQUEST="true").content.decode()
    assert f'id="jar-{jar.id}"' in body and "Budget saved." in body
    assert 'id="budget-summary" class="card" hx-swap-oob="true"' in body
    assert 'id="overview-budgeted">$250.00<' in body and 'id="overview-unbudgeted">$2,950.00<' in body
    assert 'id="budget-chart" hx-swap-oob="true"' in body and '<figure class="chart"' in body
    assert f"Jars for {month:%B %Y}" in body  # the month the page was showing
    plain = alice_web.post(f"/jars/{jar.id}/budget/", {"monthly_budget": "260", "month": f"{month:%Y-%m}"})
    assert plain.status_code == 302 and plain["Location"].endswith(f"?month={month:%Y-%m}")


def test_accepting_a_suggestion_updates_what_is_budgeted(alice_web, alice, alice_data):
    body = alice_web.post("/budgets/accept/", {"category": "Groceries", "amount": "80"},
                          HTTP_HX_REQUEST="true").content.decode()
    assert "Groceries: monthly budget set to $80.00." in body
    # Groceries feeds no jar, so its budget now counts: the jar's $10 + $80
    assert 'hx-swap-oob="true"' in body and 'id="overview-budgeted">$90.00<' in body
    assert "the budgets of Groceries (categories in no jar)" in body


# --- subscriptions ----------------------------------------------------------------------------------------------

def test_subscriptions_show_monthly_and_yearly_money_everywhere(alice_web, alice, alice_data):
    from transactions import selectors

    today = timezone.localdate()
    _subscription(alice, "Netflix", "15.49", next_expected=today + timedelta(days=9))
    page = alice_web.get("/subscriptions/").content.decode()
    result = selectors.subscription_list(user=alice)
    row = next(r for r in result["rows"] if r["merchant"] == "Netflix")
    assert money(row["yearly_cost"]) in page and money(row["monthly_cost"]) in page
    assert 'id="subscriptions-totals"' in page and money(result["subscriptions_per_year"]) in page
    assert "in 9 days" in page
    # the chart's numbers table shows money, not bare decimals such as "15.49"
    table = page.split("Show the numbers")[-1]
    assert re.search(r'<td class="num">\$15\.49</td>', table) and not re.search(r'<td class="num">15\.49</td>', table)


def test_search_api_pages_too(alice_client, many_coffees):
    first = alice_client.get("/api/v1/transactions/search/", {"q": "coffee hut last month", "limit": 100}).json()
    third = alice_client.get("/api/v1/transactions/search/",
                             {"q": "coffee hut last month", "limit": 100, "page": 3}).json()
    assert first["count"] == 230 and first["pages"] == 3 and len(first["rows"]) == 100
    assert third["page"] == 3 and len(third["rows"]) == 30
    assert not {r["id"] for r in first["rows"]} & {r["id"] for r in third["rows"]}
    too_many = alice_client.get("/api/v1/transactions/search/", {"q": "coffee", "limit": 500})
    assert too_many.status_code == 400 and "limit" in str(too_many.json())


def test_bob_sees_none_of_alices_money_on_these_pages(bob_web, bob_data, alice_data):
    home = bob_web.get("/").content.decode()
    assert "Eating out" not in home and "Netflix" not in home and "$3,200.00" not in home
    jars = bob_web.get("/jars/", {"month": f"{months_back(1, 1):%Y-%m}"}).content.decode()
    assert 'id="overview-budgeted">$0.00<' in jars and 'id="overview-income">$0.00<' in jars
    search = bob_web.get("/transactions/", {"q": "starbuks"}).content.decode()
    assert "Starbucks" not in search and "STARBUCKS" not in search  # not even as a "did you mean"
    subs = bob_web.get("/subscriptions/").content.decode()
    assert "Netflix" not in subs
