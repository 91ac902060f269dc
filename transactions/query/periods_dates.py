"""Periods written as dates: ISO dates ("2026-07-01"), numeric dates ("3/1", "4/15/2026") and a day with a month name
("1 Jul", "30th of September 2026"), alone ("on 2026-10-03": that day), as a range ("2026-07-01 through
2026-09-30", "from 3/1 to 4/15", "1 Jul–30 Sep") or open ("since 2026-09-15": to today; "up to 2026-06-30":
everything until then); and quarters with their year ("Q4 of 2025", "Q4 of last year", "2025 Q4", "quý 4 năm
ngoái"). transactions.query.periods puts these rules first, so a date is never read as an amount or left out.

Numeric dates are month/day (the English order), dotted ones ("07.09.2026") day.month.year; a date that is no valid
month/day ("15/4") is read day/month.
Vietnamese day/month ranges ("từ 1/9 đến 15/9") are the Vietnamese grammar's (periods_vi). A date without a
year is the most recent one that is not in the future; a range's missing year comes from its other end.
"""
from __future__ import annotations

import calendar
import re
from collections.abc import Callable
from datetime import date, timedelta

from core.periods import Period, add_months, fmt_day, full_months_before, period_label
from transactions.query.periods_words import CIRCUMSTANCE, EN_COUNTS, MONTH_RE, MONTHS, ORDINAL_WORDS

ALL_TIME_START = date(1900, 1, 1)

# a day said as an ordinal word before "of" and a month ("the first of September")
_ORDINAL_OF = rf"(?:{'|'.join(ORDINAL_WORDS)})\s+of\s+(?:{MONTH_RE})\b\.?(?:,?\s+(?:19|20)\d{{2}}\b)?"
# one date: ISO, numeric (month/day, optional year), or a day and a month name (either order)
DATE = (rf"(?:{_ORDINAL_OF}|"
        rf"(?:(?:19|20)\d{{2}}[-/.]\d{{1,2}}[-/.]\d{{1,2}}(?![\d/])"
        rf"|\d{{1,2}}/\d{{1,2}}(?:/(?:(?:19|20)?\d{{2}}))?(?![\d/])"
        # "14-06-2026", "14.06.2026": a numeric date with its year, the parts joined by dashes or dots
        rf"|\d{{1,2}}-\d{{1,2}}-(?:19|20)\d{{2}}(?![\d-])|\d{{1,2}}\.\d{{1,2}}\.(?:19|20)\d{{2}}(?![\d.]\d)"
        rf"|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:{MONTH_RE})\b\.?(?:,?\s+(?:19|20)\d{{2}}\b)?"
        rf"|(?:{MONTH_RE})\.?\s+\d{{1,2}}(?:st|nd|rd|th)?\b(?:,?\s+(?:19|20)\d{{2}}\b)?))")
# a month's first or last day said by its edge ("the beginning of March", "the end of May"): an end of a range of dates
# only ("from the first of March through the end of May"); "until the end of May" alone is the period grammar's
_EDGE = (rf"(?:(?:very\s+)?(?:start|beginning|end)|last day)\s+of\s+(?:the\s+month\s+of\s+)?(?:{MONTH_RE})\b\.?"
         rf"(?:,?\s+(?:19|20)\d{{2}}\b)?")
EDGE_DATE = rf"(?:{_EDGE}|{DATE})"
# a Vietnamese date: "15/10", "15/10/2026", "20.12.2025" (day first, like every dotted date), "ngày 3 tháng 10 (năm
# 2026)", ISO; "20.12" without its year only as an end of a range that no sum follows ("từ 1.5 đến 2.5 triệu")
VI_DATE = (r"(?:ngay\s+)?(?:\d{1,2}\s+thang\s+\d{1,2}(?:\s+nam\s+\d{4})?\b|\d{1,2}/\d{1,2}(?:/\d{2,4})?(?![\d/])"
           r"|\d{1,2}\.\d{1,2}\.(?:19|20)\d{2}(?![\d.])|(?:19|20)\d{2}-\d{1,2}-\d{1,2}(?![\d/]))")
_VI_END = (r"(?:ngay\s+)?\d{1,2}\.\d{1,2}(?:\.(?:19|20)\d{2})?(?![\d.])")
_NO_SUM = r"(?!\s*(?:k|tr|trieu|nghin|ngan|ty|usd|d|dong|vnd|%|\$)\b)"
# "up to and including", "through to", "up until": the end is in the range, as with "to"
TO = (r"\s*(?:(?:up\s+)?(?:to|through|thru|till|until)(?:\s+and\s+including|\s+to)?|and|-|–|—)\s*"
      r"(?:the\s+)?")
# "the run-up to …", "leading up to …": the stretch before a day (periods_parts), not everything up to it
NOT_RUN_UP = r"(?<!\brun )(?<!\blead )(?<!\bbuild )(?<!\bleading )(?<!\brun)(?<!\blead)(?<!\bbuild)"
# not inside a Vietnamese day/month range ("từ 1/9 - 15/9") nor a longer number
_NOT_VI = r"(?<!\btu )(?<!\bngay )(?<![\d/.-])"


def _year(raw: str | None) -> int | None:
    if not raw:
        return None
    return int(raw) + (2000 if len(raw) == 2 else 0)


def _parts(token: str) -> list[tuple[int, int, int | None]]:
    """(month, day, year or None) readings of one date, the likelier first."""
    token = token.strip().rstrip(".")
    iso = re.fullmatch(r"((?:19|20)\d{2})[-/.](\d{1,2})[-/.](\d{1,2})", token)
    if iso:
        return [(int(iso.group(2)), int(iso.group(3)), int(iso.group(1)))]
    slash = re.fullmatch(r"(\d{1,2})/(\d{1,2})(?:/(\d{2,4}))?|(\d{1,2})([-.])(\d{1,2})\5(\d{4})", token)
    if slash:
        a, b = int(slash.group(1) or slash.group(4)), int(slash.group(2) or slash.group(6))
        y = _year(slash.group(3) or slash.group(7))
        # dots are written day.month.year wherever they are used ("07.09.2026" is 7 September)
        return [(b, a, y), (a, b, y)] if slash.group(5) == "." else [(a, b, y), (b, a, y)]
    edge = re.fullmatch(r"(?:very\s+)?(start|beginning|end|last day)\s+of\s+(?:the\s+month\s+of\s+)?(.+)", token)
    if edge:  # "the end of may": day 0 stands for the month's last day (_make)
        token = f"{1 if edge.group(1) in ('start', 'beginning') else 0} of {edge.group(2)}"
    said = re.fullmatch(rf"({'|'.join(ORDINAL_WORDS)})\s+of\s+(.+)", token)
    if said:  # "first of september": as "1 of september"
        token = f"{ORDINAL_WORDS[said.group(1)]} of {said.group(2)}"
    named = re.fullmatch(rf"(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({MONTH_RE})\.?(?:,?\s+(\d{{4}}))?", token) or \
        re.fullmatch(rf"({MONTH_RE})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?(?:,?\s+(\d{{4}}))?", token)
    if named:
        first, second = named.group(1), named.group(2)
        month, day = (MONTHS[second], int(first)) if first.isdigit() else (MONTHS[first], int(second))
        return [(month, day, _year(named.group(3)))]
    return []


def _make(month: int, day: int, year: int) -> date | None:
    """That day, or None; day 0 is the month's last day ("the end of February")."""
    if day == 0 and 1 <= month <= 12:
        day = calendar.monthrange(year, month)[1]
    try:
        return date(year, month, day)
    except ValueError:
        return None


def _vi_parts(token: str) -> list[tuple[int, int, int | None]]:
    """(month, day, year or None) of a Vietnamese date: "15/10", "15/10/2026", "20.12.2025", "3 tháng 10 (năm 2026)",
    ISO."""
    token = re.sub(r"^(?:ngay|hom)\s+", "", token.strip())
    spoken = re.fullmatch(r"(\d{1,2})\s+thang\s+(\d{1,2})(?:\s+nam\s+(\d{4}))?", token)
    if spoken:
        return [(int(spoken.group(2)), int(spoken.group(1)), _year(spoken.group(3)))]
    slash = re.fullmatch(r"(\d{1,2})([/.])(\d{1,2})(?:\2(\d{2,4}))?", token)
    if slash:
        return [(int(slash.group(3)), int(slash.group(1)), _year(slash.group(4)))]
    return _parts(token)


def _one(token: str, today: date, parts=_parts) -> date | None:
    """The date a token names; without a year, the most recent such day that is not after today."""
    for month, day, year in parts(token):
        d = _make(month, day, year) if year is not None else _recent(month, day, today)
        if d is not None:
            return d
    return None


def _recent(month: int, day: int, today: date) -> date | None:
    d = _make(month, day, today.year)
    return _make(month, day, today.year - 1) if d is not None and d > today else d


def _range(a_token: str, b_token: str, today: date, parts=_parts) -> Period | None:
    """The two ends of a range, both read the same way (month/day, else day/month); a missing year comes from the
    other end (the start may fall in the year before), or else the end is the most recent such day."""
    first, second = parts(a_token), parts(b_token)
    for k in range(max(len(first), len(second)) if first and second else 0):
        (ma, da, ya), (mb, db, yb) = first[min(k, len(first) - 1)], second[min(k, len(second) - 1)]
        if ya is not None:
            a, b = _make(ma, da, ya), _make(mb, db, yb if yb is not None else ya)
            if a is not None and b is not None and b < a and yb is None:
                b = _make(mb, db, ya + 1)
        elif yb is None and (a := _make(ma, da, today.year)) and a <= today < (_make(mb, db, today.year) or a):
            b = today  # "from 11/20 to 12/5" on 26 Nov: this year's, up to today
        else:
            b = _make(mb, db, yb) if yb is not None else _recent(mb, db, today)
            a = _make(ma, da, b.year) if b is not None else None
            if a is not None and b is not None and a > b:
                a = _make(ma, da, b.year - 1)
        if a is not None and b is not None and a <= b:
            return Period(a, b, period_label(a, b, "range", today=today), "range")
    return None


QUARTER_ORDINALS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4}
# "Q3", "quarter 3", "quý 3", "the fourth quarter", with its year after it ("Q4 of 2025", "Q1-2026", "q1 '26", "Q4 of
# last year", "quý 4 năm ngoái") or before it ("2025 Q4")
QUARTER = (r"(?:\b(?P<y0>(?:19|20)\d{2})\s+)?(?:\b(?:the\s+)?(?:q|quarter\s*|quy\s*)(?P<n>[1-4])"
           # said aloud: "q four last year", "quarter two"
           r"|\b(?:the\s+)?(?:q|quarter)\s+(?P<word>one|two|three|four)"
           r"|\b(?:the\s+)?(?P<ord>first|1st|second|2nd|third|3rd|fourth|4th)\s+quarter)\b"
           r"(?:(?:\s*[-/]\s*|\s+(?:of\s+|in\s+)?(?:the\s+)?|\s+nam\s+)(?:(?P<y>(?:19|20)\d{2})\b|(?P<rel>last|this|"
           r"previous|prior|current)\s+year\b|(?P<vi>ngoai|truoc|nay)\b)|\s*'(?P<yy>\d{2})\b)?")


def date_rules(today: date, *, quarter_period: Callable[[int, int | None, date], Period]) -> list:
    """(regex, builder) pairs in priority order for transactions.query.periods; `quarter_period` is its own (a
    quarter without a year is the most recent one that has started)."""
    def quarter(m: re.Match) -> Period:
        n = int(m.group("n")) if m.group("n") else EN_COUNTS[m.group("word")] if m.group("word") else \
            QUARTER_ORDINALS[m.group("ord")]
        year = m.group("y") or m.group("y0") or (f"20{m.group('yy')}" if m.group("yy") else None)
        if m.group("rel") or m.group("vi"):
            year = str(today.year - (0 if (m.group("rel") or m.group("vi")) in ("this", "current", "nay") else 1))
        return quarter_period(n, int(year) if year else None, today)

    def span(m: re.Match) -> Period | None:
        return _range(m.group("a"), m.group("b"), today)

    def days_of(m: re.Match) -> Period | None:
        """"July 1-15", "1–15 July", "the 3rd of March to the 17th": two days of one month."""
        month, year = m.group("m1") or m.group("m2") or m.group("m3"), m.group("y") or ""
        first, last = m.group("d1") or m.group("d1_") or m.group("d1o"), m.group("d2") or m.group("d2_") or m.group("d2o")
        if m.group("m3") and int(last) < int(first):
            return None  # "the 5th of October to the 2nd": the month of the second day is not said
        return _range(f"{month} {first}", f"{month} {last}{year}", today)

    def week_of(m: re.Match) -> Period | None:
        """"the week of 9/15": Monday to Sunday around that day (up to today)."""
        d = _one(m.group("a"), today)
        if d is None:
            return None
        monday = d - timedelta(days=d.weekday())
        end = min(monday + timedelta(days=6), today)
        return Period(monday, end, f"the week of {fmt_day(monday)}", "week") if monday <= today else None

    def week_ending(m: re.Match) -> Period | None:
        """"the week ending Nov 8": the seven days up to that day; "the week starting Nov 2": seven days from it."""
        d = _one(m.group("a"), today)
        if d is None:
            return None
        start = d - timedelta(days=6) if m.group("end") else d
        end = min(start + timedelta(days=6), today)
        return Period(start, end, period_label(start, end, "range"), "range") if start <= today else None

    def since(m: re.Match) -> Period | None:
        d = _one(m.group("a"), today)
        if d is None or d > today:
            return None
        if m.group("after"):
            d += timedelta(days=1)
        return Period(d, today, f"since {fmt_day(d)}", "range")

    def until(m: re.Match) -> Period | None:
        d = _one(m.group("a"), today)
        if d is None:
            return None
        if m.group("cue") == "before":
            d -= timedelta(days=1)
        return Period(ALL_TIME_START, min(d, today), f"up to {fmt_day(d)}", "range")

    def day(m: re.Match) -> Period | None:
        d = _one(m.group("a"), today)
        return Period(d, d, fmt_day(d), "day") if d is not None and d <= today else None

    def vi_span(m: re.Match) -> Period | None:
        return _range(m.group("a") or m.group("a2"), m.group("b") or m.group("b2"), today, _vi_parts)

    def vi_since(m: re.Match) -> Period | None:
        d = _one(m.group("a"), today, _vi_parts)
        if d is None or d > today:
            return None
        d += timedelta(days=1) if m.group("after") else timedelta(0)
        return Period(d, today, f"since {fmt_day(d)}", "range")

    def vi_until(m: re.Match) -> Period | None:
        d = _one(m.group("a"), today, _vi_parts)
        return Period(ALL_TIME_START, min(d - timedelta(days=1), today), f"up to {fmt_day(d - timedelta(days=1))}",
                      "range") if d is not None else None

    def vi_day(m: re.Match) -> Period | None:
        d = _one(m.group("a"), today, _vi_parts)
        return Period(d, d, fmt_day(d), "day") if d is not None and d <= today else None

    def just_gone(m: re.Match) -> Period | None:
        """"the quarter just gone", "the last full quarter", "quý vừa rồi": the last whole one before this one."""
        said = m.group("g") or m.group("g2") or m.group("g3")
        grain = {"quy": "quarter", "tuan": "week", "nam": "year"}.get(said, said)
        if re.search(r"\b(?:\d+|hai|ba|bon|nam|sau|bay|tam|chin|muoi|may|vai|cac|nhung)\s*$", m.string[:m.start()]):
            return None  # "3 tháng vừa qua": the last 3 months, the rolling rule's
        return previous_whole(grain, today, quarter_period)

    def up_to_quarter(m: re.Match) -> Period | None:
        """"up to the end of Q2", "through Q3 2025", "before Q4": from the start of that quarter's year."""
        q = quarter(m)
        end = q.start - timedelta(days=1) if m.group("cue") == "before" else q.end
        start = date(end.year, 1, 1)
        said = f"{'before' if m.group('cue') == 'before' else 'up to the end of'} {q.label.replace(' so far', '')}"
        return Period(start, end, f"{period_label(start, end, 'range', today=today)} ({said})", "range") \
            if start <= end else None

    def years(m: re.Match) -> Period | None:
        """"from 2025 to 2026": 1 January of the first to 31 December of the second (up to today)."""
        a, b = sorted((int(m.group("ya")), int(m.group("yb"))))
        start, end = date(a, 1, 1), min(date(b, 12, 31), today)
        return Period(start, end, period_label(start, end, "range", today=today), "range") if start <= end else None

    def quarter_span(m: re.Match) -> Period | None:
        """"Q2 thru Q3", "q1-q3 2025": the first day of the first to the last of the second (its year, else the
        latest such span that has started)."""
        qa, qb = int(m.group("qa")), int(m.group("qb"))
        yb = int(m.group("yb") or m.group("ya") or 0) or None
        end = quarter_period(qb, yb, today)
        year = int(m.group("ya")) if m.group("ya") else end.start.year - (1 if qa > qb else 0)
        start = quarter_period(qa, year, today).start
        if start > end.end:
            return None
        return Period(start, end.end, period_label(start, end.end, "range", today=today), "range")

    def quarters(m: re.Match) -> Period | None:
        """"the last 2 quarters", "the past two quarters": the whole quarters before this one, as "last quarter" is
        the one before it; "the last quarter of 2025": its Q4."""
        if m.group("y") or m.group("rel"):
            year = int(m.group("y")) if m.group("y") else today.year - (0 if m.group("rel") == "this" else 1)
            return quarter_period(4, year, today)
        n = int(m.group("n")) if m.group("n").isdigit() else {"two": 2, "three": 3, "four": 4}[m.group("n")]
        idx = today.year * 4 + (today.month - 1) // 3
        first, last = quarter_period((idx - n) % 4 + 1, (idx - n) // 4, today), previous_whole("quarter", today,
                                                                                            quarter_period)
        if last is None:
            return None
        return Period(first.start, last.end, f"{period_label(first.start, last.end, 'range', today=today)} (the last "
                                             f"{n} whole quarters)", "range")

    def day_of_month(n: int, last: bool) -> date | None:
        """The day n of this month (of the last one), when it has come."""
        first = today.replace(day=1)
        if last:
            first = (first - timedelta(days=1)).replace(day=1)
        d = _make(first.month, n, first.year)
        return None if d is None or d > today else d

    def nth_of(m: re.Match) -> Period | None:
        """"the 15th of last month", "since the 3rd of this month (till now)": that day, or from it to today."""
        if not m.group("cue") and re.search(r"(?:\b(?:and|to|through|thru|till|until)|[-–])\s*$", m.string[:m.start()]):
            return None  # "between the 3rd and the 17th of last month": the end of a range of days (periods.py's)
        d = day_of_month(int(m.group("n")), m.group("which") in ("last", "previous", "prior"))
        if d is None:
            return None
        if m.group("cue"):
            d += timedelta(days=1) if m.group("cue") == "after" else timedelta(0)
            return Period(d, today, f"since {fmt_day(d)}", "range")
        return Period(d, d, fmt_day(d), "day")

    def nth_here(m: re.Match) -> Period | None:
        """"on the 15th", "since the 3rd" with no month: this month's day when it has come, else last month's (the
        reading said in the label)."""
        n = int(m.group("n"))
        which, d = "this", day_of_month(n, False)
        if d is None:
            which, d = "last", day_of_month(n, True)
        if d is None:
            return None
        if m.group("cue"):
            d += timedelta(days=1) if m.group("cue") == "after" else timedelta(0)
            return Period(d, today, f"since {fmt_day(d)} (the {m.group('nth')} of {which} month)", "range")
        return Period(d, d, f"{fmt_day(d)} (the {m.group('nth')} of {which} month)", "day")

    def days_here(m: re.Match) -> Period | None:
        """"from the 3rd to the 17th" with no month: of this month when the last day has come, else of the last."""
        a, b = int(m.group("a")), int(m.group("b"))
        first = today.replace(day=1) if b <= today.day else (today.replace(day=1) - timedelta(days=1)).replace(day=1)
        start, end = _make(first.month, a, first.year), _make(first.month, b, first.year)
        if start is None or end is None or start > end:
            return None
        said = re.sub(r"^(?:from|between)\s+", "", m.group(0))
        return Period(start, end, f"{period_label(start, end, 'range', today=today)} ({said}, no month said: the "
                                  f"latest such days)", "range")

    def whole_months(m: re.Match) -> Period:
        """"the last 3 full months", "the past six complete months": calendar months before this one, not a
        rolling window ending today."""
        n = m.group("n")
        return full_months_before(today, int(n) if n.isdigit() else EN_COUNTS[n])

    def months_with_this(m: re.Match) -> Period:
        """"the past 4 months counting this one", "the last three months including the current month": calendar
        months, this one so far and the ones before it."""
        n = m.group("n")
        start = add_months(today.replace(day=1), -((int(n) if n.isdigit() else EN_COUNTS[n]) - 1))
        return Period(start, today, f"{period_label(start, today, 'range', today=today)} ({n} months with this one)",
                      "range")

    def whole_weeks(m: re.Match) -> Period:
        """"the past 3 full weeks", "the last two whole weeks": Monday-to-Sunday weeks before this one, not the last
        21 days."""
        n = m.group("n")
        end = today - timedelta(days=today.weekday() + 1)
        start = end - timedelta(days=7 * (int(n) if n.isdigit() else EN_COUNTS[n]) - 1)
        return Period(start, end, f"{period_label(start, end, 'range', today=today)} (the last {n} whole weeks)",
                      "range")

    def months_ending(m: re.Match) -> Period | None:
        """"the 3 months ending September", "the six months to March 2026": that many calendar months, the last
        of them the month named (the latest such that has started)."""
        n = int(m.group("n")) if m.group("n").isdigit() else EN_COUNTS.get(m.group("n"), 0)
        month = MONTHS[m.group("month")]
        year = int(m.group("year")) if m.group("year") else today.year - (1 if date(today.year, month, 1) > today
                                                                          else 0)
        if not 1 <= n <= 24:
            return None
        last = date(year, month, 1)
        start, end = add_months(last, -(n - 1)), min(add_months(last, 1) - timedelta(days=1), today)
        return Period(start, end, period_label(start, end, "range", today=today), "range") if start <= today else None

    def up_to_year(m: re.Match) -> Period | None:
        """"up until the end of 2025", "through last year", "before 2026": everything up to the last day of that
        year (of the one before, for "before"); not the end of a range begun earlier ("from March through 2025")."""
        if re.search(r"\b(?:from|between|since|starting)\b[^,.?!;]*$", m.string[:m.start()]):
            return None
        year = int(m.group("y")) if m.group("y") else today.year - (0 if m.group("rel") == "this" else 1)
        if m.group("cue") == "before":
            year -= 1
        end = min(date(year, 12, 31), today)
        return Period(ALL_TIME_START, end, f"up to {fmt_day(end)}", "range") if year <= today.year else None

    def vi_nth_of(m: re.Match) -> Period | None:
        """"ngày 10 tháng trước" (the 10th of last month), "ngày 12 tháng này": a day of a month said by its place,
        not "10 tháng trước" (ten months ago), which has no "ngày". From it to today ("từ ngày 10 tháng trước đến
        nay") is periods_vi's."""
        d = day_of_month(int(m.group("n")), m.group("which") in ("truoc", "roi", "vua roi"))
        return None if d is None else Period(d, d, fmt_day(d), "day")

    # a date said alone: ISO, with its year, or a day and month that read only one way ("14/06", "6/14": a day past
    # the 12th; "3/4" alone may be a fraction, and "24/7" means around the clock)
    iso_or_named = (r"(?:19|20)\d{2}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}/\d{1,2}/(?:19|20)?\d{2}"
                    r"|\d{1,2}-\d{1,2}-(?:19|20)\d{2}|\d{1,2}\.\d{1,2}\.(?:19|20)\d{2}"
                    r"|(?!24/7\b)(?:1[3-9]|2\d|3[01])/(?:0?[1-9]|1[0-2])(?![\d/])"
                    r"|(?:0?[1-9]|1[0-2])/(?:1[3-9]|2\d|3[01])(?![\d/])"
                    rf"|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:{MONTH_RE})\b\.?(?:,?\s+(?:19|20)\d{{2}})?")
    return [
        # Vietnamese dates are day/month, and two joined by "đến"/"tới" are one range, before any single date could
        # take the last one alone: "từ 1/7 đến 30/9", "1/3 đến 31/3/2026", "20.12.2025 tới 10.1.2026"; "từ 1/7 - 30/9"
        # and "1.3 - 31.3.2026" (dots are day first) with a dash
        (rf"(?:\btu\s+|(?<![\d./]))(?P<a>{VI_DATE}|{_VI_END})\s*(?:den|toi|cho den)\s*(?:het\s+)?"
         rf"(?P<b>{VI_DATE}|{_VI_END}){_NO_SUM}", vi_span),
        (rf"\btu\s+(?P<a>{VI_DATE}|{_VI_END})\s*[-–]\s*(?P<b>{VI_DATE}|{_VI_END}){_NO_SUM}"
         rf"|(?<![\d./])(?P<a2>{_VI_END})\s*[-–]\s*(?P<b2>{_VI_END}){_NO_SUM}", vi_span),
        (rf"\bsince\s+{CIRCUMSTANCE}(?:the\s+)?(?P<after>(?!))?(?P<a>{DATE})", since),
        (r"\b(?:the\s+)?(?:last|past|previous|prior|preceding)\s+(?P<n>[1-9]|1[0-2]|two|three|four|five|six|seven|eight|"
         r"nine|ten|eleven|twelve)\s+(?:calendar\s+)?months?\s*,?\s*(?:counting|including|incl\.?|with|plus|and)\s+"
         r"(?:this|the current|the present|the ongoing)\s+(?:one|month)(?:\s+(?:so far|too|as well|included))?\b",
         months_with_this),
        (r"\b(?:the\s+)?(?:last|past|previous|prior|preceding)\s+(?P<n>[1-9]|1[0-2]|two|three|four|five|six|seven|eight|"
         r"nine|ten|eleven|twelve)\s+(?:full|whole|complete|completed|calendar|entire)\s+months?\b", whole_months),
        # "the 3 months before this one", "the two months prior to the current month": the full months before it
        (r"\b(?:the\s+)?(?P<n>[1-9]|1[0-2]|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+(?:full\s+|whole\s+|"
         r"complete\s+|calendar\s+)?months?\s+(?:before|prior to|preceding)\s+(?:this|the current|the present|now)"
         r"(?:\s+(?:one|month))?\b", whole_months),
        (r"\b(?:the\s+)?(?:last|past|previous|prior|preceding)\s+(?P<n>[1-9]|1[0-2]|two|three|four|five|six|seven|eight|"
         r"nine|ten|eleven|twelve)\s+(?:full|whole|complete|completed|calendar|entire)\s+weeks?\b", whole_weeks),
        (rf"\b(?:the\s+)?(?P<n>\d{{1,2}}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+months?\s+"
         rf"(?:ending|ended|that ended|to|through|thru|up to)\s+(?:the\s+end\s+of\s+)?(?:in\s+)?(?P<month>{MONTH_RE})\b\.?"
         rf"(?:,?\s+(?P<year>(?:19|20)\d{{2}})\b)?", months_ending),
        (r"\b(?:from\s+|between\s+)?q(?P<qa>[1-4])(?:\s+(?P<ya>(?:19|20)\d{2}))?\s*(?:to|through|thru|till|until|and|-|–)"
         r"\s*q(?P<qb>[1-4])(?:\s+(?P<yb>(?:19|20)\d{2}))?\b", quarter_span),
        (r"\b(?:the\s+)?(?:last|final)\s+quarter\s+of\s+(?:(?P<y>(?:19|20)\d{2})|(?P<rel>last|this|previous)\s+year)\b"
         r"|\b(?:the\s+)?(?:last|past|previous|prior)\s+(?P<n>[234]|two|three|four)\s+(?:whole\s+|full\s+)?quarters\b",
         quarters),
        (rf"{NOT_RUN_UP}\b(?P<cue>until|till|up to|up until|through|thru|by|before)\s+(?:the\s+)?(?:(?:very\s+)?end\s+of\s+)?"
         rf"(?:the\s+)?{QUARTER}", up_to_quarter),
        (rf"{NOT_RUN_UP}\b(?P<cue>until|till|up to|up until|up till|through|thru|by|before)\s+(?:the\s+)?"
         r"(?:(?:very\s+)?end\s+of\s+)?(?:(?P<y>(?:19|20)\d{2})|(?P<rel>last|this|the previous|the prior)\s+year)"
         r"(?!\s*[-/]\s*\d)\b", up_to_year),
        (r"(?<!\btu )(?<!\bsau )(?<!\bden )(?<!\btoi )\bngay\s+(?:mung\s+)?(?P<n>\d{1,2})\s+(?:cua\s+)?thang\s+(?P<which>truoc|roi|vua roi|nay)\b",
         vi_nth_of),
        (QUARTER, quarter),
        (r"\b(?:from|between)\s+(?P<ya>(?:19|20)\d{2})\s*(?:to|through|thru|until|till|and|-|–)\s*"
         r"(?P<yb>(?:19|20)\d{2})\b", years),
        (r"\b(?:(?P<cue>since|from|after|starting(?: from)?)\s+)?(?:the\s+)?(?P<n>\d{1,2})(?:st|nd|rd|th)\s+of\s+"
         r"(?:the\s+)?(?P<which>last|this|previous|prior|current|(?<=the )(?=month\b))\s*month\b"
         r"(?(cue)(?:\s+(?:to|till|until|thru|through)\s+(?:now|today|date)\b)?)", nth_of),
        (r"\b(?:from|between)\s+the\s+(?P<a>\d{1,2})(?:st|nd|rd|th)\s*(?:(?:up\s+)?(?:to|till|until|through|thru)(?:\s+and\s+including)?|and|-|–)\s*"
         r"(?:the\s+)?(?P<b>\d{1,2})(?:st|nd|rd|th)\b(?!\s+(?:of|in)\b)", days_here),
        (rf"\b(?:(?P<cue>since|from|after|starting(?: from)?)|on)\s+the\s+(?P<nth>(?P<n>\d{{1,2}})(?:st|nd|rd|th))\b"
         rf"(?!\s*(?:of|in|to|up|and|till|until|through|thru|biggest|largest|most|highest|time|one|{MONTH_RE})\b|\s*[-–/])",
         nth_here),
        (r"\b(?:the\s+)?(?P<g>quarter|month|week|year)\s+(?:that\s+)?(?:just\s+)?(?:gone|ended|passed|finished)\b"
         r"|\b(?:the\s+)?(?:last|latest|most recent|previous)\s+(?:full|whole|complete|completed|finished)\s+"
         r"(?P<g2>quarter|month|week|year)\b|\b(?P<g3>quy|tuan|nam)\s+(?:vua\s+(?:roi|qua|ket thuc)|roi)\b",
         just_gone),

        (rf"\b(?:ke\s+)?(?:tu|(?P<after>sau))\s+(?P<a>{VI_DATE})(?:\s+(?:den|toi)\s+(?:nay|gio|bay gio|hom nay))?",
         vi_since),
        (rf"\btruoc\s+(?P<a>{VI_DATE})", vi_until),
        (rf"\b(?P<a>(?:ngay|hom)\s+{VI_DATE})", vi_day),
        (rf"{_NOT_VI}(?:\b(?:from|between)\s+)?(?:the\s+)?(?P<a>{EDGE_DATE}){TO}(?P<b>{EDGE_DATE})"
         rf"(?:\s*\(?\s*(?:inclusive|both included)\s*\)?)?", span),
        (rf"\b(?:(?P<m1>{MONTH_RE})\.?\s+(?P<d1>\d{{1,2}})(?:st|nd|rd|th)?{TO}(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?\b"
         rf"|(?P<d1_>\d{{1,2}})(?:st|nd|rd|th)?{TO}(?P<d2_>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<m2>{MONTH_RE})\b"
         rf"|(?P<d1o>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<m3>{MONTH_RE})\b\.?{TO}(?P<d2o>\d{{1,2}})(?:st|nd|rd|th)\b"
         rf"(?!\s+of\b))"
         rf"(?P<y>,?\s+(?:19|20)\d{{2}}\b)?(?!\s*[/:]|\s+(?:{MONTH_RE})\b)", days_of),
        (rf"\bweek\s+(?:(?P<end>ending|ended|that ended|up to|through|thru)|starting|beginning|commencing|from)"
         rf"\s+(?:on\s+)?(?:the\s+)?(?P<a>{DATE})", week_ending),
        (rf"\bweek of\s+(?:the\s+)?(?P<a>{DATE})", week_of),
        (rf"\b(?:since|(?P<after>after)|from|starting(?: from| on)?)\s+(?:the\s+)?(?P<a>{DATE})"
         rf"(?:\s+(?:to|until|till|through|thru)\s+(?:now|today|date|the present))?", since),
        # a date carried "to date" without "since"/"from" ("the period 1 January 2026 to date"): that date to today
        (rf"\b(?:the\s+)?(?P<a>{DATE})\s+(?:(?P<after>(?!))|to|until|till|up to|through|thru)\s+"
         r"(?:now|today|date|the present)\b", since),
        (rf"{NOT_RUN_UP}\b(?P<cue>until|till|up to|up until|through|thru|before|by)\s+(?:the\s+)?(?P<a>{DATE})", until),
        (rf"\b(?:on|for)\s+(?:the\s+)?(?P<a>{DATE})", day),
        (rf"{_NOT_VI}\b(?P<a>{iso_or_named})(?![\d/-])", day),
    ]


def previous_whole(grain: str, today: date, quarter_period: Callable[[int, int | None, date], Period]) -> Period | None:
    """The last whole month, week (Monday–Sunday), quarter or year before the one today is in."""
    if grain == "quarter":
        idx = today.year * 4 + (today.month - 1) // 3 - 1
        return quarter_period(idx % 4 + 1, idx // 4, today)
    if grain == "month":
        end = today.replace(day=1) - timedelta(days=1)
        return Period(end.replace(day=1), end, f"{end:%B %Y}", "month")
    if grain == "week":
        end = today - timedelta(days=today.weekday() + 1)
        return Period(end - timedelta(days=6), end, "last week", "week")
    if grain == "year":
        return Period(date(today.year - 1, 1, 1), date(today.year - 1, 12, 31), str(today.year - 1), "year")
    return None
