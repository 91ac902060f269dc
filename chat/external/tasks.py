"""The Celery side of stdio MCP servers: the worker, not the web process, starts the program (chat/external/mcp.py
sends `tools/list` and `tools/call` here and waits for the answer). Registered by config/celery_app.py."""
from __future__ import annotations

from typing import Any

from celery import shared_task

from chat.external.guard import ExternalServerUnavailable
from chat.external.mcp import server_run_here
from chat.models import ExternalServer
from core.errors import DomainError


@shared_task(name="chat.mcp_stdio_request", soft_time_limit=150, time_limit=180)
def mcp_stdio_request_task(server_id: int, method: str, arguments: dict) -> dict[str, Any]:
    """Run one MCP request against stdio server `server_id`; the result as JSON, or why it failed in words."""
    server = ExternalServer.objects.filter(pk=server_id, kind="mcp_stdio", is_active=True).first()
    if server is None:
        return {"unavailable": "the server was removed or turned off"}

    async def request(session):
        if method == "tools/list":
            return await session.list_tools()
        if method == "tools/call":
            return await session.call_tool(arguments["name"], arguments.get("arguments") or {})
        raise DomainError(f"unknown MCP request {method!r}")

    try:
        result = server_run_here(server, request)
    except ExternalServerUnavailable as exc:
        return {"unavailable": str(exc)}
    except DomainError as exc:
        return {"error": exc.message}
    return {"result": result.model_dump(mode="json", by_alias=True, exclude_none=True)}
