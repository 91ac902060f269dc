"""Home, jars & budgets, subscriptions pages: figures from the selectors, writes through the services."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_home_shows_month_at_a_glance(alice_web, alice, alice_data):
    from datetime import timedelta

    from django.utils import timezone

    from core.periods import period_resolve
    from core.web.format import money
    from transactions import selectors

    page = alice_web.get("/").content.decode()
    this_month = selectors.spending_summary(user=alice, period="this_month")["total_spent"]
    start, end, _ = period_resolve("last_month")
    same_day = min(start + timedelta(days=timezone.localdate().day - 1), end)
    before = selectors.spending_summary(user=alice, start=start, end=same_day)["total_spent"]
    assert f'id="spent-this-month">{money(this_month)}<' in page
    assert f'id="spent-last-month-to-date">{money(before)}<' in page
    assert f"Spending: {money(this_month)} so far" in page
    assert "Jars at risk" in page and "Eating out" in page  # $20 budget, Starbucks spending well over it
    assert "Coming up" in page
    assert 'name="ask"' in page and "?ask=What+is+an+emergency+fund%3F" in page  # the chat box + examples
    assert '<figure class="chart"' in page


def test_home_for_a_new_user_without_data_says_what_to_do_next(bob_web):
    page = bob_web.get("/").content.decode()
    assert "What to do next" in page and 'href="/transactions/import/"' in page and "$0.00" not in page


def test_jars_page_colours_by_risk_and_edits_budget(alice_web, alice, alice_data):
    from transactions.models import Jar

    page = alice_web.get("/jars/").content.decode()
    jar = Jar.objects.get(user=alice, name="Eating out")
    assert f'id="jar-{jar.id}"' in page and 'data-status="over"' in page and "risk-over" in page
    response = alice_web.post(f"/jars/{jar.id}/budget/", {"monthly_budget": "500"}, HTTP_HX_REQUEST="true")
    body = response.content.decode()
    assert "Budget saved." in body and 'data-status="ok"' in body
    jar.refresh_from_db()
    assert float(jar.monthly_budget) == 500.0
    bad = alice_web.post(f"/jars/{jar.id}/budget/", {"monthly_budget": "lots"}, HTTP_HX_REQUEST="true").content.decode()
    assert "monthly_budget must be a number." in bad
    jar.refresh_from_db()
    assert float(jar.monthly_budget) == 500.0


def test_budget_suggestion_accept(alice_web, alice, alice_data):
    from transactions.models import Category

    page = alice_web.get("/jars/").content.decode()
    assert "Budget suggestions" in page and "Groceries" in page
    response = alice_web.post("/budgets/accept/", {"category": "Groceries", "amount": "80"}, HTTP_HX_REQUEST="true")
    assert "Groceries: monthly budget set to $80.00." in response.content.decode()
    assert float(Category.objects.get(user=alice, name="Groceries").monthly_budget) == 80.0


def test_subscriptions_page_confirm_and_dismiss(alice_web, alice, alice_data):
    from transactions.models import Subscription

    sub = Subscription.objects.get(user=alice, merchant__name__icontains="netflix")
    page = alice_web.get("/subscriptions/").content.decode()
    assert "Netflix" in page and "price up" in page and 'id="subscriptions-total"' in page
    body = alice_web.post(f"/subscriptions/{sub.id}/confirm/", HTTP_HX_REQUEST="true").content.decode()
    assert 'data-status="confirmed"' in body
    body = alice_web.post(f"/subscriptions/{sub.id}/dismiss/", HTTP_HX_REQUEST="true").content.decode()
    assert 'data-status="dismissed"' in body
    assert "Netflix" not in alice_web.get("/subscriptions/").content.decode().split("<table")[-1]


def test_other_users_jars_and_subscriptions_are_404(bob_web, alice, alice_data):
    from transactions.models import Jar, Subscription

    jar = Jar.objects.get(user=alice, name="Eating out")
    sub = Subscription.objects.filter(user=alice).first()
    assert bob_web.post(f"/jars/{jar.id}/budget/", {"monthly_budget": "1"}).status_code == 404
    assert bob_web.post(f"/subscriptions/{sub.id}/dismiss/").status_code == 404
    assert "Eating out" not in bob_web.get("/jars/").content.decode()
    assert "Netflix" not in bob_web.get("/subscriptions/").content.decode()
    jar.refresh_from_db()
    assert float(jar.monthly_budget) == 10.0


def test_jar_categories_and_rollover_can_be_edited(alice_web, alice, alice_data):
    from transactions.models import Jar

    jar = Jar.objects.get(user=alice, name="Eating out")
    page = alice_web.get("/jars/").content.decode()
    assert 'name="categories" value="Dining" checked' in page
    body = alice_web.post(f"/jars/{jar.id}/budget/", {"monthly_budget": "10", "edit_categories": "1",
                                                      "categories": ["Dining", "Entertainment"], "rollover": "1"},
                          HTTP_HX_REQUEST="true").content.decode()
    assert "Budget saved." in body and "Dining, Entertainment" in body
    jar.refresh_from_db()
    assert jar.rollover and sorted(jar.categories.values_list("name", flat=True)) == ["Dining", "Entertainment"]
