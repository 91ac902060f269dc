"""Moneta as a client of other servers: external MCP servers' tools (mcp.py) and A2A agents (a2a.py) an editor
registers in admin (admin.py) and enables per agent config; what a server may be (guard.py); the tools they add to
a turn (tools.py); stdio servers run by the Celery worker (tasks.py). Moneta's own MCP and A2A servers, which run a
chat turn, live in chat/mcp/ and chat/a2a/: they sit above the turn, these clients below it."""
