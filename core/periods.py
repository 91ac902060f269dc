"""Calendar arithmetic shared by every app (transactions' named periods, subscriptions, budgets, charts)."""
from __future__ import annotations

import calendar
from datetime import date


def month_bounds(year: int, month: int) -> tuple[date, date]:
    """First and last day of a month."""
    return date(year, month, 1), date(year, month, calendar.monthrange(year, month)[1])


def add_months(d: date, months: int) -> date:
    """`d` moved by whole months, the day clipped to the target month's length (31 Jan + 1 → 28/29 Feb)."""
    y, m = divmod(d.month - 1 + months, 12)
    year, month = d.year + y, m + 1
    return date(year, month, min(d.day, calendar.monthrange(year, month)[1]))
