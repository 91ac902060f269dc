"""Chat page history: grouped by date, searchable (title or message text, own conversations only); charts with
a single bar become a sentence; the page offers Regenerate, Stop and a skip link to the question box."""
from __future__ import annotations

import re
from datetime import date, datetime, timedelta

import pytest
from django.utils import timezone

from chat.models import Conversation, Message
from chat.web.presenters import conversation_groups
from core.web.charts import chart_prepare

pytestmark = pytest.mark.django_db


def conversation(user, title: str, *, text: str, days_ago: int = 0) -> Conversation:
    c = Conversation.objects.create(user=user, title=title)
    Message.objects.create(conversation=c, role=Message.Role.USER, content=text)
    Message.objects.create(conversation=c, role=Message.Role.ASSISTANT, content="An answer.", confidence=0.9)
    Conversation.objects.filter(pk=c.pk).update(updated_at=timezone.now() - timedelta(days=days_ago))
    return c


def test_history_is_grouped_today_yesterday_week_then_month():
    today = date(2026, 3, 15)

    def row(n, d):
        return {"conversation_id": n, "title": str(n),
                "updated_at": timezone.make_aware(datetime(d.year, d.month, d.day, 12)).isoformat()}
    rows = [row(1, today), row(2, today - timedelta(days=1)), row(3, today - timedelta(days=5)),
            row(4, date(2026, 2, 20)), row(5, date(2026, 2, 2)), row(6, date(2025, 12, 24))]
    groups = conversation_groups(rows, today=today)
    assert [(g["label"], [c["conversation_id"] for c in g["items"]]) for g in groups] == [
        ("Today", [1]), ("Yesterday", [2]), ("Previous 7 days", [3]), ("February 2026", [4, 5]),
        ("December 2025", [6])]


def test_chat_page_groups_and_searches_own_conversations(alice_web, alice, bob):
    conversation(alice, "Dining last month", text="How much did I spend on dining last month?")
    conversation(alice, "Rent", text="What did I pay for rent in the winter?", days_ago=1)
    conversation(alice, "Old question", text="Is an emergency fund worth it?", days_ago=60)
    conversation(bob, "Bob's winter", text="winter heating bill")
    page = alice_web.get("/chat/").content.decode()
    assert page.index(">Today<") < page.index("Dining last month") < page.index(">Yesterday<") < page.index("Rent")
    assert "Old question" in page and "Bob&#x27;s winter" not in page

    found = alice_web.get("/chat/?q=winter").content.decode()  # matches message text, not only the title
    assert "Rent" in found and "Dining last month" not in found and "Bob" not in found
    partial = alice_web.get("/chat/conversations/?q=DINING").content.decode()
    assert partial.startswith('<nav id="conversation-list"') and "Dining last month" in partial
    assert "Rent" not in partial
    nothing = alice_web.get("/chat/conversations/?q=mortgage").content.decode()
    assert "No conversation mentions “mortgage”" in nothing
    too_long = alice_web.get("/chat/conversations/?q=" + "x" * 201).content.decode()
    assert "at most 200 characters" in too_long


def test_api_search_is_user_scoped(alice_client, bob_client, alice, bob):
    conversation(alice, "Coffee", text="coffee over $5")
    conversation(bob, "Coffee too", text="coffee beans")
    assert [c["title"] for c in alice_client.get("/api/v1/chat/conversations/?q=coffee").json()] == ["Coffee"]
    assert [c["title"] for c in bob_client.get("/api/v1/chat/conversations/?q=coffee").json()] == ["Coffee too"]


def button(page: str, element_id: str) -> str:
    return re.search(rf'<button[^>]*id="{element_id}"[^>]*>', page).group(0)


def test_conversation_page_has_skip_link_regenerate_and_stop(alice_web, alice):
    c = conversation(alice, "Dining", text="dining?")
    page = alice_web.get(f"/chat/{c.pk}/").content.decode()
    assert 'href="#chat-message"' in page and "Skip to your question" in page
    assert "hidden" not in button(page, "chat-regenerate")
    assert "hidden" in button(page, "chat-stop")  # shown only while an answer streams
    empty = alice_web.get("/chat/").content.decode()
    assert "hidden" in button(empty, "chat-regenerate")  # nothing to regenerate yet


def test_one_bar_chart_becomes_a_sentence():
    one = chart_prepare({"type": "bar", "title": "Dining by month", "labels": ["2026-03"],
                         "series": [{"name": "Spent", "data": [123.4]}]})
    assert one == {"sentence": "Dining by month: 2026-03 — Spent 123.40.", "title": "Dining by month", "type": "bar"}
    point = chart_prepare({"type": "line", "title": "", "labels": ["Jan"],
                           "series": [{"name": "A", "data": [1]}, {"name": "B", "data": [2]}]})
    assert point["sentence"] == "Jan — A 1.00, B 2.00."
    two = chart_prepare({"type": "bar", "title": "t", "labels": ["a", "b"], "series": [{"name": "s", "data": [1, 2]}]})
    assert "sentence" not in two and two["rows"] == [["a", 1.0], ["b", 2.0]]
    grouped = chart_prepare({"type": "bar", "title": "t", "labels": ["Dining"],
                             "series": [{"name": "last month", "data": [1]}, {"name": "this month", "data": [2]}]})
    assert "sentence" not in grouped  # two bars side by side still compare


def test_answer_with_a_one_bar_chart_shows_the_sentence_not_a_canvas():
    from django.template.loader import render_to_string

    from chat.web.presenters import answer_present

    answer = {"answer": "You spent $12.00.", "message_id": 7, "confidence": 0.9, "data": [
        {"kind": "chart", "type": "bar", "title": "Dining", "labels": ["March 2026"],
         "series": [{"name": "Spent", "data": [12]}]}]}
    html = render_to_string("web/chat/_answer.html", {"a": answer_present(answer)})
    assert '<p class="chart-sentence" data-chart-type="bar">Dining: March 2026 — Spent 12.00.</p>' in html
    assert "<canvas" not in html
