"""The rules of the period grammar in priority order: each a regex and the builder of its Period (or a marker
name such as "same_last_year" that transactions.query.periods resolves against the last answer's period). Earlier
rules win a span: Vietnamese and written-out dates first, then closed ranges, then single words.
"""
from __future__ import annotations

import re
from datetime import date, timedelta

from core.periods import (
    HOLIDAY_NAMES_RE,
    Period,
    add_months,
    fmt_day,
    holiday_last,
    holiday_named,
    month_bounds,
    period_label,
)
from transactions.query.periods_dates import NOT_RUN_UP, date_rules
from transactions.query.periods_parts import ago_rules
from transactions.query.periods_seasons import (
    HOLIDAY_SEASON_RES,
    HOLIDAY_SPAN_RE,
    HOLIDAY_WEEKEND_RE,
    SEASON_LIKE,
    VI_SEASON_WHICH,
    _clip,
    _season_period,
    holiday_season,
    holiday_span,
    holiday_weekend,
    season_named,
)
from transactions.query.periods_vi import vi_rules
from transactions.query.periods_words import (
    BEGAN,
    CIRCUMSTANCE,
    DAY,
    MONTH_RE,
    MONTHS,
    NUM,
    POINT,
    POINT_MONTHS,
    START_OF,
    VI_BIG,
    YEAR,
    _day,
    _month_period,
    _month_start_recent,
    _n,
    _quarter_period,
)

# "2 tháng trước", "hai tháng trước" are two months ago, not "tháng trước" (last month) after a number
# ("thứ hai tháng trước" is the second … last month: "thứ" makes the number an order)
NOT_AFTER_VI_NUM = "".join(f"(?<!(?<!\\bthu )\\b{w} )" for w in ("hai", "ba", "bon", "nam", "sau", "bay", "tam", "chin", "muoi")) \
    + r"(?<!\d )"



def period_rules(today: date):
    """(regex, builder) in priority order; a builder returns a Period or None (not a period after all)."""
    def rolling(unit: str, n: int) -> Period:
        if unit.startswith("fortnight"):
            unit, n = "days", 14 * n
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

    def tax_year(m):
        """"this tax year", "last fiscal year", "FY2025", "tax year 2025": a personal tax year is the calendar year (as
        in the US); the label says that reading, for a user whose tax year runs otherwise."""
        said = m.group(2) or m.group(3) or m.group(4)
        y = (2000 + int(said) if len(said) == 2 else int(said)) if said else \
            today.year - (1 if m.group(1) in ("last", "previous", "prior") else 0)
        if date(y, 1, 1) > today:
            return None
        end = min(date(y, 12, 31), today)
        return Period(date(y, 1, 1), end, f"tax year {y}" + (" so far" if end < date(y, 12, 31) else "") +
                      f" (read as the calendar year: {period_label(date(y, 1, 1), end, 'range')})", "year")

    def month_year_word(m):
        k = {"this": 0, "last": 12, "next": -12}[m.group(2)]
        month = MONTHS[m.group(1)]
        return _month_period(month, today.year - (1 if k == 12 else 0) if k else today.year, today) \
            if date(today.year - (1 if k == 12 else 0), month, 1) <= today else None

    def n_months_ago(m):
        return month_offset(_n(m.group(1) or m.group(2)))

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

    def span_range(m):
        """"February to April", "summer through fall", "between March and May 2025": first day of the first
        to the last day of the second (the most recent such span that has started; clipped to today)."""
        a, ya, b, yb = m.group(1), m.group(2), m.group(3), m.group(4) or m.group(2)
        if not yb and m.groupdict().get("rel"):
            yb = str(today.year - (0 if m.group("rel") == "this" else 1))
        first_a, _ = POINT_MONTHS(a)
        _, last_b = POINT_MONTHS(b)
        pair = m.groupdict().get("pair")
        if pair and m.group(4) and not ya and first_a > last_b \
                and int(pair) % 100 == (int(m.group(4)) + 1) % 100:  # "nov to feb 2025/2026"
            ya, yb = m.group(4), str(int(m.group(4)) + 1)
        return month_span(first_a, ya, last_b, yb)

    def month_span(first_a: int, ya: str | None, last_b: int, yb: str | None) -> Period | None:
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

    def half_year(m):
        """"the first half of this year", "H2 2025", "second half of last year": January–June or July–December."""
        which = (m.group(1) or m.group(4) or m.group(8) or "").lower()  # "H2 of last year", "h1 this year", "2025 H2" too
        second = which in ("second", "2nd", "latter", "back", "2", "h2")
        word, year = m.group(2) or m.group(6) or "", m.group(3) or m.group(5) or m.group(7)
        y = int(year) if year else today.year - (1 if word == "last" else 0)
        start = date(y, 7 if second else 1, 1)
        end = date(y, 12, 31) if second else date(y, 6, 30)
        if start > today:
            return None
        s, e = _clip(start, end, today)
        return Period(s, e, f"{'second' if second else 'first'} half of {y}" + (" so far" if e < end else ""),
                      "range")

    def days_of_month(m):
        """"between the 1st and the 15th of last month", "the 1st thru the 7th of September", "first week of May"."""
        whole = month_words(m.group("month"))
        if whole is None:
            return None
        if m.group("week"):
            k = {"first": 0, "1st": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3, "4th": 3, "fifth": 4,
                 "5th": 4}.get(m.group("week"))
            days_in = month_bounds(whole.start.year, whole.start.month)[1].day
            a, b = (1 + 7 * k, min(7 + 7 * k, days_in)) if k is not None else (whole.end.day - 6, whole.end.day)
        else:
            a, b = int(m.group("a")), int(m.group("b"))
        last = month_bounds(whole.start.year, whole.start.month)[1].day
        if not 1 <= a <= b <= last:
            return None
        start, end = whole.start.replace(day=a), whole.start.replace(day=b)
        if start > today:
            return None
        return Period(start, min(end, today), period_label(start, min(end, today), "range"), "range")

    def month_words(word: str) -> Period | None:
        word = word.strip()
        if word in ("last month", "previous month", "prior month"):
            return month_offset(1)
        if word in ("this month", "the month"):
            return month_offset(0)
        return _month_period(MONTHS[word], None, today) if word in MONTHS else None

    def weekend(m):
        """"last weekend", "this weekend", "over the weekend": the Saturday and Sunday of the most recent weekend
        that has started ("last" on a Sunday: the one before; "this past weekend" is one that is over, as "last")."""
        saturday = today - timedelta(days=(today.weekday() - 5) % 7)
        if (m.group("gone") or m.group(3) or m.group(5)) and today.weekday() >= 5:
            saturday -= timedelta(days=7)
        end = min(saturday + timedelta(days=1), today)
        return Period(saturday, end, f"the weekend of {fmt_day(saturday)}", "range")

    def weekends(m):
        """"the last 2 weekends", "past three weekends": from the Saturday of the Nth most recent weekend that has
        started to today; the span stops before "weekends", which stays the weekday filter (Saturdays and Sundays)."""
        n = _n(m.group(1))
        saturday = today - timedelta(days=(today.weekday() - 5) % 7 + 7 * (n - 1))
        return Period(saturday, today, f"the last {n} weekends (since {fmt_day(saturday)})", "range")

    def weekend_before_last() -> Period:
        saturday = today - timedelta(days=(today.weekday() - 5) % 7 + (7 if today.weekday() < 5 else 14))
        return Period(saturday, saturday + timedelta(days=1), f"the weekend of {fmt_day(saturday)}", "range")

    def up_to_month(m):
        """"through September", "until June", "before March": from the start of that year up to the end of the
        month (or of the month before it, for "before"); the most recent such month that has started."""
        month, year = MONTHS[m.group(2)], int(m.group(3)) if m.group(3) else None
        first = _month_start_recent(month, today, year)
        end = add_months(first, 1) - timedelta(days=1)
        if m.group(1) == "before":
            end = first - timedelta(days=1)
        start = date(end.year, 1, 1)
        s, e = _clip(start, end, today)
        return Period(s, e, period_label(s, e, "range", today=today), "range")

    def holiday(m):
        """"since labor day" (that day to today), "on thanksgiving", "black friday" (that day)."""
        d = holiday_last(holiday_named(m.group(2)), today=today)
        if m.group(1):
            return Period(d, today, f"since {fmt_day(d)}", "range")
        return Period(d, d, fmt_day(d), "day")

    def past_n_bare(m):
        """"the past 4" with no unit: months, the unit people leave out."""
        return rolling("months", _n(m.group(1)))

    month_of = rf"(?:the\s+)?(?P<month>last month|previous month|prior month|this month|{MONTH_RE})"
    # Vietnamese months, month ranges and parts of a year come first: "năm ngoái" inside "tháng 10 năm ngoái" is
    # that month's year, not a period of its own; dates and quarters written out ("2026-07-01", "3/1", "1 Jul",
    # "Q4 of last year") before both
    return [*date_rules(today, quarter_period=_quarter_period),
            *vi_rules(today, month_period=_month_period, month_span=month_span, rolling=rolling),
        *((pattern, lambda m: holiday_season(m, today)) for pattern in HOLIDAY_SEASON_RES),
        (HOLIDAY_WEEKEND_RE, lambda m: holiday_weekend(m, today)),
        (HOLIDAY_SPAN_RE, lambda m: holiday_span(m, today)),
        (rf"\b(?:from\s+|between\s+)?(?:the\s+)?{DAY.replace('(', '(?P<a>', 1)}\s*(?:(?:up\s+)?(?:to|through|thru|till|until)(?:\s+and\s+including)?|and|-|–)"
         rf"\s*(?:the\s+)?{DAY.replace('(', '(?P<b>', 1)}\s+(?:of|in)\s+{month_of}\b(?P<week>)", days_of_month),
        (rf"\b(?:the\s+)?(?P<week>first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th|last|final)\s+week\s+(?:of|in)\s+{month_of}\b"
         rf"(?P<a>)(?P<b>)", days_of_month),
        (rf"\b(?:the\s+)?(first|1st|second|2nd|latter|back|front)\s+half\s+(?:of\s+)?(?:the\s+)?(?:(this|last)\s+year"
         rf"|year|{YEAR})\b|\b(h[12])(?:\s+(?:of\s+)?(?:{YEAR}|(this|last)\s+year))?\b|\b{YEAR}\s+(h[12])\b", half_year),
        # "the fortnight before last": the fourteen days before the last fourteen
        (r"\b(?:(?:in|over|during)\s+)?the\s+fortnight\s+before\s+(?:last|that)\b",
         lambda m: Period(today - timedelta(days=27), today - timedelta(days=14), "the fortnight before last "
                          f"({period_label(today - timedelta(days=27), today - timedelta(days=14), 'range')})",
                          "range")),
        (r"\b(?:in\s+|over\s+|during\s+)?(?:the\s+)?(?:last|past|previous)?\s*(?:a\s+)?fortnight\b(?!\s+(?:ago|back|ending|ended|to|up to|until|till|thru|through)\b)"
         r"|\b(?:in\s+the\s+|over\s+the\s+)?(?:last|past)\s+couple\s+(?:of\s+)?weeks\b",
         lambda m: rolling("days", 14)),
        (r"\b(?:in\s+|for\s+)?(?:the\s+)?same\s+(?:month|period|time|stretch|months|weeks?|quarter|dates)\s+(?:a|one)\s+"
         r"year\s+(?:ago|earlier|before|prior)\b|\b(?:in\s+|for\s+)?(?:the\s+)?same\s+(?:month|period|time|months|quarter"
         r"|dates)\s+(?:last|the previous|the prior)\s+year\b|\b(?:a|one) year (?:earlier|before|prior)\b"
         r"|\bthis time last year\b|\b(?:a|one) year (?:ago|back) this month\b|\b(?:this|the same) (?:month|time) (?:a|one) "
         r"year (?:ago|back)\b", "same_last_year"),
        # not "last month after all my spending": there "month" already ends "last month"
        (r"\b(?<!last )(?<!this )(?<!past )(?<!previous )(?:the\s+)?(?:month\s+after(?:\s+that)?|following\s+month|"
         r"next\s+month|month\s+following)\b", "next_month"),
        (r"\b(?:the\s+)?month\s+(?:prior|previous|earlier)(?:\s+to\s+that)?\b|\bthe\s+(?:prior|previous)\s+month\b",
         "rel_month"),
        (r"\b(?:in\s+|for\s+|during\s+|over\s+)?(?:that|the\s+same)\s+(?:month|period|time|stretch|span|week|year|quarter)"
         r"\b|\bin\s+there\b", "that_period"),
        # ("december through to february", "march right up to may": the British "through to" is "to")
        (rf"\b(?:from\s+|between\s+)?(?:the\s+)?{START_OF}?{POINT}\s*(?:(?:right\s+)?(?:(?:up\s+)?(?:to|till|until)|"
         rf"through|thru)(?:\s+to)?|-|–|and)\s*(?:the\s+)?(?:end\s+of\s+)?{POINT}\b(?!\s*\d)"
         # "february to april this year", "march through may of last year": the year the span ends in
         r"(?:,?\s+(?:of\s+|in\s+)?(?P<rel>this|last|previous)\s+year\b)?"
         # "nov to feb 2025/2026", "dec-feb 2025-26": the span across the turn of those two years
         r"(?:\s*[/-]\s*(?P<pair>(?:19|20)?\d{2})\b)?", span_range),
        (rf"\b(?:since|from)\s+(?:the\s+)?{START_OF}?(?:this\s+|last\s+)?{POINT}"
         rf"(?:\s+(?:to|until|till|through|thru)\s+(?:now|today|date|the present))?"
         rf"(?=\s*(?:to|until|till|through|thru)\s+(?:now|today|date)|\s*$|\s*[?,.!]|\s+(?:on|at|for|in|how|what)\b)",
         since_point),
        (rf"\b{POINT}\s+(?:to|until|till|through|thru)\s+(?:now|today|date|the present)\b", since_point),
        (rf"(?<!\d)(?<!\d ){NOT_RUN_UP}\b(until|till|through|thru|up to|up until|before|(?:tinh\s+)?(?:toi|den|cho den)\s+het)\s+(?:the\s+)?(?:end\s+of\s+)?({MONTH_RE})\b\.?"
         rf"(?:\s+{YEAR})?(?!\s*\d)", up_to_month),
        (r"\b(?:the\s+)?(?:past|previous|last)\s+(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
         r"(?=\s*(?:$|[?,.!]|(?:i mean|then|instead|please|actually|or so)\b))", past_n_bare),
        (r"\b(?:from|between|tu)\s+(\d{4}-\d{2}-\d{2})\s+(?:to|and|until|till|den|-)\s+(\d{4}-\d{2}-\d{2})\b",
         iso_range),
        # "oct 1 to 5", "october, 1st thru 5th", "october, the 1st to the 5th"
        (rf"\b(?:from|between|tu)?\s*({MONTH_RE})\.?(?:\s*,\s*(?:the\s+)?|\s+){DAY}(?:,?\s+{YEAR})?\s*"
         rf"(?:to|and|until|till|through|thru|-|–)\s*(?:the\s+)?"
         rf"(?:({MONTH_RE})\.?\s+)?{DAY}(?:,?\s+{YEAR})?\b", range_days),
        (rf"\b({MONTH_RE})\b\.?\s+(?:of\s+)?(this|last)\s+year\b", month_year_word),
        (r"\b(?:since|after)\s+(?:i\s+(?:started|joined|began|signed up)|(?:the\s+)?(?:beginning|start)"
         r"(?:\s+of\s+(?:time|my\s+\w+|the\s+data))?(?!\s+of\b)|day one|forever)\b"
         r"|\b(?:all[\s-]time|ever|of all time|in total overall|tu dau(?!\s+(?:nam|thang|tuan))"
         # "từ trước tới giờ", "từ xưa đến nay", "trước giờ", "xưa nay": ever, all time
         r"|(?<!thang )(?<!tuan )(?<!nam )(?<!quy )(?<!hom )(?<!ky )(?:tu\s+)?(?:truoc|xua)\s+(?:den|toi|cho den)\s+"
         r"(?:nay|gio|bay gio)|(?<!thang )(?<!tuan )(?<!nam )(?<!hom )truoc (?:gio|toi nay)|xua nay)\b"
         # "over my entire history with you", "in all my records", "for as long as I've used the app": all time
         r"|\b(?:(?:over|in|across|during|for|through(?:out)?)\s+)?(?:my|our|the)\s+(?:entire|whole|full|complete)\s+"
         r"(?:history|records?|data)(?:\s+(?:with|in|on)\s+(?:you|moneta|the app|here))?\b"
         r"|\b(?:for\s+)?as long as (?:i'?ve|i have|we'?ve|we have) (?:been )?(?:using|used|had|been on) "
         r"(?:you|moneta|the app|this app|it)\b",
         "all"),
        (rf"\b(?:since\s+{CIRCUMSTANCE}|(?:since|after|from)\s+{START_OF}?)({MONTH_RE})\.?\s+{DAY}(?:,?\s+{YEAR})?\b",
         since_day),
        (rf"\b(?:since\s+{CIRCUMSTANCE}|(?:since|from|after)\s+{START_OF}?)({MONTH_RE})\b\.?(?:\s+{YEAR})?{BEGAN}?", since_month),
        # a season before the year words: "summer last year", "mùa hè năm ngoái" are last year's summer
        # "the cold months" are winter, "the warm months" summer; "winter 2025/26" runs from December 2025
        (rf"\b(this|last|next)?\s*(spring|summer|fall|autumn|winter|mua xuan|mua he|mua thu|mua dong|"
         # "the summer holidays", "over the winter hols": the season's span (not a trip: "holidays in Spain" is one)
         rf"{SEASON_LIKE})\b(?:\s+months\b|\s+(?:holidays|hols)\b(?!\s+(?:in|to|at|abroad|trip)\b))?"
         rf"(?:\s+(vua roi|vua qua|nam ngoai|nam truoc|nam nay|truoc|nay|(?:of\s+)?last year|(?:of\s+)?this year)\b)?"
         rf"(?:\s+(?:of\s+)?{YEAR}(?:\s*[/-]\s*(?:19|20)?\d{{2}}\b)?)?",
         lambda m: _season_period(season_named(m.group(2)), m.group(1) or VI_SEASON_WHICH.get(
             re.sub(r"^of\s+", "", m.group(3) or "")), today, int(m.group(4)) if m.group(4) else None)),
        (r"\b(?:(this|current|last|previous|prior)\s+)?(?:tax|fiscal|financial)\s+year(?:\s+(?:of\s+)?((?:19|20)\d{2}))?\b"
         r"|\bfy\s?'?((?:19|20)\d{2}|\d{2})\b|\b((?:19|20)\d{2})\s+(?:tax|fiscal|financial)\s+year\b", tax_year),
        (r"\b(?:(?:the|this)\s+(?:calendar\s+)?year\s+(?:so far|to date|till now|until now|up to now)|so far (?:in|into|for) "
         r"(?:the|this) year|(?:the\s+)?year[\s-]to[\s-]date|ytd|so far this year|this year so far|(?:this|the current|current) (?:calendar )?year|nam nay"
         r"|since (?:the )?(?:start|starting|beginning) of (?:the|this) year|since (?:the|this) year" + BEGAN + "|since january"
         r"|(?:since|from)\s+(?:the\s+)?new\s+years?'?s?(?:\s+day)?(?!\s+eve)|tu dau nam(?: nay)?(?: (?:den|toi) (?:nay|gio|bay gio|hien tai))?)\b",
         lambda m: year_offset(0)),
        (r"\b(?:the\s+)?past\s+year\b|\bthe last year\b|\b(?:last|past) twelve months\b", lambda m: rolling("months", 12)),
        (r"\b(?:the\s+)?(?:past|last)\s+half(?:\s+a)?\s+year\b|\b(?:the\s+)?(?:past|last)\s+six months\b",
         lambda m: rolling("months", 6)),
        (r"\b(?:last|previous|prior)\s+(?:calendar\s+)?year\b|\bnam (?:ngoai|truoc|roi)\b", lambda m: year_offset(1)),
        (r"\b(?:the\s+)?year before(?:\s+(?:that|last))?\b", "rel_year"),
        (r"\b(?:since (?:the|this) month" + BEGAN + r"|month[\s-]to[\s-]date|mtd|so far this month|this month so far|this month|current month|(?<!\bmay )(?<!\bvai )thang nay"
         r"|(?:tu )?dau thang(?: nay)?(?: (?:den|toi) (?:gio|nay|bay gio|hien tai))?)\b",
         lambda m: month_offset(0)),
        # "tháng trước đó" (the month before that), not "tháng trước đổ xăng" (filled up last month): accents are gone here
        (r"\b(?:the\s+)?month before(?:\s+(?:that|last))?\b|\bthang truoc (?:do(?!\s+(?:xang|dau)\b)|nua)\b"
         r"|\bprevious one\b", "rel_month"),
        (r"\b(?:last|previous|prior)\s+month\b|\bpast month\b|" + NOT_AFTER_VI_NUM + r"\bthang (?:truoc|roi|vua roi)\b",
         lambda m: month_offset(1)),
        (rf"\b{NUM}\s+months?\s+(?:ago|back|earlier|before now)\b|(?<!\bthu )\b(\d+|hai|ba|bon|nam|sau|bay|tam|chin|muoi)\s+thang truoc\b", n_months_ago),
        *ago_rules(today, NUM, _n),
        (r"\b(?:(since|after|from)\s+)?(?:on\s+)?" + HOLIDAY_NAMES_RE + r"\b"
         r"(?(1)(?:\s+(?:to|till|until|thru|through)\s+(?:now|today|date)\b)?)",
         holiday),
        (r"\b(?:this|current)\s+quarter\b|\bquy nay\b", lambda m: quarter_offset(0)),
        (r"\b(?:last|previous|past)\s+quarter\b|\bquy truoc\b", lambda m: quarter_offset(1)),
        (r"\b(?:since|from|starting(?: from)?) the (\d{1,2})(?:st|nd|rd|th)\b(?!\s+of|\s*(?:to|-|and|till|until|thru|through)"
         r"\s+(?:the\s+)?\d)(?:\s+(?:to|till|until|thru|through|up to)\s+(?:now|today|date|the present))?", since_nth),
        (rf"\b(?:(?:over|during|in|for)\s+)?(?:the\s+)?(?:last|past|previous|recent)\s+{NUM}(?=\s+weekends\b)", weekends),
        # "the weekend before last": the one before last weekend
        (r"\b(?:(?:over|during|on)\s+)?the\s+weekend\s+before\s+last\b", lambda m: weekend_before_last()),
        (r"\b(?:(?:over|during)\s+the|(this)(?:\s+(?P<gone>past|just gone))?|(last|previous|past))\s+weekend\b(?!s)"
         r"|\bcuoi tuan (?:(nay)|(truoc|roi|vua roi|vua qua|qua))\b", weekend),
        # "in the last week", "over the past week": the last seven days ("last week" alone is the calendar week)
        (r"\b(?:in|over|during|within|across|throughout|for)\s+the\s+(?:last|past)\s+(?:1\s+|one\s+)?week\b"
         r"(?!\s+(?:of|in|before)\b)", lambda m: rolling("days", 7)),
        (r"\b(?:this|current)\s+week\b|\btuan nay\b", this_week),
        (r"\b(?:last|previous)\s+week\b|" + NOT_AFTER_VI_NUM + r"\btuan (?:truoc|roi)\b", last_week),
        (r"\b(?:the\s+)?week before(?:\s+that)?\b", "rel_week"),
        # "vs the 2 weeks before", "and the 30 days prior?": a stretch as long as the one named, just before it
        (rf"\b(?:the\s+)?{NUM}\s+(?:days|weeks|months|years)\s+(?:before|prior|earlier)(?:\s+that)?\b"
         r"(?=\s*(?:$|[?.!,;)]|and\b|or\b))", "rel_stretch"),
        (r"\b(?:today|so far today|hom nay)\b", lambda m: Period(today, today, "today", "day")),
        (r"\b(?:yesterday|hom qua)\b",
         lambda m: Period(today - timedelta(days=1), today - timedelta(days=1), "yesterday", "day")),
        (rf"\b(?:in\s+the\s+|over\s+the\s+|during\s+the\s+|for\s+the\s+|within\s+the\s+)?(?:last|past|previous|recent|"
         rf"prior|preceding)\s+"
         rf"{NUM}\s+(days?|weeks?|months?|years?|fortnights?)\b|\b(\d+|{VI_BIG}|hai|ba|bon|nam|sau|bay|tam|chin|muoi)\s+"
         # "3 tháng gần nhất", "hai tuần vừa rồi", "6 tháng trở lại đây": the last N of them, ending today
         r"(ngay|tuan|thang|nam)\s+(?:vua\s+)?(?:qua|gan day|gan nhat|moi nhat|vua roi|(?:tro |do )?lai day|truoc)\b",
         lambda m: rolling(m.group(2) or m.group(4), _n(m.group(1) or m.group(3)))),
        (r"\b(?:(?:in\s+the\s+|over\s+the\s+)?(?:last|past)\s+(?:few|couple(?:\s+of)?)\s+(days|weeks|months))\b"
         r"|\b(?:may|vai) (tuan|thang) (?:qua|gan day|vua qua|nay)\b",  # "mấy tháng gần đây": the last few months
         lambda m: rolling(m.group(1) or m.group(2), 3 if "few" in m.group(0) or "may" in m.group(0) or "vai" in
                           m.group(0) else 2)),
        (r"\b(?:in\s+the\s+|over\s+the\s+)?(?:last|past)\s+(?:7|seven)\s+days\b|\bpast week\b",
         lambda m: rolling("days", 7)),
        (rf"\b({MONTH_RE})\.?\s+{DAY}(?:st|nd|rd|th)?(?:,?\s+{YEAR})?\b", single_day),
        (rf"\b(?:in|during|for|of|on|over)?\s*({MONTH_RE})\b\.?(?:\s+(?:of\s+)?{YEAR})?",
         lambda m: _month_period(MONTHS[m.group(1)], int(m.group(2)) if m.group(2) else None, today)),
        # "2026-08", "2026/08", "08/2026": a month written as numbers
        (rf"(?<![\d-]){YEAR}[-/](\d{{1,2}})(?![\d-])",
         lambda m: _month_period(int(m.group(2)), int(m.group(1)), today) if 1 <= int(m.group(2)) <= 12 else None),
        (rf"(?<![\d/.-])(\d{{1,2}})/{YEAR}(?![\d/])",
         lambda m: _month_period(int(m.group(1)), int(m.group(2)), today) if 1 <= int(m.group(1)) <= 12 else None),
        (rf"\b(?:in|during|for|of|nam|vs\.?|versus|against|than|with|early|mid|late)\s+{YEAR}\b|^\s*{YEAR}\b"
         rf"|\b{YEAR}\s*[?.!]?\s*$",
         lambda m: Period(date(int(m.group(1) or m.group(2) or m.group(3)), 1, 1),
                          max(date(int(m.group(1) or m.group(2) or m.group(3)), 1, 1),
                              min(date(int(m.group(1) or m.group(2) or m.group(3)), 12, 31), today)),
                          str(m.group(1) or m.group(2) or m.group(3)), "year")),
    ]
