"""The one Period value and the one place for period arithmetic, shared by every app: calendar months, the
named periods of the API and the pages ("last_month", "2026-09"), like-for-like windows and the full months
"usual" is averaged over. Words → Period (the grammar of questions) is transactions/query/periods.py."""
from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from dateutil.easter import easter
from django.utils import formats, timezone
from django.utils.translation import gettext

from core.errors import DomainError


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

    def before(self) -> Period:
        """The stretch of the same kind just before this one ("last month vs the one before", "the last 30 days vs
        the 30 before", "yesterday vs the day before"): whole months, quarters and years the same number of them
        earlier; a week the whole week before (this week so far → last week); any other stretch of days the same
        number of days ending the day before it starts."""
        whole = self.grain in ("month", "quarter", "year") or (self.start.day == 1 and self.end == month_bounds(
            self.end.year, self.end.month)[1])
        if whole:
            span = 12 if self.grain == "year" else 3 if self.grain == "quarter" else \
                1 if self.grain == "month" else (self.end.year - self.start.year) * 12 + self.end.month - self.start.month + 1
            return self.shifted(months=-span)
        if self.grain == "week":
            start = self.start - timedelta(days=7)
            return Period(start, start + timedelta(days=6), "the week before", "week")
        days = (self.end - self.start).days + 1
        end = self.start - timedelta(days=1)
        start = end - timedelta(days=days - 1)
        grain = "day" if days == 1 else "range"
        return Period(start, end, fmt_day(start) if days == 1 else period_label(start, end, "range"), grain)

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


def fmt_day(d: date, *, year: bool = True, localized: bool = False) -> str:
    if localized:  # the active language's way ("3 Oct 2026", "3 Tháng 10 2026")
        return formats.date_format(d, "j M Y" if year else "j M")
    return f"{d.day} {d:%b}" + (f" {d.year}" if year else "")


def period_label(start: date, end: date, grain: str, *, today: date | None = None, localized: bool = False) -> str:
    """How people say a period: "October 2026", "November 2026 so far", "2026 so far", "2025", "3 Mar – 9 Apr".

    The label stored with a query is English (`localized=False`: the same whatever language the request runs
    in); an answer written in the active language asks for `localized=True` (months by Django's formats, "so
    far" from the catalogue: "Tháng 10 2026", "Tháng 11 2026 đến nay")."""
    def month(d: date, *, year: bool = True) -> str:
        if localized:
            return formats.date_format(d, "F Y" if year else "F")
        return f"{d:%B %Y}" if year else f"{d:%B}"

    so_far = gettext("so far") if localized else "so far"
    if grain == "all":
        return "all time"
    if start == end:
        return fmt_day(start, localized=localized)
    if today is not None and end == today and start.day == 1:
        if (start.year, start.month) == (end.year, end.month):
            return f"{month(start)} {so_far}"
        if (start.month, start.year) == (1, end.year):
            return f"{end.year} {so_far}"
    if (start.month, start.day, end.month, end.day) == (1, 1, 12, 31) and start.year == end.year:
        return str(start.year)
    if grain == "month" or (start.day == 1 and end == month_bounds(end.year, end.month)[1]
                            and (start.year, start.month) == (end.year, end.month)):
        return month(start)
    if start.day == 1 and end == month_bounds(end.year, end.month)[1]:
        if start.year == end.year:
            return f"{month(start, year=False)}–{month(end)}" if start.month != 1 or end.month != 12 \
                else str(start.year)
        return f"{month(start)}–{month(end)}"
    return (f"{fmt_day(start, year=start.year != end.year, localized=localized)} – "
            f"{fmt_day(end, localized=localized)}")


def period_same_days(period: Period, *, day: int) -> Period:
    """Days 1..`day` of a month period (clipped to its end: day 31 of February is its last day), the window a
    running month is compared with like for like."""
    end = min(period.start.replace(day=1) + timedelta(days=day - 1), period.end)
    return Period(period.start, end, f"{period.start:%B} 1–{end.day}", "range")


def full_months_before(today: date, n: int) -> Period:
    """The n full calendar months before the current one ("usual", monthly averages)."""
    first_this = today.replace(day=1)
    start = add_months(first_this, -n)
    end = first_this - timedelta(days=1)
    return Period(start, end, f"the {n} full months {period_label(start, end, 'range')}", "range")


# --- named periods (the API's and the pages' period codes) -------------------------------------------
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
    m = re.fullmatch(r"q([1-4])(?:_+(\d{4}))?|(\d{4})_+q([1-4])", key)  # "Q3 2026", "2026-Q3", "q3"
    if m:
        quarter = int(m.group(1) or m.group(4))
        year = int(m.group(2) or m.group(3) or 0) or (today.year if 3 * quarter - 2 <= today.month else today.year - 1)
        _year_check(year, period, today)
        start, end = date(year, 3 * quarter - 2, 1), month_bounds(year, 3 * quarter)[1]
        return start, min(end, today) if start <= today else end, f"Q{quarter} {year}"
    raise DomainError(
        f"Unknown period {period!r}. Use one of {', '.join(PERIODS)}, YYYY-MM, YYYY or a quarter (Q3 2026).",
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


def period_to_date_comparison(period: str = "this_month", *, today: date | None = None) -> dict[str, Any]:
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


# --- holidays people date things by ------------------------------------------------------------------------
def _nth_weekday(year: int, month: int, weekday: int, n: int) -> date:
    """The n-th (1-based; -1 = last) `weekday` (0 = Monday) of a month."""
    if n < 0:
        last = month_bounds(year, month)[1]
        return last - timedelta(days=(last.weekday() - weekday) % 7)
    first = date(year, month, 1)
    return first + timedelta(days=(weekday - first.weekday()) % 7 + 7 * (n - 1))


def _easter(year: int) -> date:
    """Easter Sunday (Western), from python-dateutil."""
    day: date = easter(year)
    return day


HOLIDAYS = {
    "new year's eve": lambda y: date(y, 12, 31), "new year's day": lambda y: date(y, 1, 1),
    "valentine's day": lambda y: date(y, 2, 14),
    "independence day": lambda y: date(y, 7, 4), "halloween": lambda y: date(y, 10, 31),
    "christmas eve": lambda y: date(y, 12, 24), "christmas": lambda y: date(y, 12, 25),
    "boxing day": lambda y: date(y, 12, 26),
    "memorial day": lambda y: _nth_weekday(y, 5, 0, -1), "labor day": lambda y: _nth_weekday(y, 9, 0, 1),
    "thanksgiving": lambda y: _nth_weekday(y, 11, 3, 4),
    "black friday": lambda y: _nth_weekday(y, 11, 3, 4) + timedelta(days=1),
    "cyber monday": lambda y: _nth_weekday(y, 11, 3, 4) + timedelta(days=4),
    "mother's day": lambda y: _nth_weekday(y, 5, 6, 2), "father's day": lambda y: _nth_weekday(y, 6, 6, 3),
    "good friday": lambda y: _easter(y) - timedelta(days=2),
    "easter monday": lambda y: _easter(y) + timedelta(days=1), "easter": _easter,
}
# how each holiday is said (text lower-cased, accents gone), most specific first: the one home of these words
HOLIDAY_SAID = {
    "new year's eve": r"new\s+year'?s\s+eve|nye", "christmas eve": r"(?:christmas|xmas)\s+eve",
    "new year's day": r"new\s+year'?s?(?:\s+day)?", "valentine's day": r"valentine'?s(?:\s+day)?",
    "independence day": r"independence\s+day|(?:the\s+)?(?:4th|fourth)\s+of\s+july",
    "halloween": r"halloween", "christmas": r"(?:christmas|xmas)(?:\s+day)?", "boxing day": r"boxing\s+day",
    "memorial day": r"memorial\s+day", "labor day": r"labou?r\s+day", "thanksgiving": r"thanksgiving(?:\s+day)?",
    "black friday": r"black\s+friday", "cyber monday": r"cyber\s+monday", "mother's day": r"mother'?s'?\s+day",
    "father's day": r"father'?s'?\s+day", "good friday": r"good\s+friday", "easter monday": r"easter\s+monday",
    "easter": r"easter(?:\s+sunday)?",
}
# any holiday's name but New Year's Day, as one regex group, most specific first (no \b around it: callers place it);
# New Year's Day is read by its own rule (transactions/query/periods_parts), as "new year" alone is not always a day
HOLIDAY_NAMES_RE = "(" + "|".join(said for name, said in HOLIDAY_SAID.items() if name != "new year's day") + ")"


def holiday_named(said: str) -> str:
    """The key of HOLIDAYS for a name as said ("xmas" → "christmas", "new years" → "new year's day")."""
    said = re.sub(r"\s+", " ", said.lower().replace("\u2019", "'")).strip()
    return next(k for k, pattern in HOLIDAY_SAID.items() if re.fullmatch(pattern, said))


def holiday_last(name: str, *, today: date) -> date:
    """The most recent day called `name` (a key of HOLIDAYS) on or before today."""
    day = HOLIDAYS[name](today.year)
    return day if day <= today else HOLIDAYS[name](today.year - 1)
