"""Agent-to-Agent (A2A): the document investigator as an A2A agent (server.py), and the finance assistant
delegating questions to A2A agents (client.py)."""
