"""Serve an ASGI app (the MCP and A2A SDKs' Starlette apps) from a Django view.

Moneta runs under WSGI (gunicorn, runserver, pytest's live server), so the SDKs' ASGI apps are not mounted
in the ASGI router: a Django view authenticates the request the Django way, then hands the raw HTTP request to
the app, which runs on its own event loop in a worker thread. The response streams back as it is written, so
server-sent events (A2A `message/stream`) reach the client while the agent works.

The app's handlers must not touch the ORM on the event loop: they run database work with
`run_in_thread`, which also closes the worker thread's connection afterwards.
"""
from __future__ import annotations

import asyncio
import queue
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

from django.db import close_old_connections, connection
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse

_END = object()
RESPONSE_START_TIMEOUT = 600.0  # seconds before the app must start its response (a non-streamed agent turn)
STREAM_MAX_SECONDS = 900.0  # an event stream (A2A message/stream) is closed after this, whatever the client wants
MAX_OPEN_PER_USER = 4  # bridged requests one user may hold open at once in this process (each holds two threads)
_open: dict[Any, int] = {}
_open_lock = threading.Lock()


def _claim(owner: Any) -> bool:
    with _open_lock:
        if _open.get(owner, 0) >= MAX_OPEN_PER_USER:
            return False
        _open[owner] = _open.get(owner, 0) + 1
        return True


def _release(owner: Any) -> None:
    with _open_lock:
        _open[owner] = _open.get(owner, 1) - 1
        if _open[owner] <= 0:
            _open.pop(owner, None)


async def run_in_thread(fn: Callable[[], Any]) -> Any:
    """Run synchronous (database) work off the event loop; the thread's connection is closed after."""
    def call():
        close_old_connections()
        try:
            return fn()
        finally:
            connection.close()

    return await asyncio.to_thread(call)


def asgi_response(app, request: HttpRequest, *, path: str, state: dict | None = None,
                  owner: Any = None) -> HttpResponse:
    """Run `app` on `request` (as if it were mounted with `path` as its path) and return its response. With an
    `owner` (a user id), at most MAX_OPEN_PER_USER of that owner's requests run at once; more are answered 429."""
    if owner is not None and not _claim(owner):
        response = HttpResponse(f"too many open requests for this user (at most {MAX_OPEN_PER_USER} at once); "
                                f"retry when one has finished", status=429, content_type="text/plain")
        response["Retry-After"] = "5"
        return response
    released = False

    def release() -> None:
        nonlocal released
        if owner is not None and not released:
            released = True
            _release(owner)

    try:
        response = _asgi_response(app, request, path=path, state=state, on_close=release)
    except BaseException:
        release()
        raise
    if isinstance(response, StreamingHttpResponse):
        response._resource_closers.append(release)  # closed by the server even if the stream never started
    else:
        release()
    return response


def _asgi_response(app, request: HttpRequest, *, path: str, state: dict | None,
                   on_close: Callable[[], None]) -> HttpResponse:
    body = request.body
    headers = [(k.lower().encode("latin-1"), str(v).encode("latin-1")) for k, v in request.headers.items()]
    host, _, port = request.get_host().partition(":")
    scope = {
        "type": "http", "asgi": {"version": "3.0", "spec_version": "2.3"}, "http_version": "1.1",
        "method": request.method, "scheme": request.scheme, "path": path, "raw_path": path.encode(),
        "root_path": "", "query_string": (request.META.get("QUERY_STRING") or "").encode(), "headers": headers,
        "server": (host or "127.0.0.1", int(port or (443 if request.is_secure() else 80))),
        "client": (request.META.get("REMOTE_ADDR") or "127.0.0.1", 0), "state": dict(state or {}),
    }
    out: queue.Queue = queue.Queue()
    loop_box: dict[str, Any] = {}

    async def main():
        done = asyncio.Event()
        loop_box["loop"], loop_box["done"] = asyncio.get_running_loop(), done
        sent_body = False

        async def receive():
            nonlocal sent_body
            if not sent_body:
                sent_body = True
                return {"type": "http.request", "body": body, "more_body": False}
            await done.wait()  # the client "disconnects" only when the response is over or abandoned
            return {"type": "http.disconnect"}

        async def send(message):
            out.put(message)

        try:
            await app(scope, receive, send)
        except Exception as exc:  # noqa: BLE001 - reported to the client as a 500 below
            out.put(exc)
        finally:
            done.set()
            out.put(_END)

    thread = threading.Thread(target=lambda: asyncio.run(main()), name="asgi-bridge", daemon=True)
    thread.start()

    def abandon():
        loop, done = loop_box.get("loop"), loop_box.get("done")
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(done.set)
            except RuntimeError:
                pass

    try:
        first = out.get(timeout=RESPONSE_START_TIMEOUT)
    except queue.Empty:
        abandon()
        return HttpResponse("the request took too long to start answering", status=504, content_type="text/plain")
    if first is _END or isinstance(first, Exception) or first.get("type") != "http.response.start":
        return HttpResponse(f"internal error: {first!r}"[:300], status=500, content_type="text/plain")
    status = first["status"]
    response_headers = [(k.decode("latin-1"), v.decode("latin-1")) for k, v in first.get("headers", [])]
    content_type = next((v for k, v in response_headers if k.lower() == "content-type"), "")

    deadline = time.monotonic() + STREAM_MAX_SECONDS

    def chunks() -> Iterator[bytes]:
        try:
            while True:
                try:
                    item = out.get(timeout=max(0.0, deadline - time.monotonic()))
                except queue.Empty:  # the stream has run for STREAM_MAX_SECONDS: end it
                    return
                if item is _END or isinstance(item, Exception):
                    return
                if item.get("type") == "http.response.body":
                    if item.get("body"):
                        yield item["body"]
                    if not item.get("more_body"):
                        return
        finally:
            abandon()
            on_close()

    if content_type.startswith("text/event-stream"):
        response: HttpResponse = StreamingHttpResponse(chunks(), status=status)
    else:
        response = HttpResponse(b"".join(chunks()), status=status)
    for key, value in response_headers:
        if key.lower() not in ("content-length", "transfer-encoding", "connection"):
            response[key] = value
    return response
