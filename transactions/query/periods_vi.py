"""The Vietnamese grammar of periods that English has no counterpart for (accents stripped, as the parser reads
them): months by number words ("tháng mười"), a month of last year ("tháng 10 năm ngoái"), month ranges ("từ tháng
6 đến tháng 8"), the first months or half of a year ("3 tháng đầu năm", "nửa cuối năm ngoái") and day ranges
written day/month ("từ 1/9 đến 15/9"), parts of a month ("đầu tháng 8" = days 1–10, "giữa" 11–20, "cuối" 21 to the end)
or of a year ("cuối năm ngoái" = December), and "từ" one of them to today ("từ đầu tháng 8", "từ tháng 3", "đầu năm
đến giờ"). A month may be named in English after "tháng" ("tháng August"). transactions.query.periods puts these
rules first."""
from __future__ import annotations

import calendar
from collections.abc import Callable
from datetime import date, timedelta

from core.periods import Period, add_months, fmt_day, month_bounds, period_label
from transactions.query.periods_parts import part_of

YEAR = r"((?:19|20)\d{2})"
# month names by number word; "tháng sáu" is left out: without accents it reads as "tháng sau" (next month)
VI_MONTH_WORDS = {"gieng": 1, "mot": 1, "hai": 2, "ba": 3, "tu": 4, "bon": 4, "nam": 5, "bay": 7, "tam": 8,
                  "chin": 9, "muoi": 10, "muoi mot": 11, "muoi hai": 12, "chap": 12}
VI_MONTH_RE = r"muoi mot|muoi hai|gieng|mot|hai|ba|tu|bon|nam(?!\s+(?:ngoai|nay|truoc|roi|\d))|bay|tam|chin|muoi|chap"
# a month named in English after "tháng" ("tháng August", "tháng sept"); not "may": "tháng mấy" (which month?) loses
# its accent to the same letters
EN_MONTHS = {n.lower(): i for names in (calendar.month_name, calendar.month_abbr) for i, n in enumerate(names) if n}
EN_MONTHS["sept"] = 9
EN_MONTHS.pop("may")
MONTH_WORD = rf"(\d{{1,2}}|{'|'.join(sorted(EN_MONTHS, key=len, reverse=True))}|{VI_MONTH_RE})"
# the part of a month: đầu (days 1–10), giữa (11–20), cuối / hết (21 to the end)
PART_DAYS = {"dau": (1, 10), "giua": (11, 20), "cuoi": (21, 31), "het": (1, 31), None: (1, 31)}
PART_EN = {"dau": "early", "giua": "mid", "cuoi": "late"}
# what follows the N of "N tháng gần đây", "2 tuần vừa rồi": the last N of them, never month N
NOT_LAST_N = (r"(?!\s+(?:ngay|tuan|thang)\s+(?:vua\s+)?(?:qua|gan day|gan nhat|moi nhat|vua roi|(?:tro |do )?lai day|"
              r"truoc)\b)")
POINT_VI = rf"(?:(dau|giua|cuoi|het)\s+)?thang\s+{MONTH_WORD}(?:\s*(?:nam\s+|/)?{YEAR})?"
TO_NOW_VI = r"(?:\s+(?:den|toi|cho den)\s+(?:nay|gio|bay gio|hien tai|hom nay))"
# "cùng tháng đó năm ngoái", "cùng kỳ năm trước", "những tháng đó năm ngoái", "cùng kỳ": the last answer's period a
# year earlier (the marker "same_last_year", as "same month last year"), one span, so "năm ngoái" is not read again
# as the year 2025 nor "cùng" as a name. "cùng" or a demonstrative is needed: "tháng 10 năm ngoái" is a month
_VI_STRETCH = r"(?:thang|ky|tuan|quy|thoi gian|thoi diem|khoang thoi gian|giai doan|dot|mua|luc|ngay)"
VI_SAME_LAST_YEAR = (rf"\bcung\s+(?:(?:nhung|cac)\s+)?{_VI_STRETCH}(?:\s+(?:do|ay|nay|kia|vua roi))?"
                     rf"\s+(?:(?:cua|vao|o)\s+)?nam\s+(?:ngoai|truoc|roi)\b"
                     rf"|\b(?:(?:nhung|cac)\s+)?{_VI_STRETCH}\s+(?:do|ay|nay|kia)\s+(?:(?:cua|vao|o)\s+)?nam\s+"
                     r"(?:ngoai|truoc|roi)\b|\bcung ky\b(?!\s+(?:nam|thang|tuan|quy)\b)")


def month_number(word: str) -> int | None:
    """A month said after "tháng": a number, a Vietnamese number word or an English name."""
    number = int(word) if word.isdigit() else VI_MONTH_WORDS.get(word) or EN_MONTHS.get(word)
    return number if number and 1 <= number <= 12 else None


def vi_rules(today: date, *, month_period: Callable[[int, int | None, date], Period],
             month_span: Callable[[int, str | None, int, str | None], Period | None]) -> list:
    """(regex, builder) pairs in priority order; `month_period` and `month_span` are the English grammar's own."""
    def clip(start: date, end: date) -> Period:
        s, e = start, min(end, today)
        return Period(s, e, period_label(s, e, "range", today=today), "range")

    def month(m):
        number = month_number(m.group(1))
        if number is None:
            return None
        year = int(m.group(2)) if m.group(2) else None
        if m.group(3):  # năm ngoái / năm trước: last year's; năm nay: this year's
            year = today.year - (0 if m.group(3) == "nay" else 1)
        return month_period(number, year, today)

    def span(m):
        """"từ tháng 6 đến tháng 8", "từ đầu tháng 8 đến giữa tháng 9": from the first day of the first (or of its
        part) to the last day of the second (or of its part)."""
        a, b = month_number(m.group("a")), month_number(m.group("b") or m.group("bn"))
        if a is None or b is None:
            return None
        whole = month_span(a, m.group("ya"), b, m.group("yb") or m.group("ya"))
        if whole is None or not (m.group("pa") or m.group("pb") in ("dau", "giua", "cuoi")):
            return whole
        start = whole.start.replace(day=PART_DAYS[m.group("pa")][0])
        last = month_bounds(whole.end.year, whole.end.month)[1]
        end = min(last.replace(day=min(PART_DAYS[m.group("pb")][1], last.day)), today)
        return clip(start, end) if start <= end else None

    def since(m):
        """"từ đầu tháng 8", "từ tháng 3 đến nay": from that month (or its part) to today."""
        number = month_number(m.group(2))
        if number is None:
            return None
        whole = month_period(number, int(m.group(3)) if m.group(3) else None, today)
        start = whole.start.replace(day=PART_DAYS[m.group(1)][0])
        if start > today:
            return None
        return Period(start, today, f"since {fmt_day(start)}", "range")

    def since_day(m):
        """"từ ngày 10 tháng trước đến hôm nay", "từ ngày 5 tháng 9", "từ đầu tháng 2026-08 đến nay": from that day
        (of last month, this month, a month by number, or a month written year-month) to today."""
        if m.group("part") and m.group("rel") == "nay":
            return None  # "từ đầu tháng này": this month so far (the month's own rule)
        day = int(m.group("day")) if m.group("day") else PART_DAYS[m.group("part")][0]
        if m.group("rel"):
            first = add_months(today.replace(day=1), -1 if m.group("rel") == "truoc" else 0)
        elif m.group("ym"):
            month = int(m.group("mm"))
            if not 1 <= month <= 12:
                return None
            first = date(int(m.group("ym")), month, 1)
        else:
            number = month_number(m.group("month"))
            if number is None:
                return None
            first = month_period(number, None, today).start
        if not 1 <= day <= month_bounds(first.year, first.month)[1].day or first.replace(day=day) > today:
            return None
        start = first.replace(day=day)
        return Period(start, today, f"since {fmt_day(start)}", "range")

    def part(m):
        """"đầu tháng 8", "cuối tháng trước"-like parts of a named month: early / mid / late, said in the label."""
        number = month_number(m.group(2))
        if number is None:
            return None
        return part_of(PART_EN[m.group(1)], month_period(number, int(m.group(3)) if m.group(3) else None, today),
                       today)

    def year_part(m):
        """"cuối năm ngoái" (December), "đầu năm nay" (January), "giữa năm 2025" (May–August)."""
        year = int(m.group(3)) if m.group(3) else today.year - (1 if m.group(2) in ("ngoai", "truoc") else 0)
        whole = Period(date(year, 1, 1), min(date(year, 12, 31), today), str(year), "year")
        return part_of({"dau": "start of", "giua": "mid", "cuoi": "end of"}[m.group(1)], whole, today) \
            if whole.start <= today else None

    def year_to_date(_m):
        start = date(today.year, 1, 1)
        return Period(start, today, period_label(start, today, "range", today=today), "year")

    def first_months(m):
        year = today.year - (1 if m.group(3) in ("ngoai", "truoc") else 0)
        if m.group(2):  # nửa cuối: the second half
            start, end = date(year, 7, 1), date(year, 12, 31)
        else:
            n = int(m.group(1)) if m.group(1) else 6
            if not 1 <= n <= 12:
                return None
            start, end = date(year, 1, 1), add_months(date(year, 1, 1), n) - timedelta(days=1)
        return clip(start, end) if start <= today else None

    def day_range(m):
        try:
            a = date(today.year, int(m.group(2)), int(m.group(1)))
            b = date(today.year, int(m.group(4)), int(m.group(3)))
        except ValueError:
            return None
        if a > today:
            a, b = a.replace(year=a.year - 1), b.replace(year=b.year - 1)
        if b < a:
            b = b.replace(year=b.year + 1)
        return clip(a, b)

    return [
        (VI_SAME_LAST_YEAR, "same_last_year"),
        (rf"\b(?:tu\s+)?(?:(?P<pa>dau|giua|cuoi)\s+)?thang\s+(?P<a>{MONTH_WORD})(?:\s*(?:nam\s+|/)?(?P<ya>{YEAR}))?"
         rf"\s*(?:den|toi|cho den|-|–)\s*(?:(?:(?P<pb>dau|giua|cuoi|het)\s+)?thang\s+(?P<b>{MONTH_WORD})|(?P<bn>\d{{1,2}}))"
         rf"(?:\s*(?:nam\s+|/)?(?P<yb>{YEAR}))?\b", span),
        (rf"\btu\s+(?:ngay\s+(?P<day>\d{{1,2}})|(?P<part>dau|giua|cuoi))\s+thang\s+(?:(?P<rel>truoc|nay)|(?P<ym>{YEAR[1:-1]})[-/]"
         rf"(?P<mm>\d{{1,2}})|(?P<month>{MONTH_WORD[1:-1]})(?!\s*(?:nam\s+|/)?(?:19|20)\d{{2}}))\b{TO_NOW_VI}?", since_day),
        (rf"\btu\s+{POINT_VI}\b{TO_NOW_VI}?", since),
        (rf"\b(dau|giua|cuoi)\s+thang\s+{MONTH_WORD}(?:\s*(?:nam\s+|/)?{YEAR})?\b", part),
        (r"\b(?:(\d{1,2})\s+thang\s+dau|nua\s+(?:dau|(cuoi)))\s+nam(?:\s+(nay|ngoai|truoc))?\b", first_months),
        (r"\b(?:tu\s+)?(?:ngay\s+)?(\d{1,2})/(\d{1,2})\s*(?:den|toi|-|–)\s*(?:ngay\s+)?(\d{1,2})/(\d{1,2})(?![/\d])",
         day_range),
        (rf"\b(?:tu\s+)?dau\s+nam(?:\s+nay)?{TO_NOW_VI}\b", year_to_date),
        (rf"(?<!tu )\b(dau|giua|cuoi)\s+nam(?:\s+(nay|ngoai|truoc)|\s+{YEAR})?\b", year_part),
        # not "mỗi tháng 3 tháng gần đây" (a month each over the last 3 months): a number before "tháng" with a word of
        # recency after it is the last N months (the rolling rule)
        (rf"\bthang\s+{MONTH_WORD}{NOT_LAST_N}(?:\s*(?:nam\s+|/)?{YEAR})?(?:\s+nam\s+(ngoai|truoc|nay))?\b", month),
    ]
