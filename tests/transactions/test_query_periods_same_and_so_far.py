"""The period grammar's reading of "the same month last year" in Vietnamese and of "the year so far" (issue 21,
kinds 3 and 4). A fixed `today` (Friday 27 November 2026)."""
from __future__ import annotations

from datetime import date

import pytest

from transactions.query import Vocab, money_query_parse
from transactions.query.grammar import normalise
from transactions.query.periods import find_periods

TODAY = date(2026, 11, 27)
VOCAB = Vocab(merchants=["Netflix", "Starbucks"], merchant_category={"Netflix": "Subscriptions", "Starbucks": "Dining"},
              categories={"Subscriptions": "expense", "Dining": "expense"})


@pytest.mark.parametrize("said", ["cùng tháng đó năm ngoái thì sao", "cung thang do nam ngoai", "còn cùng kỳ năm trước?",
                                  "những tháng đó năm ngoái", "so với cùng kỳ"])
def test_vietnamese_same_period_last_year_is_one_relative_span(said):
    """One span, the year-earlier marker: "năm ngoái" is not read again as the year 2025, "cùng" is no name."""
    found = find_periods(normalise(said), TODAY)
    assert len(found) == 1, found
    period, _ = found[0]
    assert period.relative and period.step == -12, period
    # "cùng" or a demonstrative makes it the marker: a month of last year stays that month
    (month, _), = find_periods(normalise("tháng 10 năm ngoái"), TODAY)
    assert (month.start, month.end, month.relative) == (date(2025, 10, 1), date(2025, 10, 31), False), month


@pytest.mark.parametrize("said", ["Netflix thru the year so far", "netflix for the year so far?",
                                  "so far into the year, netflix"])
def test_the_year_so_far_said_with_a_name(said):
    q = money_query_parse(said, vocab=VOCAB, today=TODAY)
    assert q.merchants == ["Netflix"] and (q.period.start, q.period.end) == (date(2026, 1, 1), TODAY), q.period
    assert not q.unknown, q.unknown


@pytest.mark.parametrize(("said", "start", "end"), [
    # dates that restate a vaguer period said before them replace it, in the year said with it
    ("gifts over the holidays last year (call it Nov 18 to Dec 30)", "2025-11-18", "2025-12-30"),
    ("shopping over the holiday season, say from december 1st to the end of december 2025", "2025-12-01",
     "2025-12-31"),
    # everything up to a year's end, unless a start is said
    ("comcast up until the end of 2025", "1900-01-01", "2025-12-31"),
    ("netflix before this year", "1900-01-01", "2025-12-31"),
    # Vietnamese: from a day of last month, or of a month written year-month, to today
    ("từ ngày 12 tháng trước đến giờ", "2026-10-12", "2026-11-27"),
    ("từ giữa tháng 2026-07 đến nay", "2026-07-11", "2026-11-27"),
])
def test_restated_and_open_ended_periods(said, start, end):
    (period, _), = find_periods(normalise(said), TODAY)
    assert (period.start.isoformat(), period.end.isoformat()) == (start, end), period
    (ranged, _), = find_periods(normalise("from march through the end of 2025"), TODAY)  # a start said: a range
    assert (ranged.start, ranged.end) == (date(2025, 3, 1), date(2025, 12, 31)), ranged


def test_the_same_month_of_last_year_is_that_month():
    q = money_query_parse("how much on netflix in the same month of last year", vocab=VOCAB, today=TODAY)
    assert (q.period.start, q.period.end) == (date(2025, 11, 1), date(2025, 11, 30)), q.period  # was: all of 2025
