"""One authentication path for every entry point (issue 23 item 4) and a bounded /mcp/ (item 7): an expired API
token is refused by /mcp/ and /a2a/ as by the REST API; a web sign-in can issue a new token (the old one stops
working); GET /mcp/ asking for an event stream is answered at once instead of holding server threads."""
from __future__ import annotations

import json
import threading
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone
from rest_framework.authtoken.models import Token

from chat import asgi_bridge

pytestmark = pytest.mark.django_db
INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}


def _mcp(client: Client, key: str, method: str = "post"):
    headers = {"HTTP_AUTHORIZATION": f"Bearer {key}", "HTTP_ACCEPT": "application/json, text/event-stream"}
    if method == "get":
        return client.get("/mcp/", HTTP_AUTHORIZATION=f"Bearer {key}", HTTP_ACCEPT="text/event-stream")
    return client.post("/mcp/", data=json.dumps(INIT), content_type="application/json", **headers)


def test_an_expired_token_is_refused_by_every_entry_point(alice, editor, settings):
    client = Client()
    token = Token.objects.create(user=alice)
    staff = Token.objects.create(user=editor)
    assert _mcp(client, token.key).status_code == 200
    old = timezone.now() - timedelta(seconds=settings.MONETA_TOKEN_TTL_SECONDS + 60)
    Token.objects.filter(pk__in=[token.pk, staff.pk]).update(created=old)
    assert client.get("/api/v1/transactions/", HTTP_AUTHORIZATION=f"Token {token.key}").status_code in (401, 403)
    response = _mcp(client, token.key)
    assert response.status_code == 401 and "expired" in response.json()["error"]["message"]
    rpc = client.post("/a2a/document-investigator/", data="{}", content_type="application/json",
                      HTTP_AUTHORIZATION=f"Bearer {staff.key}")
    assert rpc.status_code == 401


def test_a_web_sign_in_rotates_the_token(alice, bob):
    old = Token.objects.create(user=alice)
    bobs = Token.objects.create(user=bob)
    web = Client()
    web.force_login(alice)
    page = web.post("/account/token/").content.decode()
    new = Token.objects.get(user=alice)
    assert new.key != old.key and new.key in page and "valid until" in page
    api = Client()
    assert _mcp(api, old.key).status_code == 401
    assert _mcp(api, new.key).status_code == 200
    assert api.get("/api/v1/transactions/", HTTP_AUTHORIZATION=f"Token {new.key}").status_code == 200
    assert Token.objects.get(user=bob).key == bobs.key  # nobody else's token changes
    assert Client().post("/account/token/").status_code == 302  # signed out: to the login page


def test_get_mcp_event_stream_is_answered_at_once(alice):
    token = Token.objects.create(user=alice)
    before = threading.active_count()
    response = _mcp(Client(), token.key, method="get")
    assert response.status_code == 405 and response["Allow"] == "POST"
    assert "no event stream" in response.json()["error"]["message"]
    assert threading.active_count() <= before  # no bridge thread left holding a stream


def test_open_bridged_requests_are_capped_per_user(alice, bob, monkeypatch):
    token, other = Token.objects.create(user=alice), Token.objects.create(user=bob)
    monkeypatch.setattr(asgi_bridge, "_open", {alice.pk: asgi_bridge.MAX_OPEN_PER_USER})
    response = _mcp(Client(), token.key)
    assert response.status_code == 429 and "too many open requests" in response.content.decode()
    assert _mcp(Client(), other.key).status_code == 200  # another user is not affected
    asgi_bridge._open.clear()
    assert _mcp(Client(), token.key).status_code == 200
    assert asgi_bridge._open == {}  # every finished request gave its slot back
