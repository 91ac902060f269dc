"""Periods the words around them join into one (issue 21 kind 3): explicit dates given as a restatement of a named
period win over the period's own dates; a period carried on "to today" is one range; "up to the end of <year>" is
everything until then; Vietnamese "ngày N tháng trước" is a day of last month (not N months ago) and "tháng
2026-08" a month. A fixed `today` (Thursday 26 November 2026)."""
from __future__ import annotations

from datetime import date

import pytest

from tests.transactions.test_query_periods_said import parse
from transactions.query.periods import find_periods

TODAY = date(2026, 11, 26)


@pytest.mark.parametrize(("said", "start", "end"), [
    # the dates said win over the season's own (27 Nov – 31 Dec), read in the season's year
    ("amazon in the holiday season of last year, let's say Nov 18 to Dec 30", "2025-11-18", "2025-12-30"),
    ("amazon spending over xmas season last year (i.e. dec 1 to dec 31)", "2025-12-01", "2025-12-31"),
    ("starbucks during the holidays, meaning from november 10th to the end of december 2025", "2025-11-10", "2025-12-31"),
    ("amazon last summer (call it june 10 to august 20)", "2026-06-10", "2026-08-20"),
    # carried on to today
    ("dining from Q2 last year through today", "2025-04-01", "2026-11-26"),
    ("groceries march 2025 up to today", "2025-03-01", "2026-11-26"),
    # everything up to the end of a year
    ("all my dining up to the end of 2025", "1900-01-01", "2025-12-31"),
    ("groceries through last year, all of it", "1900-01-01", "2025-12-31"),
    ("amazon before 2026 in total", "1900-01-01", "2025-12-31"),
    # Vietnamese: a day of last / this month, alone or to today; a month written as numbers
    ("ăn uống từ ngày 5 tháng trước tới nay", "2026-10-05", "2026-11-26"),
    ("an uong tu ngay 5 thang truoc toi nay", "2026-10-05", "2026-11-26"),
    ("ngày 12 tháng này tôi tiêu bao nhiêu", "2026-11-12", "2026-11-12"),
    ("chi tiêu từ giữa tháng 2026-09 đến nay", "2026-09-11", "2026-11-26"),
    ("chi tiêu từ tháng 07/2026 đến giờ", "2026-07-01", "2026-11-26"),
    # whole weeks and months counted back from a month named
    ("uber the past 3 full weeks", "2026-11-02", "2026-11-22"),
    ("uber the 3 months ending september", "2026-07-01", "2026-09-30"),
    ("amazon in the six months to march 2026", "2025-10-01", "2026-03-31"),
])
def test_periods_joined_into_one(said, start, end):
    q = parse(said)
    assert q.period is not None and q.compare is None, q.as_dict()
    assert (q.period.start.isoformat(), q.period.end.isoformat()) == (start, end), q.period
    assert not q.unknown and not [w for w in q.ignored if w != "spending"], q.as_dict()


def test_from_a_month_through_a_year_stays_a_range_and_ten_months_ago_stays():
    # "through 2025" ends a range begun earlier; "10 tháng trước" (no "ngày") is ten months ago
    q = parse("dining from march through 2025")
    assert q.period is not None and q.period.start == date(2025, 3, 1), q.period
    q = parse("10 tháng trước tôi tiêu bao nhiêu")
    assert q.period is not None and q.period.start == date(2026, 1, 1), q.period


def test_a_named_period_beside_dates_not_given_as_a_restatement_is_not_replaced():
    # two periods joined by "or": each its own
    found = [p for p, _ in find_periods(" was the holiday season or nov 1 to nov 20 worse ", TODAY)]
    assert len(found) == 2, found
