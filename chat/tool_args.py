"""Checks on the arguments a model (or an MCP client) passes to the assistant's tools, with messages in words.
A month of 13, a year 0 or a million months would otherwise surface as Python's own ValueError text."""
from __future__ import annotations

import re
from datetime import date

from core.errors import DomainError

MONTHS_MAX = 120  # a monthly average over at most ten years
LIMIT_MAX = 1000  # rows or top-N one tool call returns


def tool_int(value: object, *, name: str, low: int, high: int) -> int | None:
    """`value` as a whole number between `low` and `high` (None when not given)."""
    if value is None or value == "":
        return None
    try:
        number = int(value)  # type: ignore[call-overload]
    except (TypeError, ValueError, OverflowError):
        raise DomainError(f"{name} must be a whole number, got {value!r}.", details={"field": name}) from None
    if not low <= number <= high:
        raise DomainError(f"{name} must be between {low} and {high}, got {number}.", details={"field": name})
    return number


def tool_month(value: str | None, *, today: date) -> date | None:
    """`YYYY-MM` → the month's first day; months Moneta covers run from 1900 to next year."""
    if not value:
        return None
    match = re.fullmatch(r"(\d{4})-(\d{2})", value.strip())
    if not match:
        raise DomainError(f"month must look like YYYY-MM, got {value!r}.", details={"field": "month"})
    year, month = int(match.group(1)), int(match.group(2))
    if not 1 <= month <= 12:
        raise DomainError(f"month {value!r}: the month number must be 01 to 12.", details={"field": "month"})
    if not 1900 <= year <= today.year + 1:
        raise DomainError(f"month {value!r}: the year must be between 1900 and {today.year + 1}.",
                          details={"field": "month"})
    return date(year, month, 1)
