"""External tool servers cannot be turned against Moneta (issue 23 item 1): an editor cannot make the server run a
program, a stdio server gets no secrets and is never started from the admin, and an HTTP MCP server or A2A agent
cannot point at loopback, link-local or private addresses."""
from __future__ import annotations

import json
import sys

import pytest
from django.contrib.auth.models import Permission

from chat.external.a2a import a2a_agent_card
from chat.external.guard import ExternalServerUnavailable
from chat.external.mcp import mcp_server_tools, server_run_here
from chat.models import AgentConfig, ExternalServer
from tests.chat.tiny_mcp_server import HttpServer

FORM = {"slug": "rates", "name": "Rates", "kind": "mcp_http", "url": "", "headers": "{}", "command": "",
        "args": "[]", "env": "{}", "allowed_tools": '["exchange_rate"]', "timeout_seconds": "5", "is_active": "on"}


@pytest.fixture
def chat_editor(editor):
    """A staff editor with every chat permission (what the Editors group grants), not a superuser."""
    editor.user_permissions.set(Permission.objects.filter(content_type__app_label="chat"))
    return editor


def _messages(page) -> list[str]:
    return [str(m) for m in page.context["messages"]]


def test_an_editor_cannot_register_or_change_a_stdio_server(chat_editor, client, settings, tmp_path):
    settings.MONETA_MCP_STDIO_COMMANDS = [sys.executable]
    client.force_login(chat_editor)
    marker = tmp_path / "ran"
    response = client.post("/admin/chat/externalserver/add/", {
        **FORM, "kind": "mcp_stdio", "command": sys.executable,
        "args": json.dumps(["-c", f"open({str(marker)!r}, 'w')"])})
    assert response.status_code == 200
    assert "only a superuser may register or change a stdio MCP server" in response.content.decode()
    assert not ExternalServer.objects.exists()
    # One a superuser registered cannot be edited into another program by an editor either.
    server = ExternalServer.objects.create(slug="rates", name="Rates", kind="mcp_stdio", command=sys.executable,
                                           allowed_tools=["*"])
    response = client.post(f"/admin/chat/externalserver/{server.pk}/change/", {
        **FORM, "kind": "mcp_stdio", "command": sys.executable, "args": json.dumps(["-c", "print(1)"])})
    assert "only a superuser may register or change a stdio MCP server" in response.content.decode()
    server.refresh_from_db()
    assert server.args == []


def test_stdio_commands_come_from_the_allow_list(editor, client, settings):
    editor.is_superuser = True
    editor.save()
    client.force_login(editor)
    settings.MONETA_MCP_STDIO_COMMANDS = []
    response = client.post("/admin/chat/externalserver/add/", {**FORM, "kind": "mcp_stdio", "command": "/bin/sh"})
    assert "stdio MCP servers are turned off" in response.content.decode()
    settings.MONETA_MCP_STDIO_COMMANDS = [sys.executable]
    response = client.post("/admin/chat/externalserver/add/", {**FORM, "kind": "mcp_stdio", "command": "/bin/sh"})
    assert "the command &#x27;/bin/sh&#x27; is not on the allow-list" in response.content.decode()
    assert not ExternalServer.objects.exists()
    # A row saved before the rule (or edited in the database) is refused before anything starts.
    legacy = ExternalServer.objects.create(slug="sh", name="Shell", kind="mcp_stdio", command="/bin/sh",
                                           args=["-c", "echo"], allowed_tools=["*"])
    with pytest.raises(ExternalServerUnavailable, match="not on the allow-list"):
        mcp_server_tools(legacy)


def test_test_connection_never_starts_a_stdio_server(editor, client, settings, tmp_path):
    editor.is_superuser = True
    editor.save()
    settings.MONETA_MCP_STDIO_COMMANDS = [sys.executable]
    marker = tmp_path / "ran"
    server = ExternalServer.objects.create(slug="rates", name="Rates", kind="mcp_stdio", command=sys.executable,
                                           args=["-c", f"open({str(marker)!r}, 'w')"], allowed_tools=["*"])
    client.force_login(editor)
    page = client.post("/admin/chat/externalserver/", {"action": "test_connection",
                                                       "_selected_action": [server.pk]}, follow=True)
    assert ("rates: unavailable (no Celery worker is running, and a stdio server is started only by a worker, never "
            "inside a web request)." in _messages(page))
    assert not marker.exists()


def test_a_stdio_server_gets_a_minimal_environment(db, settings, monkeypatch, tmp_path):
    settings.MONETA_MCP_STDIO_COMMANDS = [sys.executable]
    monkeypatch.setenv("DJANGO_SECRET_KEY", "web-secret-that-must-not-leak")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-must-not-leak")
    dump = tmp_path / "env.json"
    server = ExternalServer.objects.create(
        slug="envdump", name="Env dump", kind="mcp_stdio", command=sys.executable, timeout_seconds=10,
        args=["-c", f"import json, os; json.dump(dict(os.environ), open({str(dump)!r}, 'w'))"],
        env={"RATES_REGION": "eu"}, allowed_tools=["*"])
    with pytest.raises(ExternalServerUnavailable):  # it is not an MCP server: it writes its environment and exits
        server_run_here(server, lambda session: session.list_tools())  # what the worker runs
    seen = json.loads(dump.read_text())
    assert seen["RATES_REGION"] == "eu" and "PATH" in seen
    assert "DJANGO_SECRET_KEY" not in seen and "OPENAI_API_KEY" not in seen and "DATABASE_URL" not in seen


def test_a_chat_request_never_starts_a_stdio_server(alice, alice_client, chat_demo, alice_money, settings, tmp_path):
    """Issue 23: a program is started only by a Celery worker, never inside a web request (whose process holds
    every user's session and the database). No worker here: the answer says the server is unavailable and why."""
    settings.MONETA_MCP_STDIO_COMMANDS = [sys.executable]
    marker = tmp_path / "started"
    server = ExternalServer.objects.create(slug="rates", name="Rates", kind="mcp_stdio", command=sys.executable,
                                           args=["-c", f"open({str(marker)!r}, 'w')"], timeout_seconds=3,
                                           allowed_tools=["*"])
    AgentConfig.objects.get(slug="finance-assistant").external_servers.add(server)
    response = alice_client.post("/api/v1/chat/", {"message": "How much did I spend on dining last month?"},
                                 format="json")
    assert response.status_code == 200, response.content
    assert not marker.exists()
    answer = response.json()["answer"]
    assert "The external tool server “Rates” is unavailable right now" in answer
    assert "a stdio server is started only by a worker, never inside a web request" in answer


@pytest.mark.parametrize("url", ["http://127.0.0.1:{port}/mcp", "http://localhost:{port}/mcp",
                                 "http://169.254.169.254/latest/meta-data/", "http://10.1.2.3/mcp",
                                 "http://[::1]:{port}/mcp", "http://[::ffff:127.0.0.1]:{port}/mcp"])
def test_http_servers_on_private_addresses_are_refused(url, editor, client, settings):
    settings.MONETA_EXTERNAL_ALLOW_PRIVATE_NETWORKS = False
    editor.is_superuser = True
    editor.save()
    client.force_login(editor)
    with HttpServer() as tiny:
        url = url.format(port=tiny.port)
        response = client.post("/admin/chat/externalserver/add/", {**FORM, "url": url})
        assert "a loopback, link-local or private address" in response.content.decode()
        assert not ExternalServer.objects.exists()
        saved = ExternalServer.objects.create(slug="old", name="Old", url=url, allowed_tools=["*"], timeout_seconds=2)
        with pytest.raises(ExternalServerUnavailable, match="private address"):
            mcp_server_tools(saved)
        saved.kind = "a2a"
        with pytest.raises(ExternalServerUnavailable, match="private address"):
            a2a_agent_card(saved)
        settings.MONETA_EXTERNAL_ALLOW_PRIVATE_NETWORKS = True  # the operator's explicit opt-in
        if url.startswith("http://127.0.0.1"):
            saved.kind = "mcp_http"
            assert [t.name for t in mcp_server_tools(saved)]
