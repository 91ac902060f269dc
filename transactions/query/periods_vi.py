"""The Vietnamese grammar of periods that English has no counterpart for (accents stripped, as the parser reads
them): months by number words ("tháng mười"), a month of last year ("tháng 10 năm ngoái"), month ranges ("từ tháng
6 đến tháng 8"), the first months or half of a year ("3 tháng đầu năm", "nửa cuối năm ngoái"), days of a month
("từ ngày 1 đến 15 tháng này"), parts of a month ("đầu tháng 8" = days 1–10, "giữa" 11–20, "cuối" 21 to the end)
or of a year ("cuối năm ngoái" = December), and "từ" one of them to today ("từ đầu tháng 8", "từ tháng 3", "đầu năm
đến giờ"). A month may be named in English after "tháng" ("tháng August"). Numeric dates and ranges of them ("từ 1/9 đến
15/9", "20.12.2025 đến 10.1.2026") are transactions.query.periods_dates' (one reading of every written date)."""
from __future__ import annotations

import calendar
from collections.abc import Callable
from datetime import date, timedelta

from core.periods import Period, add_months, fmt_day, month_bounds, period_label
from transactions.query.periods_parts import part_of
from transactions.query.periods_words import _n

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
# "tháng" may be left out before a month's English name ("từ đầu August tới giờ")
_EN_NAME = "|".join(sorted((n for n in EN_MONTHS if len(n) > 3 or n == "sep"), key=len, reverse=True))
THANG = rf"(?:thang\s+|(?=(?:{_EN_NAME})\b))"
POINT_VI = (rf"(?:(dau|giua|cuoi|het)\s+)?{THANG}{MONTH_WORD}"
            rf"(?:\s*(?:nam\s+|/)?{YEAR})?")
TO_NOW_VI = r"(?:\s+(?:den|toi|cho den)\s+(?:nay|gio|bay gio|hien tai|hom nay))"
# "cùng tháng đó năm ngoái", "cùng kỳ năm trước", "những tháng đó năm ngoái", "cùng kỳ": the last answer's period a
# year earlier (the marker "same_last_year", as "same month last year"), one span, so "năm ngoái" is not read again
# as the year 2025 nor "cùng" as a name. "cùng" or a demonstrative is needed: "tháng 10 năm ngoái" is a month
_VI_STRETCH = r"(?:thang|ky|tuan|quy|thoi gian|thoi diem|khoang thoi gian|giai doan|dot|mua|luc|ngay)"
VI_SAME_LAST_YEAR = (rf"\bcung\s+(?:(?:nhung|cac)\s+)?{_VI_STRETCH}(?:\s+(?:do|ay|nay|kia|vua roi))?"
                     rf"\s+(?:(?:cua|vao|o)\s+)?nam\s+(?:ngoai|truoc|roi)\b"
                     rf"|\b(?:(?:nhung|cac)\s+)?{_VI_STRETCH}\s+(?:do|ay|nay|kia)\s+(?:(?:cua|vao|o)\s+)?nam\s+"
                     r"(?:ngoai|truoc|roi)\b|\bcung ky\b(?!\s+(?:nam|thang|tuan|quy)\b)")


# the day of a month: "mùng 5" (the first ten days), "ngày 15"; typed "mung", or "mong" by a slip
DAY_WORD = r"(?:ngay|mung|mong)"
# which month a day or a part belongs to: this one, the last one, or one by name or number ("tháng 9", "tháng August")
REL_MONTH = r"(?P<rel>nay|truoc|roi|vua roi|vua qua)"
OF_MONTH = (rf"(?:\s+(?:cua\s+|trong\s+)?thang\s+(?:{REL_MONTH}|(?P<month>{MONTH_WORD[1:-1]})"
            rf"(?:\s*(?:nam\s+|/)?(?P<year>{YEAR[1:-1]})|\s+nam\s+(?P<ly>ngoai|truoc|nay))?))?")
# not a figure: "từ 1 tới 15 triệu" is an amount between two sums, "5 tháng" a count of months
NOT_AMOUNT = (r"(?!\s*(?:k|tr|trieu|nghin|ngan|chuc|tram|ty|usd|do|dong|d|vnd|%|\$|ngay|tuan|nam|lan|cai|tet)\b)"
              rf"(?!\s+thang\b(?!\s+(?:nay|truoc|roi|vua|\d|{MONTH_WORD[1:-1]})\b))")
# the last N of them, said "N tháng rồi", "ba tháng nay", "mấy tuần nay": ending today (not "thứ ba tháng này", a
# weekday, nor "ngày 3 tháng này", a day)
VI_ROLLING = (r"(?<!\bthu )(?<!\bngay )(?<!\bmung )(?<!\bmong )(?<!\bthang )\b(\d{1,2}|hai|ba|bon|nam|sau|bay|tam|chin|muoi|"
              r"muoi hai|may|vai)\s+(ngay|tuan|thang)\s+(?:nay|roi|gio|tro lai|do lai)\b")


def month_number(word: str) -> int | None:
    """A month said after "tháng": a number, a Vietnamese number word or an English name."""
    number = int(word) if word.isdigit() else VI_MONTH_WORDS.get(word) or EN_MONTHS.get(word)
    return number if number and 1 <= number <= 12 else None


def vi_rules(today: date, *, month_period: Callable[[int, int | None, date], Period],
             month_span: Callable[[int, str | None, int, str | None], Period | None],
             rolling: Callable[[str, int], Period]) -> list:
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

    def up_to(m):
        number = month_number(m.group(1))
        whole = None if number is None else month_period(number, int(m.group(2)) if m.group(2) else None, today)
        return None if whole is None else clip(date(whole.start.year, 1, 1), whole.end)

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
        """"đầu tháng 8", "cuối tháng trước"-like parts of a named month: early / mid / late, said in the label; with
        "nửa" before it ("nửa đầu tháng October", "nửa sau tháng 8") the first or second half (1–15, 16–end)."""
        number = month_number(m.group(3))
        if number is None:
            return None
        word = {"dau": "first half", "cuoi": "second half", "sau": "second half"}[m.group(2)] if m.group("nua") \
            else PART_EN[m.group(2)]
        return part_of(word, month_period(number, int(m.group(4)) if m.group(4) else None, today), today)

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

    def first_of(m) -> date | None:
        """The first day of the month a day belongs to: this month unless named ("tháng trước", "tháng 9")."""
        if m.group("month"):
            number = month_number(m.group("month"))
            year = int(m.group("year")) if m.group("year") else None
            if m.group("ly"):  # "tháng 9 năm ngoái": last year's
                year = today.year - (0 if m.group("ly") == "nay" else 1)
            return None if number is None else month_period(number, year, today).start
        return add_months(today.replace(day=1), 0 if m.group("rel") in (None, "nay") else -1)

    def days(m):
        """"từ mùng 1 tới 15", "từ ngày 5 đến ngày 20 tháng trước", "từ 1 tới 10 tháng 9": days of one month (this
        month when none is named, or the last one when the first day has not come yet)."""
        first = first_of(m)
        a, b = int(m.group("a")), int(m.group("b"))
        if first is None or not 1 <= a <= b <= 31:
            return None
        if not m.group("rel") and not m.group("month") and first.replace(day=a) > today:
            first = add_months(first, -1)
        last = month_bounds(first.year, first.month)[1]
        start, end = first.replace(day=min(a, last.day)), min(first.replace(day=min(b, last.day)), today)
        if start > today:
            return None
        label = f"{fmt_day(start)} – {fmt_day(first.replace(day=min(b, last.day)))}"
        return Period(start, end, label + (" so far" if end < first.replace(day=min(b, last.day)) else ""), "range")

    def one_day(m):
        """"mùng 3 tháng trước", "ngày 12 tháng này", "mùng 5": that day (this month's, or last month's when it has
        not come yet); "từ mùng 5 (đến nay)": from it to today."""
        first = first_of(m)
        day = int(m.group("d"))
        if first is None or not 1 <= day <= 31:
            return None
        if not m.group("rel") and not m.group("month") and day > today.day:
            first = add_months(first, -1)
        if day > month_bounds(first.year, first.month)[1].day or first.replace(day=day) > today:
            return None
        d = first.replace(day=day)
        if m.group("since"):
            return Period(d, today, f"since {fmt_day(d)}", "range")
        return Period(d, d, fmt_day(d), "day")

    def day_month(m):
        """"16 Tháng 11", "3 tháng 9 năm 2025" (a date written without "ngày", as Moneta writes dates): that day of
        that month (this year's, or last year's when it has not come yet)."""
        number, day = month_number(m.group("m")), int(m.group("d"))
        if number is None or not 1 <= day <= 31:
            return None
        first = month_period(number, int(m.group("y")) if m.group("y") else None, today).start
        if day > month_bounds(first.year, first.month)[1].day or first.replace(day=day) > today:
            return None
        d = first.replace(day=day)
        return Period(d, d, fmt_day(d), "day")

    def part_rel(m):
        """"đầu tháng này" (days 1–10), "giữa tháng trước", "cuối tháng rồi", "nửa đầu tháng này" (1–15)."""
        first = add_months(today.replace(day=1), 0 if m.group("rel") == "nay" else -1)
        last = month_bounds(first.year, first.month)[1]
        whole = Period(first, min(last, today), f"{first:%B %Y}", "month")
        word = {"dau": "first half", "cuoi": "second half", "sau": "second half"}[m.group("half")] if m.group("half") \
            else PART_EN[m.group("part")]
        return part_of(word, whole, today)

    return [
        (rf"\b(?:tu\s+(?:{DAY_WORD}\s+)?|{DAY_WORD}\s+)(?P<a>\d{{1,2}})\s*(?:den|toi|cho den|-|–)\s*(?:{DAY_WORD}\s+)?"
         rf"(?P<b>\d{{1,2}}){NOT_AMOUNT}{OF_MONTH}\b", days),
        (rf"\b(?P<since>tu\s+)?{DAY_WORD}\s+(?P<d>\d{{1,2}}){NOT_AMOUNT}{OF_MONTH}(?(since){TO_NOW_VI}?)\b", one_day),
        # a day and its month by number, without "ngày": not "3 tháng 2 ngày" (a length), "mỗi 2 tháng 1 lần"
        (rf"(?<![\d/.,-])(?<!\bthu )(?<!\bmoi )\b(?P<d>\d{{1,2}})\s+thang\s+(?P<m>\d{{1,2}})(?:\s*(?:nam\s+|/)?(?P<y>{YEAR[1:-1]}))?"
         r"\b(?!\s*(?:ngay|tuan|thang|nam(?!\s+(?:nay|ngoai|truoc))|lan|gio|phut|k|tr|trieu|nghin|ngan|%|\$|usd|dong)\b)",
         day_month),
        (rf"\b(?:(?P<part>dau|giua|cuoi)|nua\s+(?P<half>dau|cuoi|sau))\s+thang\s+{REL_MONTH}\b"
         r"(?!\s*(?:den|toi)\s+(?:thang|ngay|mung|dau|giua|cuoi|het|nay|gio|bay gio|hien tai|hom nay|\d))",
         part_rel),
        (VI_ROLLING, lambda m: rolling(m.group(2), {"may": 3, "vai": 3}.get(m.group(1)) or _n(m.group(1)))),
        (VI_SAME_LAST_YEAR, "same_last_year"),
        (rf"\b(?:tu\s+)?(?:(?P<pa>dau|giua|cuoi)\s+)?{THANG}(?P<a>{MONTH_WORD})(?:\s*(?:nam\s+|/)?(?P<ya>{YEAR}))?"
         rf"\s*(?:den|toi|cho den|-|–)\s*(?:(?:(?P<pb>dau|giua|cuoi|het)\s+)?{THANG}(?P<b>{MONTH_WORD})|(?P<bn>\d{{1,2}}))"
         rf"(?:\s*(?:nam\s+|/)?(?P<yb>{YEAR}))?\b", span),
        (rf"\btu\s+(?:ngay\s+(?P<day>\d{{1,2}})|(?P<part>dau|giua|cuoi))\s+thang\s+(?:(?P<rel>truoc|nay)|(?P<ym>{YEAR[1:-1]})[-/]"
         rf"(?P<mm>\d{{1,2}})|(?P<month>{MONTH_WORD[1:-1]})(?!\s*(?:nam\s+|/)?(?:19|20)\d{{2}}))\b{TO_NOW_VI}?", since_day),
        (rf"\btu\s+{POINT_VI}\b{TO_NOW_VI}?", since),
        (rf"\b(?P<nua>nua\s+)?(dau|giua|cuoi|(?<=nua )sau)\s+{THANG}{MONTH_WORD}(?:\s*(?:nam\s+|/)?{YEAR})?\b", part),
        (r"\b(?:(\d{1,2})\s+thang\s+dau|nua\s+(?:dau|(cuoi)))\s+nam(?:\s+(nay|ngoai|truoc))?\b", first_months),
        (rf"\b(?:tu\s+)?dau\s+nam(?:\s+nay)?{TO_NOW_VI}\b", year_to_date),
        (rf"(?<!tu )\b(dau|giua|cuoi)\s+nam(?:\s+(nay|ngoai|truoc)|\s+{YEAR})?\b", year_part),
        # "tính tới hết tháng 9", "đến hết tháng 6 năm 2025": from the start of that month's year to its end
        (rf"\b(?:tinh\s+)?(?:den|toi|cho den)\s+het\s+{THANG}{MONTH_WORD}(?:\s*(?:nam\s+|/)?{YEAR})?\b", up_to),
        # not "mỗi tháng 3 tháng gần đây" (a month each over the last 3 months): a number before "tháng" with a word of
        # recency after it is the last N months (the rolling rule)
        (rf"\bthang\s+{MONTH_WORD}{NOT_LAST_N}(?:\s*(?:nam\s+|/)?{YEAR})?(?:\s+nam\s+(ngoai|truoc|nay))?\b", month),
    ]
