"""Request guards that apply to every page and endpoint."""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.html import escape

from core.json_body import json_depth_exceeds

_FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


def nul_field(request: HttpRequest) -> str | None:
    """The name of the first input that holds a NUL character, or None.

    Postgres text cannot store NUL (U+0000): let through, it turns any write into a server error, sometimes
    after a side effect such as a stored file. Uploaded file *contents* are not checked (a PDF is full of
    NUL bytes); the statement parser checks what it reads.
    """
    if "\x00" in request.path:
        return "path"
    for key, values in request.GET.lists():
        if "\x00" in key or any("\x00" in v for v in values):
            return key.replace("\x00", "\\x00")
    content_type = (request.content_type or "").lower()
    if request.method in ("POST", "PUT", "PATCH", "DELETE"):
        if content_type in _FORM_TYPES:
            for key, values in request.POST.lists():
                if "\x00" in key or any("\x00" in v for v in values):
                    return key.replace("\x00", "\\x00")
            for key, files in request.FILES.lists():
                if any("\x00" in (f.name or "") for f in files):
                    return key
        elif "json" in content_type:
            try:
                body = request.body
            except Exception:  # too large etc.: the view answers that
                return None
            if b"\x00" in body or b"\\u0000" in body:
                return _json_nul_field(body) or "body"
    return None


def _json_nul_field(body: bytes) -> str | None:
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):  # not JSON, or nested too deeply: the parser answers that
        return None
    if json_depth_exceeds(data):  # the walk below recurses; the parser refuses such a body anyway
        return None

    def walk(value: Any, path: str) -> str | None:
        if isinstance(value, str):
            return path if "\x00" in value else None
        if isinstance(value, dict):
            for k, v in value.items():
                found = walk(k, path) if "\x00" in k else walk(v, f"{path}.{k}" if path else k)
                if found:
                    return found
        if isinstance(value, list):
            for i, v in enumerate(value):
                found = walk(v, f"{path}[{i}]")
                if found:
                    return found
        return None

    return walk(data, "")


class RejectNulBytesMiddleware:
    """Answer 400 naming the field, before any view runs, for input containing a NUL character."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        field = nul_field(request)
        if field is None:
            return self.get_response(request)
        message = f"{field} contains a NUL character (\\x00), which Moneta cannot store; remove it and try again."
        if request.path.startswith("/api/"):
            return JsonResponse({"error": {"code": "nul_byte", "message": message, "details": {"field": field}}},
                                status=400)
        return HttpResponse(f"<!doctype html><title>Bad request</title><h1>Bad request</h1><p>{escape(message)}</p>",
                            status=400)


class NoStoreWhenSignedInMiddleware:
    """`Cache-Control: no-store` on every response to a signed-in user or a request carrying credentials: a shared
    computer's browser cache, or a proxy, must not keep someone's money pages, exports or API answers."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response: HttpResponse = self.get_response(request)
        user = getattr(request, "user", None)  # DRF sets it here too once a token has authenticated the request
        if (user is not None and user.is_authenticated) or request.META.get("HTTP_AUTHORIZATION"):
            response["Cache-Control"] = "no-store"
            response.headers.pop("Expires", None)
        return response
