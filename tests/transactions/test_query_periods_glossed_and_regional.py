"""The parser's reading of (issue 21, outsiders' wordings):
- a holiday or season named beside dates spelled out: the dates win, the name only says what they were (no Travel
  filter from "holidays", no 25 December from "christmas", no second period left unread);
- British and formal ranges ("up to and including", "through to"), "the fortnight before last", and "in the last
  week" (the last seven days, where "last week" alone is the calendar week);
- income said with its verbs and nouns ("how much did I actually make", "my take-home");
- regional money words ("the servo", "brekkie", "dearer", "cuppas", "the weekly shop").
A fixed `today` (Saturday 28 November 2026)."""
from __future__ import annotations

import re
from datetime import date

import pytest

from transactions.query import Vocab, money_query_parse

TODAY = date(2026, 11, 28)
MERCHANT_CATEGORY = {"Starbucks": "Dining", "Whole Foods Mkt": "Groceries", "Amazon": "Shopping", "Shell": "Transport",
                     "CVS Pharmacy": "Health", "Oakwood Apartments Rent": "Rent", "Delta Air Lines": "Travel",
                     "ACME Corp Payroll": "Income", "Chipotle": "Dining"}
VOCAB = Vocab(merchants=sorted(MERCHANT_CATEGORY), merchant_category=MERCHANT_CATEGORY,
              categories={c: "income" if c == "Income" else "expense" for c in set(MERCHANT_CATEGORY.values())})


def parse(question: str):
    return money_query_parse(question, vocab=VOCAB, today=TODAY)


@pytest.mark.parametrize(("said", "start", "end"), [
    ("holidays 2025, dec 20 thru jan 2", "2025-12-20", "2026-01-02"),
    ("spending over the holidays, december 20 to january 2", "2025-12-20", "2026-01-02"),
    ("what did i spend dec 20 - jan 2 (the holidays)", "2025-12-20", "2026-01-02"),
    ("from the 15th to the 31st of December, christmas shopping basically", "2025-12-15", "2025-12-31"),
    ("how much went out between dec 18 and dec 27, so xmas really", "2025-12-18", "2025-12-27"),
    ("christmas spending from the 10th to the 24th of december 2025", "2025-12-10", "2025-12-24"),
])
def test_a_holiday_beside_dates_says_what_they_were(said, start, end):
    q = parse(said)
    assert q.period is not None and (str(q.period.start), str(q.period.end)) == (start, end), q.period
    assert "Travel" not in q.categories, q.categories
    assert not q.compare
    assert not [w for w in q.ignored if re.search(r"holiday|christmas|xmas", w)], q.ignored


def test_a_trip_called_a_holiday_in_june_stays_a_trip():
    q = parse("my holiday, june 3 to june 10")
    assert (str(q.period.start), str(q.period.end)) == ("2026-06-03", "2026-06-10")
    assert q.categories == ["Travel"]


def test_a_holiday_set_against_dates_is_compared():
    assert parse("christmas vs dec 1 to 10").compare


@pytest.mark.parametrize(("said", "start", "end"), [
    ("spending from the 3rd of March up to and including the 9th of May", "2026-03-03", "2026-05-09"),
    ("dining 3 march through to 9 may", "2026-03-03", "2026-05-09"),
    ("groceries from the 3rd up to and including the 20th of october", "2026-10-03", "2026-10-20"),
    ("what went on amazon march 3 up until may 9", "2026-03-03", "2026-05-09"),
    ("spending the fortnight before last", "2026-11-01", "2026-11-14"),
    ("what did i spend in the last week", "2026-11-22", "2026-11-28"),
    ("dining over the past week", "2026-11-22", "2026-11-28"),
    ("groceries within the last week", "2026-11-22", "2026-11-28"),
    ("what did i spend last week", "2026-11-16", "2026-11-22"),  # the calendar week, as before
    ("dining in the last week of october", "2026-10-25", "2026-10-31"),
    ("spending since the start of the month", "2026-11-01", "2026-11-28"),  # was: days 1–10
    ("groceries from the beginning of the month", "2026-11-01", "2026-11-28"),
    ("what's gone out since the 1st of the month", "2026-11-01", "2026-11-28"),
    ("dining at the start of the month", "2026-11-01", "2026-11-10"),  # a part of it, as before
    ("spending w/c 3 march", "2026-03-03", "2026-03-09"),  # week commencing
    ("spending in the 7 days to yesterday", "2026-11-21", "2026-11-27"),  # a count ending on the day said
    ("dining for the year ending june", "2025-07-01", "2026-06-30"),
    ("what went out the fortnight ending 15 november", "2026-11-02", "2026-11-15"),
    ("groceries in the 3 weeks up to nov 20", "2026-10-31", "2026-11-20"),
    ("amazon in the month to 15 october", "2026-09-16", "2026-10-15"),
])
def test_british_and_formal_ranges(said, start, end):
    q = parse(said)
    assert q.period is not None and (str(q.period.start), str(q.period.end)) == (start, end), q.period
    assert not q.ignored and not q.unknown, (q.ignored, q.unknown)


@pytest.mark.parametrize("said", [
    "how much did i actually make last mo",
    "what did we really make in october",
    "how much i made last month",
    "my take-home last month",
    "what was my pay last month",
    "what's come in over the last 3 months, so i know if i can afford it",
    "how much went in last month",
    "what's been paid into my account this year",
    "how much landed in my account last month",
    "incoming money last month",
    "how much have i been paid this year",
    "pay plus that tax refund this year",
    "the tax refund and pay, this year",
])
def test_income_verbs_and_nouns(said):
    q = parse(said)
    assert q.measure == "income" and q.direction == "in", (q.measure, q.direction)
    assert not q.unknown and not q.ignored, (q.unknown, q.ignored)


@pytest.mark.parametrize(("said", "merchants", "categories"), [
    ("servo spending last month", ["Shell"], []),
    ("how much at the servo over the last fortnight", ["Shell"], []),
    ("brekkie last month", [], ["Dining"]),
    ("brekky and takeaways this month", [], ["Dining"]),
    ("cuppas this month", ["Starbucks"], []),
    ("the weekly shop last month", [], ["Groceries"]),
    ("la renta last month", [], ["Rent"]),
    ("comida this month", [], ["Dining"]),
])
def test_regional_money_words(said, merchants, categories):
    q = parse(said)
    assert (q.merchants, q.categories) == (merchants, categories)
    assert not q.unknown and not q.ignored, (q.unknown, q.ignored)


@pytest.mark.parametrize("said", ["was dining dearer in october or september",
                                  "were groceries dearer in august than in july"])
def test_dearer_compares(said):
    q = parse(said)
    assert q.compare and not q.ignored, (q.compare, q.ignored)


@pytest.mark.parametrize(("said", "start", "end"), [
    ("what did i spend across the summer holidays", "2026-06-01", "2026-08-31"),
    ("what did i spend over the summer hols", "2026-06-01", "2026-08-31"),
    ("what went out throughout october", "2026-10-01", "2026-10-31"),
    ("what did I spend within october", "2026-10-01", "2026-10-31"),
    ("what did i spend this arvo", "2026-11-28", "2026-11-28"),
])
def test_seasons_called_holidays_and_prepositions(said, start, end):
    q = parse(said)
    assert q.period is not None and (str(q.period.start), str(q.period.end)) == (start, end), q.period
    assert not q.categories and not q.unknown and not q.ignored, (q.categories, q.unknown, q.ignored)


@pytest.mark.parametrize("said", ["how much money did i make last month", "what was my pay packet last month",
                                  "how much were my payslips this year", "my paycheques this year"])
def test_pay_said_the_british_way(said):
    q = parse(said)
    assert q.measure == "income" and q.direction == "in", (q.measure, q.direction)
    assert not q.unknown and not q.ignored, (q.unknown, q.ignored)


@pytest.mark.parametrize("said", ["how much did i make vs spend last month",
                                  "what i earned against what i spent in october"])
def test_made_against_spent_is_net(said):
    assert parse(said).measure == "net"


@pytest.mark.parametrize("said", ["how much have I paid in rent this year", "how much have i paid in this month",
                                  "what did i pay in fees last year"])
def test_paid_in_by_me_is_spending(said):
    assert parse(said).measure != "income"
