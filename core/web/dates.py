"""Dates as people read them: "Mon 1 Dec", "today", "tomorrow", "in 9 days", "3 days ago".

Pages pass ISO strings or dates; `today` is the user's local date (an argument, so tests pin it)."""
from __future__ import annotations

from datetime import date

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext


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
    # Day and month names in the UI language ("Mon 1 Dec"; Vietnamese "T2 1 Thg12").
    text = date_format(d, "D j M")
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
        return _("today")
    if days == 1:
        return _("tomorrow")
    if days == -1:
        return _("yesterday")
    n = abs(days)
    if n > 42:
        months = n // 30
        if days > 0:
            return ngettext("in %(count)d month", "in %(count)d months", months) % {"count": months}
        return ngettext("%(count)d month ago", "%(count)d months ago", months) % {"count": months}
    if days > 0:
        return ngettext("in %(count)d day", "in %(count)d days", n) % {"count": n}
    return ngettext("%(count)d day ago", "%(count)d days ago", n) % {"count": n}


def day_and_relative(value: object, *, today: date | None = None) -> str:
    """"Mon 1 Dec (in 9 days)", or just "today" / "tomorrow" with the day: "today, Mon 23 Nov"."""
    d = _as_date(value)
    if d is None:
        return day_label(value, today=today)
    rel = relative_day(d, today=today)
    label = day_label(d, today=today)
    if abs((d - (today or timezone.localdate())).days) <= 1:  # today, tomorrow, yesterday
        return f"{rel[:1].upper()}{rel[1:]}, {label}"
    return f"{label} ({rel})"
