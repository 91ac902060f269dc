"""Is the Celery broker reachable right now? Asked before publishing from a web request."""
from __future__ import annotations

import socket
from urllib.parse import urlsplit

from celery import current_app


def broker_reachable(timeout: float = 1.0) -> bool:
    """A TCP connect to a Redis broker before publishing from a web request: when it is down, redis-py's own
    retries would hold the request for several seconds for a message that cannot be sent anyway. Other
    transports (the filesystem one of `make run`) are always reachable."""
    url = urlsplit(str(current_app.conf.broker_url or ""))
    if url.scheme not in ("redis", "rediss") or not url.hostname:
        return True
    try:
        with socket.create_connection((url.hostname, url.port or 6379), timeout=timeout):
            return True
    except OSError:
        return False
