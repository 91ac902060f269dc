"""External MCP servers in the assistant's tool loop: a small MCP server started by the test, the LLM path
driven by the fake OpenAI server, the offline path for a server that is down."""
from __future__ import annotations

import socket
import sys
from pathlib import Path

import pytest

from chat.models import AgentConfig, ExternalServer, ToolCall
from chat.services import chat_turn
from tests.chat.tiny_mcp_server import HttpServer
from tests.fake_openai import FakeOpenAI


@pytest.fixture
def llm_env(settings):
    def use(fake: FakeOpenAI):
        settings.OPENAI_BASE_URL = fake.base_url
        settings.OPENAI_API_KEY = "test-key"
        AgentConfig.objects.filter(slug="finance-assistant").update(timeout_seconds=5, max_retries=0)
    return use


def _enable(server: ExternalServer, slug: str = "finance-assistant") -> AgentConfig:
    config = AgentConfig.objects.get(slug=slug)
    config.external_servers.add(server)
    return config


def test_allowed_tools_of_an_external_server_join_the_tool_loop(alice, chat_demo, llm_env):
    with HttpServer() as tiny:
        rates = ExternalServer.objects.create(slug="rates", name="Rates", url=tiny.url, timeout_seconds=5,
                                              allowed_tools=["exchange_rate"])
        _enable(rates)
        script = [{"tool_calls": [("rates__exchange_rate", {"base": "USD", "quote": "VND"})]},
                  {"tool_calls": [("rates__delete_everything", {})]},
                  {"tool_calls": [("respond", {"answer": "1 USD is 25400.0 VND today."})]}]
        with FakeOpenAI(script) as fake:
            llm_env(fake)
            answer = chat_turn(user=alice, message="How many dong is a dollar?")
    offered = {t["function"]["name"] for t in fake.requests[0]["tools"]}
    assert "rates__exchange_rate" in offered and "rates__delete_everything" not in offered
    assert "search_transactions" in offered  # the built-in tools are still there
    calls = {c["name"]: c for c in answer["tool_calls"]}
    assert calls["rates__exchange_rate"]["error"] is None
    assert "unknown tool rates__delete_everything" in fake.requests[2]["messages"][-1]["content"]
    assert "25400.0" in answer["answer"] and "(unverified)" not in answer["answer"]  # grounded in the tool result
    stored = ToolCall.objects.get(message_id=answer["message_id"], tool="rates__exchange_rate")
    assert stored.arguments == {"base": "USD", "quote": "VND"} and "25400" in stored.result_summary


def test_tool_errors_and_timeouts_go_back_to_the_model(alice, chat_demo, llm_env):
    with HttpServer() as tiny:
        rates = ExternalServer.objects.create(slug="rates", name="Rates", url=tiny.url, timeout_seconds=1.5,
                                              allowed_tools=["*"])
        _enable(rates)
        script = [{"tool_calls": [("rates__exchange_rate", {"base": "XXX", "quote": "YYY"}),
                                  ("rates__slow_rate", {"seconds": 4})]},
                  {"tool_calls": [("respond", {"answer": "I could not get that rate."})]}]
        with FakeOpenAI(script) as fake:
            llm_env(fake)
            answer = chat_turn(user=alice, message="What is the XXX to YYY rate?")
    errors = {c["name"]: c["error"] for c in answer["tool_calls"]}
    assert "no rate for XXX/YYY" in errors["rates__exchange_rate"]
    assert "did not answer in time" in errors["rates__slow_rate"]
    assert answer["answer"].startswith("I could not get that rate.")


def _closed_port() -> int:
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    return port


def test_a_server_that_is_down_makes_the_turn_say_so(alice, chat_demo, alice_money):
    down = ExternalServer.objects.create(slug="rates", name="Rates service", timeout_seconds=2,
                                         url=f"http://127.0.0.1:{_closed_port()}/mcp", allowed_tools=["*"])
    _enable(down)
    answer = chat_turn(user=alice, message="How much did I spend on dining last month?")
    assert answer["error"] is None and answer["tools_used"]  # the turn still answered from the built-in tools
    assert "The external tool server “Rates service” is unavailable right now" in answer["answer"]


@pytest.fixture
def stdio_allowed_everywhere(monkeypatch, settings):
    """The operator's allow-list, for this process and for the worker a later fixture starts (it reads the
    environment)."""
    monkeypatch.setenv("MONETA_MCP_STDIO_COMMANDS", sys.executable)
    settings.MONETA_MCP_STDIO_COMMANDS = [sys.executable]


@pytest.mark.worker
def test_stdio_server_runs_on_the_worker(alice, chat_demo, llm_env, stdio_allowed_everywhere, celery_worker_process,
                                         tmp_path, editor, client):
    """The turn (here, as in a web request) and the admin's "Test the connection" send the stdio server's requests
    to the Celery worker, which starts the program (chat/external/tasks.py)."""
    from core.models import WorkerHeartbeat
    from tests.conftest import wait_for

    assert wait_for(lambda: WorkerHeartbeat.objects.exists(), timeout=90)
    script_path = Path(__file__).with_name("tiny_mcp_server.py")
    started_by = tmp_path / "started-by"
    # The tiny server, started through a wrapper that first notes which process started it.
    launcher = (f"import os, runpy, sys; open({str(started_by)!r}, 'w').write(str(os.getppid())); "
                f"sys.argv = [{str(script_path)!r}]; runpy.run_path({str(script_path)!r}, run_name='__main__')")
    stdio = ExternalServer.objects.create(slug="rates", name="Rates", kind="mcp_stdio", command=sys.executable,
                                          args=["-c", launcher], timeout_seconds=20, allowed_tools=["exchange_rate"])
    _enable(stdio)
    script = [{"tool_calls": [("rates__exchange_rate", {"base": "EUR", "quote": "USD"})]},
              {"tool_calls": [("respond", {"answer": "1 EUR is 1.08 USD."})]}]
    with FakeOpenAI(script) as fake:
        llm_env(fake)
        answer = chat_turn(user=alice, message="Euro to dollar?")
    assert answer["tool_calls"][0]["error"] is None and "1.08" in fake.requests[1]["messages"][-1]["content"]
    assert int(started_by.read_text()) == celery_worker_process.pid  # the worker (solo pool) started it, not us
    started_by.unlink()
    stdio.save()  # a saved change lists the server afresh (the turn's listing is cached for 30 s)
    editor.is_superuser = True
    editor.save()
    client.force_login(editor)
    page = client.post("/admin/chat/externalserver/", {"action": "test_connection",
                                                       "_selected_action": [stdio.pk]}, follow=True)
    assert "rates: 1 allowed tool(s): exchange_rate." in [str(m) for m in page.context["messages"]]
    assert int(started_by.read_text()) == celery_worker_process.pid


def test_admin_registers_validates_and_tests_a_server(editor, client, chat_demo):
    editor.is_superuser = True
    editor.save()
    client.force_login(editor)
    response = client.post("/admin/chat/externalserver/add/", {
        "slug": "rates", "name": "Rates", "kind": "mcp_stdio", "url": "", "headers": "{}", "command": "",
        "args": "[]", "env": "{}", "allowed_tools": "[]", "timeout_seconds": "10", "is_active": "on"})
    assert b"a stdio MCP server needs the command that starts it." in response.content
    assert b"list the tool names the assistant may call" in response.content
    with HttpServer() as tiny:
        client.post("/admin/chat/externalserver/add/", {
            "slug": "rates", "name": "Rates", "kind": "mcp_http", "url": tiny.url, "headers": "{}", "command": "",
            "args": "[]", "env": "{}", "allowed_tools": '["exchange_rate"]', "timeout_seconds": "5", "is_active": "on"})
        server = ExternalServer.objects.get(slug="rates")
        page = client.post("/admin/chat/externalserver/", {"action": "test_connection",
                                                           "_selected_action": [server.pk]}, follow=True)
    assert "rates: 1 allowed tool(s): exchange_rate." in [str(m) for m in page.context["messages"]], [str(m) for m in page.context["messages"]]
    assert client.get(f"/admin/chat/agentconfig/{AgentConfig.objects.get(slug='finance-assistant').pk}/change/"
                      ).status_code == 200


def test_offline_model_answers_as_before_with_external_tools_attached(alice, chat_demo, alice_money):
    with HttpServer() as tiny:
        _enable(ExternalServer.objects.create(slug="rates", name="Rates", url=tiny.url, timeout_seconds=5,
                                              allowed_tools=["*"]))
        answer = chat_turn(user=alice, message="How much did I spend on dining last month?")
    assert answer["provider"] == "offline" and answer["error"] is None
    assert answer["tools_used"] and not any(t.startswith("rates__") for t in answer["tools_used"])
    assert "unavailable" not in answer["answer"]
