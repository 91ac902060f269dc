"""Outbound connections to an address someone else chose (an editor's MCP server or A2A agent URL): the SSRF guard.

A host name is resolved once per connection, every address it answers is checked, and the socket is opened to the
checked address itself. There is no second lookup between the check and the connection, so a name that answers a
public address to the check and 127.0.0.1 to the connection (DNS rebinding) reaches nothing it should not. The
check runs on every connection a client opens, redirects and the host an A2A agent card names included.

Refused unless the caller allows private networks: loopback, link-local (cloud metadata at 169.254.169.254),
private, reserved, multicast and unspecified addresses, and IPv4 addresses written as IPv6 (::ffff:127.0.0.1).

Written here, not taken from a library: the maintained SSRF libraries wrap `requests` (advocate, last released
2020); Moneta's outbound clients are httpx (A2A) and httpx2 (MCP SDK), whose connection pools accept a network
backend, which is the one place where the address is known and the socket is opened.
"""
from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterable
from typing import Any

import anyio.to_thread


class AddressRefused(Exception):
    """The host may not be connected to; the message says why, in words."""


def address_blocked(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return (address.is_private or address.is_loopback or address.is_link_local or address.is_reserved
            or address.is_multicast or address.is_unspecified or not address.is_global)


def host_addresses_checked(host: str, port: int, *, allow_private: bool) -> list[str]:
    """Resolve `host` once and return its addresses, each allowed; raise AddressRefused when the name does not
    resolve or any address it answers is not public (unless `allow_private`)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP)
    except (socket.gaierror, UnicodeError) as exc:
        raise AddressRefused(f"the host name {host!r} does not resolve.") from exc
    addresses: list[str] = []
    for info in infos:
        text = str(info[4][0]).split("%")[0]
        address = ipaddress.ip_address(text)
        if not allow_private and address_blocked(address):
            raise AddressRefused(
                f"{host} resolves to {address}, a loopback, link-local or private address; Moneta connects only to "
                f"public addresses unless MONETA_EXTERNAL_ALLOW_PRIVATE_NETWORKS is set.")
        if text not in addresses:
            addresses.append(text)
    if not addresses:
        raise AddressRefused(f"the host name {host!r} does not resolve.")
    return addresses


class PinnedNetworkBackend:
    """An httpcore / httpcore2 async network backend that opens every TCP connection to an address it has just
    resolved and checked (`host_addresses_checked`), never to the name. TLS still verifies the certificate against
    the URL's host name: httpcore passes the origin's name to `start_tls`, not the address."""

    def __init__(self, inner: Any, *, allow_private: bool, connect_errors: tuple[type[BaseException], ...]) -> None:
        self._inner = inner
        self._allow_private = allow_private
        self._connect_errors = connect_errors  # a failure to connect to one address: try the next

    async def connect_tcp(self, host: str, port: int, timeout: float | None = None,
                          local_address: str | None = None, socket_options: Iterable[Any] | None = None) -> Any:
        addresses = await anyio.to_thread.run_sync(
            lambda: host_addresses_checked(host, port, allow_private=self._allow_private))
        last_error: BaseException | None = None
        for address in addresses:
            try:
                return await self._inner.connect_tcp(address, port, timeout=timeout, local_address=local_address,
                                                     socket_options=socket_options)
            except self._connect_errors as exc:
                last_error = exc
        assert last_error is not None
        raise last_error

    async def connect_unix_socket(self, path: str, timeout: float | None = None,
                                  socket_options: Iterable[Any] | None = None) -> Any:
        raise AddressRefused("connections to local sockets are refused.")

    async def sleep(self, seconds: float) -> None:
        await self._inner.sleep(seconds)


def _pinned(transport: Any, httpcore_module: Any, *, allow_private: bool) -> Any:
    pool = transport._pool
    # The pool's backend is set in its constructor and read for every new connection (httpcore 1.0, httpcore2 2.x);
    # fail loudly if a new version renames it rather than connect unguarded.
    if not hasattr(pool, "_network_backend"):
        raise RuntimeError(f"{type(pool).__name__} has no _network_backend: the SSRF guard cannot be installed")
    pool._network_backend = PinnedNetworkBackend(
        httpcore_module.AnyIOBackend(), allow_private=allow_private,
        connect_errors=(OSError, httpcore_module.ConnectError, httpcore_module.ConnectTimeout))
    return transport


def pinned_httpx_transport(*, allow_private: bool) -> Any:
    """An httpx AsyncHTTPTransport whose connections go through the guard (no proxy from the environment)."""
    import httpcore  # here: each caller needs only one of the two HTTP stacks
    import httpx

    return _pinned(httpx.AsyncHTTPTransport(trust_env=False), httpcore, allow_private=allow_private)


def pinned_httpx2_transport(*, allow_private: bool) -> Any:
    """The same for httpx2 (the MCP SDK's HTTP client)."""
    import httpcore2  # here: only the MCP client needs this stack, and loads it on first use
    import httpx2

    return _pinned(httpx2.AsyncHTTPTransport(trust_env=False), httpcore2, allow_private=allow_private)
