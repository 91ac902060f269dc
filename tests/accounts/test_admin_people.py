"""Staff manage people in the admin (list, deactivate, send a reset link) and see nothing of their money."""
from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission
from django.core import mail
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.fixture
def root(django_user_model):
    return django_user_model.objects.create_superuser("root", "root@example.com", "pw-for-tests-1")


def test_superuser_lists_deactivates_and_sends_a_reset_link(root, alice, bob):
    alice.email = "alice@example.com"
    alice.save()
    client = Client()
    client.force_login(root)
    page = client.get("/admin/auth/user/").content.decode()
    assert "alice" in page and "bob" in page
    client.post("/admin/auth/user/", {"action": "send_password_reset", "_selected_action": [alice.pk, bob.pk]})
    assert [m.to for m in mail.outbox] == [["alice@example.com"]]
    client.post("/admin/auth/user/", {"action": "deactivate", "_selected_action": [alice.pk]})
    alice.refresh_from_db()
    assert not alice.is_active
    assert not Client().login(username="alice", password="pw-for-tests-1")


def test_an_editor_without_user_permissions_cannot_open_people(editor):
    client = Client()
    client.force_login(editor)
    assert client.get("/admin/auth/user/").status_code == 403


def test_staff_with_user_permissions_cannot_raise_their_own_privileges(editor):
    editor.user_permissions.add(*Permission.objects.filter(codename__in=["view_user", "change_user"]))
    client = Client()
    client.force_login(editor)
    form = client.get(f"/admin/auth/user/{editor.pk}/change/").content.decode()
    assert 'name="is_superuser"' not in form and 'name="is_staff"' not in form
    client.post(f"/admin/auth/user/{editor.pk}/change/", {
        "username": "editor", "is_superuser": "on", "is_staff": "on", "is_active": "on"})
    editor.refresh_from_db()
    assert not editor.is_superuser
