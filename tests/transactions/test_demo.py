"""The demo generator: deterministic, idempotent, and it produces what the UI and chat rely on."""
from __future__ import annotations

import io

import pytest

from transactions.demo import load_demo
from transactions.models import CategorisationRule, Jar, Subscription, Transaction
from transactions.search import transactions_search
from transactions.selectors import jar_status, spending_summary

pytestmark = pytest.mark.django_db


def test_demo_loads_once_and_has_what_users_need(alice, bob):
    load_demo(stdout=io.StringIO())
    count = Transaction.objects.filter(user=alice).count()
    assert count > 500 and Transaction.objects.filter(user=bob).count() > 300
    out = io.StringIO()
    load_demo(stdout=out)
    assert "already loaded" in out.getvalue()
    assert Transaction.objects.filter(user=alice).count() == count
    summary = spending_summary(user=alice, period="last_month")
    assert summary["total_spent"] > 1000 and summary["total_income"] > 0
    assert {"Dining", "Groceries", "Rent", "Subscriptions"} <= {r["category"] for r in summary["rows"]}
    netflix = Subscription.objects.get(user=alice, merchant__name="Netflix")
    assert netflix.price_changed and float(netflix.amount) == 17.99 and float(netflix.previous_amount) == 15.49
    assert Jar.objects.filter(user=alice).count() == 3 and not Jar.objects.filter(user=bob).exists()
    assert len(jar_status(user=alice)["rows"]) == 3
    assert CategorisationRule.objects.filter(user=alice, origin="learned").exists()
    sources = set(Transaction.objects.filter(user=alice).values_list("category_source", flat=True))
    assert {"user", "learned", "rule"} <= sources
    assert transactions_search(user=alice, query="starbucks last month")["count"] > 0
