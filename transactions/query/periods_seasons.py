"""Seasons as periods: spring, summer, fall, winter (English and Vietnamese) and the end-of-year holiday season
("the holidays", "over the holiday season", "last year's holidays"). transactions.query.periods reads them."""
from __future__ import annotations

import re
from datetime import date, timedelta

from core.periods import HOLIDAY_NAMES_RE, HOLIDAYS, Period, holiday_last, holiday_named, month_bounds, period_label


def _clip(start: date, end: date, today: date) -> tuple[date, date]:
    return start, min(end, today) if start <= today else end


SEASONS = {"spring": (3, 5), "summer": (6, 8), "fall": (9, 11), "autumn": (9, 11), "winter": (12, 2),
           "mua xuan": (3, 5), "mua he": (6, 8), "mua thu": (9, 11), "mua dong": (12, 2)}


SEASON_NAMES = {"mua xuan": "spring", "mua he": "summer", "mua thu": "fall", "mua dong": "winter"}
# Vietnamese words after a season: "mùa hè vừa rồi" (the one just past), "mùa đông năm ngoái" (last year's)
VI_SEASON_WHICH = {"vua roi": "last", "vua qua": "last", "truoc": "last", "nam ngoai": "last year",
                   "last year": "last year", "this year": "this",
                   "nam truoc": "last year", "nam nay": "this", "nay": "this"}


# months called by their weather: "the cold months" (winter), "the warmer months" (summer)
SEASON_LIKE = r"(?:cold|colder|cool|cooler|chilly|freezing|warm|warmer|hot|hotter)\s+months"


def season_named(word: str) -> str:
    """The season a word names ("the colder months": winter)."""
    if re.fullmatch(SEASON_LIKE, word):
        return "summer" if re.match(r"warm|hot", word) else "winter"
    return word


def _season_period(name: str, which: str | None, today: date, year: int | None = None) -> Period | None:
    first, last = SEASONS[name]
    if year is not None:  # "summer 2025", "winter '24" (December of that year to February)
        start = date(year, first, 1)
        end = month_bounds(year + 1 if last < first else year, last)[1]
        if start > today:
            return None
        s, e = _clip(start, end, today)
        return Period(s, e, f"{SEASON_NAMES.get(name, name).capitalize()} {year}" + (" so far" if e < end else ""),
                      "range")
    # the most recent season of that name that has started
    year = today.year
    start = date(year, first, 1)
    if start > today or (which == "last year" and first <= last):
        year -= 1
    if which == "last" and date(year, first, 1) <= today <= (
            month_bounds(year + (1 if last < first else 0), last)[1]):
        year -= 1  # "last summer" while it is summer: the one before
    start = date(year, first, 1)
    end_year = year + 1 if last < first else year
    end = month_bounds(end_year, last)[1]
    s, e = _clip(start, end, today)
    label = SEASON_NAMES.get(name, name).capitalize()
    return Period(s, e, f"{label} {year}" + (" so far" if e < end else ""), "range")


# "the holidays" (not "my holiday in Spain", which is Travel): the end-of-year season, a period: its months
HOLIDAY_MONTHS = (11, 12)
_MONTHS = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*"
_FESTIVE = r"(?:(?:christmas|xmas|festive|end of year)\s+)"
_SEASON_PREFIX = (r"(?:(?:over|during|for|in|around|through|across)\s+)?(?:(?P<which>this|last|past|these)\s+|"
                  r"the\s+(?:(?P<y1>(?:19|20)\d{2})\s+)?|(?P<y2>(?:19|20)\d{2})\s+|(?P<ly>last\s+year'?s?)\s+)")
_SEASON_YEAR = r"(?:\s+(?:of\s+)?(?P<y3>(?:19|20)\d{2})|\s+(?P<wy>(?:last|this|previous|past)\s+year)\b)?"
HOLIDAY_SEASON_RES = (
    rf"\b{_SEASON_PREFIX}?(?:{_FESTIVE}?holiday\s+(?:season|period)|(?:christmas|xmas|festive)\s+(?:season|period|"
    rf"holidays))\b{_SEASON_YEAR}",
    # (not "the holidays in Spain", "holidays abroad"; "the holidays in December" is the season)
    rf"\b{_SEASON_PREFIX}holidays\b{_SEASON_YEAR}(?!\s+(?:in|to|at)\b(?!\s+(?:last\s+|this\s+)?{_MONTHS}\b)"
    r"|\s+(?:abroad|trip)\b)",
    # "holidays 2025", "over the holidays of 2024": the season of that year, said with no article
    r"\b(?:(?:over|during|for|in|around|through|across)\s+)?holidays\s+(?:of\s+)?(?P<y3>(?:19|20)\d{2})\b",
    # "christmas spending", "xmas shopping", "christmas gifts": the season's spending, not the one day
    rf"\b{_SEASON_PREFIX}?(?:christmas|xmas)\b{_SEASON_YEAR}(?=\s+(?:spending|shopping|gifts?|presents|expenses|costs?|"
    rf"budget|purchases)\b)",
    # Vietnamese: "mùa lễ năm ngoái", "dịp lễ cuối năm", "mùa Giáng sinh" ("mua le" alone may be "mua lẻ", buying
    # retail: a season only with its year, "cuối năm" or "dịp"/"trong"/"vào" before it)
    r"\b(?:(?:dip|mua)\s+(?:le\s+hoi|le\s+cuoi\s+nam|giang\s+sinh|noel)|dip\s+le|(?<=trong )mua\s+le|(?<=vao )mua\s+le"
    r"|mua\s+le(?=\s+nam\s+(?:ngoai|truoc|roi|nay)))\b(?:\s+(?:(?P<ly>nam\s+(?:ngoai|truoc|roi))|(?P<which>nam\s+nay)))?",
)


def holiday_season(m: re.Match, today: date) -> Period | None:
    """"the holidays", "over the holiday season", "last year's holidays", "the holidays last year", "the 2025
    holidays": November and December of that year (the months people mean by it; Thanksgiving to New Year's Eve
    left out the first weeks of November they count). "the holidays": the last season that has ended, or in
    November and December the current one; "this": the current one once it has started; "last"/"last year's": last
    year's. The label says the months read."""
    g = m.groupdict()
    named = g.get("y1") or g.get("y2") or g.get("y3")
    which = {"nam nay": "this"}.get(re.sub(r"\s+", " ", g.get("which") or ""), g.get("which") or "")
    if g.get("wy"):  # "the holidays last year", "the holidays this year"
        which = "this" if g["wy"].startswith("this") else "last"
    if named:
        year = int(named)
    elif which == "this":
        year = today.year
    elif which in ("last", "past") or g.get("ly"):
        year = today.year - 1
    else:
        year = today.year if today.month == 12 else today.year - 1
    start = date(year, HOLIDAY_MONTHS[0], 1)
    if start > today:
        return None
    end = min(date(year, 12, 31), today)
    so_far = " so far" if end < date(year, 12, 31) else ""
    return Period(start, end, f"the holiday season {year}{so_far} ({period_label(start, end, 'range')}: "
                              f"November and December)", "range")


# "thanksgiving weekend", "over labor day weekend": the long weekend around the day, not every weekend day
HOLIDAY_WEEKEND_RE = (r"\b(?:(?:over|during|on)\s+)?(?:the\s+)?(?:(?P<which>last|this)\s+)?"
                      r"(?P<name>thanksgiving|labor day|memorial day)(?:'s)?\s+(?:long\s+)?weekend\b")
# "between black friday and christmas": from the first day to the next of the second
HOLIDAY_SPAN_RE = rf"\b(?:between|from)\s+(?:the\s+)?{HOLIDAY_NAMES_RE}\s+(?:and|to|through|thru|until|till)\s+{HOLIDAY_NAMES_RE}\b"


def holiday_weekend(m: re.Match, today: date) -> Period | None:
    """Thanksgiving Thursday to Sunday; a Monday holiday (Labor Day, Memorial Day) Saturday to Monday. The most
    recent one that has started ("last": the one before it)."""
    name = m.group("name")
    day = holiday_last(name, today=today)
    if m.group("which") == "last" and day == today:
        day = HOLIDAYS[name](day.year - 1)
    start, end = (day, day + timedelta(days=3)) if name == "thanksgiving" else (day - timedelta(days=2), day)
    end = min(end, today)
    return Period(start, end, f"{name.title()} weekend {day.year} ({period_label(start, end, 'range')})", "range")


def holiday_span(m: re.Match, today: date) -> Period | None:
    first = holiday_last(holiday_named(m.group(1)), today=today)
    second_name = holiday_named(m.group(2))
    second = HOLIDAYS[second_name](first.year)
    if second < first:
        second = HOLIDAYS[second_name](first.year + 1)
    end = min(second, today)
    return Period(first, end, period_label(first, end, "range", today=today), "range")
