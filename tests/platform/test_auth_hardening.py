"""Repeated wrong passwords from one address make that address wait before trying that username again (429 with
Retry-After on the web login and the token endpoint; the admin refuses), with a growing wait, and never lock the
owner out from elsewhere; API tokens expire."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client, override_settings
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

PASSWORD = "pw-for-tests-1"


def test_web_login_locks_after_repeated_failures(alice):
    client = Client()
    codes = [client.post("/login/", {"username": "alice", "password": f"wrong-{i}"}).status_code for i in range(6)]
    assert codes[:5] == [200] * 5 and codes[5] == 429
    # Locked: even the right password is refused, and the page says why.
    response = client.post("/login/", {"username": "alice", "password": PASSWORD})
    assert response.status_code == 429 and int(response["Retry-After"]) > 0
    assert b"Too many failed attempts" in response.content
    assert "_auth_user_id" not in client.session


def test_token_endpoint_locks_after_repeated_failures(alice):
    client = APIClient()
    codes = [client.post("/api/v1/auth/token/", {"username": "alice", "password": "nope"}).status_code
             for _ in range(6)]
    assert codes[:5] == [400] * 5 and codes[5] == 429
    response = client.post("/api/v1/auth/token/", {"username": "alice", "password": PASSWORD})
    assert response.status_code == 429 and response.json()["error"]["code"] == "locked"
    assert int(response["Retry-After"]) > 0


def test_wait_doubles_then_ends_and_success_clears_failures(alice):
    from accounts.models import LoginThrottle

    client = APIClient()
    for _ in range(5):
        client.post("/api/v1/auth/token/", {"username": "alice", "password": "nope"})
    first = client.post("/api/v1/auth/token/", {"username": "alice", "password": PASSWORD})
    assert first.status_code == 429 and 0 < int(first["Retry-After"]) <= 30
    # Refused tries are not counted: hammering does not stretch the wait.
    for _ in range(10):
        client.post("/api/v1/auth/token/", {"username": "alice", "password": "nope"})
    assert LoginThrottle.objects.get(username="alice").failures == 5
    LoginThrottle.objects.update(last_failure_at=timezone.now() - timedelta(seconds=31))
    assert client.post("/api/v1/auth/token/", {"username": "alice", "password": "nope"}).status_code == 400
    second = client.post("/api/v1/auth/token/", {"username": "alice", "password": PASSWORD})
    assert second.status_code == 429 and 30 < int(second["Retry-After"]) <= 60  # the wait doubled
    LoginThrottle.objects.update(last_failure_at=timezone.now() - timedelta(seconds=61))
    assert client.post("/api/v1/auth/token/", {"username": "alice", "password": PASSWORD}).status_code == 200
    assert LoginThrottle.objects.get(username="alice").failures == 0


def test_a_stranger_cannot_lock_the_owner_out(alice):
    alice.email = "alice@example.com"
    alice.save()
    stranger = Client(REMOTE_ADDR="203.0.113.66")
    for i in range(40):  # any number of wrong guesses, in any case, by username or by email
        stranger.post("/login/", {"login": ["ALICE", "alice", "alice@example.com"][i % 3], "password": f"x{i}"})
    assert stranger.post("/login/", {"login": "alice", "password": PASSWORD}).status_code == 429
    owner = Client(REMOTE_ADDR="198.51.100.7")
    response = owner.post("/login/", {"login": "alice", "password": PASSWORD})
    assert response.status_code == 302 and owner.session["_auth_user_id"] == str(alice.pk)


def test_email_and_username_share_one_count(alice):
    alice.email = "alice@example.com"
    alice.save()
    client = Client()
    for i in range(5):
        client.post("/login/", {"login": "alice" if i % 2 else "Alice@Example.com", "password": f"x{i}"})
    assert client.post("/login/", {"login": "alice@example.com", "password": PASSWORD}).status_code == 429


def test_other_users_are_not_locked_by_someone_elses_failures(alice, bob):
    client = APIClient()
    for _ in range(6):
        client.post("/api/v1/auth/token/", {"username": "alice", "password": "nope"}, REMOTE_ADDR="10.0.0.1")
    response = client.post("/api/v1/auth/token/", {"username": "bob", "password": PASSWORD}, REMOTE_ADDR="10.0.0.2")
    assert response.status_code == 200


def test_tokens_expire_and_are_replaced(alice):
    client = APIClient()
    token = client.post("/api/v1/auth/token/", {"username": "alice", "password": PASSWORD}).json()
    assert token["expires_at"]
    client.credentials(HTTP_AUTHORIZATION=f"Token {token['token']}")
    assert client.get("/api/v1/auth/me/").status_code == 200
    Token.objects.filter(key=token["token"]).update(created=timezone.now() - timedelta(days=8))
    response = client.get("/api/v1/auth/me/")
    assert response.status_code in (401, 403) and "expired" in response.json()["error"]["message"]
    fresh = APIClient().post("/api/v1/auth/token/", {"username": "alice", "password": PASSWORD}).json()["token"]
    assert fresh != token["token"]
    client.credentials(HTTP_AUTHORIZATION=f"Token {fresh}")
    assert client.get("/api/v1/auth/me/").status_code == 200
    assert client.delete("/api/v1/auth/token/").status_code == 204
    assert client.get("/api/v1/auth/me/").status_code in (401, 403)


def test_admin_login_is_locked_too(editor):
    client = Client()
    for i in range(5):
        client.post("/admin/login/", {"username": "editor", "password": f"wrong-{i}", "next": "/admin/"})
    response = client.post("/admin/login/", {"username": "editor", "password": PASSWORD, "next": "/admin/"})
    assert response.status_code == 200 and "_auth_user_id" not in client.session  # refused like a wrong password


@override_settings(MONETA_CLIENT_IP_HEADER="HTTP_X_FORWARDED_FOR", MONETA_LOGIN_IP_FAILURE_LIMIT=3)
def test_behind_a_proxy_the_forwarded_address_counts(alice, bob):
    client = APIClient()
    for name in ("x1", "x2", "x3"):  # an attacker spraying usernames from one address
        client.post("/api/v1/auth/token/", {"username": name, "password": "nope"}, REMOTE_ADDR="10.0.0.9",
                    HTTP_X_FORWARDED_FOR="1.2.3.4, 203.0.113.7")
    attacker = client.post("/api/v1/auth/token/", {"username": "bob", "password": PASSWORD},
                           REMOTE_ADDR="10.0.0.9", HTTP_X_FORWARDED_FOR="9.9.9.9, 203.0.113.7")
    assert attacker.status_code == 429  # a forged left-most entry does not escape the count
    neighbour = client.post("/api/v1/auth/token/", {"username": "alice", "password": PASSWORD},
                            REMOTE_ADDR="10.0.0.9", HTTP_X_FORWARDED_FOR="198.51.100.2")
    assert neighbour.status_code == 200  # same proxy, other client: not throttled


@override_settings(MONETA_LOGIN_IP_FAILURE_LIMIT=3)
def test_a_spraying_address_does_not_lock_out_people_who_sign_in_from_it(alice, bob):
    office = {"REMOTE_ADDR": "192.0.2.10"}
    assert APIClient().post("/api/v1/auth/token/", {"username": "alice", "password": PASSWORD}, **office).status_code == 200
    client = APIClient()
    for name in ("x1", "x2", "x3"):
        client.post("/api/v1/auth/token/", {"username": name, "password": "nope"}, **office)
    assert client.post("/api/v1/auth/token/", {"username": "bob", "password": PASSWORD}, **office).status_code == 429
    assert client.post("/api/v1/auth/token/", {"username": "alice", "password": PASSWORD}, **office).status_code == 200
