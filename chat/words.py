"""The words of an answer in its language (offline composer, affordability, balances). The composer writes under the answer's language
(`translation.override` in chat/offline/model.py); these helpers turn the English words stored with figures into
that language: category names from the catalogue (the translations the pages show; a name of the user's own
that the catalogue lacks stays as written), periods and dates with Django's formats for the language (core/periods
`localized=True`). Figures are never touched: they are copied from tool results."""
from __future__ import annotations

import re
from datetime import date
from typing import Any

from django.utils import formats, timezone
from django.utils.translation import get_language, gettext

from core.periods import ALL_TIME_START, Period, fmt_day, period_label


def is_vi() -> bool:
    return (get_language() or "").startswith("vi")


# labels that are no name of the user's: said wholly in the answer's language
NOT_A_NAME = {"Uncategorised", "Uncategorized"}


def category(name: str | None) -> str:
    """A category as the user sees it named in the app, the name they gave it ("Rent"); in a Vietnamese answer the
    catalogue's Vietnamese word follows it as a gloss ("Rent (Tiền nhà)"), so the reader can both match it to the
    category list and read it. A name the catalogue lacks (the user's own) stays as written, without a gloss."""
    if not name:
        return name or ""
    if not is_vi():
        return name
    said = gettext(name)
    if name in NOT_A_NAME or said == name:
        return said
    return f"{name} ({said})"


def categories(names: list[str] | None) -> list[str]:
    return [category(n) for n in names or []]


def day(iso: str | date | None, *, weekday: bool = False) -> str:
    """2026-11-07 → "Sat 7 Nov 2026" / "Thứ 7 7 Tháng 11 2026" (or without the weekday)."""
    if not iso:
        return ""
    try:
        d = iso if isinstance(iso, date) else date.fromisoformat(str(iso))
    except ValueError:
        return str(iso)
    return formats.date_format(d, "D j M Y" if weekday else "j M Y")


def month(key: str) -> str:
    """"2026-10" → "Oct 2026" / "Tháng 10 2026" (a month of a table)."""
    m = re.fullmatch(r"(\d{4})-(\d{2})", key or "")
    if not m:
        return key
    return formats.date_format(date(int(m.group(1)), int(m.group(2)), 1), "M Y" if not is_vi() else "F Y")


def period(label: str | None, period_dict: dict[str, Any] | None = None, *, today: date | None = None) -> str:
    """A stored period label in the answer's language: English stays as stored; in Vietnamese the label is
    written again from the period's dates ("October 2026" → "Tháng 10 2026")."""
    if not is_vi() or not label:
        return label or ""
    if label == "all time":
        return label
    found = Period.from_dict(period_dict) if period_dict else None
    if found is None:
        return _months_in(label)
    if found.start <= ALL_TIME_START:
        return f"đến {fmt_day(found.end, localized=True)}"
    return period_label(found.start, found.end, found.grain, today=today or timezone.localdate(), localized=True)


MONTH_NAMES = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
               "November", "December")
_MONTH_RE = re.compile(r"\b(" + "|".join(MONTH_NAMES) + r"|" + "|".join(m[:3] for m in MONTH_NAMES)
                       + r")\b(?:\s+(\d{4}))?")


def _months_in(text: str) -> str:
    """English month names inside a label with no dates of its own ("the average of August – October 2026")."""
    def one(m: re.Match[str]) -> str:
        number = next(i for i, name in enumerate(MONTH_NAMES, 1) if name.startswith(m.group(1)))
        return formats.date_format(date(int(m.group(2) or 2000), number, 1), "F Y" if m.group(2) else "F")

    return _MONTH_RE.sub(one, text)


def text(label: str) -> str:
    """Any label made of English dates and month names, in the answer's language (`_months_in`)."""
    return _months_in(label) if is_vi() else label
