"""The parser's reading of remarks and restatements said beside a money question (issue 21, kind 1): a remark's words
are function words (no filter, nothing unknown); a restatement ("— so only X", "(call it …)", ", say from … to …",
"X, as my son calls Uber", "by X I mean …") says what is meant and wins. A fixed `today` (Thursday 26 November 2026)."""
from __future__ import annotations

from datetime import date

import pytest

from transactions.query import Vocab, money_query_parse

TODAY = date(2026, 11, 26)
MERCHANT_CATEGORY = {
    "Starbucks": "Dining", "Chipotle": "Dining", "Uber Eats": "Dining", "Uber": "Transport", "Shell Oil": "Transport",
    "Chevron": "Transport", "Whole Foods Mkt": "Groceries", "Trader Joe's": "Groceries", "Target": "Shopping",
    "Amazon": "Shopping", "Netflix": "Subscriptions", "Oakwood Apartments Rent": "Rent",
}
VOCAB = Vocab(merchants=sorted(MERCHANT_CATEGORY), merchant_category=MERCHANT_CATEGORY,
              categories={c: "expense" for c in set(MERCHANT_CATEGORY.values())})


def parse(question: str):
    return money_query_parse(question, vocab=VOCAB, today=TODAY)


@pytest.mark.parametrize(("question", "merchants", "categories"), [
    # a remark about what the things are: "food" and "rides" are no categories here
    ("chipotle plus uber this year — yeah I know one's food and one's rides, just add them", ["Chipotle", "Uber"], []),
    # what someone else says: no filter, and "Maria" is no unknown name
    ("target last month? Maria says it's mostly the groceries anyway", ["Target"], []),
    # a clause about the shop after "which is", and a concessive remark
    ("amazon in october, which is mostly groceries, though Sam buys his books there", ["Amazon"], []),
    # a person's habit said with a third-person verb after the question
    ("add the chevron to that total for september. Sam fills up at the Shell near work.", ["Chevron"], []),
    # politeness and a guess at the answer
    ("netflix last year, all told, if it's not too much trouble", ["Netflix"], []),
])
def test_a_remark_names_nothing(question, merchants, categories):
    q = parse(question)
    assert sorted(q.merchants) == sorted(merchants) and sorted(q.categories) == categories, q.as_dict()
    assert not q.unknown and not q.ignored, q.as_dict()


def test_a_remark_said_first_is_the_question():
    q = parse("Sorry, I think I overspent on dining last month — how much was it?")
    assert q.categories == ["Dining"], q.as_dict()


def test_a_clause_after_a_dash_that_leaves_something_out_is_no_remark():
    q = parse("dining this month — I want it without Chipotle")
    assert q.categories == ["Dining"] and q.exclude_merchants == ["Chipotle"], q.as_dict()


def test_what_is_left_out_ends_at_the_verb_of_the_question():
    q = parse("which store apart from Target takes most of my shopping money this year?")
    # the shopping is the subject: it was left out too, and the ranking was of everything else
    assert q.categories == ["Shopping"] and q.exclude_merchants == ["Target"] and not q.exclude_categories, q.as_dict()


def test_a_restated_period_in_brackets_is_the_period_in_the_year_it_restates():
    q = parse("shopping over the holidays last year (call it Nov 20 to Dec 31)")
    assert (q.period.start, q.period.end) == (date(2025, 11, 20), date(2025, 12, 31)), q.as_dict()
    assert q.categories == ["Shopping"] and not q.ignored, q.as_dict()


def test_a_period_restated_after_say_wins():
    q = parse("groceries over the holidays last year, say from December 1st to January 6th 2026, how much was it?")
    assert (q.period.start, q.period.end) == (date(2025, 12, 1), date(2026, 1, 6)), q.as_dict()


def test_a_subject_restated_after_a_dash_wins_over_the_exclusion():
    q = parse("dining last month minus the coffee — so Chipotle and Uber Eats only")
    assert sorted(q.merchants) == ["Chipotle", "Uber Eats"], q.as_dict()
    assert "Chipotle" not in q.exclude_merchants and "Uber Eats" not in q.exclude_merchants, q.as_dict()


def test_a_word_defined_after_a_dash_is_what_it_names():
    q = parse("everything except the boring bills in october — by boring bills I mean the rent, netflix and the "
              "subscriptions. what was the rest?")
    assert "Rent" in q.exclude_categories and "Netflix" in q.exclude_merchants, q.as_dict()
    assert not q.categories and not q.merchants, q.as_dict()


@pytest.mark.parametrize(("question", "merchants"), [
    ("shell in october versus the ride app, as my daughter calls Uber", ["Shell Oil", "Uber"]),
    ("chipotle in october, as our grandson calls it", ["Chipotle"]),
])
def test_what_someone_calls_a_thing(question, merchants):
    q = parse(question)
    named = sorted({*q.merchants, *(m for s in (q.compare or {}).get("sides") or [] for m in s.merchants)})
    assert named == merchants and not q.unknown and not q.ignored, q.as_dict()


def test_a_word_of_one_name_joined_to_another_name_is_that_merchant():
    q = parse("the Joe's and Whole Foods together for october")
    assert sorted(q.merchants) == ["Trader Joe's", "Whole Foods Mkt"] and not q.text, q.as_dict()


def test_names_joined_before_versus_are_one_side_and_a_list_is_not():
    q = parse("shell and chevron combined last month versus uber")
    assert [sorted(s.merchants) for s in q.compare["sides"]] == [["Chevron", "Shell Oil"], ["Uber"]], q.as_dict()
    q = parse("shell, chevron or uber last month, which was more")
    assert len(q.compare["sides"]) == 3, q.as_dict()


def test_the_first_and_the_one_after_it_is_the_top_two():
    q = parse("which shop got most of my money this year, not counting rent, and which came second?")
    assert q.measure == "top_merchants" and q.limit == 2 and not q.offset, q.as_dict()


@pytest.mark.parametrize("question", [
    "total spend from March 10th thru April 9th? thats my billing cycle for one client",
    "how much since July in total? thats when the raise kicked in",
])
def test_a_sentence_after_the_question_saying_why_names_nothing(question):
    q = parse(question)
    assert not q.unknown and not q.things, q.as_dict()  # was: "no transactions about 'cycle'"
