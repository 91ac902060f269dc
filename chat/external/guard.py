"""What an external tool server may be: the checks between an editor's registration and a process or a socket.

- A stdio MCP server is a program Moneta starts. Only a superuser may register or change one, its command must be
  on the operator's allow-list (`MONETA_MCP_STDIO_COMMANDS`, empty by default: no stdio servers at all), it runs
  with a minimal environment (never the web process's secrets: database URL, secret key, API keys), and it is
  started only by a Celery worker, never inside a web request (chat/external/tasks.py).
- An HTTP MCP server or an A2A agent is a URL Moneta connects to. Its host name is resolved and every address it
  resolves to must be public: loopback, link-local (cloud metadata), private, reserved and multicast addresses are
  refused unless `MONETA_EXTERNAL_ALLOW_PRIVATE_NETWORKS` is set (a server on the same machine or network).
The same checks run when the server is saved (a message in the admin form) and before every connection (a row saved
before these rules, or a DNS name that changed since, is refused then). Each HTTP connection is opened to the very
address that was checked (core/network.py: no second DNS lookup, so no DNS rebinding).
"""
from __future__ import annotations

import os
import shutil
from urllib.parse import urlsplit

from django.conf import settings

from core.network import AddressRefused, host_addresses_checked

# The only variables of the web process a stdio server inherits: enough to find programs and decode text.
STDIO_INHERITED_ENV = ("PATH", "LANG", "LC_ALL", "TZ")


class ExternalServerRefused(Exception):
    """The server's registration breaks a rule above; the message says which, in words."""


class ExternalServerUnavailable(Exception):
    """The server cannot be used for this turn (refused, down, too slow); the turn carries on without it."""


def error_reason(exc: BaseException) -> str:
    """The innermost, most specific message of an (exception-group wrapped) failure."""
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    if isinstance(exc, TimeoutError):
        return "it did not answer in time"
    text = str(exc).strip() or type(exc).__name__
    return text[:200]


def unavailable_note(server, reason: str) -> str:
    return (f"The external tool server “{server.name}” is unavailable right now ({reason}), so this answer does not "
            f"use it.")


def stdio_command_allowed(command: str) -> bool:
    """Whether `command` is on `MONETA_MCP_STDIO_COMMANDS`. An entry matches the command as written or the program
    it resolves to on PATH, so "/usr/bin/uvx" and "uvx" both match an allow-listed "/usr/bin/uvx"."""
    command = (command or "").strip()
    if not command:
        return False
    allowed = {c.strip() for c in settings.MONETA_MCP_STDIO_COMMANDS if c.strip()}
    resolved = {os.path.realpath(shutil.which(c) or c) for c in allowed}
    return command in allowed or os.path.realpath(shutil.which(command) or command) in resolved


def stdio_command_problem(command: str) -> str | None:
    if stdio_command_allowed(command):
        return None
    if not settings.MONETA_MCP_STDIO_COMMANDS:
        return ("stdio MCP servers are turned off: the operator lists the commands Moneta may start in "
                "MONETA_MCP_STDIO_COMMANDS.")
    return (f"the command {command!r} is not on the allow-list (MONETA_MCP_STDIO_COMMANDS: "
            f"{', '.join(settings.MONETA_MCP_STDIO_COMMANDS)}).")


def stdio_environment(server) -> dict[str, str]:
    """The environment a stdio server runs with: a few harmless variables of ours plus the server's own `env`."""
    base = {name: os.environ[name] for name in STDIO_INHERITED_ENV if name in os.environ}
    return {**base, **{str(k): str(v) for k, v in (server.env or {}).items()}}


def url_problem(url: str) -> str | None:
    """Why Moneta must not connect to `url` (None: it may). Resolves the host name and checks every address (said
    when the server is saved; every connection checks again the address it opens, core/network.py)."""
    try:
        parts = urlsplit(url or "")
        host, port = parts.hostname, parts.port
    except ValueError:
        return f"{url!r} is not a valid URL."
    if parts.scheme not in ("http", "https") or not host:
        return f"{url!r} is not an http(s) URL with a host name."
    if settings.MONETA_EXTERNAL_ALLOW_PRIVATE_NETWORKS:
        return None
    try:
        host_addresses_checked(host, port or (443 if parts.scheme == "https" else 80), allow_private=False)
    except AddressRefused as exc:
        return str(exc)
    return None


def allow_private_networks() -> bool:
    return bool(settings.MONETA_EXTERNAL_ALLOW_PRIVATE_NETWORKS)


def external_server_check(server) -> None:
    """Raise ExternalServerRefused when `server` may not be started or connected to right now."""
    if server.kind == "mcp_stdio":
        problem = stdio_command_problem(server.command)
    else:
        problem = url_problem(server.url)
    if problem:
        raise ExternalServerRefused(problem)
