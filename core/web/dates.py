"""Dates as people read them: "Mon 1 Dec", "today", "tomorrow", "in 9 days", "3 days ago".

Pages pass ISO strings or dates; `today` is the user's local date (an argument, so tests pin it)."""
from __future__ import annotations

from datetime import date

from django.utils import timezone


def _as_date(value: object) -> date | None:
    if value is None or value == "":
        return None
    if isinstance(value, date):
        return value
    try:
        return date.fromisoformat(str(value)[:10])
    except ValueError:
        return None


def day_label(value: object, *, today: date | None = None) -> str:
    """"Mon 1 Dec"; the year is added when it is not this year ("Tue 3 Feb 2027"). Unreadable input comes back
    as it was, so a page never loses the figure it was given."""
    d = _as_date(value)
    if d is None:
        return "" if value is None else str(value)
    today = today or timezone.localdate()
    text = f"{d:%a} {d.day} {d:%b}"
    return text if d.year == today.year else f"{text} {d.year}"


def relative_day(value: object, *, today: date | None = None) -> str:
    """"today", "tomorrow", "yesterday", "in 9 days", "3 days ago"; beyond 6 weeks, "in 3 months" / "5 months
    ago" (30-day months, rounded down) so a far date does not read as a count of days."""
    d = _as_date(value)
    if d is None:
        return ""
    today = today or timezone.localdate()
    days = (d - today).days
    if days == 0:
        return "today"
    if days == 1:
        return "tomorrow"
    if days == -1:
        return "yesterday"
    n = abs(days)
    if n > 42:
        months = n // 30
        words = f"{months} month{'s' if months != 1 else ''}"
    else:
        words = f"{n} days"
    return f"in {words}" if days > 0 else f"{words} ago"


def day_and_relative(value: object, *, today: date | None = None) -> str:
    """"Mon 1 Dec (in 9 days)", or just "today" / "tomorrow" with the day: "today, Mon 23 Nov"."""
    d = _as_date(value)
    if d is None:
        return day_label(value, today=today)
    rel = relative_day(d, today=today)
    label = day_label(d, today=today)
    if rel in ("today", "tomorrow", "yesterday"):
        return f"{rel.capitalize()}, {label}"
    return f"{label} ({rel})"
