"""Helpers for talking to MCP servers with the official `mcp` SDK client from synchronous tests."""
from __future__ import annotations

import anyio
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client


def mcp_http(url: str, token: str | None, action):
    """Connect to `url` with `token`, initialise, run `await action(session)` and return its result."""
    async def main():
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        async with create_mcp_http_client(headers=headers) as http:
            async with streamable_http_client(url, http_client=http) as streams:
                async with ClientSession(streams[0], streams[1]) as session:
                    await session.initialize()
                    return await action(session)

    return anyio.run(main)
