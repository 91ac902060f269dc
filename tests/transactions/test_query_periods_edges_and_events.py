"""Periods with an edge day said beside them ("counting today"), a year said with the month it runs up to, and a
period said as when an event happened after "since" (issue 21 kind 3). A fixed `today` (Sunday 29 November 2026)."""
from __future__ import annotations

from datetime import date

import pytest

from transactions.query import Vocab, money_query_parse

TODAY = date(2026, 11, 29)
MERCHANT_CATEGORY = {"Whole Foods Mkt": "Groceries", "Starbucks": "Dining", "Uber": "Transport"}
VOCAB = Vocab(merchants=sorted(MERCHANT_CATEGORY), merchant_category=MERCHANT_CATEGORY,
              categories={c: "expense" for c in set(MERCHANT_CATEGORY.values())})


def parse(question: str):
    return money_query_parse(question, vocab=VOCAB, today=TODAY)


@pytest.mark.parametrize(("said", "start", "end"), [
    ("coffee spend for the last 3 weeks, counting today", "2026-11-09", "2026-11-29"),
    ("what did uber cost me in the past ten days including today", "2026-11-20", "2026-11-29"),
    ("dining over the previous fortnight, today included", "2026-11-16", "2026-11-29"),
    ("what have I spent in 2026 until the end of march", "2026-01-01", "2026-03-31"),
    ("spending this year through the end of june", "2026-01-01", "2026-06-30"),
    ("năm nay tính đến hết August tiêu hết bao nhiêu", "2026-01-01", "2026-08-31"),
    ("năm nay tính tới hết tháng 7 ăn uống hết bao nhiêu", "2026-01-01", "2026-07-31"),
    ("tính đến hết tháng 3 năm 2025 tôi tiêu bao nhiêu", "2025-01-01", "2025-03-31"),
    ("total spent since my rent went up in August", "2026-08-01", "2026-11-29"),
    ("how much has gone out since my salary got raised at the start of October", "2026-10-01", "2026-11-29"),
    ("what have we spent since we moved house back in May", "2026-05-01", "2026-11-29"),
])
def test_one_stretch_is_read(said, start, end):
    q = parse(said)
    assert q.compare is None, q.as_dict()
    assert q.period is not None and (str(q.period.start), str(q.period.end)) == (start, end), q.as_dict()


def test_a_day_that_is_not_an_edge_stays_its_own_period():
    q = parse("dining last month vs today")
    assert q.compare is not None and [s.period.start for s in q.compare["sides"]] == [date(2026, 10, 1), TODAY]


def test_a_change_asked_is_still_a_comparison():
    assert parse("has my spending gone up since august").compare is not None
