"""The parser's reading of the kinds of words people use (issue 21, kinds 1–3): names cut down, run together or
misspelt are linked to the user's own merchants by general means; measures said in passing ("a month", "in one
go") are measures; periods said casually ("since new years", "last dec", "last weekend", Vietnamese month ranges
and seasons) are periods; "leaving aside X" removes X. A fixed `today` (Thursday 26 November 2026)."""
from __future__ import annotations

from datetime import date

import pytest

from transactions.query import Vocab, money_query_parse
from transactions.query.clarify import clarification_for
from transactions.query.grammar import find_weekdays, normalise

TODAY = date(2026, 11, 26)
MERCHANT_CATEGORY = {
    "Starbucks": "Dining", "Blue Bottle Coffee": "Dining", "Chipotle": "Dining", "Whole Foods Mkt": "Groceries",
    "Trader Joe's": "Groceries", "Target": "Shopping", "Amazon": "Shopping", "Netflix": "Subscriptions",
    "Planet Fitness Club Fees": "Health", "CVS Pharmacy": "Health", "Oakwood Apartments Rent": "Rent",
}
VOCAB = Vocab(merchants=sorted(MERCHANT_CATEGORY), merchant_category=MERCHANT_CATEGORY,
              categories={c: "expense" for c in set(MERCHANT_CATEGORY.values())})


def parse(question: str):
    return money_query_parse(question, vocab=VOCAB, today=TODAY)


def span(q) -> tuple[str, str]:
    assert q.period is not None, q.as_dict()
    return q.period.start.isoformat(), q.period.end.isoformat()


@pytest.mark.parametrize(("said", "merchant"), [
    ("plnt fitness", "Planet Fitness Club Fees"),  # a word without its vowels beside a whole word
    ("cvs pharm", "CVS Pharmacy"),  # the start of a word
    ("blu bottle", "Blue Bottle Coffee"),
    ("starbs", "Starbucks"),  # a cut-down name with a plural s
    ("wholefds", "Whole Foods Mkt"),  # run together, vowels dropped
    ("blubottle", "Blue Bottle Coffee"),  # run together and misspelt
    ("tgt", "Target"),  # consonants
])
def test_cut_down_names_of_their_merchants_are_linked(said, merchant):
    q = parse(f"how much at {said} last month")
    assert q.merchants == [merchant], q.as_dict()
    assert not q.unknown and not q.ignored
    assert q.links[0].how in ("nickname", "prefix", "spelling")  # said as a reading, never "exact"


def test_everyday_words_are_not_read_as_cut_down_names():
    for word in ("trading", "starts", "shelves"):
        q = parse(f"how much on {word} last month")
        assert not q.merchants, (word, q.as_dict())


def test_a_name_said_differently_gets_a_question_not_a_guess():
    q = parse("how much did I spend at tarjay last month")
    assert q.unknown == ["tarjay"] and not q.merchants
    clarification = clarification_for(q, VOCAB)
    assert clarification is not None and [c["name"] for c in clarification.choices] == ["Target"]


@pytest.mark.parametrize("question", ["netflix a month?", "what does netflix run me per mo",
                                      "how much is the gym each month"])
def test_what_something_costs_a_month_is_the_monthly_figure(question):
    q = parse(question)
    assert q.measure == "monthly_average" and q.months == 3, q.as_dict()


@pytest.mark.parametrize("question", ["how much did I spend a month ago at target", "target in a month",
                                      "target spending month by month"])
def test_a_month_that_is_no_rate_stays_what_it_was(question):
    assert parse(question).measure != "monthly_average"


@pytest.mark.parametrize("question", ["most i've dropped in one go at whole foods",
                                      "most spent in 1 trip to trader joes", "biggest single target charge"])
def test_the_most_in_one_go_is_the_largest_purchase(question):
    q = parse(question)
    assert q.measure == "largest" and q.merchants, q.as_dict()


@pytest.mark.parametrize(("question", "bounds"), [
    ("groceries since new years", ("2026-01-01", "2026-11-26")),
    ("dining since new year's day", ("2026-01-01", "2026-11-26")),
    ("dining last dec", ("2025-12-01", "2025-12-31")),
    ("target from march thru may", ("2026-03-01", "2026-05-31")),
    ("từ tháng 6 đến tháng 8 đi chợ hết bao nhiêu", ("2026-06-01", "2026-08-31")),
    ("tháng 11 đến tháng 2 ăn uống", ("2025-11-01", "2026-02-28")),  # a range over the new year
    ("mùa hè vừa rồi ăn uống hết bao nhiêu", ("2026-06-01", "2026-08-31")),
    ("what did I spend last weekend", ("2026-11-21", "2026-11-22")),
    ("groceries over the weekend", ("2026-11-21", "2026-11-22")),
    ("dining over the winter", ("2025-12-01", "2026-02-28")),
])
def test_periods_said_casually(question, bounds):
    q = parse(question)
    assert span(q) == bounds
    assert not q.ignored and not q.weekdays, q.as_dict()


def test_a_month_abbreviation_alone_is_still_a_word():
    assert parse("I mar the table").period is None


def test_weekends_as_days_and_a_weekend_as_an_event():
    assert parse("spending on weekends").weekdays == [5, 6]
    q = parse("spent on the bachelorette weekend?")
    assert not q.weekdays and q.unknown == ["bachelorette weekend"]
    assert find_weekdays(normalise("my ski weekend"))[0] == []
    assert find_weekdays(normalise("dining on the weekend"))[0] == [5, 6]


@pytest.mark.parametrize("question", ["biggest category last month, leaving aside rent",
                                      "everything in october setting aside the rent", "rent aside, what did I spend"])
def test_leaving_something_aside_removes_it(question):
    q = parse(question)
    assert q.exclude_categories == ["Rent"] and "Rent" not in q.categories, q.as_dict()
