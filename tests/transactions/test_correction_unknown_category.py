"""A correction with a category name the user does not have creates nothing (issue 23 item 11): no category from a
typo, no learned rule; the answer offers the close name, the same way the API refuses unknown names elsewhere."""
from __future__ import annotations

import pytest
from django.test import Client

from transactions.models import CategorisationRule, Category, Transaction

pytestmark = pytest.mark.django_db


def test_a_typo_in_a_correction_offers_the_close_name_and_creates_nothing(alice, import_rows, api_client):
    import_rows(alice, [("2026-03-02", "TST* JOES PIZZA", "-30", "")])
    tx = Transaction.objects.get(user=alice)
    categories_before = set(Category.objects.filter(user=alice).values_list("name", flat=True))
    rules_before = CategorisationRule.objects.filter(user=alice).count()

    api_client.force_authenticate(alice)
    response = api_client.post(f"/api/v1/transactions/{tx.id}/category/", {"category": "Dinning"}, format="json")
    assert response.status_code == 400
    assert "Did you mean 'Dining'?" in response.json()["error"]["message"]

    web = Client()
    web.force_login(alice)
    page = web.post(f"/transactions/{tx.id}/category/", {"category": "Dinning"}, follow=True).content.decode()
    assert "You have no category called &#x27;Dinning&#x27;. Did you mean &#x27;Dining&#x27;?" in page

    assert set(Category.objects.filter(user=alice).values_list("name", flat=True)) == categories_before
    assert CategorisationRule.objects.filter(user=alice).count() == rules_before
    tx.refresh_from_db()
    assert tx.category_source != "user"
    # The real name still works, and learns the rule.
    assert api_client.post(f"/api/v1/transactions/{tx.id}/category/", {"category": "dining"},
                           format="json").status_code == 200
    tx.refresh_from_db()
    assert tx.category.name == "Dining" and CategorisationRule.objects.filter(user=alice).count() == rules_before + 1
