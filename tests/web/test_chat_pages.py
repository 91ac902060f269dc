"""Chat pages: the streamed turn (SSE over POST), the conversation page, feedback, isolation."""
from __future__ import annotations

import json

import pytest

# The chat's tool loop runs tools on worker threads (their own DB connections): the data must be committed.
pytestmark = pytest.mark.django_db(transaction=True)


def sse_events(response) -> list[tuple[str, dict]]:
    body = b"".join(response.streaming_content).decode()
    events = []
    for block in body.strip().split("\n\n"):
        kind = next(line[6:].strip() for line in block.splitlines() if line.startswith("event:"))
        data = "".join(line[5:].strip() for line in block.splitlines() if line.startswith("data:"))
        events.append((kind, json.loads(data)))
    return events


@pytest.fixture
def chat_ready(transactional_db):
    import io

    from chat import demo

    demo.load_demo(stdout=io.StringIO())


def test_streamed_turn_renders_answer_with_number_chart_and_trace(alice_web, alice_data, chat_ready):
    response = alice_web.post("/chat/stream/", {"message": "How much did I spend on dining in the last 3 months?"})
    assert response["Content-Type"].startswith("text/event-stream")
    events = sse_events(response)
    kinds = [k for k, _ in events]
    assert kinds[0] == "started" and kinds[-1] == "final"
    assert "tool_started" in kinds and "tool_finished" in kinds and "token" in kinds
    final = events[-1][1]
    html = final["html"]
    assert "$" in html and '<figure class="chart"' in html
    assert "How I got this" in html and "search_transactions" in html
    assert "Confidence:" in html and "Was this helpful?" in html
    # the conversation is now listed and has its own page showing the same answer
    assert final["conversation_url"] == f"/chat/{final['conversation_id']}/"
    page = alice_web.get(final["conversation_url"]).content.decode()
    assert "How much did I spend on dining in the last 3 months?" in page and f'id="m-{final["message_id"]}"' in page


def test_empty_question_is_a_clear_error_event(alice_web, chat_ready):
    events = sse_events(alice_web.post("/chat/stream/", {"message": "   "}))
    assert events == [("error", {"message": "message: write a question first (it was empty)."})]


def test_no_javascript_fallback_posts_and_redirects(alice_web, alice_data, chat_ready):
    response = alice_web.post("/chat/", {"message": "What did I spend at Starbucks?"})
    assert response.status_code == 302 and response["Location"].startswith("/chat/")
    page = alice_web.get(response["Location"]).content.decode()
    assert "What did I spend at Starbucks?" in page and "Starbucks" in page


def test_feedback_thumbs_with_comment(alice_web, alice, alice_data, chat_ready):
    from chat.models import Feedback

    final = sse_events(alice_web.post("/chat/stream/", {"message": "What did I spend at Starbucks?"}))[-1][1]
    body = alice_web.post(f"/chat/messages/{final['message_id']}/feedback/", {"rating": "down", "comment": "too short"},
                          HTTP_HX_REQUEST="true").content.decode()
    assert "Thanks" in body
    fb = Feedback.objects.get(message_id=final["message_id"])
    assert fb.rating == -1 and fb.comment == "too short" and fb.user == alice
    missing = alice_web.post(f"/chat/messages/{final['message_id']}/feedback/", {}, HTTP_HX_REQUEST="true")
    assert "Choose thumbs up or thumbs down." in missing.content.decode()


def test_bob_cannot_see_or_continue_alices_conversation(alice_web, bob_web, alice_data, chat_ready):
    final = sse_events(alice_web.post("/chat/stream/", {"message": "What did I spend at Starbucks?"}))[-1][1]
    assert bob_web.get(f"/chat/{final['conversation_id']}/").status_code == 404
    assert "Starbucks" not in bob_web.get("/chat/").content.decode()
    events = sse_events(bob_web.post("/chat/stream/", {"message": "and last month?",
                                                       "conversation_id": final["conversation_id"]}))
    assert events[0][0] == "error" and "not found" in events[0][1]["message"].lower()
    assert bob_web.post(f"/chat/messages/{final['message_id']}/feedback/", {"rating": "up"}).status_code == 404


def test_low_confidence_turn_says_a_person_will_follow_up(alice_web, alice, chat_ready):
    from chat.models import Escalation

    final = sse_events(alice_web.post("/chat/stream/", {"message": "What is an emergency fund?"}))[-1][1]
    # nothing in the (empty) knowledge base and no network: Moneta says so and escalates
    assert "A person will follow up." in final["html"] and 'data-confidence="low"' in final["html"]
    assert Escalation.objects.filter(message_id=final["message_id"], conversation__user=alice).exists()
