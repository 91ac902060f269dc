"""Periods that the words around them join into one: a named period glossed by explicit dates ("over the holidays
last year (call it Nov 20 to Dec 31)", "the holiday season, say from November 15th to the end of December 2025":
the dates said win, read in the named period's year) and a period carried on to today ("Q3 last year through
today": from the start of Q3 2025 to today). transactions.query.periods applies them to what the rules found."""
from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date

from core.periods import Period, fmt_day, period_label

Found = list[tuple[Period, tuple[int, int]]]

# the words that introduce a restatement of the period just named
GLOSS_RE = re.compile(r"\s*[,(:;\-–—]?\s*(?:(?:call it|say|let'?s say|i mean|i\.?e\.?|meaning|that is|so|roughly|"
                      r"approximately|basically|as in|counting|which (?:is|was|means)|by which i mean|defined as|"
                      r"more precisely|precisely|exactly|specifically|i'?d say)(?!\w)[\s,:]*)*")
TO_TODAY_RE = re.compile(r"\s*(?:to|through|thru|till|until|up to|up till|up until|-|–|—)\s+(?:today|now|date|"
                         r"the present|this day)\b|\s+(?:den|toi|cho den)\s+(?:nay|gio|bay gio|hom nay|hien tai)\b")
YEAR_SAID_RE = re.compile(r"\b(?:19|20)\d{2}\b")


def glossed_dates(text: str, found: Found, today: date,
                  find: Callable[[str, date], Found]) -> Found:
    """A named period (a season, the holidays, a year) followed by explicit dates introduced as a restatement: the
    dates are what the user means. Dates said without a year are read in the named period's year."""
    out = list(found)
    i = 1
    while i < len(out):
        glossed, (a, b) = out[i]
        first = i - 1
        gap = text[out[first][1][1]:a]
        named = out[first][0]
        if not (glossed.grain == "range" and not glossed.relative and not named.relative
                and re.search(r"\d", text[a:b]) and gap.strip() and GLOSS_RE.fullmatch(gap)):
            i += 1
            continue
        # "the holidays last year (call it …)": the year word belongs to the named period before it
        if first >= 1 and named.grain == "year" and not out[first - 1][0].relative \
                and re.fullmatch(r"\s*(?:of\s+)?", text[out[first - 1][1][1]:out[first][1][0]]):
            first -= 1
            named = out[first][0]
        if not YEAR_SAID_RE.search(text[a:b]):
            anchor = min(today, date(named.end.year, 12, 31))
            again = [p for p, _ in find(text[a:b], anchor) if p.grain == "range"]
            glossed = again[0] if len(again) == 1 else glossed
        start = out[first][1][0]
        out[first:i + 1] = [(Period(glossed.start, glossed.end, glossed.label, "range"), (start, b))]
        i = first + 1
    return out


def carried_to_today(text: str, found: Found, today: date) -> Found:
    """"Q3 last year through today", "March 2025 to now": from the start of the period named to today (the word
    "today" is part of the range, not a day of its own)."""
    out: Found = []
    i = 0
    while i < len(found):
        period, (a, b) = found[i]
        tail = TO_TODAY_RE.match(text, b)
        if period.relative or period.grain in ("all", "day") or period.start > today or period.end >= today \
                or tail is None:
            out.append(found[i])
            i += 1
            continue
        end = tail.end()
        label = f"{period_label(period.start, today, 'range', today=today)} (since {fmt_day(period.start)})"
        out.append((Period(period.start, today, label, "range"), (a, end)))
        i += 1
        while i < len(found) and found[i][1][0] < end:  # "today" itself, now inside the range
            i += 1
    return out
