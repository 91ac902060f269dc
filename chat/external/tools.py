"""The tools of an agent config's external servers join a turn: each enabled MCP server's allowed tools
(chat/external/mcp.py) and one `ask_<slug>` tool per A2A agent (chat/external/a2a.py). A server that is down is
left out with a note for the answer; it never fails the turn."""
from __future__ import annotations

import logging

from langchain_core.tools import StructuredTool

from chat.external.a2a import a2a_langchain_tool
from chat.external.guard import ExternalServerUnavailable, unavailable_note
from chat.external.mcp import mcp_langchain_tools

log = logging.getLogger(__name__)


def external_tools_attach(*, assistant, config) -> list[str]:
    """Give `assistant` the tools of `config`'s enabled external servers (MCP and A2A). Returns a note for each
    server that is down; the turn carries on without it."""
    if config.pk is None:
        return []
    notes: list[str] = []
    extra: list[StructuredTool] = []
    assistant.extra_tools, assistant.external_notes = extra, notes
    for server in config.external_servers.filter(is_active=True).order_by("slug"):
        try:
            if server.kind == "a2a":
                extra.append(a2a_langchain_tool(server, assistant=assistant))
            else:
                extra.extend(mcp_langchain_tools(server, notes=notes))
        except ExternalServerUnavailable as exc:
            log.warning("external server %s unavailable: %s", server.slug, exc)
            notes.append(unavailable_note(server, str(exc)))
    return notes
