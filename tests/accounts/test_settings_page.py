"""The settings page: profile and preferences, named API tokens (made, used, expired, revoked), two users apart."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def _web(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_profile_currency_language_and_notifications_are_saved(alice):
    client = _web(alice)
    page = client.get("/account/").content.decode()
    assert "Profile and preferences" in page and "API tokens" in page and "Download my data" in page
    response = client.post("/account/profile/", {"first_name": "Alice", "last_name": "Nguyen", "currency": "vnd",
                                                 "language": "vi", "notify_renewals": "on"})
    assert response.status_code == 302
    alice.refresh_from_db()
    assert (alice.first_name, alice.profile.currency, alice.profile.language) == ("Alice", "VND", "vi")
    assert alice.profile.notify_renewals and not alice.profile.notify_by_email


def test_bad_preferences_are_refused_in_words(alice):
    client = _web(alice)
    response = client.post("/account/profile/", {"currency": "dollars", "language": "xx"}, follow=True)
    assert "currency must be a three-letter code" in response.content.decode()
    from accounts.profiles import profile_get

    assert profile_get(user=alice).currency == "USD"


def test_named_token_is_shown_once_works_expires_and_revokes(alice, bob):
    client = _web(alice)
    response = client.post("/account/tokens/", {"name": "budget script", "days": "30"}, follow=True)
    page = response.content.decode()
    key = page.split('id="new-token-key">')[1].split("<")[0]
    assert key.startswith("mnt_") and "budget script" in page
    assert key not in client.get("/account/").content.decode()  # shown once
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert api.get("/api/v1/auth/me/").json()["username"] == "alice"
    from accounts.models import ApiToken

    token = ApiToken.objects.get(user=alice)
    assert token.key_hash != key and token.last_used_at is not None  # only the hash is stored
    # bob cannot revoke alice's token
    assert _web(bob).post(f"/account/tokens/{token.id}/revoke/").status_code == 302
    assert ApiToken.objects.filter(pk=token.pk).exists()
    ApiToken.objects.filter(pk=token.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    expired = api.get("/api/v1/auth/me/")
    assert expired.status_code in (401, 403) and "expired" in expired.json()["error"]["message"]
    ApiToken.objects.filter(pk=token.pk).update(expires_at=timezone.now() + timedelta(days=1))
    client.post(f"/account/tokens/{token.id}/revoke/")
    assert api.get("/api/v1/auth/me/").status_code in (401, 403)


def test_token_names_are_checked(alice):
    client = _web(alice)
    assert "Give the token a name" in client.post("/account/tokens/", {"name": " ", "days": "30"},
                                                  follow=True).content.decode()
    assert "lifetime must be one of" in client.post("/account/tokens/", {"name": "x", "days": "9999"},
                                                    follow=True).content.decode()
    client.post("/account/tokens/", {"name": "x", "days": "7"})
    assert "already have a token called" in client.post("/account/tokens/", {"name": "x", "days": "7"},
                                                        follow=True).content.decode()


def test_bob_sees_none_of_alices_settings(alice, bob):
    _web(alice).post("/account/tokens/", {"name": "alice's laptop", "days": "30"})
    _web(alice).post("/account/profile/", {"first_name": "Alice", "currency": "EUR"})
    page = _web(bob).get("/account/").content.decode()
    assert "alice&#x27;s laptop" not in page and "alice's laptop" not in page and 'value="Alice"' not in page
