"""Named periods → inclusive date ranges with a human label."""
from __future__ import annotations

import re
from datetime import date, timedelta

from django.utils import timezone

from core.errors import DomainError
from core.periods import add_months, month_bounds  # noqa: F401  (re-exported: callers import them from here)

PERIODS = ("this_week", "last_week", "this_month", "last_month", "last_3_months", "this_year", "last_year",
           "all_time")
ALL_TIME_START = date(1900, 1, 1)




def _year_check(year: int, period: str, today: date) -> None:
    """Years Moneta can hold transactions for (1900 to next year); 0000 or 9999 would break date arithmetic."""
    if not ALL_TIME_START.year <= year <= today.year + 1:
        raise DomainError(f"Unknown period {period!r}: the year must be between {ALL_TIME_START.year} and "
                          f"{today.year + 1}.", code="bad_period", details={"field": "period"})


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
        _year_check(int(m.group(1)), period, today)
        start, end = month_bounds(int(m.group(1)), int(m.group(2)))
        return start, end, f"{start:%B %Y}"
    if re.fullmatch(r"\d{4}", key):
        year = int(key)
        _year_check(year, period, today)
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


# --- like-for-like comparisons ---------------------------------------------------------------------------
# Two rules every comparison in Moneta follows (home chart, "compared to last month", the assistant):
#   1. a period that is still running (it contains today) is compared with the *same days* of the previous
#      period, never with the whole previous period: 22 days of this month against 1–22 of last month;
#   2. "usual" is the average of the previous *full* months, never a partial month.


def period_is_partial(start: date, end: date, *, today: date | None = None) -> bool:
    """True when the period is still running: it contains today (so it holds fewer days than it will)."""
    today = today or timezone.localdate()
    return start <= today <= end


def _previous_period_bounds(period: str, start: date, today: date) -> tuple[date, date, str]:
    """The whole previous period of the same kind as `period` (this_month → last month, …)."""
    key = (period or "").strip().lower().replace(" ", "_").replace("-", "_")
    if key == "this_week":
        prev_start = start - timedelta(days=7)
        return prev_start, prev_start + timedelta(days=6), "last week"
    if key == "this_year":
        return date(start.year - 1, 1, 1), date(start.year - 1, 12, 31), f"last year ({start.year - 1})"
    if key in ("last_3_months", "last_three_months"):
        prev_end = start - timedelta(days=1)
        prev_start = add_months(prev_end, -3) + timedelta(days=1)
        return prev_start, prev_end, "the 3 months before"
    prev = add_months(start.replace(day=1), -1)
    s, e = month_bounds(prev.year, prev.month)
    return s, e, f"{s:%B %Y}"


def comparable_previous_window(start: date, end: date, *, today: date | None = None,
                               period: str = "this_month") -> tuple[date, date, str]:
    """The window of the previous period to compare a period with, like for like.

    For a running period (it contains today) only the elapsed days count: `start..today` is compared with
    the previous period's first `(today - start)` days, clamped to that period's end (31 March's "same day"
    in February is 28/29 February). A finished period is compared with the whole previous period.
    Returns inclusive (start, end, label), e.g. (2026-10-01, 2026-10-22, "October 2026, 1–22").
    """
    today = today or timezone.localdate()
    prev_start, prev_end, prev_label = _previous_period_bounds(period, start, today)
    if not period_is_partial(start, end, today=today):
        return prev_start, prev_end, prev_label
    elapsed = (today - start).days
    if (period or "").strip().lower() in ("this_month", "") or period_key_is_month(period):
        # Same day-of-month, not the same number of days: 1–22 October against 1–22 September.
        same_end = min(date(prev_start.year, prev_start.month, 1) + timedelta(days=today.day - 1), prev_end)
    else:
        same_end = min(prev_start + timedelta(days=elapsed), prev_end)
    return prev_start, same_end, f"{prev_label}, to {same_end:%-d %B}"


def period_key_is_month(period: str | None) -> bool:
    return bool(re.fullmatch(r"\d{4}-\d{2}", (period or "").strip()))


def period_to_date_comparison(period: str = "this_month", *, today: date | None = None) -> dict:
    """Both windows of a fair "so far vs the same days last time" comparison, as dates and labels:

    `{"current": (start, end, label), "previous": (start, end, label), "partial": bool, "days": int}`.
    `period` is any name `period_resolve` knows; a finished period (last_month) is compared with the whole
    period before it.
    """
    today = today or timezone.localdate()
    start, end, label = period_resolve(period, today=today)
    partial = period_is_partial(start, end, today=today)
    if partial:
        end = today
    previous = comparable_previous_window(start, end, today=today, period=period)
    return {"current": (start, end, label), "previous": previous, "partial": partial,
            "days": (end - start).days + 1}


def previous_full_months(count: int = 3, *, today: date | None = None) -> list[tuple[date, date]]:
    """The `count` complete calendar months before the current one, oldest first (inclusive bounds)."""
    today = today or timezone.localdate()
    this_month = today.replace(day=1)
    out = []
    for back in range(count, 0, -1):
        m = add_months(this_month, -back)
        out.append(month_bounds(m.year, m.month))
    return out


def usual_window(months: int = 3, *, today: date | None = None) -> tuple[date, date, str]:
    """The window "usual" is averaged over: the previous `months` full months (never the running month)."""
    full = previous_full_months(months, today=today)
    start, end = full[0][0], full[-1][1]
    label = (f"the average of {start:%B} – {end:%B %Y}" if months > 1 else f"{start:%B %Y}")
    return start, end, label
