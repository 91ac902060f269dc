"""A human behind every escalation: a staff reply in admin reaches the user's conversation as a message from a
person, with an unread notice until they open it; only staff can be assignees; the queue shows age and SLA;
"not helpful" with a comment can ask for a person; regenerate replaces the last answer."""
from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from chat import selectors, services
from chat.models import Escalation, Message, Prompt
from core.errors import DomainError, NotFound

pytestmark = pytest.mark.django_db

UNSURE = "What does the regulation say about mortgage broker licensing?"  # empty knowledge base: escalated


@pytest.fixture
def escalated(chat_demo, alice):
    answer = services.chat_turn(user=alice, message=UNSURE)
    assert answer["escalated"]
    return Escalation.objects.get(message_id=answer["message_id"])


@pytest.fixture
def staff_web(editor):
    editor.is_superuser = True  # admin permissions; is_staff already
    editor.save()
    client = Client()
    client.force_login(editor)
    return client


def web(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_reply_in_admin_appears_in_the_conversation_and_is_unread_until_opened(escalated, staff_web, alice, bob,
                                                                               editor):
    conversation_id = escalated.conversation_id
    response = staff_web.post(f"/admin/chat/escalation/{escalated.pk}/change/", {
        "status": "resolved", "assignee": "", "resolution_note": "",
        "reply": "Mortgage brokers must hold a state licence; see the NMLS register for yours."})
    assert response.status_code == 302, response.content.decode()[:2000]
    escalated.refresh_from_db()
    assert escalated.status == "resolved" and escalated.assignee == editor and escalated.resolved_at is not None
    reply = Message.objects.get(conversation_id=conversation_id, role=Message.Role.STAFF)
    assert reply.author == editor and reply.reply_to == escalated and reply.read_at is None

    unread = selectors.escalation_replies_unread(user=alice)
    assert [(n["conversation_id"], n["message_id"]) for n in unread] == [(conversation_id, reply.pk)]
    assert "NMLS register" in unread[0]["excerpt"]
    assert selectors.escalation_replies_unread(user=bob) == []

    alice_web = web(alice)
    sidebar = alice_web.get("/chat/").content.decode()
    assert "Replies from the Moneta team" in sidebar and f"/chat/{conversation_id}/#m-{reply.pk}" in sidebar
    page = alice_web.get(f"/chat/{conversation_id}/").content.decode()
    assert "Reply from the Moneta team" in page and "NMLS register" in page and ">New<" in page
    # the person's reply comes after the answer it corrects
    assert page.index("A person will follow up") < page.index("Reply from the Moneta team")
    assert selectors.escalation_replies_unread(user=alice)  # reading the page (a GET) writes nothing

    assert web(bob).post(f"/chat/{conversation_id}/read/").status_code == 404
    response = alice_web.post(f"/chat/{conversation_id}/read/", HTTP_ACCEPT="application/json")
    assert response.json() == {"marked_read": 1}
    assert selectors.escalation_replies_unread(user=alice) == []
    assert "Replies from the Moneta team" not in alice_web.get("/chat/").content.decode()


def test_api_lists_unread_replies_and_marks_them_read(escalated, editor, alice_client, bob_client):
    services.escalation_reply(escalation_id=escalated.pk, author=editor, text="We checked: the answer is yes.")
    assert bob_client.get("/api/v1/chat/notices/").json() == []
    notices = alice_client.get("/api/v1/chat/notices/").json()
    assert len(notices) == 1 and notices[0]["conversation_id"] == escalated.conversation_id
    listed = alice_client.get("/api/v1/chat/conversations/").json()
    assert listed[0]["unread_replies"] == 1
    detail = alice_client.get(f"/api/v1/chat/conversations/{escalated.conversation_id}/").json()
    staff = [m for m in detail["messages"] if m["role"] == "staff"]
    assert staff[0]["from_team"] is True and staff[0]["read_at"] is None
    assert bob_client.post(f"/api/v1/chat/conversations/{escalated.conversation_id}/read/").status_code == 404
    assert alice_client.post(f"/api/v1/chat/conversations/{escalated.conversation_id}/read/").json() == {
        "marked_read": 1}
    assert alice_client.get("/api/v1/chat/notices/").json() == []


def test_only_staff_can_be_assignees(escalated, staff_web, alice, editor):
    form = staff_web.get(f"/admin/chat/escalation/{escalated.pk}/change/").content.decode()
    select = re.search(r'<select name="assignee".*?</select>', form, re.S).group(0)
    assert f'value="{editor.pk}"' in select and f'value="{alice.pk}"' not in select
    response = staff_web.post(f"/admin/chat/escalation/{escalated.pk}/change/", {
        "status": "assigned", "assignee": str(alice.pk), "resolution_note": "", "reply": ""})
    assert response.status_code == 200 and "Select a valid choice" in response.content.decode()
    with pytest.raises(DomainError, match="only an active staff member"):
        services.escalation_assign(escalation_id=escalated.pk, assignee=alice)
    with pytest.raises(DomainError, match="only an active staff member"):
        services.escalation_reply(escalation_id=escalated.pk, author=alice, text="I am not staff")
    with pytest.raises(DomainError, match="reply: write the answer"):
        services.escalation_reply(escalation_id=escalated.pk, author=editor, text="   ")
    escalated.refresh_from_db()
    assert escalated.status == "open" and not Message.objects.filter(role=Message.Role.STAFF).exists()


def test_resolving_needs_a_reply_or_a_note(escalated, staff_web):
    response = staff_web.post(f"/admin/chat/escalation/{escalated.pk}/change/", {
        "status": "resolved", "assignee": "", "resolution_note": "", "reply": ""})
    assert "before marking it resolved" in response.content.decode()
    escalated.refresh_from_db()
    assert escalated.status == "open"


def test_queue_shows_age_and_sla_and_filters_overdue(escalated, staff_web, alice, settings):
    settings.MONETA_ESCALATION_SLA_HOURS = 24
    fresh_answer = services.chat_turn(user=alice, message="What does the regulation say about crypto custody?")
    fresh = Escalation.objects.get(message_id=fresh_answer["message_id"])
    Escalation.objects.filter(pk=escalated.pk).update(created_at=timezone.now() - timedelta(hours=30))
    listing = staff_web.get("/admin/chat/escalation/").content.decode()
    assert "overdue by 6 h" in listing and re.search(r"due in 2[34] h", listing)
    overdue = staff_web.get("/admin/chat/escalation/?sla=overdue").content.decode()
    assert f"/admin/chat/escalation/{escalated.pk}/change/" in overdue
    assert f"/admin/chat/escalation/{fresh.pk}/change/" not in overdue
    within = staff_web.get("/admin/chat/escalation/?sla=within").content.decode()
    assert f"/admin/chat/escalation/{fresh.pk}/change/" in within
    assert f"/admin/chat/escalation/{escalated.pk}/change/" not in within


def test_not_helpful_with_a_comment_can_ask_for_a_person(chat_demo, alice, bob, alice_money):
    answer = services.chat_turn(user=alice, message="How much did I spend on dining last month?")
    assert not answer["escalated"]
    with pytest.raises(DomainError, match="comment: say what was wrong"):
        services.feedback_submit(user=alice, message_id=answer["message_id"], rating=-1, comment=" ", escalate=True)
    with pytest.raises(DomainError, match="not helpful"):
        services.feedback_submit(user=alice, message_id=answer["message_id"], rating=1, comment="x", escalate=True)
    with pytest.raises(NotFound):
        services.feedback_submit(user=bob, message_id=answer["message_id"], rating=-1, comment="x", escalate=True)
    assert not Escalation.objects.exists()

    response = web(alice).post(f"/chat/messages/{answer['message_id']}/feedback/",
                               {"rating": "down", "comment": "I meant by week", "escalate": "1"},
                               HTTP_HX_REQUEST="true")
    assert "A person will reply in this conversation" in response.content.decode()
    escalation = Escalation.objects.get(message_id=answer["message_id"])
    assert escalation.source == "feedback" and "I meant by week" in escalation.reason
    assert Message.objects.get(pk=answer["message_id"]).escalated


def test_regenerate_replaces_the_last_answer(chat_demo, alice, bob, editor, alice_money):
    first = services.chat_turn(user=alice, message="How much did I spend on dining last month?")
    conversation_id = first["conversation_id"]
    with pytest.raises(NotFound):
        services.chat_turn(user=bob, message="", conversation_id=conversation_id, regenerate=True)
    again = services.chat_turn(user=alice, message="", conversation_id=conversation_id, regenerate=True)
    messages = list(Message.objects.filter(conversation_id=conversation_id).order_by("id"))
    assert [m.role for m in messages] == ["user", "assistant"]
    assert messages[1].pk == again["message_id"] != first["message_id"]
    assert messages[0].content == "How much did I spend on dining last month?"
    assert again["answer"].split(".")[0] == first["answer"].split(".")[0]  # the same question, answered again
    # once a person has replied, the question is theirs: regenerate says so instead of deleting the reply
    escalation = Escalation.objects.create(conversation_id=conversation_id, message_id=again["message_id"],
                                           reason="test", confidence=0.1)
    services.escalation_reply(escalation_id=escalation.pk, author=editor, text="Here is the weekly view.")
    with pytest.raises(DomainError, match="already replied"):
        services.chat_turn(user=alice, message="", conversation_id=conversation_id, regenerate=True)


def test_save_and_continue_opens_the_new_prompt_version_and_inactive_versions_are_not_preticked(chat_demo,
                                                                                                staff_web):
    v1 = Prompt.objects.get(name="system", is_active=True)
    response = staff_web.post(f"/admin/chat/prompt/{v1.pk}/change/", {
        "content": v1.content + "\nBe brief.", "note": "brief", "activate": "on", "_continue": "Save"})
    v2 = Prompt.objects.get(name="system", version=2)
    assert response.status_code == 302 and response["Location"] == f"/admin/chat/prompt/{v2.pk}/change/"
    page = staff_web.get(response["Location"]).content.decode()
    assert "Be brief." in page
    checkbox = re.search(r'<input type="checkbox" name="activate"[^>]*>', page).group(0)
    assert "checked" in checkbox  # v2 is the active one
    old = staff_web.get(f"/admin/chat/prompt/{v1.pk}/change/").content.decode()
    checkbox = re.search(r'<input type="checkbox" name="activate"[^>]*>', old).group(0)
    assert "checked" not in checkbox  # editing an old version does not make it live by default


def test_home_shows_the_teams_reply_until_it_is_read(escalated, editor, alice, bob):
    resolved = services.escalation_resolve(escalation_id=escalated.pk, resolver=editor, note="",
                                        reply="Brokers need a state licence: look them up on the NMLS register.")
    home = web(alice).get("/").content.decode()
    assert "Replies from the Moneta team" in home and "NMLS register" in home
    assert f"/chat/{escalated.conversation_id}/#m-" in home
    assert "Replies from the Moneta team" not in web(bob).get("/").content.decode()
    services.escalation_replies_mark_read(user=alice, conversation_id=escalated.conversation_id)
    assert "Replies from the Moneta team" not in web(alice).get("/").content.decode()
    assert resolved.status == "resolved"


def test_api_feedback_can_ask_for_a_person(chat_demo, alice, alice_client, bob_client):
    answer = services.chat_turn(user=alice, message="What does the regulation say about crypto custody?")
    Escalation.objects.filter(message_id=answer["message_id"]).delete()  # start from an answer not in the queue
    url = f"/api/v1/chat/messages/{answer['message_id']}/feedback/"
    missing = alice_client.post(url, {"rating": -1, "comment": "", "escalate": True}, format="json")
    assert missing.status_code == 400 and "comment" in missing.json()["error"]["message"]
    assert bob_client.post(url, {"rating": -1, "comment": "x", "escalate": True}, format="json").status_code == 404
    done = alice_client.post(url, {"rating": -1, "comment": "Which regulator?", "escalate": True}, format="json")
    assert done.status_code == 201 and done.json()["escalated"] is True
    assert Escalation.objects.get(message_id=answer["message_id"]).source == "feedback"


def test_regenerate_from_the_page_with_and_without_javascript(chat_demo, alice, bob, alice_money):
    alice_web = web(alice)
    first = services.chat_turn(user=alice, message="How much did I spend on dining last month?")
    conversation_id = first["conversation_id"]
    # without JavaScript the Regenerate button posts the chat form
    response = alice_web.post(f"/chat/{conversation_id}/", {"message": "", "regenerate": "1"})
    assert response.status_code == 302
    answers = list(Message.objects.filter(conversation_id=conversation_id, role="assistant"))
    assert len(answers) == 1 and answers[0].pk != first["message_id"]
    # with JavaScript it streams; another user's conversation is an error event, not their answer
    body = b"".join(web(bob).post("/chat/stream/", {"conversation_id": conversation_id, "regenerate": "1"})
                    .streaming_content).decode()
    assert "event: error" in body and "not found" in body
    body = b"".join(alice_web.post("/chat/stream/", {"conversation_id": conversation_id, "regenerate": "1"})
                    .streaming_content).decode()
    assert "event: final" in body
    assert Message.objects.filter(conversation_id=conversation_id).count() == 2


def test_escalations_are_not_typed_into_admin(staff_web):
    assert staff_web.get("/admin/chat/escalation/add/").status_code == 403
