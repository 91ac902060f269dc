"""Web search through the maintained `ddgs` client, failing fast and honestly when offline.

Most Moneta installs have no internet. A reachability probe (bounded by a thread join, because DNS
lookups ignore socket timeouts) runs first and its result is cached for a minute, so an offline
machine answers "no network" in about a second once, then instantly.
"""
from __future__ import annotations

import socket
import threading
import time

from ddgs import DDGS
from django.conf import settings

PROBE_HOST = ("html.duckduckgo.com", 443)
PROBE_TIMEOUT = 1.5
SEARCH_TIMEOUT = 4
_probe_cache: dict[str, float | bool] = {"at": 0.0, "ok": False}


class WebSearchUnavailable(Exception):
    pass


def _probe() -> bool:
    box = {"ok": False}

    def run():
        try:
            with socket.create_connection(PROBE_HOST, timeout=PROBE_TIMEOUT):
                box["ok"] = True
        except OSError:
            box["ok"] = False

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(PROBE_TIMEOUT + 0.3)
    return bool(box["ok"])


def network_reachable() -> bool:
    now = time.monotonic()
    if now - float(_probe_cache["at"]) < 60:
        return bool(_probe_cache["ok"])
    ok = _probe()
    _probe_cache.update(at=now, ok=ok)
    return ok


def web_search(query: str, *, max_results: int = 5) -> list[dict]:
    """[{title, url, snippet}] or WebSearchUnavailable with a reason a user understands."""
    if not settings.MONETA_WEB_SEARCH:
        raise WebSearchUnavailable("web search is turned off on this Moneta server (MONETA_WEB_SEARCH=false)")
    if not network_reachable():
        raise WebSearchUnavailable("the internet cannot be reached from this Moneta server")
    try:
        hits = DDGS(timeout=SEARCH_TIMEOUT).text(query, max_results=max_results)
    except Exception as exc:  # the client raises its own exception types for network failures
        raise WebSearchUnavailable(f"the web search service did not answer ({type(exc).__name__})") from exc
    return [{"title": h.get("title", ""), "url": h.get("href", ""), "snippet": h.get("body", "")} for h in hits]
