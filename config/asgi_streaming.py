"""Server-sent events stream under ASGI, event by event.

Django's ASGI handler reads a *synchronous* streaming body (the chat views' generators) with
`sync_to_async(list)`: the whole turn is computed before the first byte leaves, so a browser sees every
event at once. This middleware hands such a body to the ASGI server as an async iterator that pulls one
event at a time in a worker thread (the request's thread-sensitive context, so the ORM connection is the
one the view used). The event loop is free between events; under WSGI (runserver, tests) it does nothing.
"""
from __future__ import annotations

from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIRequest

from core.observability import request_id_var

_END = object()


def _next_or_end(iterator, request_id: str):
    request_id_var.set(request_id)
    return next(iterator, _END)


class StreamSyncIteratorsMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if (isinstance(request, ASGIRequest) and getattr(response, "streaming", False)
                and not getattr(response, "is_async", False)
                and response.get("Content-Type", "").startswith("text/event-stream")):
            iterator = iter(response.streaming_content)
            request_id = request_id_var.get()
            pull = sync_to_async(_next_or_end, thread_sensitive=True)

            async def events():
                try:
                    while (chunk := await pull(iterator, request_id)) is not _END:
                        yield chunk
                finally:
                    close = getattr(iterator, "close", None)
                    if close is not None:
                        await sync_to_async(close, thread_sensitive=True)()

            response.streaming_content = events()
        return response
