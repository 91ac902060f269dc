"""Periods placed by words said apart from them (issue 21 kind 3): a period restated more widely in the same turn
("over Christmas last year, and I mean the whole of December"), a season glossed by its months listed ("the spring,
that is March, April and May"), a month and its year said in different clauses ("december … last year"), a holiday
and its year ("black friday last year"), and "since my last payday" from the user's own pay. Two fixed days: one
before December and one inside it, where "december" alone is this year's."""
from __future__ import annotations

from datetime import date

import pytest

from tests.transactions.test_query_periods_said import MERCHANT_CATEGORY
from transactions.query import Vocab, money_query_parse
from transactions.query.periods import find_periods

NOVEMBER, DECEMBER = date(2026, 11, 26), date(2026, 12, 29)
VOCAB = Vocab(merchants=sorted(MERCHANT_CATEGORY), merchant_category=MERCHANT_CATEGORY,
              categories={c: "expense" for c in set(MERCHANT_CATEGORY.values())})


def parse(question: str, today: date, vocab: Vocab = VOCAB):
    return money_query_parse(question, vocab=vocab, today=today)


@pytest.mark.parametrize("today", [NOVEMBER, DECEMBER])
@pytest.mark.parametrize(("said", "start", "end"), [
    # restated more widely: the wider reading, in the year of the first
    ("how much went on amazon over xmas last year, and i mean all of december", "2025-12-01", "2025-12-31"),
    ("uber at thanksgiving last year, i mean the whole of november", "2025-11-01", "2025-11-30"),
    ("amazon around xmas last year like the entire month of december", "2025-12-01", "2025-12-31"),
    # a quarter said aloud
    ("uber in q four last year", "2025-10-01", "2025-12-31"),
    # a month and its year said apart
    ("how much did uber cost in december? that was last year", "2025-12-01", "2025-12-31"),
    ("in december what did amazon come to, last year", "2025-12-01", "2025-12-31"),
    ("last year, how much at starbucks in december", "2025-12-01", "2025-12-31"),
    ("starbucks in december, last year I mean", "2025-12-01", "2025-12-31"),
    # a holiday and its year
    ("amazon on black friday last year", "2025-11-28", "2025-11-28"),
    ("starbucks on christmas eve 2025", "2025-12-24", "2025-12-24"),
])
def test_a_period_placed_by_words_said_apart(said, start, end, today):
    q = parse(said, today)
    assert q.measure == "total" and not q.compare, (q.measure, q.compare)
    assert (q.period.start.isoformat(), q.period.end.isoformat()) == (start, end), q.period
    assert not [w for w in q.ignored if "year" in w or "dec" in w], q.ignored


@pytest.mark.parametrize(("said", "start", "end"), [
    ("groceries in the spring, that is march, april and may", "2026-03-01", "2026-05-31"),
    ("uber over the summer, so june july and august", "2026-06-01", "2026-08-31"),
    ("amazon in the fall i.e. september through november", "2026-09-01", "2026-11-26"),
])
def test_a_season_glossed_by_its_months_is_one_total(said, start, end):
    q = parse(said, NOVEMBER)
    assert q.measure == "total" and not q.compare, (q.measure, q.compare)
    assert (q.period.start.isoformat(), q.period.end.isoformat()) == (start, end), q.period


def test_periods_set_against_each_other_stay_compared():
    assert parse("starbucks in december vs last year", NOVEMBER).measure == "compare"
    assert parse("summer vs june on uber", NOVEMBER).measure == "compare"
    q = parse("uber in september, i mean october", DECEMBER)  # a correction, not a year placing it
    assert q.period.start == date(2026, 10, 1), q.period


def test_since_the_last_payday_runs_from_the_users_own_pay():
    paid = Vocab(merchants=VOCAB.merchants, merchant_category=MERCHANT_CATEGORY, categories=VOCAB.categories,
                 pay_last=lambda day: date(2026, 11, 13))
    for said in ("how much have i spent since my last payday", "uber since i last got paid",
                 "what's gone out since the paycheck came in", "starbucks this pay period"):
        q = parse(said, NOVEMBER, paid)
        assert q.measure == "total" and q.direction == "out", (said, q.measure, q.direction)
        assert (q.period.start, q.period.end) == (date(2026, 11, 13), NOVEMBER), (said, q.period)
    # without pay in their data, the words are not read as a period
    assert parse("how much have i spent since my last payday", NOVEMBER).period is None


def test_periods_weighed_and_shrugged_off_are_the_one_said_after():
    q = parse("biggest amazon order, last year or this year whatever, like the past twelve months", NOVEMBER)
    assert q.measure == "largest" and not q.compare, (q.measure, q.compare)
    assert (q.period.start, q.period.end) == (date(2025, 11, 27), NOVEMBER), q.period
    q = parse("starbucks this month or last, doesn't matter, say the past 30 days", NOVEMBER)
    assert (q.period.start, q.period.end) == (date(2026, 10, 28), NOVEMBER) and not q.compare, q.period
    assert len(find_periods(" uber in march or april ", NOVEMBER)) == 2  # no shrug: both weighed
