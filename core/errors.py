"""Domain errors: what a service raises for a request it cannot do, in words a person understands.

The API maps them to the one JSON error shape (core/api.py); pages and commands show the message."""
from __future__ import annotations

from typing import Any

from rest_framework import status


class DomainError(Exception):
    """Raised by services for a request that cannot be done; mapped to HTTP 400 (or `status`)."""

    code: str = "invalid"
    status: int = status.HTTP_400_BAD_REQUEST

    def __init__(self, message: str, *, details: dict[str, Any] | list[Any] | None = None, code: str | None = None,
                 status_code: int | None = None) -> None:
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
