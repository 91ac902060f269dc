"""The chat API: one turn, SSE stream, own conversations only, feedback, errors in the one JSON shape."""
from __future__ import annotations

import json

import pytest

from chat.models import Feedback, Message

pytestmark = pytest.mark.django_db


def test_post_a_question_returns_the_answer_object(chat_demo, alice_client, alice_money):
    response = alice_client.post("/api/v1/chat/", {"message": "How much did I spend on shopping?"}, format="json")
    assert response.status_code == 200, response.content
    body = response.json()
    for key in ("answer", "citations", "data", "tools_used", "tool_calls", "confidence", "escalated",
                "conversation_id", "message_id"):
        assert key in body
    assert body["tools_used"] == ["search_transactions"] and "171.96" in body["answer"]
    follow = alice_client.post("/api/v1/chat/", {"message": "and last month?",
                                                 "conversation_id": body["conversation_id"]}, format="json")
    from core.periods import period_resolve

    assert follow.json()["tool_calls"][0]["arguments"]["start"] == period_resolve("last_month")[0].isoformat()
    assert follow.json()["tool_calls"][0]["arguments"]["categories"] == ["Shopping"]


def test_empty_message_is_a_clear_error(chat_demo, alice_client):
    response = alice_client.post("/api/v1/chat/", {"message": ""}, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "validation_error"
    assert "message" in response.json()["error"]["message"]


def test_unauthenticated_requests_are_refused(api_client):
    assert api_client.post("/api/v1/chat/", {"message": "hi"}, format="json").status_code in (401, 403)
    assert api_client.get("/api/v1/chat/conversations/").status_code in (401, 403)


def test_conversations_are_private(chat_demo, alice_client, bob_client):
    answer = alice_client.post("/api/v1/chat/", {"message": "What subscriptions do I have?"}, format="json").json()
    cid = answer["conversation_id"]
    listing = alice_client.get("/api/v1/chat/conversations/").json()
    assert [c["conversation_id"] for c in listing] == [cid] and listing[0]["message_count"] == 2
    detail = alice_client.get(f"/api/v1/chat/conversations/{cid}/").json()
    assert [m["role"] for m in detail["messages"]] == ["user", "assistant"]
    assert detail["messages"][1]["tool_calls"][0]["name"] == "list_subscriptions"
    # bob: not in his list, 404 on detail, cannot post into it, cannot rate its messages
    assert bob_client.get("/api/v1/chat/conversations/").json() == []
    assert bob_client.get(f"/api/v1/chat/conversations/{cid}/").status_code == 404
    posted = bob_client.post("/api/v1/chat/", {"message": "hi", "conversation_id": cid}, format="json")
    assert posted.status_code == 404 and posted.json()["error"]["code"] == "not_found"
    rated = bob_client.post(f"/api/v1/chat/messages/{answer['message_id']}/feedback/", {"rating": 1}, format="json")
    assert rated.status_code == 404
    assert Message.objects.filter(conversation_id=cid).count() == 2


def test_feedback_is_stored_and_can_be_changed(chat_demo, alice, alice_client):
    answer = alice_client.post("/api/v1/chat/", {"message": "How are my jars doing?"}, format="json").json()
    url = f"/api/v1/chat/messages/{answer['message_id']}/feedback/"
    assert alice_client.post(url, {"rating": -1, "comment": "wrong month"}, format="json").status_code == 201
    assert alice_client.post(url, {"rating": 1}, format="json").status_code == 201
    feedback = Feedback.objects.get(message_id=answer["message_id"], user=alice)
    assert feedback.rating == 1
    bad = alice_client.post(url, {"rating": 5}, format="json")
    assert bad.status_code == 400 and "rating" in bad.json()["error"]["message"]


def _sse_events(response) -> list[tuple[str, dict]]:
    raw = b"".join(response.streaming_content).decode()
    events = []
    for block in raw.strip().split("\n\n"):
        lines = dict(line.split(": ", 1) for line in block.splitlines())
        events.append((lines["event"], json.loads(lines["data"])))
    return events


def test_stream_sends_tool_events_tokens_and_the_final_answer(chat_demo, alice_client, alice_money):
    response = alice_client.post("/api/v1/chat/stream/", {"message": "What did I spend at Starbucks?"}, format="json",
                                 HTTP_ACCEPT="text/event-stream")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/event-stream")
    events = _sse_events(response)
    kinds = [k for k, _ in events]
    assert kinds[0] == "started" and kinds[-1] == "final"
    assert kinds.index("tool_started") < kinds.index("tool_finished") < kinds.index("token")
    started = dict(events)["tool_started"]
    assert started["name"] == "search_transactions" and started["arguments"]["merchants"] == ["Starbucks"]
    final = events[-1][1]["answer"]
    assert "".join(e["text"] for k, e in events if k == "token") == final["answer"]
    assert Message.objects.filter(pk=final["message_id"], role="assistant").exists()


def test_stream_validation_errors_are_json_before_streaming(chat_demo, alice_client):
    response = alice_client.post("/api/v1/chat/stream/", {"message": "   "}, format="json",
                                 HTTP_ACCEPT="text/event-stream")
    assert response.status_code == 400
    assert json.loads(response.content)["error"]["code"] == "validation_error"


def test_staff_only_assistant_is_refused_to_end_users(chat_demo, alice_client):
    response = alice_client.post("/api/v1/chat/", {"message": "hi", "agent": "document-investigator"}, format="json")
    assert response.status_code == 403 and "staff" in response.json()["error"]["message"]
