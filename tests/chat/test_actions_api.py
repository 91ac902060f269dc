"""The proposed-action API: the turn's answer carries the pending action; the client confirms, cancels or undoes
it with a POST; another user gets 404; errors are the one JSON shape with the reason in words."""
from __future__ import annotations

import pytest

from chat.models import PendingAction
from transactions.models import Jar

pytestmark = pytest.mark.django_db


def _propose(client, message: str) -> dict:
    response = client.post("/api/v1/chat/", {"message": message}, format="json")
    assert response.status_code == 200, response.content
    body = response.json()
    assert len(body.get("pending_actions") or []) == 1, body
    return body["pending_actions"][0]


def test_confirm_then_undo_over_the_api(chat_demo, alice, alice_client, alice_money):
    action = _propose(alice_client, "create a jar called Holiday with $150 a month")
    assert action["status"] == "pending" and action["confirm_url"] == f"/api/v1/chat/actions/{action['id']}/confirm/"
    assert not Jar.objects.filter(user=alice).exists()

    confirmed = alice_client.post(action["confirm_url"])
    assert confirmed.status_code == 200, confirmed.content
    body = confirmed.json()
    assert body["status"] == "applied" and body["undo_url"] and body["confirm_url"] is None
    assert "Holiday" in body["done"] and Jar.objects.filter(user=alice, name="Holiday").exists()

    again = alice_client.post(action["confirm_url"])
    assert again.status_code == 409 and "applied" in again.json()["error"]["message"]

    undone = alice_client.post(body["undo_url"])
    assert undone.status_code == 200 and undone.json()["status"] == "undone"
    assert not Jar.objects.filter(user=alice).exists()
    listed = alice_client.get("/api/v1/chat/actions/?status=undone").json()
    assert [a["id"] for a in listed] == [action["id"]]


def test_cancel_and_another_users_requests(chat_demo, alice, alice_client, bob_client, alice_money):
    action = _propose(alice_client, "set a budget of $250 a month for Groceries")
    for path in (f"/api/v1/chat/actions/{action['id']}/", ):
        assert bob_client.get(path).status_code == 404
    for step in ("confirm", "cancel", "undo"):
        response = bob_client.post(f"/api/v1/chat/actions/{action['id']}/{step}/")
        assert response.status_code == 404, response.content
    assert bob_client.get("/api/v1/chat/actions/").json() == []
    assert PendingAction.objects.get(id=action["id"]).status == "pending"

    cancelled = alice_client.post(action["cancel_url"])
    assert cancelled.status_code == 200 and cancelled.json()["status"] == "cancelled"
    refused = alice_client.post(action["confirm_url"])
    assert refused.status_code == 409 and "cancelled" in refused.json()["error"]["message"]


def test_confirm_when_the_world_changed_fails_in_words(chat_demo, alice, alice_client, alice_money):
    action = _propose(alice_client, "create a jar called Holiday with $150 a month")
    from transactions.services import jar_create

    jar_create(user=alice, name="Holiday", monthly_budget=10)
    response = alice_client.post(action["confirm_url"])
    assert response.status_code == 400
    assert "already have a jar called 'Holiday'" in response.json()["error"]["message"]
    assert alice_client.get(f"/api/v1/chat/actions/{action['id']}/").json()["status"] == "failed"
    assert Jar.objects.get(user=alice, name="Holiday").monthly_budget == 10


def test_bad_status_filter_is_a_clear_error(alice_client):
    response = alice_client.get("/api/v1/chat/actions/?status=done")
    assert response.status_code == 400 and "status must be one of" in response.json()["error"]["message"]


def test_a_request_with_a_question_changes_nothing_until_confirmed(chat_demo, alice, alice_client, alice_money):
    from transactions.models import Transaction

    uber = Transaction.objects.filter(user=alice, description__startswith="UBER")
    before = sorted(uber.values_list("id", "category_id"))
    action = _propose(alice_client, "put the uber rides under Travel, then tell me how many there were")
    assert sorted(uber.values_list("id", "category_id")) == before
    assert alice_client.get(f"/api/v1/chat/actions/{action['id']}/").json()["status"] == "pending"
    confirmed = alice_client.post(action["confirm_url"])
    assert confirmed.status_code == 200, confirmed.content
    assert {c for _, c in uber.values_list("id", "category__name")} == {"Travel"}
