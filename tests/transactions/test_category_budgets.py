"""Category budgets by month (a category budget is a jar of one category): a change holds from the month it is
made for on and never rewrites an earlier month's budget or figures; through the service, the API and the Jars
page; bob can neither see nor change alice's."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from core.errors import DomainError, NotFound
from core.periods import add_months
from transactions import selectors, services
from transactions.models import Category

pytestmark = pytest.mark.django_db
BASE = "/api/v1/transactions/"


def _months():
    this = timezone.localdate().replace(day=1)
    return add_months(this, -2), add_months(this, -1), this, add_months(this, 1)


def _budget(user, month, name="Dining"):
    """The category's row on the Jars page for `month` (None when it has no budget that month)."""
    rows = {b["category"]: b for b in selectors.jar_status(user=user, month=month)["category_budgets"]}
    return rows.get(name)


def _dining(user):
    services.categories_ensure_defaults(user=user)
    return Category.objects.get(user=user, name="Dining")


def test_changing_this_month_leaves_earlier_months_and_their_figures(alice, bob):
    two_back, last, this, nxt = _months()
    dining = _dining(alice)
    services.category_budget_month_set(user=alice, category_id=dining.id, amount="300", month=two_back)
    services.transaction_create(user=alice, date=last + timedelta(days=3), description="BISTRO", amount="-120",
                                category="Dining")
    before = _budget(alice, last)
    assert (before["budget"], before["spent"], before["pct"]) == (300.0, 120.0, 40.0)
    overview_before = selectors.budget_overview(user=alice, month=last)["budgeted"]

    services.category_budget_month_set(user=alice, category_id=dining.id, amount="450")  # this month on

    assert _budget(alice, last) == before
    assert selectors.budget_overview(user=alice, month=last)["budgeted"] == overview_before == 300.0
    assert _budget(alice, two_back)["budget"] == 300.0
    assert _budget(alice, this)["budget"] == 450.0 and _budget(alice, nxt)["budget"] == 450.0
    assert selectors.budget_overview(user=alice, month=this)["budgeted"] == 450.0
    dining.refresh_from_db()
    assert dining.monthly_budget == 450  # the amount in force this month

    # next month's change waits for next month; removing it from a month on leaves the months before
    services.category_budget_month_set(user=alice, category_id=dining.id, amount="500", month=nxt.strftime("%Y-%m"))
    assert (_budget(alice, this)["budget"], _budget(alice, nxt)["budget"]) == (450.0, 500.0)
    services.category_budget_month_set(user=alice, category_id=dining.id, amount=None, month=nxt)
    assert _budget(alice, nxt) is None and _budget(alice, this)["budget"] == 450.0
    assert _budget(alice, last)["budget"] == 300.0

    # bob: alice's category is not his to read or change, and his Jars page has no budgets
    with pytest.raises(NotFound):
        services.category_budget_month_set(user=bob, category_id=dining.id, amount="1")
    with pytest.raises(NotFound):
        selectors.category_budget_months(user=bob, category_id=dining.id)
    assert selectors.jar_status(user=bob, month=this)["category_budgets"] == []


def test_a_budget_set_before_months_existed_stays_on_earlier_months(alice):
    # A budget stored only on the category (no months yet) is what every month showed: changing this month
    # writes it down for the months before.
    _two_back, last, this, _nxt = _months()
    dining = _dining(alice)
    Category.objects.filter(id=dining.id).update(monthly_budget=200)
    assert _budget(alice, last)["budget"] == 200.0
    services.budget_suggestion_accept(user=alice, category="Dining", amount="260")
    assert (_budget(alice, last)["budget"], _budget(alice, this)["budget"]) == (200.0, 260.0)


def test_bad_input_is_refused_in_words_and_nothing_changes(alice):
    _two_back, _last, this, _nxt = _months()
    dining = _dining(alice)
    services.category_budget_month_set(user=alice, category_id=dining.id, amount="100")
    with pytest.raises(DomainError, match="must not be negative"):
        services.category_budget_month_set(user=alice, category_id=dining.id, amount="-5")
    with pytest.raises(DomainError, match="is not a month"):
        services.category_budget_month_set(user=alice, category_id=dining.id, amount="5", month="June")
    assert _budget(alice, this)["budget"] == 100.0


def test_api_category_budget_by_month(alice, alice_client, bob_client):
    _two_back, last, this, _nxt = _months()
    dining = _dining(alice)
    url = BASE + f"categories/{dining.id}/budget/"
    r = alice_client.post(url, {"amount": "300", "month": last.strftime("%Y-%m")}, format="json")
    assert r.status_code == 200, r.json()
    r = alice_client.post(url, {"amount": "350"}, format="json")
    body = r.json()
    assert body["budget_this_month"] == "350.00"
    assert {"month": last.strftime("%Y-%m"), "amount": "300.00"} in body["months"]
    assert _budget(alice, last)["budget"] == 300.0 and _budget(alice, this)["budget"] == 350.0
    assert alice_client.post(url, {"amount": "-1"}, format="json").status_code == 400
    assert alice_client.post(url, {"amount": "5", "month": "2026-13"}, format="json").status_code == 400
    r = alice_client.post(url, {"amount": None}, format="json")
    assert r.status_code == 200 and r.json()["budget_this_month"] is None
    assert _budget(alice, this) is None and _budget(alice, last)["budget"] == 300.0
    assert alice_client.get(url).json()["months"] == r.json()["months"]
    assert bob_client.get(url).status_code == 404
    assert bob_client.post(url, {"amount": "1"}, format="json").status_code == 404


def test_jars_page_sets_a_category_budget_from_the_month_shown(alice, bob):
    _two_back, last, this, _nxt = _months()
    dining = _dining(alice)
    web = Client()
    web.force_login(alice)
    r = web.post("/budgets/category/", {"category_id": dining.id, "amount": "250", "month": last.strftime("%Y-%m")})
    assert r.status_code == 302 and r["Location"].endswith(f"?month={last:%Y-%m}")
    r = web.post("/budgets/category/", {"category_id": dining.id, "amount": "400", "month": this.strftime("%Y-%m")},
                 follow=True)
    assert "Category budget saved" in r.content.decode()
    page_last = web.get(f"/jars/?month={last:%Y-%m}").content.decode()
    page_this = web.get(f"/jars/?month={this:%Y-%m}").content.decode()
    assert 'data-category-budget="Dining"' in page_last and 'value="250.0"' in page_last
    assert 'value="400.0"' in page_this
    r = web.post("/budgets/category/", {"category_id": dining.id, "amount": "", "month": this.strftime("%Y-%m")},
                 follow=True)
    assert "Enter a monthly budget" in r.content.decode() and _budget(alice, this)["budget"] == 400.0
    web.post("/budgets/category/", {"category_id": dining.id, "action": "remove", "month": this.strftime("%Y-%m")})
    assert _budget(alice, this) is None and _budget(alice, last)["budget"] == 250.0
    other = Client()
    other.force_login(bob)
    assert other.post("/budgets/category/", {"category_id": dining.id, "amount": "1"}).status_code == 404
    assert 'data-category-budget="Dining"' not in other.get(f"/jars/?month={last:%Y-%m}").content.decode()
