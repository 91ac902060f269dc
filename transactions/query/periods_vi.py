"""The Vietnamese grammar of periods that English has no counterpart for (accents stripped, as the parser reads
them): months by number words ("tháng mười"), a month of last year ("tháng 10 năm ngoái"), month ranges ("từ tháng
6 đến tháng 8"), the first months or half of a year ("3 tháng đầu năm", "nửa cuối năm ngoái") and day ranges
written day/month ("từ 1/9 đến 15/9"). transactions.query.periods puts these rules first."""
from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta

from core.periods import Period, add_months, period_label

YEAR = r"((?:19|20)\d{2})"
# month names by number word; "tháng sáu" is left out: without accents it reads as "tháng sau" (next month)
VI_MONTH_WORDS = {"gieng": 1, "mot": 1, "hai": 2, "ba": 3, "tu": 4, "bon": 4, "nam": 5, "bay": 7, "tam": 8,
                  "chin": 9, "muoi": 10, "muoi mot": 11, "muoi hai": 12, "chap": 12}
VI_MONTH_RE = r"muoi mot|muoi hai|gieng|mot|hai|ba|tu|bon|nam(?!\s+(?:ngoai|nay|truoc|roi|\d))|bay|tam|chin|muoi|chap"


def vi_rules(today: date, *, month_period: Callable[[int, int | None, date], Period],
             month_span: Callable[[int, str | None, int, str | None], Period | None]) -> list:
    """(regex, builder) pairs in priority order; `month_period` and `month_span` are the English grammar's own."""
    def clip(start: date, end: date) -> Period:
        s, e = start, min(end, today)
        return Period(s, e, period_label(s, e, "range", today=today), "range")

    def month(m):
        word = m.group(1)
        number = int(word) if word.isdigit() else VI_MONTH_WORDS[word]
        if not 1 <= number <= 12:
            return None
        year = int(m.group(2)) if m.group(2) else None
        if m.group(3):  # năm ngoái / năm trước: last year's; năm nay: this year's
            year = today.year - (0 if m.group(3) == "nay" else 1)
        return month_period(number, year, today)

    def span(m):
        a, b = int(m.group(1)), int(m.group(3))
        if not (1 <= a <= 12 and 1 <= b <= 12):
            return None
        return month_span(a, m.group(2), b, m.group(4) or m.group(2))

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
        (rf"\b(?:tu\s+)?thang\s+(\d{{1,2}})(?:\s*(?:nam\s+|/)?{YEAR})?\s*(?:den|toi|cho den|-|–)\s*(?:het\s+)?"
         rf"(?:thang\s+)?(\d{{1,2}})(?:\s*(?:nam\s+|/)?{YEAR})?\b", span),
        (r"\b(?:(\d{1,2})\s+thang\s+dau|nua\s+(?:dau|(cuoi)))\s+nam(?:\s+(nay|ngoai|truoc))?\b", first_months),
        (r"\b(?:tu\s+)?(?:ngay\s+)?(\d{1,2})/(\d{1,2})\s*(?:den|toi|-|–)\s*(?:ngay\s+)?(\d{1,2})/(\d{1,2})(?![/\d])",
         day_range),
        (rf"\bthang\s+(\d{{1,2}}|{VI_MONTH_RE})(?:\s*(?:nam\s+|/)?{YEAR})?(?:\s+nam\s+(ngoai|truoc|nay))?\b", month),
    ]
