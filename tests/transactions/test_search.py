"""Natural-language search: the one parser (English + Vietnamese) and that the rows match the filters."""
from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

import pytest

from core.periods import period_resolve
from transactions.query import MoneyQuery, Vocab, money_query_parse
from transactions.search import transactions_search

TODAY = date(2026, 11, 21)
CATS = ["Dining", "Groceries", "Shopping", "Transport", "Salary"]
MERCHANTS = ["Starbucks", "Amazon", "Whole Foods Mkt", "Uber"]


class Parsed:
    """The parsed query with the period's bounds at hand."""

    def __init__(self, q: MoneyQuery):
        self.q = q
        self.start = q.period.start if q.period else None
        self.end = q.period.end if q.period else None

    def __getattr__(self, name):
        return getattr(self.q, name)


def parse(q):
    vocab = Vocab(merchants=MERCHANTS, categories={c: "income" if c == "Salary" else "expense" for c in CATS},
                  merchant_category={"Starbucks": "Dining", "Amazon": "Shopping", "Whole Foods Mkt": "Groceries",
                                     "Uber": "Transport"})
    return Parsed(money_query_parse(q, vocab=vocab, today=TODAY))


def test_amounts():
    assert parse("over $100").amount_min == Decimal("100") and parse("over $100").direction == "out"
    assert parse("under 20").amount_max == Decimal("20")
    f = parse("between 10 and 50")
    assert (f.amount_min, f.amount_max) == (Decimal("10"), Decimal("50"))
    assert parse("more than 12,50").amount_min == Decimal("12.50")


def test_dates():
    assert (parse("last month").start, parse("last month").end) == (date(2026, 10, 1), date(2026, 10, 31))
    assert (parse("in March").start, parse("in March").end) == (date(2026, 3, 1), date(2026, 3, 31))
    assert (parse("december").start, parse("december").end) == (date(2025, 12, 1), date(2025, 12, 31))
    assert (parse("Q1").start, parse("Q1").end) == (date(2026, 1, 1), date(2026, 3, 31))
    assert parse("yesterday").start == parse("yesterday").end == date(2026, 11, 20)
    f = parse("last 3 months")
    assert (f.start, f.end) == (date(2026, 8, 22), TODAY)
    assert (parse("since march").start, parse("since march").end) == (date(2026, 3, 1), TODAY)
    assert (parse("this spring").start, parse("this spring").end) == (date(2026, 3, 1), date(2026, 5, 31))
    assert (parse("q2 2025").start, parse("q2 2025").end) == (date(2025, 4, 1), date(2025, 6, 30))
    assert parse("year to date").start == date(2026, 1, 1) and parse("ytd").end == TODAY
    assert parse("since I started").period.grain == "all"
    assert (parse("last 30 days").start, parse("last 30 days").end) == (date(2026, 10, 23), TODAY)
    assert (parse("sept 2025").start, parse("sept 2025").end) == (date(2025, 9, 1), date(2025, 9, 30))
    assert (parse("tháng 9").start, parse("tháng 9").end) == (date(2026, 9, 1), date(2026, 9, 30))
    assert (parse("between july 1 and july 15").start, parse("between july 1 and july 15").end) == (
        date(2026, 7, 1), date(2026, 7, 15))
    assert parse("what may I buy").period is None  # "may" the verb is not the month
    assert parse("APR vs APY").period is None  # nor is an abbreviation on its own
    assert (parse("q4 last year").start, parse("q4 last year").end) == (date(2025, 10, 1), date(2025, 12, 31))
    assert parse("september of last year").start == date(2025, 9, 1)
    assert parse("the past year").start == date(2025, 11, 22)  # the last 12 months, not the calendar year
    assert parse("since the 1st").start == date(2026, 11, 1)
    assert parse("last week").start == date(2026, 11, 9) and parse("last week").end == date(2026, 11, 15)
    assert parse("this year").start == date(2026, 1, 1)


def test_categories_merchants_and_fuzzy_names():
    f = parse("Amazon purchases over $100 last month")
    assert f.merchants == ["Amazon"] and f.amount_min == 100 and f.start == date(2026, 10, 1)
    assert parse("groceries in March").categories == ["Groceries"]
    assert parse("starbuks").merchants == ["Starbucks"]  # misspelt merchant
    assert parse("grocries").categories == ["Groceries"]  # misspelt category
    assert parse("whole foods mkt").merchants == ["Whole Foods Mkt"]
    assert parse("lunch under 15").categories == ["Dining"]


def test_vietnamese():
    f = parse("ăn trưa dưới 20 đô")
    assert f.categories == ["Dining"] and f.amount_max == Decimal("20") and f.text == []
    f = parse("tháng trước")
    assert (f.start, f.end) == (date(2026, 10, 1), date(2026, 10, 31))
    f = parse("tuần trước")
    assert (f.start, f.end) == (date(2026, 11, 9), date(2026, 11, 15))
    f = parse("mua sắm trên 50 đô")
    assert f.categories == ["Shopping"] and f.amount_min == Decimal("50")
    f = parse("từ 10 đến 50 đô tháng trước")
    assert (f.amount_min, f.amount_max, f.start) == (Decimal("10"), Decimal("50"), date(2026, 10, 1))
    f = parse("an trua duoi 20 do")  # typed without diacritics
    assert f.categories == ["Dining"] and f.amount_max == Decimal("20")


def test_concepts_filler_and_names_the_user_does_not_have():
    f = parse("coffee last month")
    assert f.merchants == ["Starbucks"] and "October 2026" in f.describe()
    assert parse("coffee shop under $5").merchants == ["Starbucks"]  # "shop" is not a required word
    assert parse("stuff from amazon").merchants == ["Amazon"] and parse("stuff from amazon").text == []
    f = parse("dining under 20 last month")
    assert f.describe() == "Dining · under 20 · money out · October 2026"
    walmart = parse("how much did I spend at walmart")
    assert walmart.unknown == ["walmart"] and walmart.merchants == []
    assert parse("zzfoo").ignored == ["zzfoo"]


@pytest.mark.django_db
def test_search_rows_match_filters(alice, bob, import_rows):
    start, end, _ = period_resolve("last_month")
    d = lambda n: (start + timedelta(days=n)).isoformat()  # noqa: E731
    import_rows(alice, [
        (d(1), "STARBUCKS STORE #1 SEATTLE", "-4.50", "Dining"),
        (d(2), "TST* JOES PIZZA", "-25.00", "Dining"),
        (d(3), "SQ *LUNCH BAR", "-12.00", "Dining"),
        (d(4), "WOOLWORTHS 12", "-15.00", "Groceries"),
        ((start - timedelta(days=3)).isoformat(), "STARBUCKS STORE #1 SEATTLE", "-3.00", "Dining"),
    ])
    import_rows(bob, [(d(1), "STARBUCKS STORE #1 SEATTLE", "-4.50", "Dining")])
    result = transactions_search(user=alice, query="ăn trưa dưới 20 đô tháng trước")
    assert result["count"] == 2
    assert sorted(r["amount"] for r in result["rows"]) == [-12.0, -4.5]
    assert result["filters"]["categories"] == ["Dining"] and result["filters"]["amount_max"] == 20
    assert result["filters_text"].startswith("Dining")
    assert {"kind": "category", "label": "Dining", "field": "categories", "key": "categories:Dining"} in result["chips"]
    assert result["spent"] == 16.5
    coffee = transactions_search(user=alice, query="coffee last month")
    assert [r["merchant"] for r in coffee["rows"]] == ["Starbucks"]
    everything = transactions_search(user=alice, query="starbucks")
    assert everything["count"] == 2  # alice's two, never bob's
    missing = transactions_search(user=alice, query="walmart last month")
    assert missing["count"] == 0 and missing["unknown"] == ["walmart"]
