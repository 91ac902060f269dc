"""The words periods are made of: month names and abbreviations, number words ("a couple of", "hai"), and the
builders of one named month, quarter or day resolved against `today` (the most recent one that has started, clipped
to today). transactions.query.periods_rules builds its rules from these; transactions.query.periods re-exports them.
"""
from __future__ import annotations

import calendar
from datetime import date

from core.periods import Period, month_bounds
from transactions.query.periods_seasons import SEASONS, _clip

MONTHS = {name.lower(): i for i, name in enumerate(calendar.month_name) if name}
MONTHS.update({name.lower(): i for i, name in enumerate(calendar.month_abbr) if name})
MONTHS["sept"] = 9
MONTH_RE = "|".join(sorted(MONTHS, key=len, reverse=True))
# counts in English words up to twelve ("the past three months"; chat/turn_signals.py reads two to fourteen as ranks)
EN_COUNTS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
             "ten": 10, "eleven": 11, "twelve": 12}
NUMBER_WORDS = {**EN_COUNTS, "a": 1, "an": 1, "a couple of": 2, "couple of": 2, "a couple": 2, "couple": 2,
                "a few": 3, "few": 3, "several": 3, "mot": 1, "hai": 2, "ba": 3, "bon": 4, "nam": 5, "sau": 6, "bay": 7,
                "tam": 8, "chin": 9, "muoi": 10, "muoi hai": 12}
# counts past twelve in words, read like digits ("the past sixty days", "last eighteen months", "sáu mươi ngày qua")
TEENS = {"thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
         "nineteen": 19}
TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
NUMBER_WORDS.update(TEENS)
NUMBER_WORDS.update(TENS)
_ONES = "one|two|three|four|five|six|seven|eight|nine"
EN_BIG = rf"(?:{'|'.join(TENS)})(?:[\s-](?:{_ONES}))?|{'|'.join(TEENS)}"
# Vietnamese (accents gone): "mười tám" 18, "sáu mươi" 60, "hai mươi lăm" 25 ("mốt" and "lăm" are 1 and 5 after ten)
VI_DIGITS = {"mot": 1, "hai": 2, "ba": 3, "bon": 4, "tu": 4, "nam": 5, "lam": 5, "sau": 6, "bay": 7, "tam": 8, "chin": 9}
_VI_UNIT = "mot|hai|ba|bon|tu|lam|nam|sau|bay|tam|chin"
VI_BIG = rf"(?:hai|ba|bon|nam|sau|bay|tam|chin)\s+muoi(?:\s+(?:{_VI_UNIT}))?|muoi\s+(?:{_VI_UNIT})"
NUM = (rf"(\d+|{EN_BIG}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a couple of|couple of|a couple|"
       r"couple|a few|several|an?)")
# days of the month said as ordinal words ("june fifteenth", "the twenty first of may"; number_words.day_words_said)
DAY_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
                "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14,
                "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19, "twentieth": 20,
                "twenty first": 21, "twenty second": 22, "twenty third": 23, "twenty fourth": 24, "twenty fifth": 25,
                "twenty sixth": 26, "twenty seventh": 27, "twenty eighth": 28, "twenty ninth": 29, "thirtieth": 30,
                "thirty first": 31}
# ordinals in words up to tenth: a day ("the third of May"), a place in a ranking ("the fourth biggest", "numbers
# fourth and fifth")
ORDINAL_WORDS = {w: n for w, n in DAY_ORDINALS.items() if n <= 10}
# a place in a ranking said as an ordinal ("the second biggest", "which came 3rd"): second to tenth, in words or digits
RANK_ORDINALS = {**{w: n for w, n in ORDINAL_WORDS.items() if n >= 2},
                 **{f"{n}{'nd' if n == 2 else 'rd' if n == 3 else 'th'}": n for n in range(2, 11)}}
# the ordinal of a count said in digits or words ("week 2", "week two": the second week)
ORDINAL_OF = {"1": "first", "one": "first", "2": "second", "two": "second", "3": "third", "three": "third",
              "4": "fourth", "four": "fourth", "5": "fifth", "five": "fifth"}


def words_number(word: str) -> int | None:
    """A count said in words, English ("forty-five") or Vietnamese ("hai mươi lăm"); None when it is not one."""
    word = " ".join(word.replace("-", " ").split())
    if word in NUMBER_WORDS:
        return NUMBER_WORDS[word]
    parts = word.split()
    if len(parts) == 2 and parts[0] in TENS and parts[1] in NUMBER_WORDS and NUMBER_WORDS[parts[1]] < 10:
        return TENS[parts[0]] + NUMBER_WORDS[parts[1]]
    if "muoi" in parts and len(parts) <= 3:
        i = parts.index("muoi")
        tens = VI_DIGITS.get(parts[0], 0) if i == 1 else 1 if i == 0 else 0
        ones = VI_DIGITS.get(parts[i + 1], 0) if i + 1 < len(parts) else 0
        if tens and (i + 1 == len(parts) or ones):
            return tens * 10 + ones
    return None


def _n(word: str) -> int:
    word = word.strip()
    return int(word) if word.isdigit() else words_number(word) or 1


def _month_start_recent(month: int, today: date, year: int | None) -> date:
    """The most recent month called `month` that has started (this month counts)."""
    if year is None:
        year = today.year if month <= today.month else today.year - 1
    return date(year, month, 1)


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


def _day(month_word: str, day: str, year: str | None, today: date) -> date | None:
    month = MONTHS.get(month_word) or 0  # 0: not a month, date() refuses it
    try:
        d = date(int(year) if year else today.year, month, int(day))
    except (TypeError, ValueError):
        return None
    if not year and d > today:
        d = d.replace(year=d.year - 1)
    return d


DAY = r"(\d{1,2})(?:st|nd|rd|th)?"
# "the start of", "the beginning of", "starting of" (learner English): the first day of what follows
START_OF = r"(?:(?:the\s+)?(?:very\s+)?(?:start|starting|beginning)\s+of\s+)"
# "since my birthday on 14 June", "since we moved in March": a circumstance dated by what follows — the period runs from
# that date, the circumstance itself is no subject ("my birthday" is no search); said after "since" only
# ("since my bday June 14th": a possessive's short noun phrase may stand right before the date)
_CIRC_WORD = r"\s+(?!(?:how|what|which|did|do|does|much|many|spend|spent|on|in)\b)[a-z']+"
CIRCUMSTANCE = (rf"(?:(?:my|our|his|her|their)(?:{_CIRC_WORD}){{1,2}}\s+(?:(?:on|in)\s+)?"
                rf"|(?:my|our|the|his|her|their|we|i|he|she|they)(?:{_CIRC_WORD}){{1,5}}\s+(?:on|in)\s+)")
YEAR = r"((?:19|20)\d{2})"
# "since July started", "since the year began", "since August kicked off": from its first day (as "since July")
BEGAN = r"(?:\s+(?:started|starts|began|begun|kicked off|rolled (?:a)?round|came around|came in|arrived|hit))"
# a named span of months: a month or a season (with an optional year)
POINT = rf"(spring|summer|fall|autumn|winter|{MONTH_RE})\.?(?:\s+{YEAR})?"


def POINT_MONTHS(word: str) -> tuple[int, int]:  # noqa: N802  (reads like the constant it complements)
    """(first month, last month) of a month or season word."""
    if word in SEASONS:
        return SEASONS[word]
    return MONTHS[word], MONTHS[word]
