"""OpenAPI: every operation documents the one JSON error shape for the errors it can return."""
from __future__ import annotations

from typing import Any, Literal

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers


class ErrorDetail(serializers.Serializer[Any]):
    code = serializers.CharField(help_text="machine-readable, e.g. validation_error, not_found, nul_byte")
    message = serializers.CharField(help_text="what went wrong, in words a person understands")
    details = serializers.JSONField(help_text="e.g. the field, or every bad row of an import")


class ErrorResponse(serializers.Serializer[Any]):
    error = ErrorDetail()


class MonetaAutoSchema(AutoSchema):
    """Adds 400 (bad input), 401/403 (not signed in / not allowed) and 404 (not yours or missing: an object in the
    path, or one the query or body names) and, on writes, 409 (the state moved on) responses."""

    def _get_response_bodies(self, direction: Literal["request", "response"] = "response") -> Any:
        responses = super()._get_response_bodies(direction)
        if direction != "response":
            return responses
        errors = {"400": "Invalid input: the message names the problem (nothing was stored)."}
        if self.view.get_permissions() and not getattr(self.view, "_moneta_public", False):
            errors["401"] = "Not signed in (no or expired session/token)."
            errors["403"] = "Signed in, but not allowed (or CSRF check failed for session writes)."
        if "{" in self.path:
            errors["404"] = "No such object among yours (other users' objects are 404 too)."
        elif "401" in errors:
            # An id, name or slug in the query or the body (an account filter, a category to analyse, a corpus to
            # upload to, transactions to edit in bulk) that is not among the user's is a 404 as well.
            errors["404"] = "Something the request names (an account, category, corpus, transaction) is not yours."
        if "401" in errors and self.method in ("POST", "PUT", "PATCH", "DELETE"):
            # A write on something whose state moved on: an import already confirmed, an action already undone, the
            # same file imported twice at once (DomainError code "conflict").
            errors["409"] = "Conflict: what this changes is no longer in a state that allows it; the message says why."
        for code, text in errors.items():
            if code not in responses:
                responses[code] = self._get_response_for_code(OpenApiResponse(ErrorResponse, description=text), code,
                                                              direction=direction)
        return responses
