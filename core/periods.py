"""The one Period value and calendar arithmetic shared by every app (the assistant's questions, transactions'
named periods, subscriptions, budgets, charts). Words → Period is transactions/query/periods.py."""
from __future__ import annotations

import calendar
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any


def month_bounds(year: int, month: int) -> tuple[date, date]:
    """First and last day of a month."""
    return date(year, month, 1), date(year, month, calendar.monthrange(year, month)[1])


def add_months(d: date, months: int) -> date:
    """`d` moved by whole months, the day clipped to the target month's length (31 Jan + 1 → 28/29 Feb)."""
    y, m = divmod(d.month - 1 + months, 12)
    year, month = d.year + y, m + 1
    return date(year, month, min(d.day, calendar.monthrange(year, month)[1]))


@dataclass
class Period:
    start: date
    end: date
    label: str
    grain: str  # day | week | month | quarter | year | range | all
    relative: bool = False  # "the month before": relative to the conversation's previous period
    step: int = -1  # for a relative period: grains from the previous one ("the month after" +1, "that month" 0)

    def as_dict(self) -> dict[str, Any]:
        return {"start": self.start.isoformat(), "end": self.end.isoformat(), "label": self.label,
                "grain": self.grain}

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> Period | None:
        if not data or not data.get("start") or not data.get("end"):
            return None
        return cls(date.fromisoformat(data["start"]), date.fromisoformat(data["end"]), data.get("label") or "",
                   data.get("grain") or "range")

    def shifted(self, *, months: int = 0, years: int = 0) -> Period:
        """The same period `months`/`years` earlier (negative) or later, whole months kept whole."""
        if self.grain in ("month", "quarter", "year") or (self.start.day == 1 and self.end == month_bounds(
                self.end.year, self.end.month)[1]):
            start = add_months(self.start, months + 12 * years)
            last = add_months(date(self.end.year, self.end.month, 1), months + 12 * years)
            end = month_bounds(last.year, last.month)[1]
            return Period(start, end, period_label(start, end, self.grain), self.grain)
        start = add_months(self.start, months + 12 * years)
        end = add_months(self.end, months + 12 * years)
        return Period(start, end, period_label(start, end, "range"), "range")


def fmt_day(d: date, *, year: bool = True) -> str:
    return f"{d.day} {d:%b}" + (f" {d.year}" if year else "")


def period_label(start: date, end: date, grain: str, *, today: date | None = None) -> str:
    """How people say a period: "October 2026", "November 2026 so far", "2026 so far", "2025", "3 Mar – 9 Apr"."""
    if grain == "all":
        return "all time"
    if start == end:
        return fmt_day(start)
    if today is not None and end == today and start.day == 1:
        if (start.year, start.month) == (end.year, end.month):
            return f"{start:%B %Y} so far"
        if (start.month, start.year) == (1, end.year):
            return f"{end.year} so far"
    if (start.month, start.day, end.month, end.day) == (1, 1, 12, 31) and start.year == end.year:
        return str(start.year)
    if grain == "month" or (start.day == 1 and end == month_bounds(end.year, end.month)[1]
                            and (start.year, start.month) == (end.year, end.month)):
        return f"{start:%B %Y}"
    if start.day == 1 and end == month_bounds(end.year, end.month)[1]:
        if start.year == end.year:
            return f"{start:%B}–{end:%B %Y}" if start.month != 1 or end.month != 12 else str(start.year)
        return f"{start:%B %Y}–{end:%B %Y}"
    return f"{fmt_day(start, year=start.year != end.year)} – {fmt_day(end)}"


def full_months_before(today: date, n: int) -> Period:
    """The n full calendar months before the current one ("usual", monthly averages)."""
    first_this = today.replace(day=1)
    start = add_months(first_this, -n)
    end = first_this - timedelta(days=1)
    return Period(start, end, f"the {n} full months {period_label(start, end, 'range')}", "range")
