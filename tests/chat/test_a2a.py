"""A2A over real HTTP on 127.0.0.1 (pytest's live server): the document investigator as an A2A agent, and the
finance assistant delegating a regulation question to it and citing the facts it used."""
from __future__ import annotations

import json

import pytest
import requests
from rest_framework.authtoken.models import Token

from chat.models import AgentConfig, ExternalServer
from chat.services import chat_turn
from knowledge.models import Fact
from tests.chat.conftest import knowledge_doc
from tests.fake_openai import FakeOpenAI

pytestmark = pytest.mark.django_db(transaction=True)

OVERDRAFT = """# Overdraft fee rule

A bank may charge an overdraft fee of at most 35 dollars per day, and never more than three overdraft fees in one day.
"""
QUESTION = "What is the maximum overdraft fee a bank may charge per day?"


@pytest.fixture
def regulation(chat_demo):
    doc = knowledge_doc(corpus_slug="regulations", corpus_name="Regulations", file_name="overdraft.md", text=OVERDRAFT)
    AgentConfig.objects.filter(slug="document-investigator").update(provider="offline")
    return doc


def _token(user) -> str:
    return Token.objects.get_or_create(user=user)[0].key


def _send(url, token, method="message/send"):
    body = {"jsonrpc": "2.0", "id": "1", "method": method, "params": {"message": {
        "kind": "message", "role": "user", "messageId": "m-1", "parts": [{"kind": "text", "text": QUESTION}]}}}
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return requests.post(f"{url}/a2a/document-investigator/", json=body, headers=headers, timeout=60,
                         stream=method == "message/stream")


def test_agent_card(live_server):
    card = requests.get(f"{live_server.url}/.well-known/agent.json", timeout=10).json()
    assert card["name"] == "Moneta document investigator" and card["capabilities"]["streaming"] is True
    assert card["supportedInterfaces"][0]["url"] == f"{live_server.url}/a2a/document-investigator/"
    assert card["skills"][0]["id"] == "investigate-documents"


def test_message_send_answers_with_fact_ids_for_staff_only(live_server, editor, alice, regulation):
    assert _send(live_server.url, None).status_code == 401
    refused = _send(live_server.url, _token(alice))
    assert refused.status_code == 403 and "staff only" in refused.json()["error"]["message"]

    result = _send(live_server.url, _token(editor)).json()["result"]
    assert result["status"]["state"] == "completed", result
    parts = result["artifacts"][0]["parts"]
    text = next(p["text"] for p in parts if p["kind"] == "text")
    data = next(p["data"] for p in parts if p["kind"] == "data")
    fact_ids = set(Fact.objects.filter(document=regulation).values_list("id", flat=True))
    assert "35 dollars" in text
    assert {int(i) for i in data["relevant_fact_ids"]["regulations"]} <= fact_ids
    assert data["relevant_fact_ids"]["regulations"]


def test_message_stream_reports_progress_then_the_answer(live_server, editor, regulation):
    response = _send(live_server.url, _token(editor), method="message/stream")
    assert response.headers["content-type"].startswith("text/event-stream")
    events = [json.loads(line[5:]) for line in response.iter_lines(decode_unicode=True) if line.startswith("data:")]
    kinds = [e["result"].get("kind") for e in events]
    assert "status-update" in kinds and "artifact-update" in kinds
    working = [e["result"]["status"]["message"]["parts"][0]["text"] for e in events
               if e["result"].get("kind") == "status-update" and e["result"]["status"].get("message")]
    assert any(w.startswith("Running search_knowledge_base") for w in working), working
    assert events[-1]["result"]["status"]["state"] == "completed"


def test_finance_assistant_delegates_and_cites_the_investigators_facts(live_server, settings, alice, editor,
                                                                       regulation):
    fact_id = Fact.objects.filter(document=regulation).order_by("id").values_list("id", flat=True)[0]
    investigator = ExternalServer.objects.create(
        slug="investigator", name="Document investigator", kind="a2a", url=live_server.url, timeout_seconds=60,
        headers={"Authorization": f"Bearer {_token(editor)}"},
        description="Delegate questions about regulations and bank documents.")
    AgentConfig.objects.get(slug="finance-assistant").external_servers.add(investigator)
    script = [{"tool_calls": [("ask_investigator", {"question": QUESTION})]},
              {"tool_calls": [("respond", {"answer": f"At most 35 dollars per day [#{fact_id}].",
                                           "cited_fact_ids": [fact_id]})]}]
    with FakeOpenAI(script) as fake:
        settings.OPENAI_BASE_URL, settings.OPENAI_API_KEY = fake.base_url, "test-key"
        AgentConfig.objects.filter(slug="finance-assistant").update(timeout_seconds=30, max_retries=0)
        answer = chat_turn(user=alice, message=QUESTION)
    call = next(c for c in answer["tool_calls"] if c["name"] == "ask_investigator")
    assert call["error"] is None
    delegated = json.loads(fake.requests[1]["messages"][-1]["content"])
    assert "35 dollars" in delegated["answer"] and fact_id in delegated["relevant_fact_ids"]["regulations"]
    assert [c["fact_id"] for c in answer["citations"]] == [fact_id]  # grounding accepted the delegate's fact
    assert not answer["grounding"]["removed_citations"]
