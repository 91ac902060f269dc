"""Moneta as an MCP client: the tools of external MCP servers join an assistant's tool loop.

Editors register servers in admin (`ExternalServer`: Streamable HTTP URL or stdio command, allow-list, timeout)
and enable them per agent config. At the start of a turn each enabled server's tools are listed (cached for a
short while), filtered by the allow-list and offered to the model as `<slug>__<tool>` with the server's own
description and JSON schema. A call goes through `FinanceAssistant.run_tool` like a built-in tool (traced,
timed, errors back to the model) and is bounded by the server's timeout. A stdio server's requests are run by the
Celery worker (chat/external/tasks.py): no program is started inside a web request. An HTTP server is connected to
through the SSRF guard (core/network.py). A server that cannot be reached is
left out and the turn's answer says so; it never fails the turn.
"""
from __future__ import annotations

import json
import time
from contextlib import asynccontextmanager
from typing import Any

import anyio
from celery import current_app
from celery.exceptions import TimeoutError as CeleryTimeout
from django.conf import settings
from langchain_core.tools import StructuredTool

from chat.external.guard import (
    ExternalServerRefused,
    ExternalServerUnavailable,
    allow_private_networks,
    error_reason,
    external_server_check,
    stdio_environment,
    unavailable_note,
)
from core.broker import broker_reachable
from core.errors import DomainError
from core.network import pinned_httpx2_transport

LIST_CACHE_SECONDS = 30.0
_listing_cache: dict[tuple[int, str], tuple[float, list]] = {}


def _http_client(server):
    """The MCP SDK's HTTP client with the SSRF guard: every connection goes to an address resolved and checked
    just before (core/network.py), redirects included."""
    # start-up cost: the mcp SDK (and httpx2 with it) takes 1-2 s to import, and every Django process imports this
    # module (chat.admin -> chat.services -> chat.turn); it loads when an external server is first used
    import httpx2
    from mcp.shared._httpx_utils import MCP_DEFAULT_SSE_READ_TIMEOUT, MCP_DEFAULT_TIMEOUT

    return httpx2.AsyncClient(
        transport=pinned_httpx2_transport(allow_private=allow_private_networks()),
        headers={k: str(v) for k, v in (server.headers or {}).items()},
        timeout=httpx2.Timeout(MCP_DEFAULT_TIMEOUT, read=MCP_DEFAULT_SSE_READ_TIMEOUT))


@asynccontextmanager
async def _session(server):
    from mcp import ClientSession  # the mcp SDK, loaded on first use: see _http_client

    if server.kind == "mcp_stdio":
        from mcp import StdioServerParameters  # the SDK, as above
        from mcp.client.stdio import stdio_client

        params = StdioServerParameters(command=server.command, args=[str(a) for a in server.args or []],
                                       env=stdio_environment(server))
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            yield session
        return
    from mcp.client.streamable_http import streamable_http_client  # the SDK, as above

    async with _http_client(server) as http, streamable_http_client(server.url, http_client=http) as streams, \
            ClientSession(streams[0], streams[1]) as session:
        await session.initialize()
        yield session


def server_run_here(server, action) -> Any:
    """Run `await action(session)` against `server` in this process, within its timeout. A server whose command is
    not allowed or whose URL resolves to a private address is refused before anything starts. A stdio server is
    run here only by the Celery worker (chat/external/tasks.py); everyone else calls `_run`."""
    try:
        external_server_check(server)
    except ExternalServerRefused as exc:
        raise ExternalServerUnavailable(str(exc)) from exc

    async def main():
        with anyio.fail_after(max(0.5, float(server.timeout_seconds or 10))):
            async with _session(server) as session:
                return await action(session)

    try:
        return anyio.run(main)
    except DomainError:
        raise
    except BaseException as exc:  # noqa: BLE001 - connection refused, timeouts, protocol errors: all "down"
        if isinstance(exc, (KeyboardInterrupt, SystemExit)):
            raise
        raise ExternalServerUnavailable(error_reason(exc)) from exc


STDIO_TASK = "chat.mcp_stdio_request"
# Time a web request waits beyond the server's own timeout for the worker to pick the request up and start the program.
WORKER_MARGIN_SECONDS = 10.0


def _stdio_on_worker(server, method: str, arguments: dict | None = None) -> dict:
    """A stdio server's `tools/list` or `tools/call`, run by the Celery worker (interactive queue): a program is
    never started inside a web request, whose process holds every user's session and the database. Returns the
    MCP result as JSON; a worker that does not answer in time makes the server unavailable for this turn."""
    from core.models import worker_alive  # a models module: imported once Django's apps are ready

    try:
        external_server_check(server)  # refuse at once what the worker would refuse
    except ExternalServerRefused as exc:
        raise ExternalServerUnavailable(str(exc)) from exc
    if server.pk is None:
        raise ExternalServerUnavailable("a stdio server must be saved before the worker can start it")
    if not worker_alive(within_seconds=settings.MONETA_WORKER_HEARTBEAT_SECONDS * 3):
        raise ExternalServerUnavailable("no Celery worker is running, and a stdio server is started only by a "
                                        "worker, never inside a web request")
    if not broker_reachable():
        raise ExternalServerUnavailable("the task queue cannot be reached, and stdio servers run on the worker")
    wait = max(0.5, float(server.timeout_seconds or 10)) + WORKER_MARGIN_SECONDS
    try:
        # By name: the task module (chat/external/tasks.py) imports this one.
        async_result = current_app.send_task(STDIO_TASK, (server.pk, method, arguments or {}), retry=False,
                                             expires=wait)
        out = async_result.get(timeout=wait, disable_sync_subtasks=False)
    except CeleryTimeout as exc:
        raise ExternalServerUnavailable("no worker answered in time (a stdio server is started only by a Celery "
                                        "worker, never inside a web request)") from exc
    except Exception as exc:  # noqa: BLE001 - broker and result-backend errors: the server is unavailable
        raise ExternalServerUnavailable(error_reason(exc)) from exc
    if out.get("unavailable"):
        raise ExternalServerUnavailable(out["unavailable"])
    if out.get("error"):
        raise DomainError(out["error"])
    return out["result"]


def _run(server, action, *, method: str, arguments: dict | None = None) -> Any:
    """`action` against `server`: here for an HTTP server, on the Celery worker for a stdio one (`method` and
    `arguments` describe `action` as an MCP request the worker can replay)."""
    if server.kind != "mcp_stdio":
        return server_run_here(server, action)
    from mcp.types import CallToolResult, ListToolsResult  # the mcp SDK, loaded on first use: see _http_client

    result = _stdio_on_worker(server, method, arguments)
    return (ListToolsResult if method == "tools/list" else CallToolResult).model_validate(result)


def _allowed(server, name: str) -> bool:
    allowed = server.allowed_tools or []
    return "*" in allowed or name in allowed


def mcp_server_tools(server) -> list:
    """The server's allowed tools (MCP Tool objects), listed live or from a cache of a few seconds."""
    key = (server.pk, str(server.updated_at))
    cached = _listing_cache.get(key)
    if cached and time.monotonic() - cached[0] < LIST_CACHE_SECONDS:
        return cached[1]

    async def list_all(session):
        return await session.list_tools()

    tools = [t for t in _run(server, list_all, method="tools/list").tools if _allowed(server, t.name)]
    _listing_cache[key] = (time.monotonic(), tools)
    return tools


def mcp_server_call(server, name: str, arguments: dict, *, notes: list[str] | None = None) -> dict:
    """Call one allowed tool; an MCP tool error becomes a DomainError (the model and the trace see it)."""
    if not _allowed(server, name):
        raise DomainError(f"{server.slug}: tool {name!r} is not on this server's allow-list")

    async def call(session):
        return await session.call_tool(name, arguments)

    try:
        result = _run(server, call, method="tools/call", arguments={"name": name, "arguments": arguments})
    except ExternalServerUnavailable as exc:
        if notes is not None:
            notes.append(unavailable_note(server, str(exc)))
        raise DomainError(f"the external tool server {server.name!r} is unavailable: {exc}") from exc
    text = "\n".join(getattr(c, "text", "") for c in result.content or [] if getattr(c, "text", None))
    if result.is_error:
        raise DomainError(f"{server.name}: {text or 'the tool failed'}")
    out: dict = {"server": server.slug, "tool": name, "content": text}
    if result.structured_content is not None:
        out["structured"] = result.structured_content
    else:
        try:
            out["structured"] = json.loads(text)
        except ValueError:
            pass
    return out


def _tool_name(server, name: str) -> str:
    return f"{server.slug}__{name}"[:64]


def mcp_langchain_tools(server, *, notes: list[str] | None = None) -> list[StructuredTool]:
    out = []
    for tool in mcp_server_tools(server):
        schema = dict(tool.input_schema or {"type": "object", "properties": {}})
        schema.setdefault("type", "object")

        def call(_tool=tool.name, **kwargs):
            return mcp_server_call(server, _tool, kwargs, notes=notes)

        out.append(StructuredTool(name=_tool_name(server, tool.name), args_schema=schema, func=call,
                                  description=f"[{server.name}] {(tool.description or tool.name).strip()}"[:1024]))
    return out
