"""Outbound connections to an editor's URL go to the address that was checked (issue 23 item 1, DNS rebinding):
core/network.py resolves once per connection, checks every answer and connects to that very address. The resolver
stub here answers a public address to the first question and 127.0.0.1 (where a real MCP server listens) after."""
from __future__ import annotations

import socket

import pytest

from chat.external.a2a import a2a_agent_card
from chat.external.guard import ExternalServerUnavailable
from chat.external.mcp import mcp_server_tools
from chat.models import ExternalServer
from core.network import AddressRefused, host_addresses_checked
from tests.chat.tiny_mcp_server import HttpServer

PUBLIC = "93.184.216.34"


@pytest.fixture
def rebinding_dns(monkeypatch):
    """`localhost` answers PUBLIC to the first lookup and 127.0.0.1 to every later one; other names resolve as
    usual. Yields the list of answers given."""
    real = socket.getaddrinfo
    answers: list[str] = []

    def getaddrinfo(host, port, *args, **kwargs):
        if host not in ("localhost", b"localhost"):
            return real(host, port, *args, **kwargs)
        address = PUBLIC if not answers else "127.0.0.1"
        answers.append(address)
        return [(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP, "", (address, int(port or 80)))]

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    return answers


def test_a_name_that_rebinds_to_loopback_after_the_check_reaches_nothing(db, settings, rebinding_dns):
    settings.MONETA_EXTERNAL_ALLOW_PRIVATE_NETWORKS = False
    with HttpServer() as tiny:
        server = ExternalServer.objects.create(slug="rates", name="Rates", url=f"http://localhost:{tiny.port}/mcp",
                                               allowed_tools=["*"], timeout_seconds=5)
        with pytest.raises(ExternalServerUnavailable, match="resolves to 127.0.0.1"):
            mcp_server_tools(server)  # the check saw PUBLIC; the connection must not then go to 127.0.0.1
        server.kind = "a2a"
        with pytest.raises(ExternalServerUnavailable, match="resolves to 127.0.0.1"):
            a2a_agent_card(server)
    assert rebinding_dns[0] == PUBLIC and "127.0.0.1" in rebinding_dns


def test_each_connection_goes_to_the_address_its_one_lookup_checked(monkeypatch):
    """Every answer differs: each socket must be opened to the literal address of its own lookup, with no second
    lookup (the inner backend records where it was asked to connect)."""
    import anyio
    import httpcore2

    from core.network import PinnedNetworkBackend

    real = socket.getaddrinfo
    answers: list[str] = []

    def getaddrinfo(host, port, *args, **kwargs):
        if host != "api.rates.example":
            return real(host, port, *args, **kwargs)
        answers.append(f"93.184.216.{len(answers) + 1}")
        return [(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP, "", (answers[-1], port))]

    class Recorder:
        def __init__(self):
            self.connects: list[tuple[str, int]] = []

        async def connect_tcp(self, host, port, **kwargs):
            self.connects.append((host, port))
            return "stream"

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    inner = Recorder()
    backend = PinnedNetworkBackend(inner, allow_private=False, connect_errors=(OSError, httpcore2.ConnectError))

    async def three_connections():
        return [await backend.connect_tcp("api.rates.example", 443) for _ in range(3)]

    assert anyio.run(three_connections) == ["stream"] * 3
    assert answers == ["93.184.216.1", "93.184.216.2", "93.184.216.3"]
    assert inner.connects == [(address, 443) for address in answers]


def test_an_answer_with_one_private_address_among_public_ones_is_refused(monkeypatch):
    real = socket.getaddrinfo

    def getaddrinfo(host, port, *args, **kwargs):
        if host != "mixed.example":
            return real(host, port, *args, **kwargs)
        return [(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP, "", (address, port))
                for address in (PUBLIC, "10.0.0.5")]

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    with pytest.raises(AddressRefused, match="mixed.example resolves to 10.0.0.5"):
        host_addresses_checked("mixed.example", 443, allow_private=False)


def test_every_answer_must_be_public():
    with pytest.raises(AddressRefused, match="resolves to 127.0.0.1"):
        host_addresses_checked("127.0.0.1", 80, allow_private=False)
    with pytest.raises(AddressRefused, match="does not resolve"):
        host_addresses_checked("no-such-host.invalid", 80, allow_private=False)
    assert host_addresses_checked("127.0.0.1", 80, allow_private=True) == ["127.0.0.1"]
    with pytest.raises(AddressRefused, match="169.254.169.254"):
        host_addresses_checked("169.254.169.254", 80, allow_private=False)
