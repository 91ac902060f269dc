"""An analyst's shorthand read by the grammar (issue 21 kinds 1 and 3): "ex-X" / "ex the X" is "excluding X" — a
filter that removes, never the thing itself — while a former person ("my ex-husband", "what did my ex cost me") is no
exclusion; "t12m" / "t6m" (trailing) is the last N months, as "l3m" is. Parser tests on a small vocabulary."""
from __future__ import annotations

from datetime import date

import pytest

from transactions.query.linking import Vocab
from transactions.query.parse import money_query_parse

TODAY = date(2026, 11, 27)
SHOPS = {"Starbucks": "Dining", "Chipotle": "Dining", "Whole Foods Mkt": "Groceries", "Uber": "Transport",
         "Target": "Shopping", "Amazon": "Shopping", "Oakwood Apartments": "Rent", "Netflix": "Subscriptions"}
VOCAB = Vocab(merchants=sorted(SHOPS), merchant_category=SHOPS,
              categories={c: "expense" for c in set(SHOPS.values())}, narrative_has=lambda *_a, **_k: False)


def read(question: str):
    return money_query_parse(question, vocab=VOCAB, today=TODAY)


@pytest.mark.parametrize("question, kept, left_out", [
    ("shopping ex-target this year", ["Shopping"], ["Target"]),
    ("all spending ex-rent last month", [], ["Rent"]),
    ("dining ex the chipotle stuff in october", ["Dining"], ["Chipotle"]),
])
def test_ex_is_excluding(question, kept, left_out):
    q = read(question)
    said = q.as_dict()
    removed = (said.get("exclude_merchants") or []) + (said.get("exclude_categories") or []) + \
        [n for link in q.links if link.negated for n in link.names]
    assert set(left_out) <= set(removed), said
    assert not set(left_out) & set(q.merchants + q.categories), said
    assert set(kept) <= set(q.merchants + q.categories), said


@pytest.mark.parametrize("question", ["what did I spend on my ex-husband's gift", "what did my ex cost me last year"])
def test_a_former_person_is_no_exclusion(question):
    q = read(question)
    assert not q.excludes and not any(link.negated for link in q.links), q.as_dict()


@pytest.mark.parametrize("question, months", [("uber t12m", 12), ("groceries T6M", 6)])
def test_trailing_months(question, months):
    q = read(question)
    assert q.period is not None and q.period.end == TODAY, q.as_dict()
    assert (q.period.end.year - q.period.start.year) * 12 + q.period.end.month - q.period.start.month in (months, months - 1)


@pytest.mark.parametrize("question, months", [("dining l3m avg", 3), ("shopping the last 4 months average", 4),
                                               # months in the plural after the average: the grammar's "average"
                                               ("transport average over the past 5 months", 5),
                                               ("what is my avg on dining across the last 3 months", 3),
                                               ("average grocery spending over the last 4 months", 4)])
def test_an_average_over_several_months_of_no_single_purchase_is_monthly(question, months):
    q = read(question)
    assert q.measure == "monthly_average" and q.months == months, q.as_dict()


@pytest.mark.parametrize("question", ["avg uber ride l6m", "average purchase at target last month",
                                      "what was my average amazon order over the last 3 months",
                                      # a noun of one row from each side of transactions/query/lexicon.ROW_NOUNS
                                      "average target basket the past 5 months", "avg cvs payment l4m",
                                      "average spend per visit at starbucks over the last 6 months"])
def test_an_average_of_single_purchases_stays_per_purchase(question):
    assert read(question).measure == "average", read(question).as_dict()


@pytest.mark.parametrize("question, months", [
    ("what's our takeout avg been over the past 4 months", 4),
    ("average spend on shopping in the last 3 months?", 3),
    ("chipotle avg for the previous six months", 6),
])
def test_an_average_said_with_months_in_the_plural_is_monthly(question, months):
    # "months" in the plural is no "a month": the span of several months still makes the average a monthly one
    q = read(question)
    assert q.measure == "monthly_average" and q.months == months, q.as_dict()


@pytest.mark.parametrize("question", ["average daily spend on dining over the last 3 months",
                                      "avg weekly transport cost over the past 4 months"])
def test_an_average_per_day_or_week_over_months_is_no_monthly_average(question):
    assert read(question).measure != "monthly_average", read(question).as_dict()
