"""The grammar of money questions: periods, amount bounds, measures and group-by, in English and Vietnamese.

Pure functions over normalised text (`normalise`: lower case, accents stripped, apostrophes unified), each
returning what it found and the character spans it used, so the parser can tell which words are left over.
Periods resolve against `today`; a period that includes today ends today.
"""
from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal, InvalidOperation

from core.periods import add_months, month_bounds
from core.text import strip_accents  # noqa: F401  (re-exported by transactions.query)

VI_CHARS = re.compile(r"[ăâđêôơưàáảãạằắẳẵặầấẩẫậèéẻẽẹềếểễệìíỉĩịòóỏõọồốổỗộờớởỡợùúủũụừứửữựỳýỷỹỵ]", re.I)
MONTHS = {name.lower(): i for i, name in enumerate(calendar.month_name) if name}
MONTHS.update({name.lower(): i for i, name in enumerate(calendar.month_abbr) if name})
MONTHS["sept"] = 9
MONTH_RE = "|".join(sorted(MONTHS, key=len, reverse=True))
NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
                "ten": 10, "eleven": 11, "twelve": 12, "a": 1, "an": 1, "a couple of": 2, "couple of": 2,
                "a few": 3, "few": 3, "several": 3, "mot": 1, "hai": 2, "ba": 3, "bon": 4, "nam": 5, "sau": 6,
                "bay": 7, "tam": 8, "chin": 9, "muoi": 10, "muoi hai": 12}
NUM = r"(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a couple of|couple of|a few|several|an?)"
SEASONS = {"spring": (3, 5), "summer": (6, 8), "fall": (9, 11), "autumn": (9, 11), "winter": (12, 2),
           "mua xuan": (3, 5), "mua he": (6, 8), "mua thu": (9, 11), "mua dong": (12, 2)}
ORDINAL_QUARTER = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4,
                   "last": 0}




# shortened words people type: general English abbreviations, read as the words they stand for
SHORT_FORMS = {"mo": "month", "mos": "months", "mth": "month", "mths": "months", "yr": "year", "yrs": "years",
               "wk": "week", "wks": "weeks", "thru": "through", "til": "until", "tx": "transactions",
               "txn": "transaction", "txns": "transactions", "amt": "amount", "approx": "about", "w/o": "without",
               "b4": "before", "prev": "previous", "ytd": "this year", "mtd": "this month", "rn": "right now",
               "pls": "please", "plz": "please", "u": "you", "ur": "your", "r": "are", "n": "and", "&": "and"}
SHORT_RE = re.compile(r"(?<![\w/&])(" + "|".join(re.escape(k) for k in sorted(SHORT_FORMS, key=len, reverse=True))
                      + r")(?![\w/&])")


def normalise(text: str) -> str:
    """Lower case, accents stripped, ’ → ', shortened words spelled out ("last mo" → "last month"), runs of spaces
    collapsed; same length is NOT kept."""
    text = strip_accents((text or "").replace("’", "'").replace("‘", "'").lower())
    text = SHORT_RE.sub(lambda m: SHORT_FORMS[m.group(1)], text)
    return " " + re.sub(r"\s+", " ", text).strip() + " "


def is_vietnamese(text: str) -> bool:
    if VI_CHARS.search(text or ""):
        return True
    words = set(normalise(text).split())
    return len(words & {"toi", "bao", "nhieu", "thang", "tieu", "cua", "khong", "nhu", "the", "nao", "chi"}) >= 3


def _n(word: str) -> int:
    word = word.strip()
    return int(word) if word.isdigit() else NUMBER_WORDS.get(word, 1)


@dataclass
class Period:
    start: date
    end: date
    label: str
    grain: str  # day | week | month | quarter | year | range | all
    relative: bool = False  # "the month before": relative to the conversation's previous period

    def as_dict(self) -> dict:
        return {"start": self.start.isoformat(), "end": self.end.isoformat(), "label": self.label,
                "grain": self.grain}

    @classmethod
    def from_dict(cls, data: dict | None) -> Period | None:
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


def _month_start_recent(month: int, today: date, year: int | None) -> date:
    """The most recent month called `month` that has started (this month counts)."""
    if year is None:
        year = today.year if month <= today.month else today.year - 1
    return date(year, month, 1)


def _clip(start: date, end: date, today: date) -> tuple[date, date]:
    return start, min(end, today) if start <= today else end


def _month_period(month: int, year: int | None, today: date) -> Period:
    start = _month_start_recent(month, today, year)
    end = month_bounds(start.year, start.month)[1]
    s, e = _clip(start, end, today)
    label = f"{start:%B %Y}" + (" so far" if e < end else "")
    return Period(s, e, label, "month")


def _quarter_period(q: int, year: int | None, today: date) -> Period:
    if year is None:
        year = today.year if (q - 1) * 3 + 1 <= today.month else today.year - 1
    start, end = date(year, (q - 1) * 3 + 1, 1), month_bounds(year, q * 3)[1]
    s, e = _clip(start, end, today)
    return Period(s, e, f"Q{q} {year}" + (" so far" if e < end else ""), "quarter")


def _season_period(name: str, which: str | None, today: date) -> Period:
    first, last = SEASONS[name]
    # the most recent season of that name that has started
    year = today.year
    start = date(year, first, 1)
    if start > today:
        year -= 1
    if which == "last" and date(year, first, 1) <= today <= (
            month_bounds(year + (1 if last < first else 0), last)[1]):
        year -= 1  # "last summer" while it is summer: the one before
    start = date(year, first, 1)
    end_year = year + 1 if last < first else year
    end = month_bounds(end_year, last)[1]
    s, e = _clip(start, end, today)
    return Period(s, e, f"{name.split()[-1].capitalize()} {year}" + (" so far" if e < end else ""), "range")


def _day(month_word: str, day: str, year: str | None, today: date) -> date | None:
    month = MONTHS.get(month_word)
    try:
        d = date(int(year) if year else today.year, month, int(day))
    except (TypeError, ValueError):
        return None
    if not year and d > today:
        d = d.replace(year=d.year - 1)
    return d


def _full_months_before(today: date, n: int) -> Period:
    first_this = today.replace(day=1)
    start = add_months(first_this, -n)
    end = first_this - timedelta(days=1)
    return Period(start, end, f"the {n} full months {period_label(start, end, 'range')}", "range")


DAY = r"(\d{1,2})(?:st|nd|rd|th)?"
YEAR = r"((?:19|20)\d{2})"
# a named span of months: a month or a season (with an optional year)
POINT = rf"(spring|summer|fall|autumn|winter|{MONTH_RE})\.?(?:\s+{YEAR})?"


def POINT_MONTHS(word: str) -> tuple[int, int]:  # noqa: N802  (reads like the constant it complements)
    """(first month, last month) of a month or season word."""
    if word in SEASONS:
        return SEASONS[word]
    return MONTHS[word], MONTHS[word]


def _rules(today: date):
    """(regex, builder) in priority order; a builder returns a Period or None (not a period after all)."""
    def rolling(unit: str, n: int) -> Period:
        if unit.startswith("day") or unit == "ngay":
            start = today - timedelta(days=n - 1)
            return Period(start, today, f"the last {n} days", "range")
        if unit.startswith("week") or unit == "tuan":
            start = today - timedelta(days=7 * n - 1)
            return Period(start, today, f"the last {n} weeks", "range")
        if unit.startswith("year") or unit == "nam":
            start = add_months(today, -12 * n) + timedelta(days=1)
            return Period(start, today, f"the last {n} years", "range")
        start = add_months(today, -n) + timedelta(days=1)
        return Period(start, today, f"the last {n} months ({period_label(start, today, 'range')})", "range")

    def this_week(_m):
        start = today - timedelta(days=today.weekday())
        return Period(start, today, "this week", "week")

    def last_week(_m):
        end = today - timedelta(days=today.weekday() + 1)
        return Period(end - timedelta(days=6), end, "last week", "week")

    def month_offset(k: int, label: str | None = None):
        first = add_months(today.replace(day=1), -k)
        end = min(month_bounds(first.year, first.month)[1], today)
        return Period(first, end, label or (f"{first:%B %Y}" + (" so far" if k == 0 else "")), "month")

    def year_offset(k: int):
        y = today.year - k
        return Period(date(y, 1, 1), min(date(y, 12, 31), today), f"{y}" + (" so far" if k == 0 else ""), "year")

    def quarter_offset(k: int):
        q0 = (today.month - 1) // 3
        idx = today.year * 4 + q0 - k
        return _quarter_period(idx % 4 + 1, idx // 4, today)

    def range_days(m):
        a = _day(m.group(1), m.group(2), m.group(3), today)
        month_b = m.group(4) or m.group(1)
        b = _day(month_b, m.group(5), m.group(6) or m.group(3), today)
        if not a or not b:
            return None
        if b < a:
            a = a.replace(year=a.year - 1)
        return Period(a, b, period_label(a, b, "range"), "range")

    def iso_range(m):
        try:
            a, b = date.fromisoformat(m.group(1)), date.fromisoformat(m.group(2))
        except ValueError:
            return None
        return Period(min(a, b), max(a, b), period_label(min(a, b), max(a, b), "range"), "range")

    def since_month(m):
        month, year = MONTHS[m.group(1)], int(m.group(2)) if m.group(2) else None
        start = _month_start_recent(month, today, year)
        return Period(start, today, f"since {start:%B %Y}", "range")

    def since_day(m):
        d = _day(m.group(1), m.group(2), m.group(3), today)
        return Period(d, today, f"since {fmt_day(d)}", "range") if d else None

    def month_year_word(m):
        k = {"this": 0, "last": 12, "next": -12}[m.group(2)]
        month = MONTHS[m.group(1)]
        return _month_period(month, today.year - (1 if k == 12 else 0) if k else today.year, today) \
            if date(today.year - (1 if k == 12 else 0), month, 1) <= today else None

    def n_months_ago(m):
        return month_offset(_n(m.group(1)))

    def since_nth(m):
        n = int(m.group(1))
        start = today.replace(day=1) if n <= today.day else add_months(today.replace(day=1), -1)
        try:
            start = start.replace(day=n)
        except ValueError:
            return None
        return Period(start, today, f"since {fmt_day(start)}", "range")

    def single_day(m):
        d = _day(m.group(1), m.group(2), m.group(3), today)
        return Period(d, d, fmt_day(d), "day") if d else None

    def vn_month(m):
        month = int(m.group(1))
        if not 1 <= month <= 12:
            return None
        return _month_period(month, int(m.group(2)) if m.group(2) else None, today)

    def span_range(m):
        """"February to April", "summer through fall", "between March and May 2025": first day of the first
        to the last day of the second (the most recent such span that has started; clipped to today)."""
        a, ya, b, yb = m.group(1), m.group(2), m.group(3), m.group(4) or m.group(2)
        first_a, _ = POINT_MONTHS(a)
        _, last_b = POINT_MONTHS(b)
        end_first = _month_start_recent(last_b, today, int(yb) if yb else None)
        if not yb and end_first > today:
            end_first = end_first.replace(year=end_first.year - 1)
        end = month_bounds(end_first.year, end_first.month)[1]
        start = date(int(ya), first_a, 1) if ya else date(end.year, first_a, 1)
        if start > end:
            start = start.replace(year=start.year - 1)
        if start > today:
            return None
        s, e = _clip(start, end, today)
        return Period(s, e, period_label(s, e, "range", today=today) + (" so far" if e < end else ""), "range")

    def since_point(m):
        """"since the summer", "from March to now": the start of that span up to today."""
        first, _ = POINT_MONTHS(m.group(1))
        year = int(m.group(2)) if m.group(2) else (today.year if first <= today.month else today.year - 1)
        start = date(year, first, 1)
        return Period(start, today, f"since {start:%B %Y}", "range") if start <= today else None

    def past_n_bare(m):
        """"the past 4" with no unit: months, the unit people leave out."""
        return rolling("months", _n(m.group(1)))

    return [
        (rf"\b(?:from\s+|between\s+)?(?:the\s+)?(?:start\s+of\s+)?{POINT}\s*(?:to|through|thru|till|until|-|–|"
         rf"and)\s*(?:the\s+)?(?:end\s+of\s+)?{POINT}\b(?!\s*\d)", span_range),
        (rf"\b(?:since|from)\s+(?:the\s+)?(?:start\s+of\s+|beginning\s+of\s+)?(?:this\s+|last\s+)?{POINT}"
         rf"(?:\s+(?:to|until|till|through|thru)\s+(?:now|today|date|the present))?"
         rf"(?=\s*(?:to|until|till|through|thru)\s+(?:now|today|date)|\s*$|\s*[?,.!]|\s+(?:on|at|for|in|how|what)\b)",
         since_point),
        (rf"\b{POINT}\s+(?:to|until|till|through|thru)\s+(?:now|today|date|the present)\b", since_point),
        (r"\b(?:the\s+)?(?:past|previous|last)\s+(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
         r"(?=\s*(?:$|[?,.!]))", past_n_bare),
        (r"\b(?:from|between|tu)\s+(\d{4}-\d{2}-\d{2})\s+(?:to|and|until|till|den|-)\s+(\d{4}-\d{2}-\d{2})\b",
         iso_range),
        (rf"\b(?:from|between|tu)?\s*({MONTH_RE})\.?\s+{DAY}(?:,?\s+{YEAR})?\s*(?:to|and|until|till|through|thru|-|–)\s*"
         rf"(?:({MONTH_RE})\.?\s+)?{DAY}(?:,?\s+{YEAR})?\b", range_days),
        (r"\b(?:q|quarter\s*)([1-4])\s+(?:of\s+)?(last|this)\s+year\b",
         lambda m: _quarter_period(int(m.group(1)), today.year - (1 if m.group(2) == "last" else 0), today)),
        (rf"\b({MONTH_RE})\b\.?\s+(?:of\s+)?(this|last)\s+year\b", month_year_word),
        (r"\b(?:since|after)\s+(?:i\s+(?:started|joined|began|signed up)|(?:the\s+)?(?:beginning|start)"
         r"(?:\s+of\s+(?:time|my\s+\w+|the\s+data))?(?!\s+of\b)|day one|forever)\b"
         r"|\b(?:all[\s-]time|ever|of all time|in total overall|tu truoc den nay|tu dau)\b", "all"),
        (rf"\b(?:since|after|from)\s+(?:the\s+(?:start|beginning)\s+of\s+)?({MONTH_RE})\.?\s+{DAY}(?:,?\s+{YEAR})?\b",
         since_day),
        (rf"\b(?:since|from|after)\s+(?:the\s+(?:start|beginning)\s+of\s+)?({MONTH_RE})\b\.?(?:\s+{YEAR})?", since_month),
        (r"\b(?:year[\s-]to[\s-]date|ytd|so far this year|this year so far|this year|this calendar year|nam nay"
         r"|since (?:the )?(?:start|beginning) of (?:the|this) year|since january)\b",
         lambda m: year_offset(0)),
        (r"\b(?:the\s+)?past\s+year\b|\bthe last year\b|\b(?:last|past) twelve months\b", lambda m: rolling("months", 12)),
        (r"\b(?:the\s+)?(?:past|last)\s+half(?:\s+a)?\s+year\b|\b(?:the\s+)?(?:past|last)\s+six months\b",
         lambda m: rolling("months", 6)),
        (r"\b(?:last|previous|prior)\s+(?:calendar\s+)?year\b|\bnam (?:ngoai|truoc|roi)\b", lambda m: year_offset(1)),
        (r"\b(?:the\s+)?year before(?:\s+(?:that|last))?\b", "rel_year"),
        (r"\b(?:month[\s-]to[\s-]date|mtd|so far this month|this month so far|this month|current month|thang nay)\b",
         lambda m: month_offset(0)),
        (r"\b(?:the\s+)?month before(?:\s+(?:that|last))?\b|\bthang truoc (?:do|nua)\b|\bprevious one\b", "rel_month"),
        (r"\b(?:last|previous|prior)\s+month\b|\bpast month\b|\bthang (?:truoc|roi|vua roi)\b",
         lambda m: month_offset(1)),
        (rf"\b{NUM}\s+months?\s+ago\b|\b(\d+)\s+thang truoc\b", n_months_ago),
        (r"\b(?:this|current)\s+quarter\b|\bquy nay\b", lambda m: quarter_offset(0)),
        (r"\b(?:last|previous|past)\s+quarter\b|\bquy truoc\b", lambda m: quarter_offset(1)),
        (r"\bsince the (\d{1,2})(?:st|nd|rd|th)\b(?!\s+of)", since_nth),
        (rf"\b(?:q|quy\s*|quarter\s*)([1-4])\b(?:\s*(?:of\s+)?{YEAR})?",
         lambda m: _quarter_period(int(m.group(1)), int(m.group(2)) if m.group(2) else None, today)),
        (rf"\b(first|1st|second|2nd|third|3rd|fourth|4th)\s+quarter\b(?:\s*(?:of\s+)?{YEAR})?",
         lambda m: _quarter_period(ORDINAL_QUARTER[m.group(1)], int(m.group(2)) if m.group(2) else None, today)),
        (r"\b(?:this|current)\s+week\b|\btuan nay\b", this_week),
        (r"\b(?:last|previous)\s+week\b|\btuan (?:truoc|roi)\b", last_week),
        (r"\b(?:the\s+)?week before(?:\s+that)?\b", "rel_week"),
        (r"\b(?:today|so far today|hom nay)\b", lambda m: Period(today, today, "today", "day")),
        (r"\b(?:yesterday|hom qua)\b",
         lambda m: Period(today - timedelta(days=1), today - timedelta(days=1), "yesterday", "day")),
        (rf"\b(?:in\s+the\s+|over\s+the\s+|during\s+the\s+|for\s+the\s+|within\s+the\s+)?(?:last|past|previous|recent)\s+"
         rf"{NUM}\s+(days?|weeks?|months?|years?)\b|\b(\d+)\s+(ngay|tuan|thang|nam)\s+(?:qua|gan day|vua qua|truoc)\b",
         lambda m: rolling(m.group(2) or m.group(4), _n(m.group(1) or m.group(3)))),
        (r"\b(?:(?:in\s+the\s+|over\s+the\s+)?(?:last|past)\s+(?:few|couple(?:\s+of)?)\s+(weeks|months))\b",
         lambda m: rolling(m.group(1), 3 if m.group(0).find("few") >= 0 else 2)),
        (r"\b(?:in\s+the\s+|over\s+the\s+)?(?:last|past)\s+(?:7|seven)\s+days\b|\bpast week\b",
         lambda m: rolling("days", 7)),
        (rf"\b(this|last|next)?\s*(spring|summer|fall|autumn|winter|mua xuan|mua he|mua thu|mua dong)\b(?:\s+{YEAR})?",
         lambda m: _season_period(m.group(2), m.group(1), today)),
        (rf"\b({MONTH_RE})\.?\s+{DAY}(?:st|nd|rd|th)?(?:,?\s+{YEAR})?\b", single_day),
        (rf"\b(?:in|during|for|of|on|over)?\s*({MONTH_RE})\b\.?(?:\s+(?:of\s+)?{YEAR})?",
         lambda m: _month_period(MONTHS[m.group(1)], int(m.group(2)) if m.group(2) else None, today)),
        (rf"\bthang\s+(\d{{1,2}})(?:\s*(?:nam\s+|/)?{YEAR})?\b", vn_month),
        (rf"\b(?:in|during|for|of|nam)\s+{YEAR}\b|^\s*{YEAR}\b|\b{YEAR}\s*$",
         lambda m: Period(date(int(m.group(1) or m.group(2) or m.group(3)), 1, 1),
                          min(date(int(m.group(1) or m.group(2) or m.group(3)), 12, 31), today),
                          str(m.group(1) or m.group(2) or m.group(3)), "year")),
    ]


def find_periods(text: str, today: date) -> list[tuple[Period, tuple[int, int]]]:
    """Every period the (normalised) text names, left to right, with its span. "may" is a month only where it
    reads as one ("in May", "May 2025", "since may"), not as the verb."""
    found: list[tuple[Period, tuple[int, int]]] = []
    taken: list[tuple[int, int]] = []
    for pattern, build in _rules(today):
        for m in re.finditer(pattern, text):
            span = m.span()
            if any(a < span[1] and span[0] < b for a, b in taken):
                continue
            word = m.group(0).strip()
            abbrev = re.fullmatch(rf"(?:in|during|for|of|on|over)?\s*({MONTH_RE})\.?", word)
            if abbrev and abbrev.group(1) not in calendar.month_name[1:] and abbrev.group(1) != "sept" and \
                    abbrev.group(1).lower() not in [n.lower() for n in calendar.month_name[1:]] and \
                    not re.search(r"\b(?:in|during|for|of|since|from|on|over|until|before|after)\s*$",
                                  text[max(0, span[0] - 10):span[0] + (len(m.group(0)) - len(m.group(0).lstrip()))]) \
                    and not re.match(r"\s*(?:in|during|for|of|on|over)\b", m.group(0)):
                continue  # "APR", "dec", "mar" alone are words, not months
            if re.search(r"\bmay\b", word) and not re.search(
                    r"\b(?:in|during|for|of|since|from|on|over|last|this|and|to|through|thru|till|until)\s+may\b"
                    r"|\bmay\s+(?:\d|of\b|to\b|through\b|thru\b|-)", word) \
                    and not re.search(r"\b(?:in|during|for|since|from)\s+may\b", text[max(0, span[0] - 8):span[1]]):
                continue
            if build == "all":
                period = Period(date(1900, 1, 1), today, "all time", "all")
            elif build in ("rel_month", "rel_year", "rel_week"):
                grain = build[4:]
                if grain == "month":
                    first = add_months(today.replace(day=1), -2)
                    period = Period(first, month_bounds(first.year, first.month)[1], f"{first:%B %Y}", "month", True)
                elif grain == "year":
                    period = Period(date(today.year - 2, 1, 1), date(today.year - 2, 12, 31), str(today.year - 2),
                                    "year", True)
                else:
                    end = today - timedelta(days=today.weekday() + 8)
                    period = Period(end - timedelta(days=6), end, "the week before last", "week", True)
            else:
                period = build(m)
            if period is None:
                continue
            found.append((period, span))
            taken.append(span)
    found.sort(key=lambda p: p[1][0])
    return found


def full_months_before(today: date, n: int) -> Period:
    return _full_months_before(today, n)


# ---- amounts ---------------------------------------------------------------------------------------------
_NUMBER = r"(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:[.,]\d+)?)\s*(k|grand|nghin|ngan|tr|trieu)?"
_CUR = r"(?:\s*(?:\$|usd|dollars?|bucks|do|dong|vnd|eur|euros?|€|£|gbp|quid))?"
AMOUNT = rf"(?:\$|€|£)?\s*{_NUMBER}{_CUR}"
OVER = r"over|above|more than|greater than|at least|exceeding|bigger than|larger than|>=?|tren|hon|lon hon|nhieu hon|it nhat"
UNDER = r"under|below|less than|at most|cheaper than|smaller than|up to|no more than|<=?|duoi|it hon|nho hon|khong qua|toi da"


def to_amount(number: str, suffix: str | None) -> Decimal | None:
    raw = number.replace(",", "") if re.fullmatch(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?", number) else number.replace(",", ".")
    try:
        value = Decimal(raw)
    except InvalidOperation:
        return None
    if suffix in ("k", "grand", "nghin", "ngan"):
        value *= 1000
    elif suffix in ("tr", "trieu"):
        value *= 1_000_000
    return value


def find_amounts(text: str) -> tuple[Decimal | None, Decimal | None, list[tuple[int, int]]]:
    """(minimum, maximum, spans) of the amount bounds the text states ("over $50", "between 10 and 20")."""
    spans: list[tuple[int, int]] = []
    low = high = None
    between = re.search(rf"\b(?:between|from|tu|giua)\s+{AMOUNT}\s*(?:and|to|-|–|den|va|toi)\s*{AMOUNT}", text)
    if between:
        a, b = to_amount(between.group(1), between.group(2)), to_amount(between.group(3), between.group(4))
        if a is not None and b is not None:
            return min(a, b), max(a, b), [between.span()]
    dash = re.search(rf"(?:\$|€|£)\s*{_NUMBER}\s*(?:-|–|to)\s*(?:\$|€|£)\s*{_NUMBER}", text)
    if dash:
        a, b = to_amount(dash.group(1), dash.group(2)), to_amount(dash.group(3), dash.group(4))
        if a is not None and b is not None:
            return min(a, b), max(a, b), [dash.span()]
    over = re.search(rf"(?:\b(?:{OVER})\b|(?<!\w)>=?)\s*{AMOUNT}", text)
    if over and (re.search(r"[$€£]|\d\s*(?:k|usd|dollars?|bucks|do|dong|vnd|eur|quid)\b", over.group(0))
                 or re.match(r"\s*(?:over|above|more than|greater than|at least|exceeding|tren|>)", over.group(0))):
        low = to_amount(over.group(1), over.group(2))
        spans.append(over.span())
    under = re.search(rf"(?:\b(?:{UNDER})\b|(?<!\w)<=?)\s*{AMOUNT}", text)
    if under:
        high = to_amount(under.group(1), under.group(2))
        spans.append(under.span())
    return low, high, spans


# ---- measures --------------------------------------------------------------------------------------------
MEASURE_RULES: list[tuple[str, str]] = [
    # (measure, regex) — first match wins, so the specific ones come first.
    ("summary", r"\b(?:summary|summari[sz]e|overview|rundown|run-down|recap|breakdown of my|tong quan|tom tat)\b"
                r"|\bwhere (?:has|have|did|does) (?:all )?(?:my|the) money (?:gone|go|went)\b"
                r"|\bwhat did my (?:finances|money|spending) look like\b|\bhow (?:am i|are my finances) doing\b"
                r"|\bwhat(?:'s| is|s) eating (?:up )?(?:my|the) (?:budget|money|paycheck)\b"
                r"|\bwhere (?:is|'s) (?:all )?my money going\b"),
    ("top_categories", r"\b(?:top|biggest|largest|main|highest|most expensive)\s+(?:(?:\d+|two|three|four|five|six|ten)\s+)?"
                       r"(?:spending\s+|expense\s+)?categor|\bwhich categor|\bwhat categor|\bcategories\b.*\b(?:most|top)"
                       r"|\bwhere (?:does|did|do) (?:all\s+)?(?:my|the) money go\b|\bwhat do i spend (?:the )?most on\b"
                       r"|\b(?:rank|ranking|sort)\b.{0,20}\bcategor|\bwhat did i spend (?:the )?most on\b|\bspend(?:ing)? the most on what\b"
                       r"|\bbreak\s*down\b.*\bby categor|\bby categor|\bper categor|\bdanh muc nao\b"),
    ("top_merchants", r"\b(?:top|biggest|main)\s+(?:\d+\s+|three\s+|five\s+|two\s+)?(?:merchants?|stores?|shops?|places?|"
                      r"vendors?|payees?|retailers?|companies|brands|businesses)\b|\bwhich\s+(?:\w+\s+)?(?:merchants?|"
                      r"stores?|shops?|places?|vendors?|retailers?|supermarkets?|restaurants?|cafes?|coffee shops?|"
                      r"businesses|companies|brands|payees)\b|\bwho (?:gets|got|takes|took) (?:the )?most\b"
                      r"|\b(?:rank|ranking|order|sort)\b.{0,20}\b(?:shops|stores|merchants|places|businesses|payees)\b"
                      r"|\b(?:favou?rite|highest(?: spending)?|most expensive)\s+(?:\w+\s+){0,2}?(?:merchants?|stores?|"
                      r"shops?|places?|vendors?|payees?|businesses|companies|brands|retailers?)\b"
                      r"|\b(?:merchants?|stores?|shops?|places?|vendors?|businesses|companies|brands)\b.{0,30}\bthe most\b"
                      r"|\bwhere (?:do|did|am|have) i (?:been )?(?:spend|shop|spent|spending|shopping)\b.*\bmost\b"
                      r"|\bmost (?:visited|frequented|frequent|used|common)\s+(?:\w+\s+)?(?:merchants?|stores?|shops?|places?|"
                      r"businesses|restaurants?|cafes?)\b|\bwho (?:did|do) i (?:pay|spend|give)\b.*\bmost\b|\bwhere (?:do|did) i (?:spend|shop)\b.*\bmost\b"
                      r"|\bwhere does my \w+ (?:money|budget|spending) go\b|\bcua hang nao\b|\bo dau nhieu nhat\b"),
    ("net", r"\bincome (?:vs\.?|versus|and|against|minus|compared to) (?:spending|expenses|outgoings)\b"
            r"|\b(?:spending|expenses) (?:vs\.?|versus|against|compared to) (?:income|earnings)\b"),
    ("largest", r"\btop\s+(?:\d+|three|five|ten)\s+(?:biggest\s+|largest\s+)?(?:expenses|purchases|transactions|charges|"
                r"payments|orders|bills)\b|\b(?:biggest|largest)\s+(?:\d+|three|five|ten)\b"
                r"|\bthe most (?:i'?ve|i have|i) (?:ever )?(?:spent|paid)\b(?!.*\b(?:categor|merchant|store))"),
    ("compare", r"\bwhich (?:one |of (?:them|the two|those) )?(?:was|is|were|are|cost) (?:more|bigger|higher|larger|less|"
                r"cheaper|smaller|lower)\b|\bcompare (?:them|the two|those|both)\b|\b(?:more|less) (?:expensive|costly|pricey) than\b|\bcost (?:me )?(?:more|less) than\b"
                r"|\bor\b.{0,60}\b(?:costing|cost|spend\w*|paying|pay) (?:me )?(?:more|less|most)\b|\bstacks? up\b|\bagainst (?:last|this|the previous|my usual|the same)\b|\b(?:more|less)\b.{0,40}\bor\b.{0,30}\b(?:before|after|last|this|previous)\b"
                r"|\b(?:going|gone|went) (?:up|down)\b|\b(?:increas|decreas|ris|climb|trend)\w*\b|\bvs\.?\b|\bversus\b|\bcompar|\bthan (?:usual|normal|average|typical|last|the previous|before)\b"
                r"|\bwhich (?:one )?(?:costs?|is costing|cost me|did i spend) (?:me )?more\b|\bdifference between\b"
                r"|\b(?:more|less) than (?:i )?(?:usual|normal|typically|last)\b|\bso sanh\b|\bup or down\b"
                r"|\b(?:more|less)\b.*\b(?:on|at)\b.*\bor\b|\bor\b.*\b(?:more|most)\b\s*\??\s*$"
                r"|\bor\b.{0,40}\b(?:higher|bigger|larger|lower|smaller|cheaper|pricier|more expensive)\b"
                r"|\b(?:higher|bigger|larger|more|less|lower)\b.{0,30}\b(?:or|vs\.?)\b.{0,30}\?\s*$"
                r"|\b(?:higher|lower) than\b(?!\s*[$\d])|\bchanged? (?:since|from)\b|\bwhich is (?:more|bigger|higher)\b"),
    ("largest", r"\b(?:biggest|largest|most expensive|priciest|highest|costliest|max(?:imum)?|lon nhat|dat nhat|"
                r"to nhat|nhieu nhat mot lan)\b(?!\s+(?:\d+\s+)?(?:spending\s+)?(?:categor\w*|merchants?|stores?|shops?|places?|vendors?"
                r"|months?)\b)"
                r"|\bmost (?:i'?ve |i have |i )?(?:spent|paid)\b.*\b(?:in one go|at once|one time|single|one purchase|"
                r"one order|one transaction|one trip)\b"),
    ("smallest", r"\b(?:smallest|cheapest|lowest|least expensive|nho nhat|re nhat)\b"
                 r"(?!\s+(?:categor\w*|merchants?|stores?|shops?|places?|months?)\b)"),
    ("monthly_average", r"\b(?:average|avg|typical(?:ly)?|usually|normally|on average|trung binh)\b.*"
                        r"\b(?:month|monthly|a month|per month|each month|thang)\b|\b(?:per|a|each|every|mỗi|moi)\s+month\b"
                        r".*\b(?:average|avg|typical|usually|normally|on average)\b|\bmonthly (?:average|avg|mean)\b|\b(?:average|avg|mean) monthly\b"
                        r"|\b(?:average|typical|normal)\s+month\b|\bmoi thang\b|\bhang thang\b"
                        r"|\bmonthly (?:\w+ ){0,2}(?:bill|cost|payment|charge|spend\w*)\b|\bhow much (?:do|does) (?:i|it|my \w+) "
                        r"(?:spend|cost|pay)\w* (?:a|per|each|every) month\b"),
    ("average", r"\baverage\b|\bavg\b|\btypical\b|\btrung binh\b"),
    ("count", r"\bhow many\b|\bnumber of\b|\bhow often\b|\bcount\b|\bhow frequently\b|\bbao nhieu lan\b|\bmay lan\b"
              r"|\bso lan\b|\bbao nhieu giao dich\b"),
    ("net", r"\bnet\b|\bcash ?flow\b|\b(?:did|do|have) i save\b|\bhow much (?:did|have) i saved?\b|\bsavings? rate\b"
            r"|\bleft over\b|\bincome (?:minus|vs\.?|versus|after) (?:spending|expenses)\b|\btiet kiem duoc\b"),
    ("income", r"\bhow much (?:did|do|have) i (?:make|made|earn|bring in|take home)\b|\bi (?:made|make) from\b|\bincome\b|\bearn(?:ed|ings|ing)?\b|\bcame in\b|\bcome in\b|\bcoming in\b|\bpaid me\b|\bgot paid\b"
               r"|\bget(?:ting|s)? paid\b|\bpay me\b|\brefunds?\b|\breimburse\w*|\bsalary\b|\bpaychecks?\b|\bpay ?checks?\b|\bdeposits?\b|\bmoney in\b|\breceived?\b|\bwages?\b"
               r"|\bthu nhap\b|\bluong\b|\bkiem duoc\b|\btien vao\b"),
    ("list", r"^\s*(?:show|list|find|search|pull up|look up|display|give me (?:a )?list|what were|which (?:transactions|"
             r"purchases|payments|charges|orders))\b"
             r"|\bwhat (?:did i buy|were (?:my|the|those))\b|\bwhen did i\b|\blast time i\b|\bdid i (?:buy|get)"
             r"\b.*\?\s*$|\btransactions? (?:list|details)\b|\bliet ke\b|\bcho xem\b"),
]
SPEND_CUE = re.compile(
    r"\b(?:how much|spen[dt]|spending|cost|costs|costing|paid|pay|paying|bought|buy|total|totals|sum|blew|blow|"
    r"dropped|shelled|fork(?:ed)? out|went on|go(?:es)? (?:on|to)|expenses?|bills?|charges?|purchases?|orders?|"
    r"transactions?|add(?:ed)? up|outgoings|damage|tieu|chi|het bao nhieu|bao nhieu|mat bao nhieu|tong)\b")
GROUP_BY_RE = {
    "category": re.compile(r"\bby categor|\bper categor|\bcategory breakdown\b|\beach categor|\btheo danh muc\b"),
    "merchant": re.compile(r"\bby (?:merchant|store|shop|vendor)|\bper (?:merchant|store|shop)\b"),
    "month": re.compile(r"\bby month\b|\bper month\b|\bmonth by month\b|\beach month\b|\btheo thang\b"),
}
TOP_N = re.compile(r"\btop\s+(\d+|one|two|three|four|five|six|seven|eight|nine|ten)\b|\b(?:last|latest|most recent|"
                   r"recent|first)\s+(\d+|three|five|ten)\b(?!\s*(?:full\s+)?(?:days?|weeks?|months?|years?|quarters?)\b)|\b(\d+|three|five|ten)\s+"
                   r"(?:biggest|largest|most expensive|top)\b|\btop\s+(\d+)\s*$|\b(\d+) (?:merchants|stores|categories|"
                   r"places|shops)\b")


ASKS_AMOUNT = re.compile(r"\bhow much\b|\btotal\b|\bsum\b|\bbao nhieu\b|\bhet\b|\bcost\b|\badd(?:ed)? up\b")


def find_measure(text: str) -> tuple[str | None, tuple[int, int] | None]:
    for measure, pattern in MEASURE_RULES:
        if measure == "list" and ASKS_AMOUNT.search(text):
            continue
        m = re.search(pattern, text)
        if m:
            return measure, m.span()
    return None, None


WEEKDAYS = {"monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4, "saturday": 5, "sunday": 6}
WEEKDAY_RE = re.compile(r"\b(?:on |during |over )?(?:the )?(weekends?|weekdays?|workdays?|(?:mon|tues|wednes|thurs|fri|satur|sun)"
                        r"days?)\b|\b(?:cuoi tuan)\b")


def find_weekdays(text: str) -> tuple[list[int], list[tuple[int, int]]]:
    """Days of the week the question limits to ("on weekends", "fridays"): 0 = Monday … 6 = Sunday."""
    days: list[int] = []
    spans = []
    for m in WEEKDAY_RE.finditer(text):
        word = (m.group(1) or "weekend").rstrip("s")
        if word == "weekend" or "cuoi tuan" in m.group(0):
            found = [5, 6]
        elif word in ("weekday", "workday"):
            found = [0, 1, 2, 3, 4]
        else:
            found = [WEEKDAYS[word]] if word in WEEKDAYS else []
        days += [d for d in found if d not in days]
        spans.append(m.span())
    return sorted(days), spans


def find_top_n(text: str) -> int | None:
    m = TOP_N.search(text)
    if not m:
        return None
    raw = next(g for g in m.groups() if g)
    return _n(raw)


def find_group_by(text: str) -> str | None:
    return next((k for k, rx in GROUP_BY_RE.items() if rx.search(text)), None)
