"""Editors manage prompts and assistants in admin: versions, activate, roll back, diff, validation."""
from __future__ import annotations

import pytest

from chat.models import AgentConfig, Prompt
from chat.services import chat_turn, prompt_rollback, prompt_version_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(client, chat_demo):
    from django.contrib.auth import get_user_model

    admin_user = get_user_model().objects.create_superuser("boss", "boss@example.com", "pw-for-tests-1")
    client.force_login(admin_user)
    return client


def test_prompt_missing_a_required_placeholder_is_rejected_naming_it(staff_client):
    active = Prompt.objects.get(name="system", is_active=True)
    response = staff_client.post(f"/admin/chat/prompt/{active.pk}/change/",
                                 {"content": "You are Moneta. No date here.", "note": "oops", "activate": "on"})
    assert response.status_code == 200
    assert "must contain the placeholder {today}" in response.content.decode()
    assert "{categories}" in response.content.decode()
    assert Prompt.objects.filter(name="system").count() == 1


def test_unknown_placeholder_is_rejected(staff_client):
    active = Prompt.objects.get(name="system", is_active=True)
    response = staff_client.post(f"/admin/chat/prompt/{active.pk}/change/", {
        "content": "Today {today}. Categories {categories}. Hello {username}.", "note": "", "activate": "on"})
    assert "unknown placeholder {username}" in response.content.decode()


def test_editing_creates_a_new_active_version_with_a_diff_and_rollback(staff_client):
    active = Prompt.objects.get(name="system", is_active=True)
    response = staff_client.post(f"/admin/chat/prompt/{active.pk}/change/", {
        "content": active.content + "\nAlways end with a saving tip.", "note": "tips", "activate": "on"})
    assert response.status_code == 302
    versions = list(Prompt.objects.filter(name="system").order_by("version"))
    assert [(p.version, p.is_active) for p in versions] == [(1, False), (2, True)]
    assert versions[0].content == active.content  # history kept, never edited in place
    page = staff_client.get(f"/admin/chat/prompt/{versions[1].pk}/change/").content.decode()
    assert "+Always end with a saving tip." in page
    staff_client.post("/admin/chat/prompt/", {"action": "roll_back", "_selected_action": [versions[1].pk]})
    assert Prompt.objects.get(name="system", is_active=True).version == 1


def test_rollback_of_the_first_version_says_why_not(chat_demo):
    from core.errors import DomainError

    with pytest.raises(DomainError, match="first version"):
        prompt_rollback(name="react-format")


def test_invalid_agent_config_values_are_rejected_naming_the_field(staff_client):
    config = AgentConfig.objects.get(slug="finance-assistant")
    data = {f: getattr(config, f) for f in ("slug", "name", "description", "provider", "model", "max_tokens",
                                             "max_iterations", "timeout_seconds", "max_retries", "tool_mode",
                                             "system_prompt", "answer_format", "similarity_threshold", "max_results")}
    data.update({"is_active": "on", "is_default": "on", "hybrid": "on", "model": "", "vector_weight": "",
                 "text_weight": "", "temperature": "3.5", "confidence_threshold": "1.5",
                 "enabled_tools": '["search_transactions", "hack_the_bank"]', "corpus_include": '["no-such-corpus"]',
                 "corpus_exclude": "[]", "corpus_order": "[]"})
    response = staff_client.post(f"/admin/chat/agentconfig/{config.pk}/change/", data)
    page = response.content.decode()
    assert response.status_code == 200
    assert "temperature must be between 0 and 2, got 3.5" in page
    assert "confidence threshold must be between 0 and 1" in page
    assert "unknown tool(s) hack_the_bank" in page
    assert "unknown corpus slug(s) in corpus include: no-such-corpus" in page
    config.refresh_from_db()
    assert config.temperature == 0.0


def test_config_change_takes_effect_next_turn(chat_demo, alice, alice_money):
    before = chat_turn(user=alice, message="How much did I spend on shopping?")
    assert before["tools_used"] == ["search_transactions"] and "$171.96 on Shopping" in before["answer"]
    AgentConfig.objects.filter(slug="finance-assistant").update(enabled_tools=["get_jar_status", "respond"])
    # The next turn may no longer read transactions: no tool runs for the spending question (it asks to rephrase
    # instead of inventing a figure), while the tool still enabled keeps working.
    after = chat_turn(user=alice, message="How much did I spend on shopping?")
    assert after["tools_used"] == [] and "171.96" not in after["answer"]
    assert chat_turn(user=alice, message="How are my jars doing?")["tools_used"] == ["get_jar_status"]


def test_admin_pages_show_traces_escalations_and_feedback(staff_client, alice, alice_money):
    answer = chat_turn(user=alice, message="What does the regulation say about mortgage broker licensing?")
    assert answer["escalated"]
    # Another user's conversation opens only for the editor the escalation is assigned to (admin privacy).
    from chat.models import Escalation

    escalation = Escalation.objects.get(message_id=answer["message_id"])
    staff_client.post("/admin/chat/escalation/", {"action": "assign_to_me", "_selected_action": [escalation.pk]})
    conv = staff_client.get(f"/admin/chat/conversation/{answer['conversation_id']}/change/").content.decode()
    assert "search_knowledge_base" in conv
    queue = staff_client.get("/admin/chat/escalation/").content.decode()
    assert "mortgage broker licensing" in queue
    assert staff_client.get("/admin/chat/feedback/").status_code == 200
    assert staff_client.get("/admin/chat/agentconfig/").status_code == 200


def test_prompt_version_service_validates(chat_demo):
    from core.errors import DomainError

    with pytest.raises(DomainError, match=r"\{tool_names\}"):
        prompt_version_create(name="react-format", content="Tools: {tools}")
