"""Moneta as an MCP server, exercised with the official `mcp` client over real HTTP (pytest's live server)."""
from __future__ import annotations

import json

import pytest
from rest_framework.authtoken.models import Token

from chat.assistant import ALL_TOOLS, FinanceAssistant, _tool_template
from tests.chat.conftest import HELP_JARS, knowledge_doc
from tests.chat.mcp_helpers import mcp_http

pytestmark = pytest.mark.django_db(transaction=True)


def _token(user) -> str:
    return Token.objects.get_or_create(user=user)[0].key


def _text(result) -> dict:
    return json.loads(result.content[0].text)


def test_tools_are_the_chat_tools_with_the_same_schemas(live_server, alice, chat_demo):
    tools = mcp_http(f"{live_server.url}/mcp/", _token(alice), lambda s: s.list_tools())
    by_name = {t.name: t for t in tools.tools}
    assert set(by_name) == set(ALL_TOOLS) - {"respond"}
    jars = by_name["get_jar_status"]
    assert jars.description == _tool_template("get_jar_status").description
    assert jars.input_schema["properties"] == _tool_template("get_jar_status").args_schema.model_json_schema()[
        "properties"]
    # no tool can be told which user it works for
    assert not any({"user", "user_id"} & set(t.input_schema.get("properties", {})) for t in tools.tools)
    assert FinanceAssistant.__doc__  # the assistant stays the one definition


def test_each_kind_of_tool_for_the_token_user_only(live_server, alice, bob, alice_money, bob_money, chat_demo):
    knowledge_doc(corpus_slug="moneta-help", corpus_name="Moneta help", file_name="jars.md", text=HELP_JARS)

    async def calls(session):
        return {
            "search": await session.call_tool("search_transactions", {"question": "everything at the pawn shop"}),
            "summary": await session.call_tool("get_spending_summary", {"period": "this_year"}),
            "merchant": await session.call_tool("analyze_merchant", {"merchant": "Starbucks"}),
            "subs": await session.call_tool("list_subscriptions", {}),
            "help": await session.call_tool("get_app_information", {"query": "what are budget jars?"}),
            "search_kb": await session.call_tool("search_knowledge_base", {"query": "budget jars rollover"}),
            "jars": await session.call_tool("get_jar_status", {}),
            "category": await session.call_tool("analyze_by_category", {"category": "Dining"}),
            "budgets": await session.call_tool("suggest_budgets", {}),
        }

    alice_results = mcp_http(f"{live_server.url}/mcp/", _token(alice), calls)
    bob_results = mcp_http(f"{live_server.url}/mcp/", _token(bob), calls)
    for results in (alice_results, bob_results):
        assert not any(r.is_error for r in results.values()), {k: r.content for k, r in results.items()}
    # a transactions answer with SQL figures, for the token's user only
    assert "PAWN" not in json.dumps(_text(alice_results["search"]))
    assert "PAWN" in json.dumps(_text(bob_results["search"]))
    assert _text(alice_results["merchant"])["total"] == pytest.approx(_text(bob_results["merchant"])["total"])
    assert alice_results["summary"].structured_content == _text(alice_results["summary"])
    # knowledge search with fact ids to cite
    assert _text(alice_results["category"])["total"] > 0 and _text(alice_results["jars"])["month"]
    assert _text(alice_results["search_kb"])["results"]
    facts = _text(alice_results["help"])["results"]
    assert facts and facts[0]["fact_id"] and "jar" in facts[0]["text"].lower()


def test_bad_token_is_refused(live_server, alice):
    with pytest.raises(BaseException) as info:
        mcp_http(f"{live_server.url}/mcp/", "not-a-real-token", lambda s: s.list_tools())
    assert "Server returned an error response" in repr(info.value)  # the client gives up at initialize
    import requests

    response = requests.post(f"{live_server.url}/mcp/", json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
                             timeout=10)
    assert response.status_code == 401
    assert "API token" in response.json()["error"]["message"]


def test_tool_error_is_an_mcp_error_with_a_clear_message(live_server, alice, chat_demo):
    async def bad(session):
        return (await session.call_tool("get_jar_status", {"month": "June"}),
                await session.call_tool("no_such_tool", {}))

    bad_month, unknown = mcp_http(f"{live_server.url}/mcp/", _token(alice), bad)
    assert bad_month.is_error and "month must look like YYYY-MM, got 'June'" in bad_month.content[0].text
    assert unknown.is_error and "unknown tool 'no_such_tool'" in unknown.content[0].text


def test_stdio_command_serves_the_same_tools_for_one_user(alice, bob, alice_money, bob_money, chat_demo):
    import os
    import sys

    import anyio
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    from tests.conftest import ROOT, _test_database_url

    params = StdioServerParameters(
        command=sys.executable, args=["manage.py", "mcp_server", "--user", "bob"], cwd=str(ROOT),
        env={**os.environ, "DATABASE_URL": _test_database_url(), "DJANGO_SETTINGS_MODULE": "config.settings.test"})

    async def main():
        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                tools = await session.list_tools()
                found = await session.call_tool("search_transactions", {"question": "pawn shop"})
                return tools, found

    tools, found = anyio.run(main)
    assert "search_transactions" in {t.name for t in tools.tools} and "respond" not in {t.name for t in tools.tools}
    assert not found.is_error and "PAWN" in found.content[0].text
