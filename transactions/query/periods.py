"""Words → Period: the grammar of periods in English and Vietnamese ("last month", "since the summer",
"February to April", "Q2 2026", "the past 4", "thang truoc"). Periods resolve against `today`; a period that
includes today ends today. The Period value and its arithmetic live in core/periods.py; the words periods are made
of in transactions.query.periods_words, the rules in transactions.query.periods_rules.
"""
from __future__ import annotations

import calendar
import re
from datetime import date, timedelta

from core.periods import Period, add_months, full_months_before, month_bounds, period_label
from transactions.query.periods_alike import periods_alike
from transactions.query.periods_joins import (
    carried_to_today,
    counted_to,
    edges_said,
    glossed_dates,
    named_within_month,
    names_beside_dates,
    relative_glossed,
    shrugged_periods,
    since_event,
    year_up_to,
)
from transactions.query.periods_month_year import month_in_year
from transactions.query.periods_parts import NOW_RE, relative_periods, this_one_parts
from transactions.query.periods_pieces import periods_in_pieces
from transactions.query.periods_rules import period_rules
from transactions.query.periods_words import MONTH_RE, MONTHS, NUMBER_WORDS, _n

__all__ = ["MONTHS", "MONTH_RE", "NOW_RE", "NUMBER_WORDS", "Period", "_n", "find_periods", "full_months_before",
           "only_now_said", "period_label", "without_periods"]

def _beside_a_month(text: str, span: tuple[int, int], word: str = "may") -> bool:
    """"was May or June worse", "sept or oct", "may compared with april": "may" or a month's abbreviation joined to
    another month by "or", "and", "vs", "than" or "compared with" is the month, not a word of its own."""
    joint = r"(?:or|and|vs\.?|versus|than|compared (?:to|with)|against)"
    said = re.escape(word)
    return bool(re.match(rf"\s*(?:in\s+)?{said}\.?\s+{joint}\s+(?:in\s+)?(?:{MONTH_RE})\b", text[span[0]:span[1] + 30])
                or re.search(rf"\b(?:{MONTH_RE})\.?\s+{joint}\s+(?:in\s+)?{said}\.?\s*$",
                             text[max(0, span[0] - 30):span[1]]))


# the writer says their dates put the day first: "(dd/mm)", "day/month" (normalised "day per month"), "day-first"
DAY_FIRST_RE = re.compile(r"\b(?:dd[/.-]mm(?:[/.-]y{2,4})?|day\s*(?:/|per|-|\s)\s*month(?:\s*(?:/|-)\s*year)?\s*(?:format|order)?"
                          r"|day[\s-]first|(?:uk|british|european) (?:date )?(?:format|order|style))\b")
NUMERIC_DATE_RE = re.compile(r"(?<![\d/.$-])(\d{1,2})/(\d{1,2})(?=(?:/\d{2,4})?(?![\d/]))")


def day_first(text: str) -> str:
    """Numeric dates read day/month where the writer says so ("3/4 to 5/4 (dd/mm)"): each one's two numbers swapped
    (same length, so every span stays where it was)."""
    if not DAY_FIRST_RE.search(text):
        return text
    return NUMERIC_DATE_RE.sub(lambda m: f"{m.group(2)}/{m.group(1)}", text)


def find_periods(text: str, today: date) -> list[tuple[Period, tuple[int, int]]]:
    """Every period the (normalised) text names, left to right, with its span. "may" is a month only where it
    reads as one ("in May", "May 2025", "since may"), not as the verb."""
    text = day_first(text)
    found: list[tuple[Period, tuple[int, int]]] = []
    taken: list[tuple[int, int]] = []
    for pattern, build in period_rules(today):
        for m in re.finditer(pattern, text):
            span = m.span()
            if any(a < span[1] and span[0] < b for a, b in taken):
                continue
            word = m.group(0).strip()
            abbrev = re.fullmatch(rf"(?:in|during|for|of|on|over)?\s*({MONTH_RE})\.?", word)
            if abbrev and abbrev.group(1) not in calendar.month_name[1:] and abbrev.group(1) != "sept" and \
                    abbrev.group(1).lower() not in [n.lower() for n in calendar.month_name[1:]] and \
                    not re.search(r"\b(?:in|during|for|of|since|from|on|over|until|before|after|last|this|past|"
                                  r"previous|next|early|mid|late)\s*$",
                                  text[max(0, span[0] - 10):span[0] + (len(m.group(0)) - len(m.group(0).lstrip()))]) \
                    and not re.match(r"\s*(?:in|during|for|of|on|over)\b", m.group(0)) \
                    and not _beside_a_month(text, span, abbrev.group(1)):
                continue  # "APR", "dec", "mar" alone are words, not months
            if re.search(r"\bmay\b", word) and not re.search(
                    r"\b(?:in|during|for|of|since|from|on|over|last|this|and|to|through|thru|till|until|early|mid|"
                    r"late)\s+may\b"
                    r"|\bmay\s+(?:\d|of\b|to\b|through\b|thru\b|-)", word) \
                    and not re.search(r"\b(?:in|during|for|since|from)\s+may\b", text[max(0, span[0] - 8):span[1]]) \
                    and not _beside_a_month(text, span) and not re.search(r"\bmay (?:tuan|thang|ngay)\b", word) \
                    and not re.fullmatch(r"[\s?.!]*", text[span[1]:]):  # "total spending may": the last word
                continue
            if build == "all":
                period = Period(date(1900, 1, 1), today, "all time", "all")
            elif build == "same_last_year":
                period = Period(today, today, "the same period a year earlier", "range", True, -12)
            elif build == "next_month":
                period = Period(today.replace(day=1), today, "the month after", "month", True, 1)
            elif build == "that_period":
                period = Period(today, today, "that period", "range", True, 0)
            elif build == "rel_stretch":
                period = Period(today, today, "the stretch before", "range", True, -1)
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
    found = relative_periods(text, found, today, find_periods)  # "the run-up to Christmas", "early October"
    found += [(p, span) for p, span in this_one_parts(text, today)
              if not any(a < span[1] and span[0] < b for _, (a, b) in found)]
    found.sort(key=lambda p: p[1][0])
    found = month_in_year(text, found)  # "last year's October", "October of the previous year": that one month
    found = carried_to_today(text, glossed_dates(text, named_within_month(text, found, today), today, find_periods),
                             today)
    found = periods_alike(text, found, today)  # "the same month a year earlier", "the same days in September"
    found = periods_in_pieces(text, found, today, find_periods)  # "dining last month, just the second half"
    found = counted_to(text, found)  # "the 4 weeks to the 20th", "the year ending June"
    found = edges_said(text, found)  # "the past two weeks, counting today": the span, today its edge
    found = year_up_to(found, text)  # "this year up to the end of September": January to September
    found = since_event(text, found, today)  # "since my pay went up at the start of July": 1 July to today
    found = relative_glossed(text, found)  # "over the past month, like the last 30 days": the second reading
    found = shrugged_periods(text, found)  # "last year or this year whatever, like the past 12 months": the last
    return _with_order_said(text, names_beside_dates(text, found))  # "holidays 2025, dec 20 thru jan 2": the dates


def _with_order_said(text: str, found: list[tuple[Period, tuple[int, int]]]) -> list[tuple[Period, tuple[int, int]]]:
    """"3/4 to 5/4 (dd/mm)": the words saying the order of the dates belong to the dates they follow."""
    for hint in DAY_FIRST_RE.finditer(text):
        for i, (period, (a, b)) in enumerate(found):
            if b <= hint.start() and re.fullmatch(r"[\s,(:-]*(?:in\s+|as\s+)?", text[b:hint.start()]):
                end = hint.end() + (1 if text[hint.end():hint.end() + 1] == ")" else 0)
                found[i] = (period, (a, end))
    return found


# a count of time ("3 months", "6 wks" once normalised, "2 tuần"): a length, not an amount and not a period of its own
TIME_COUNT_RE = re.compile(r"\b(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a couple of|a few|"
                           r"several)\s*(?:full\s+|whole\s+|calendar\s+)?(?:days?|weeks?|fortnights?|months?|quarters?|"
                           r"years?|ngay|tuan|thang|nam)\b")


def without_periods(text: str, today: date) -> str:
    """Normalised text with every period it names and every count of time blanked: what is left of its numbers can
    be amounts ("a grocery jar going by the last 3 months" has none; "a $300 jar for the next 2 months" has 300)."""
    for _, (a, b) in sorted(find_periods(text, today), key=lambda p: -p[1][0]):
        text = text[:a] + " " * (b - a) + text[b:]
    return TIME_COUNT_RE.sub(lambda m: " " * len(m.group(0)), text)


def only_now_said(text: str, today: date) -> bool:
    """The (normalised) text's only period is a word of now ("what subscriptions am I paying for these days", "my jars
    at the moment"): a route that takes no period reads it as now, with no filter."""
    return bool(NOW_RE.search(text)) and not find_periods(NOW_RE.sub(" ", text), today)
