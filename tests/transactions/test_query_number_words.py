"""Counts said in words in a period read like digits (issue 21 kind 3): "the past sixty days", "last eighteen
months", "forty-five days", Vietnamese "sáu mươi ngày qua", "mười tám tháng qua"; "mấy tháng nay" is the last few
months (not this month); "chuyến đi X" (a trip to X) asks about X. A fixed `today` (Thursday 26 November 2026)."""
from __future__ import annotations

from datetime import date, timedelta

import pytest

from tests.transactions.test_query_periods_said import TODAY, parse


@pytest.mark.parametrize(("said", "days"), [
    ("groceries over the past sixty days", 60),
    ("what went on dining in the last ninety days", 90),
    ("uber the previous forty-five days", 45),
    ("spending past twenty one days", 21),
    ("ăn uống sáu mươi ngày qua hết bao nhiêu", 60),
    ("hai mươi lăm ngày qua tôi tiêu bao nhiêu", 25),
])
def test_a_count_of_days_in_words_is_that_many_days(said, days):
    q = parse(said)
    assert q.period is not None and q.period.end == TODAY, q.period
    assert q.period.start == TODAY - timedelta(days=days - 1), q.period


@pytest.mark.parametrize(("said", "start"), [
    ("amazon in the last eighteen months", date(2025, 5, 27)),
    ("mười tám tháng qua tôi chi bao nhiêu cho Amazon", date(2025, 5, 27)),
    ("tiền điện mấy tháng nay", date(2026, 8, 27)),  # "these few months": three, not this month
])
def test_a_count_of_months_in_words_is_that_many_months(said, start):
    q = parse(said)
    assert q.period is not None and (q.period.start, q.period.end) == (start, TODAY), q.period


def test_this_month_in_vietnamese_stays_this_month():
    q = parse("ăn uống tháng này")
    assert q.period is not None and q.period.start == date(2026, 11, 1), q.period


def test_a_trip_to_a_place_asks_about_the_place():
    q = parse("Chuyến đi Đà Lạt tốn bao nhiêu?")
    assert q.unknown == ["da lat"] and not q.ignored, (q.unknown, q.ignored)
    assert parse("chuyến đi Starbucks hết bao nhiêu").merchants == ["Starbucks"]
