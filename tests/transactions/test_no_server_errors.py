"""Bad input answers in words, never with a server error (issue 23 item 9, the parts outside statement import)."""
from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone

from transactions.models import Jar, Transaction
from transactions.services import budget_suggestion_accept, jar_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice_web(alice):
    client = Client(raise_request_exception=False)
    client.force_login(alice)
    return client


@pytest.fixture
def alice_money(alice, import_rows):
    today = timezone.localdate()
    import_rows(alice, [(today.replace(day=1).isoformat(), "TST* JOES PIZZA", "-30", ""),
                        (today.replace(day=1).isoformat(), "WOOLWORTHS", "-70", "Groceries"),
                        (today.replace(day=1).isoformat(), "ACME PAYROLL", "2500", "Salary")])
    jar_create(user=alice, name="Fun", monthly_budget="100", categories=["Groceries"])
    return alice


def _text(response) -> str:
    return response.content.decode()


def test_deeply_nested_json_is_a_400_in_words(api_client, alice):
    api_client.force_authenticate(alice)
    for body in ("[" * 100_000 + "]" * 100_000, '{"a":' * 50_000 + "1" + "}" * 50_000, "[" * 900 + "]" * 900):
        response = api_client.post("/api/v1/transactions/jars/", data=body, content_type="application/json")
        assert response.status_code == 400, response.content[:300]
        assert "nested too deeply" in response.json()["error"]["message"]
    body = "[" * 900 + '"\\u0000"' + "]" * 900  # the NUL guard walks the body before the parser sees it
    response = api_client.post("/api/v1/transactions/jars/", data=body, content_type="application/json")
    assert response.status_code == 400 and "NUL" in response.json()["error"]["message"]


@pytest.mark.parametrize("query", ["summary/?period=0000", "summary/?period=0000-01", "summary/?period=9999-13",
                                   ])
def test_analytics_periods_out_of_range_are_a_400(api_client, alice_money, query):
    api_client.force_authenticate(alice_money)
    response = api_client.get(f"/api/v1/transactions/analytics/{query}")
    assert response.status_code == 400, response.content[:300]
    assert "period" in response.json()["error"]["message"].lower()


def test_web_pages_with_impossible_months_and_budgets(alice_web, alice_money):
    for month in ("9999-12", "0000-01", "0001-01"):
        response = alice_web.get(f"/jars/?month={month}")
        assert response.status_code == 200, month
    assert "9999-12" in _text(alice_web.get("/jars/?month=9999-12"))
    jar = Jar.objects.get(user=alice_money)
    for raw in ("1e20", "1e999", "NaN", "Infinity", "-5"):
        response = alice_web.post(f"/jars/{jar.id}/budget/", {"monthly_budget": raw}, follow=True)
        assert response.status_code == 200, raw
        assert "budget" in _text(response).lower()
    jar.refresh_from_db()
    assert jar.monthly_budget == 100
    response = alice_web.post("/budgets/accept/", {"category": "Groceries", "amount": "1e20"}, follow=True)
    assert response.status_code == 200 and "too large" in _text(response).lower()


def test_a_long_category_through_the_review_form(alice_web, alice_money):
    tx = Transaction.objects.filter(user=alice_money).first()
    long_name = "Holiday in the mountains with the whole family and the dog, paid from savings jar " * 2
    for url in (f"/transactions/{tx.id}/review/", f"/transactions/{tx.id}/category/"):
        response = alice_web.post(url, {"category": long_name}, follow=True)
        assert response.status_code == 200, url
        assert "80 characters" in _text(response), url


def test_home_page_with_a_jar_and_a_category_budget_outside_jars(alice_web, alice_money):
    budget_suggestion_accept(user=alice_money, category="Salary", amount="50")
    budget_suggestion_accept(user=alice_money, category="Dining", amount="40")
    response = alice_web.get("/")
    assert response.status_code == 200
    assert "Safe to spend" in _text(response) or "safe to spend" in _text(response).lower()
