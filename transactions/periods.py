"""Named periods → inclusive date ranges with a human label."""
from __future__ import annotations

import calendar
import re
from datetime import date, timedelta

from django.utils import timezone

from config.api import DomainError

PERIODS = ("this_week", "last_week", "this_month", "last_month", "last_3_months", "this_year", "last_year",
           "all_time")
ALL_TIME_START = date(1900, 1, 1)


def month_bounds(year: int, month: int) -> tuple[date, date]:
    return date(year, month, 1), date(year, month, calendar.monthrange(year, month)[1])


def add_months(d: date, months: int) -> date:
    y, m = divmod(d.month - 1 + months, 12)
    year, month = d.year + y, m + 1
    return date(year, month, min(d.day, calendar.monthrange(year, month)[1]))


def period_resolve(period: str, *, today: date | None = None) -> tuple[date, date, str]:
    """Inclusive (start, end, label). Periods that include today end today."""
    today = today or timezone.localdate()
    key = (period or "").strip().lower().replace(" ", "_").replace("-", "_") if not re.fullmatch(
        r"\d{4}(-\d{2})?", (period or "").strip()) else period.strip()
    if key == "this_week":
        start = today - timedelta(days=today.weekday())
        return start, today, f"this week ({start.isoformat()} – {today.isoformat()})"
    if key == "last_week":
        end = today - timedelta(days=today.weekday() + 1)
        start = end - timedelta(days=6)
        return start, end, f"last week ({start.isoformat()} – {end.isoformat()})"
    if key == "this_month":
        start = today.replace(day=1)
        return start, today, f"this month ({start:%B %Y})"
    if key == "last_month":
        prev = today.replace(day=1) - timedelta(days=1)
        start, end = month_bounds(prev.year, prev.month)
        return start, end, f"last month ({start:%B %Y})"
    if key in ("last_3_months", "last_three_months"):
        start = add_months(today, -3) + timedelta(days=1)
        return start, today, f"last 3 months ({start.isoformat()} – {today.isoformat()})"
    if key == "this_year":
        return date(today.year, 1, 1), today, f"this year ({today.year})"
    if key == "last_year":
        return date(today.year - 1, 1, 1), date(today.year - 1, 12, 31), f"last year ({today.year - 1})"
    if key == "all_time":
        return ALL_TIME_START, today, "all time"
    m = re.fullmatch(r"(\d{4})-(\d{2})", key)
    if m and 1 <= int(m.group(2)) <= 12:
        start, end = month_bounds(int(m.group(1)), int(m.group(2)))
        return start, end, f"{start:%B %Y}"
    if re.fullmatch(r"\d{4}", key):
        year = int(key)
        return date(year, 1, 1), date(year, 12, 31), str(year)
    raise DomainError(
        f"Unknown period {period!r}. Use one of {', '.join(PERIODS)}, YYYY-MM or YYYY.",
        code="bad_period", details={"field": "period", "choices": list(PERIODS)},
    )


def range_label(start: date | None, end: date | None) -> str:
    if start and end:
        if start == ALL_TIME_START:
            return f"up to {end.isoformat()}"
        return f"{start.isoformat()} – {end.isoformat()}"
    if start:
        return f"since {start.isoformat()}"
    if end:
        return f"up to {end.isoformat()}"
    return "all time"
