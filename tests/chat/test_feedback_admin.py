"""/admin/chat/feedback/ is scoped like conversations (issue 23 item 3): staff see feedback on their own answers, or
on a conversation escalated to them while the escalation is open; never another user's rated answer otherwise."""
from __future__ import annotations

import pytest
from django.test import Client

from chat.models import Conversation, Escalation, Feedback, Message

pytestmark = pytest.mark.django_db
ANSWER = "Your loan from aunt Mia is paid off in March"


@pytest.fixture
def boss(django_user_model):
    user = django_user_model.objects.create_superuser("boss", "boss@example.com", "pw-for-tests-1")
    client = Client()
    client.force_login(user)
    return user, client


def test_staff_do_not_see_other_users_feedback_unless_escalated_to_them(boss, alice):
    user, client = boss
    conversation = Conversation.objects.create(user=alice, title="loan")
    answer = Message.objects.create(conversation=conversation, role="assistant", content=ANSWER)
    feedback = Feedback.objects.create(message=answer, user=alice, rating=-1, comment="aunt Mia was wrong")
    own = Conversation.objects.create(user=user, title="mine")
    own_answer = Message.objects.create(conversation=own, role="assistant", content="Boss's own answer")
    Feedback.objects.create(message=own_answer, user=user, rating=1, comment="boss liked it")

    listing = client.get("/admin/chat/feedback/").content.decode()
    assert "boss liked it" in listing  # the page works and shows the staff member's own
    assert "aunt Mia" not in listing
    detail = client.get(f"/admin/chat/feedback/{feedback.id}/change/", follow=True).content.decode()
    assert ANSWER not in detail and "aunt Mia was wrong" not in detail

    escalation = Escalation.objects.create(conversation=conversation, message=answer, reason="feedback",
                                           confidence=0.2, assignee=user, status="assigned")
    assert "aunt Mia was wrong" in client.get("/admin/chat/feedback/").content.decode()
    Escalation.objects.filter(id=escalation.id).update(status="resolved", resolution_note="done")
    assert "aunt Mia" not in client.get("/admin/chat/feedback/").content.decode()
