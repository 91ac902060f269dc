"""python manage.py mcp_server --user USERNAME [--agent SLUG] — Moneta's tools for one user over MCP stdio.

For a local MCP client (Claude Desktop, an IDE): the client starts this command and talks MCP on its
stdin/stdout. Every tool is bound to USERNAME, exactly as in that user's chat.
"""
from __future__ import annotations

import anyio
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from mcp.server.stdio import stdio_server

from chat.mcp.server import mcp_server_for


class Command(BaseCommand):
    help = "Serve Moneta's assistant tools for one user over MCP stdio."

    def add_arguments(self, parser):
        parser.add_argument("--user", required=True, help="username whose data the tools read")
        parser.add_argument("--agent", default=None, help="agent config slug for search settings (default: the "
                                                          "admin's default assistant)")

    def handle(self, *args, **options):
        user = get_user_model().objects.filter(username=options["user"], is_active=True).first()
        if user is None:
            raise CommandError(f"no active user named {options['user']!r}")
        server = mcp_server_for(user=user, agent_slug=options["agent"])

        async def main():
            async with stdio_server() as (read, write):
                await server.run(read, write, server.create_initialization_options())

        anyio.run(main)
