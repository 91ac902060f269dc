"""Model Context Protocol: Moneta as an MCP server (server.py) and as an MCP client (client.py)."""
