"""The transactions admin for staff: their own jars and categories only — a jar's category picker never lists
another user's category names, and another user's jar is not found."""
from __future__ import annotations

import pytest
from django.test import Client

from transactions import services

pytestmark = pytest.mark.django_db


def test_staff_edit_their_own_jar_with_their_own_categories_only(django_user_model, alice):
    boss = django_user_model.objects.create_superuser("boss", "boss@example.com", "pw-for-tests-1")
    client = Client()
    client.force_login(boss)
    services.category_create(user=alice, name="Therapy sessions")
    alices = services.jar_create(user=alice, name="Alice care", monthly_budget="90", categories=["Therapy sessions"])
    mine = services.jar_create(user=boss, name="Boss fun", monthly_budget="50", categories=["Dining"])
    page = client.get(f"/admin/transactions/jar/{mine.id}/change/")
    body = page.content.decode()
    assert page.status_code == 200 and "Boss fun" in body and "Dining" in body
    assert "Therapy sessions" not in body
    assert client.get(f"/admin/transactions/jar/{alices.id}/change/").status_code in (302, 404)
    assert "Alice care" not in client.get("/admin/transactions/jar/").content.decode()
    # archiving from the admin: the archived_at field of the staff member's own jar
    assert "archived_at" in body
