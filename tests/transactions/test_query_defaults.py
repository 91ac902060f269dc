"""General defaults of the parser's reading (issue 21), each written from its kind with several wordings:
1. a correction said inside the turn ("X, sorry, Y", "X — no, Y", "600 no wait make it 700", "or rather …") replaces
   the earlier part of the same kind — subject, period or amount; where it could replace more than one thing it is
   marked unclear;
2. what a remark after an exclusion keeps in ("incl. rent", "including", "plus the rent", "tính cả") is never left out;
3. a week of a month said by its number, and a week said without its month, are weeks of the month said beside it;
   "up to and including <day>" ends on that day;
4. money in "and everything" is all money in, not the payroll the examples named.
A fixed `today` (Friday 27 November 2026)."""
from __future__ import annotations

from datetime import date

import pytest

from transactions.query import Vocab, money_query_parse

TODAY = date(2026, 11, 27)
MERCHANT_CATEGORY = {
    "Starbucks": "Dining", "Blue Bottle Coffee": "Dining", "Joe's Pizza": "Dining", "Uber": "Transport",
    "Uber Eats": "Dining", "Whole Foods Mkt": "Groceries", "Target": "Shopping", "Amazon": "Shopping",
    "Zara": "Shopping", "Oakwood Apartments Rent": "Rent", "Acme Corp Payroll": "Salary",
}
VOCAB = Vocab(merchants=sorted(MERCHANT_CATEGORY), merchant_category=MERCHANT_CATEGORY,
              categories={**{c: "expense" for c in set(MERCHANT_CATEGORY.values())}, "Salary": "income"})


def parse(question: str):
    return money_query_parse(question, vocab=VOCAB, today=TODAY)


def span(q) -> tuple[str, str]:
    assert q.period is not None, q.as_dict()
    return q.period.start.isoformat(), q.period.end.isoformat()


# ---- 1. corrections inside one turn ------------------------------------------------------------------------
@pytest.mark.parametrize(("question", "merchants"), [
    ("how much did I spend at starbucks, sorry, blue bottle last month", ["Blue Bottle Coffee"]),
    ("starbucks last month... sorry I meant joe's pizza", ["Joe's Pizza"]),
    ("how much on uber last month, or rather uber eats", ["Uber Eats"]),
    ("spending at amazon this year — no wait, target", ["Target"]),
    ("how much at target, I mean zara, in october", ["Zara"]),
    ("what did amazon cost me in october - no, zara", ["Zara"]),
    ("how much at costco, I mean target, last month", ["Target"]),  # the corrected name need not be theirs
])
def test_a_corrected_name_replaces_the_one_said_before_it(question, merchants):
    q = parse(question)
    assert q.merchants == merchants and not q.unknown and not q.ignored, q.as_dict()
    assert q.corrected and all(c["clear"] for c in q.corrected), q.corrected


@pytest.mark.parametrize(("question", "period"), [
    ("uber in september — no, october", ("2026-10-01", "2026-10-31")),
    ("how much did I spend on groceries in august, actually make that september", ("2026-09-01", "2026-09-30")),
    ("groceries in september, or rather october", ("2026-10-01", "2026-10-31")),
    ("dining last month, sorry, this month", ("2026-11-01", "2026-11-27")),
    ("tháng 9 tôi tiêu bao nhiêu cho starbucks, à không, tháng 10", ("2026-10-01", "2026-10-31")),
])
def test_a_corrected_period_replaces_the_one_said_before_it(question, period):
    q = parse(question)
    assert span(q) == period and q.measure != "compare", q.as_dict()


def test_a_correction_naming_a_place_and_a_period_replaces_both():
    q = parse("starbucks last month... sorry I meant blue bottle in september")
    assert q.merchants == ["Blue Bottle Coffee"] and span(q) == ("2026-09-01", "2026-09-30"), q.as_dict()


def test_a_correction_that_could_replace_either_name_is_unclear():
    q = parse("starbucks and uber last month, sorry, joe's pizza")
    assert q.corrected and not q.corrected[0]["clear"], q.as_dict()


@pytest.mark.parametrize("question", [
    "what did I actually spend on dining last month",  # "actually" inside the question
    "no, how much on dining last month",  # an opening "no" answers the last turn
    "uber last month, no more than 20 each",  # "no more than" is a bound
    "sorry, how much did I spend on dining",
])
def test_words_that_only_look_like_a_correction_change_nothing(question):
    assert not parse(question).corrected, parse(question).as_dict()


# ---- 2. kept in after an exclusion -------------------------------------------------------------------------
@pytest.mark.parametrize(("question", "left_out"), [
    ("how much did I spend last month w/o Amazon and Target — everything else incl. rent", {"Amazon", "Target"}),
    ("spending in october without uber, everything else including rent and groceries", {"Uber"}),
    ("everything last month except starbucks, plus the rent of course", {"Starbucks"}),
    ("total spending this month excluding amazon (including the rent)", {"Amazon"}),
    ("spending last month excluding groceries and dining - but including rent", {"Groceries", "Dining"}),
    ("what did I spend in october besides target (incl. groceries)", {"Target"}),
])
def test_what_a_remark_after_an_exclusion_keeps_in_is_never_left_out(question, left_out):
    q = parse(question)
    assert set(q.exclude_merchants) | set(q.exclude_categories) == left_out, q.as_dict()
    assert not q.merchants and not q.categories, q.as_dict()  # everything else: no subject of its own


def test_kept_in_after_an_exclusion_in_vietnamese():
    q = parse("tổng chi tiêu tháng trước trừ amazon, tính cả tiền nhà")
    assert q.exclude_merchants == ["Amazon"] and not q.exclude_categories and not q.categories, q.as_dict()


def test_a_list_of_exclusions_still_leaves_every_name_out():
    q = parse("everything except rent, groceries and dining last month")
    assert set(q.exclude_categories) == {"Rent", "Groceries", "Dining"}, q.as_dict()


# ---- 3. weeks of a month, and inclusive end bounds -----------------------------------------------------------
@pytest.mark.parametrize("question", [
    "how much did I spend the first week of October versus the second week",
    "spending week 1 vs week 2 of october",
    "dining in october, week 1 vs week 2",
    "the first week of last month vs the second week",
])
def test_two_weeks_of_a_month_are_compared_in_that_month(question):
    q = parse(question)
    sides = [(s.period.start.isoformat(), s.period.end.isoformat()) for s in q.compare["sides"]]
    assert sides == [("2026-10-01", "2026-10-07"), ("2026-10-08", "2026-10-14")], q.as_dict()


def test_a_numbered_week_of_a_month_is_its_days():
    assert span(parse("groceries week 3 of september")) == ("2026-09-15", "2026-09-21")
    assert span(parse("spending for the fifth week of october")) == ("2026-10-29", "2026-10-31")


@pytest.mark.parametrize(("question", "period"), [
    ("spending from september 1 up to and including september 20", ("2026-09-01", "2026-09-20")),
    ("groceries from august 1 up to and including august 10", ("2026-08-01", "2026-08-10")),
    ("dining from august through the end of october", ("2026-08-01", "2026-10-31")),
])
def test_up_to_and_including_a_day_ends_on_that_day(question, period):
    assert span(parse(question)) == period


def test_up_to_and_including_a_day_is_no_single_day():
    q = parse("how much did I spend on groceries up to and including October 15")
    assert q.period.end == date(2026, 10, 15) and q.period.start < date(2026, 10, 1), q.as_dict()


# ---- 4. all money in ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("question", [
    "how much money came in last month, paychecks and everything",
    "what was my total income in october, salary and everything else",
    "total money in last month, salary, refunds, everything",
    "how much came in in october - all of it, not just the paycheck",
])
def test_money_in_and_everything_is_all_money_in(question):
    q = parse(question)
    assert q.measure == "income" and not q.merchants and not q.categories, q.as_dict()
    assert not q.exclude_merchants and not q.exclude_categories and not q.unknown, q.as_dict()


def test_money_in_from_a_payer_alone_stays_that_payer():
    q = parse("how much did I get from my salary last month")
    assert q.measure == "income" and (q.merchants or q.categories), q.as_dict()


def test_a_lead_in_said_after_a_first_sentence_is_no_name():
    # "to begin with" was read as a merchant ("Begin"): nothing found, instead of October's money in
    q = parse("I want to put 15 percent of my income aside each month. To begin with, how much money came in "
              "during October?")
    assert q.measure == "income" and not q.unknown and not q.merchants, q.as_dict()
