"""One JSON error shape for every API error:

    {"error": {"code": "not_found", "message": "…", "details": {...}}}
"""
from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import PermissionDenied, RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.views import defaults
from rest_framework import exceptions, serializers
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from core.errors import DomainError


def validated_input(serializer_class: type[serializers.Serializer[Any]], data: Any, *,
                    partial: bool = False) -> dict[str, Any]:
    """The validated data of an input serializer; invalid input raises ValidationError (→ the one 400 shape)."""
    serializer = serializer_class(data=data, partial=partial)
    serializer.is_valid(raise_exception=True)
    data_out: dict[str, Any] = serializer.validated_data
    return data_out


def error_response(*, code: str, message: str, status_code: int, details: Any = None) -> Response:
    return Response({"error": {"code": code, "message": message, "details": details or {}}}, status=status_code)


def _first_message(detail: Any) -> str:
    if isinstance(detail, dict):
        for key, value in detail.items():
            inner = _first_message(value)
            return inner if key in ("non_field_errors", "detail") else f"{key}: {inner}"
    if isinstance(detail, list) and detail:
        return _first_message(detail[0])
    return str(detail)


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, DomainError):
        return error_response(code=exc.code, message=exc.message, status_code=exc.status, details=exc.details)
    if isinstance(exc, DjangoValidationError):
        exc = exceptions.ValidationError(detail=exc.message_dict if hasattr(exc, "error_dict") else exc.messages)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    detail = response.data
    if isinstance(exc, exceptions.ValidationError):
        code, message, details = "validation_error", _first_message(detail), detail
    else:
        code = getattr(exc, "default_code", "error")
        message = str(detail.get("detail", detail)) if isinstance(detail, dict) else str(detail)
        details = {}
    response.data = {"error": {"code": code, "message": message, "details": details}}
    return response


def _api_error(*, code: str, message: str, status_code: int) -> JsonResponse:
    return JsonResponse({"error": {"code": code, "message": message, "details": {}}}, status=status_code)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """handler400 (config/urls.py): a request Django refuses before any view runs (more form fields or files than
    allowed, a body over the limit) answers the JSON error shape under /api/; elsewhere Django's 400 page."""
    if not request.path.startswith("/api/"):
        return defaults.bad_request(request, exception)
    if isinstance(exception, TooManyFieldsSent):
        message = f"The request has more than {settings.DATA_UPLOAD_MAX_NUMBER_FIELDS} fields."
    elif isinstance(exception, TooManyFilesSent):
        message = f"The request has more than {settings.DATA_UPLOAD_MAX_NUMBER_FILES} files."
    elif isinstance(exception, RequestDataTooBig):
        message = f"The request body is larger than {settings.DATA_UPLOAD_MAX_MEMORY_SIZE // (1024 * 1024)} MB."
    else:
        message = "The request could not be read."
    return _api_error(code="bad_request", message=message, status_code=400)


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """handler404 (config/urls.py): an address under /api/ that matches no route (e.g. `/transactions/-5/`, where
    ids are positive) answers the one JSON error shape like every other API error; other paths get the 404 page."""
    if request.path.startswith("/api/"):
        return _api_error(code="not_found", message=f"No API endpoint at {request.path}.", status_code=404)
    return defaults.page_not_found(request, exception)
