"""Moneta as an MCP server: the chat assistant's own tools, bound to one user.

One source of truth: the tool list, descriptions and JSON schemas come from `FinanceAssistant.tools()` (the
methods' docstrings and type hints), and a call runs through `FinanceAssistant.run_tool` exactly as in a chat
turn — validated by the same schema, timed, errors turned into messages. The user is fixed when the server is
built (from the API token over HTTP, from `--user` on stdio); no tool takes a user id.

Served over Streamable HTTP at `/mcp/` (stateless, JSON responses; see views.py) and over stdio by
`python manage.py mcp_server --user USERNAME`.
"""
from __future__ import annotations

import json
import logging
from typing import Any

from mcp import types
from mcp.server.lowlevel import Server
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager

from chat.asgi_bridge import run_in_thread
from chat.assistant import FinanceAssistant, result_compact
from chat.services import agent_config_for

log = logging.getLogger(__name__)
SERVER_NAME = "moneta"
# `respond` ends a chat turn; it means nothing to another assistant.
NOT_EXPOSED = {"respond"}
RESULT_ROWS = 200  # rows per table in a result; the rest are counted in `<key>_omitted`


def _assistant(user, agent_slug: str | None):
    config = agent_config_for(user=user, agent_slug=agent_slug)
    return FinanceAssistant(user=user, config=config)


def mcp_tool_definitions(*, user, agent_slug: str | None = None) -> list[types.Tool]:
    """The assistant's enabled tools as MCP tool definitions (name, description, input JSON schema)."""
    assistant = _assistant(user, agent_slug)
    out = []
    for tool in assistant.tools():
        if tool.name in NOT_EXPOSED:
            continue
        schema = tool.args_schema.model_json_schema()
        schema.pop("title", None)
        out.append(types.Tool(name=tool.name, description=tool.description, input_schema=schema))
    return out


def mcp_tool_call(*, user, name: str, arguments: dict | None, agent_slug: str | None = None) -> types.CallToolResult:
    """Run one tool for `user`. Failures come back as an MCP tool error (`isError`) with the tool's message."""
    assistant = _assistant(user, agent_slug)
    tools = {t.name: t for t in assistant.tools() if t.name not in NOT_EXPOSED}
    tool = tools.get(name)
    if tool is None:
        return _error(f"unknown tool {name!r}; available tools: {', '.join(sorted(tools))}")
    record = assistant.run_tool(tool, dict(arguments or {}))
    log.info("mcp %s %s(%s) %.1f ms%s", user, name, record.arguments, record.duration_ms,
             f" error: {record.error}" if record.error else "")
    if record.error:
        return _error(f"{name} failed: {record.error}")
    result = result_compact(record.result, rows=RESULT_ROWS)
    structured = json.loads(json.dumps(result, default=str))
    return types.CallToolResult(
        content=[types.TextContent(type="text", text=json.dumps(structured, ensure_ascii=False))],
        structured_content=structured if isinstance(structured, dict) else {"result": structured},
    )


def _error(message: str) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=message)], is_error=True)


def mcp_server_for(*, user, agent_slug: str | None = None) -> Server:
    """An MCP server whose every tool is bound to `user`. Database work runs off the event loop."""

    async def list_tools(ctx, params) -> types.ListToolsResult:
        tools = await run_in_thread(lambda: mcp_tool_definitions(user=user, agent_slug=agent_slug))
        return types.ListToolsResult(tools=tools)

    async def call_tool(ctx, params: types.CallToolRequestParams) -> types.CallToolResult:
        return await run_in_thread(lambda: mcp_tool_call(user=user, name=params.name, arguments=params.arguments,
                                                         agent_slug=agent_slug))

    return Server(SERVER_NAME, version="1.0", title="Moneta",
                  instructions="Moneta: the user's own transactions, spending analytics, budget jars, "
                               "subscriptions, and a knowledge base with citations ([#fact_id]).",
                  on_list_tools=list_tools, on_call_tool=call_tool)


def mcp_http_app(*, user, agent_slug: str | None = None):
    """An ASGI app answering one Streamable HTTP request (stateless: every request stands alone, so a
    multi-process web server needs no shared session store)."""
    async def app(scope: dict[str, Any], receive, send) -> None:
        manager = StreamableHTTPSessionManager(app=mcp_server_for(user=user, agent_slug=agent_slug),
                                               json_response=True, stateless=True)
        async with manager.run():
            await manager.handle_request(scope, receive, send)

    return app
