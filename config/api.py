"""One JSON error shape for every API error:

    {"error": {"code": "not_found", "message": "…", "details": {...}}}
"""
from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler


class DomainError(Exception):
    """Raised by services for a request that cannot be done; mapped to HTTP 400 (or `status`)."""

    code: str = "invalid"
    status: int = status.HTTP_400_BAD_REQUEST

    def __init__(self, message: str, *, details: dict | list | None = None, code: str | None = None,
                 status_code: int | None = None):
        super().__init__(message)
        self.message = message
        self.details = details or {}
        if code:
            self.code = code
        if status_code:
            self.status = status_code


class NotFound(DomainError):
    code: str = "not_found"
    status: int = status.HTTP_404_NOT_FOUND


def validated_input(serializer_class: type[serializers.Serializer], data: Any, *, partial: bool = False) -> dict:
    """The validated data of an input serializer; invalid input raises ValidationError (→ the one 400 shape)."""
    serializer = serializer_class(data=data, partial=partial)
    serializer.is_valid(raise_exception=True)
    data_out: dict = serializer.validated_data
    return data_out


def error_response(*, code: str, message: str, status_code: int, details=None) -> Response:
    return Response({"error": {"code": code, "message": message, "details": details or {}}}, status=status_code)


def _first_message(detail) -> str:
    if isinstance(detail, dict):
        for key, value in detail.items():
            inner = _first_message(value)
            return inner if key in ("non_field_errors", "detail") else f"{key}: {inner}"
    if isinstance(detail, list) and detail:
        return _first_message(detail[0])
    return str(detail)


def exception_handler(exc, context):
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
