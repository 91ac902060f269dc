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


def test_staff_merge_their_own_jars_from_the_admin_and_never_into_another_users(django_user_model, alice):
    from transactions.models import Jar

    boss = django_user_model.objects.create_superuser("boss", "boss@example.com", "pw-for-tests-1")
    client = Client()
    client.force_login(boss)
    alices = services.jar_create(user=alice, name="Alice care", monthly_budget="90")
    food = services.jar_create(user=boss, name="Boss food", monthly_budget="300", categories=["Groceries"])
    snacks = services.jar_create(user=boss, name="Boss snacks", monthly_budget="40", categories=["Dining"])
    changelist = "/admin/transactions/jar/"
    refused = client.post(changelist, {"action": "merge_into", "_selected_action": [snacks.id],
                                       "target_id": alices.id}, follow=True).content.decode()
    assert f"target_id: you have no jar with id {alices.id} to merge into." in refused
    assert Jar.objects.get(id=snacks.id).archived_at is None and Jar.objects.get(id=alices.id).monthly_budget == 90
    done = client.post(changelist, {"action": "merge_into", "_selected_action": [snacks.id], "target_id": food.id},
                       follow=True).content.decode()
    assert f"Merged Boss snacks into jar {food.id}." in done
    food.refresh_from_db()
    assert str(food.monthly_budget) == "340.00"
    assert sorted(food.categories.values_list("name", flat=True)) == ["Dining", "Groceries"]
    assert Jar.objects.get(id=snacks.id).merged_into_id == food.id
