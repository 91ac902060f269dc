"""The parser's reading of periods said the ways people say them (issue 21 kind 3), of a period no comparison took,
and of names said as included. A fixed `today` (Thursday 26 November 2026, Thanksgiving)."""
from __future__ import annotations

from datetime import date

import pytest

from transactions.query import Vocab, money_query_parse

TODAY = date(2026, 11, 26)
MERCHANT_CATEGORY = {"Starbucks": "Dining", "Whole Foods Mkt": "Groceries", "Amazon": "Shopping",
                     "Oakwood Apartments Rent": "Rent", "Uber": "Transport"}
VOCAB = Vocab(merchants=sorted(MERCHANT_CATEGORY), merchant_category=MERCHANT_CATEGORY,
              categories={c: "expense" for c in set(MERCHANT_CATEGORY.values())})


def parse(question: str):
    return money_query_parse(question, vocab=VOCAB, today=TODAY)


@pytest.mark.parametrize(("said", "start", "end"), [
    ("spending in H2 of last year", "2025-07-01", "2025-12-31"),
    ("2025 h2 spending", "2025-07-01", "2025-12-31"),
    ("h1 this year dining", "2026-01-01", "2026-06-30"),
    ("the quarter just gone", "2026-07-01", "2026-09-30"),
    ("spending last full quarter", "2026-07-01", "2026-09-30"),
    ("quý vừa rồi tôi tiêu bao nhiêu", "2026-07-01", "2026-09-30"),
    ("tuần vừa rồi tôi tiêu bao nhiêu", "2026-11-16", "2026-11-22"),
    ("3 tuần vừa qua tôi tiêu bao nhiêu", "2026-11-06", "2026-11-26"),  # a count: the rolling weeks
    ("spending up to the end of q2", "2026-01-01", "2026-06-30"),
    ("spending through Q3 2025", "2025-01-01", "2025-09-30"),
    ("spending before q2", "2026-01-01", "2026-03-31"),
    ("spending from the 10th till now", "2026-11-10", "2026-11-26"),
    ("amazon from the 3rd", "2026-11-03", "2026-11-26"),
    ("spending from mid nov to new years", "2025-11-15", "2026-01-01"),  # the latest such range that has ended
    ("how much did i spend from mid nov 2025 to new years", "2025-11-15", "2026-01-01"),
    ("spending from christmas to new years", "2025-12-25", "2026-01-01"),
    ("spending from halloween to new years", "2025-10-31", "2026-01-01"),
    ("spending from the 1st to christmas", "2025-12-01", "2025-12-25"),
    ("dining from labor day till now", "2026-09-07", "2026-11-26"),
    ("dining since mid september", "2026-09-15", "2026-11-26"),  # "mid" as where a range starts: the 15th
    ("what did I spend on new years day", "2026-01-01", "2026-01-01"),
    ("spending on new year's eve", "2025-12-31", "2025-12-31"),
    ("what did I spend between christmas and new years", "2025-12-25", "2026-01-01"),
    ("how much from 2025 to 2026", "2025-01-01", "2026-11-26"),  # was: 2026, "from 2025" silently dropped
    ("from the 15th of last month till today", "2026-10-15", "2026-11-26"),
    ("dining on the 15th of last month", "2026-10-15", "2026-10-15"),
    ("dining between the 3rd and the 17th of last month", "2026-10-03", "2026-10-17"),
    ("spending from the 3rd to the 17th", "2026-11-03", "2026-11-17"),  # no month: the latest such days
    ("what did I spend from the 3rd of March to the 17th", "2026-03-03", "2026-03-17"),  # was: 3 March to today
    ("spending between the 3rd of March and the 17th", "2026-03-03", "2026-03-17"),  # was: 3 March alone
    ("dining 3rd march to the 17th", "2026-03-03", "2026-03-17"),
    # days said as ordinal words (was: "fifteenth", "first", "tenth" unread or an unknown thing)
    ("spending between June fifteenth and July fifteenth", "2026-06-15", "2026-07-15"),
    ("dining August first through the tenth", "2026-08-01", "2026-08-10"),
    ("spending from the first of august to the tenth of august", "2026-08-01", "2026-08-10"),
    # a stretch restated by a more exact one: the second reading (was: last month, "last 30 days" unread)
    ("uber over the past month, how much? like the last 30 days", "2026-10-28", "2026-11-26"),
    ("uber over the past month, so the last 30 days", "2026-10-28", "2026-11-26"),
    ("a fortnight ago uber", "2026-11-09", "2026-11-15"),  # that week, as "2 weeks ago" (was: the last 14 days)
    ("last 2 quarters dining", "2026-04-01", "2026-09-30"),  # the whole quarters, as "last quarter" is
    ("dining in the last quarter of 2025", "2025-10-01", "2025-12-31"),  # was: Q3 2026, "of 2025" unread
    ("dining the week of christmas", "2025-12-22", "2025-12-28"),  # was: Christmas Day, "week of" dropped
    ("spending jan-mar", "2026-01-01", "2026-03-31"),  # was: "jan mar" an unknown shop
    ("spending q2 thru q3", "2026-04-01", "2026-09-30"),  # was: Q2 with "through q3" unread
    ("q4-q1 spending", "2025-10-01", "2026-03-31"),
    ("Please provide my total expenditure on dining for the current calendar year", "2026-01-01", "2026-11-26"),
])
def test_periods_said_casually(said, start, end):
    q = parse(said)
    assert q.period is not None, q.as_dict()
    assert (q.period.start.isoformat(), q.period.end.isoformat()) == (start, end), q.period
    assert not [w for w in q.ignored if w not in ("provide", "expenditure")] and not q.unknown, q.as_dict()


def test_a_period_no_comparison_or_range_took_is_not_understood():
    # each name said with a period of its own is one side of its own (it was "in april" not understood)
    q = parse("dining in march and groceries in april")
    assert [(s.categories, s.period.start) for s in q.compare["sides"]] == [
        (["Dining"], date(2026, 3, 1)), (["Groceries"], date(2026, 4, 1))] and not q.ignored, q.as_dict()
    q = parse("how much did I spend at amazon in october, on black friday")
    assert q.ignored == ["on black friday"], q.as_dict()


def test_two_periods_anded_are_compared_and_totals_of_them_are_not():
    q = parse("amazon in september and october")
    assert q.measure == "compare" and q.merchants == ["Amazon"], q.as_dict()
    assert [s.period.start.month for s in q.compare["sides"]] == [9, 10]
    q = parse("starbucks last month and this month")
    assert [s.period.start.month for s in q.compare["sides"]] == [10, 11], q.as_dict()
    assert parse("the total for june and july").period.label == "June–July 2026"
    for said in ("how much did I spend in march? and in april?", "uber in june as well as july"):
        q = parse(said)
        assert q.measure == "compare" and len(q.compare["sides"]) == 2 and not q.ignored, (said, q.as_dict())
    q = parse("starbucks in march, april and may")  # two sides compared: the third month is not dropped silently
    assert [s.period.start.month for s in q.compare["sides"]] == [3, 4] and q.ignored == ["may"], q.as_dict()


def test_names_said_as_included_are_no_filter_of_their_own():
    q = parse("everything I've spent since August 1st, rent included")
    assert not q.categories and not q.merchants, q.as_dict()
    assert not parse("total spending this year including rent").categories
    q = parse("groceries including whole foods last month")  # a shop of the category: the category, whole
    assert q.categories == ["Groceries"] and not q.merchants, q.as_dict()
    assert parse("how much did I spend with amazon last month").merchants == ["Amazon"]
    assert parse("not including rent how much last month").exclude_categories == ["Rent"]


@pytest.mark.parametrize("question", ["tháng trước đổ xăng mấy lần?", "thang truoc do xang het bao nhieu"])
def test_filling_up_last_month_is_last_month_not_the_one_before(question):
    # with accents stripped "đổ" (to fill up) reads as "đó" (that): it was September, the month before last
    q = parse(question)
    assert q.period is not None and (q.period.start, q.period.end) == (date(2026, 10, 1), date(2026, 10, 31)), question


def test_the_month_before_that_in_vietnamese_is_still_read():
    q = parse("tháng trước đó tôi tiêu bao nhiêu")
    assert q.period is not None and q.period.start == date(2026, 9, 1)


@pytest.mark.parametrize("question", ["hai tháng trước tiêu bao nhiêu", "2 thang truoc tieu bao nhieu"])
def test_n_months_ago_in_vietnamese_is_not_last_month(question):
    # "tháng trước" (last month) was read first and took the words: October, not September
    q = parse(question)
    assert q.period is not None and q.period.start == date(2026, 9, 1), question


def test_two_months_ago_against_last_month_in_vietnamese_are_two_months():
    q = parse("hai tháng trước so với tháng trước, tôi tiêu tháng nào nhiều hơn?")
    sides = (q.compare or {}).get("sides") or []
    assert [s.period.start.month for s in sides] == [9, 10], q.as_dict()


def test_the_second_biggest_last_month_in_vietnamese_is_last_month():
    q = parse("khoản chi lớn thứ hai tháng trước")  # "thứ hai" is an order (second), not two months
    assert q.period is not None and q.period.start == date(2026, 10, 1), q.as_dict()
