"""Turns whose subject is said apart from the question, other people's money, and what counts said as rules (issue
21, kinds 1, 2, 3, 5) through chat_turn.

- a short sentence of a name alone before the question ("Whole Foods. What did it come to …") is the question's
  topic, not a scene set aside (transactions/query/asides_remarks._topic_lead);
- someone else's spending said with another verb ("what does my wife put on her card", "my flatmate drops") is data
  Moneta lacks: it says so and runs no search of the user's own money (chat/capabilities._OTHERS_SPEND_VERB);
- "the past quarter" is the last calendar quarter or the last three months: the answer says which it used and is at
  most medium, unless the question pins it ("calendar quarter", "Q3") (chat/period_readings.quarter_reading);
- what counts said as rules ("starbucks and uber count, whole foods doesn't") is the subject and an exclusion, not a
  count of purchases (transactions/query/exclusions_wording.counting_rules_respelt);
- an umbrella word said of the list before it ("rent and netflix, both bills") adds no categories of its own
  (transactions/query/umbrella_lists.umbrella_apposed);
- what is left out said again as negations ("everything except food, like no dining no groceries") is the exclusion,
  never the subject (transactions/query/exclusions_wording.exclusion_glossed).
Data: the chat fixture statement (Starbucks 5.75 + 6.25, Amazon 42.99 + 18.50, Whole Foods 96.40, Uber 23.10, Netflix
15.49, The Good Plate 64.00, Rent 1400 a month), and for the umbrella word, PG&E 89.00 and Comcast 70.00 last month."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from chat.period_readings import MEDIUM_CAP
from chat.services import chat_turn
from tests.chat.conftest import answer_body, confident, last_args, month_start, statement_csv, tool_names
from transactions.services import transactions_import

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("question", "figure", "named"), [
    ("Whole foods. What did I spend last month?", "$96.40", "merchants"),
    ("Uber! how much went there last month?", "$23.10", "merchants"),
    ("Groceries. how much did I spend last month?", "$114.90", "categories"),
])
def test_a_name_said_alone_first_is_what_the_question_counts(chat_demo, alice, alice_money, question, figure, named):
    answer = chat_turn(user=alice, message=question)
    assert last_args(answer).get(named), (question, answer["tool_calls"])
    assert figure in answer_body(answer), (question, answer["answer"])
    assert "I set aside" not in answer["answer"], answer["answer"]


def test_a_scene_before_the_question_is_still_set_aside(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="Rent went up again this spring. What did I spend at Starbucks last month?")
    assert "$12.00" in answer_body(answer), answer["answer"]
    assert confident(alice, answer), answer["confidence"]



@pytest.mark.parametrize("question", [
    "what does my wife put on her card each month",
    "how much does my flatmate drop on groceries",
    "what has my brother been blowing at amazon lately",
])
def test_someone_elses_spending_in_other_verbs_is_said_to_be_out_of_reach(chat_demo, alice, alice_money, question):
    answer = chat_turn(user=alice, message=question)
    assert answer["answer"].startswith("I have no access to that"), (question, answer["answer"])
    assert "anyone else's" in answer["answer"], answer["answer"]
    assert "search_transactions" not in tool_names(answer), answer["tool_calls"]
    assert "$" not in answer["answer"], answer["answer"]


def test_the_users_own_spending_beside_a_person_is_still_theirs(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="my wife thinks I drop too much at starbucks, what was it last month?")
    assert "$12.00" in answer_body(answer), answer["answer"]


def _quarter_month() -> bool:
    return timezone.localdate().month in (1, 4, 7, 10)  # then the last quarter is the last three months


@pytest.mark.parametrize("question", ["what did whole foods cost me the past quarter", "total spent previous quarter"])
def test_the_past_quarter_says_which_reading_and_is_not_high(chat_demo, alice, alice_money, bob, bob_money, question):
    if _quarter_month():
        pytest.skip("in a quarter's first month both readings are the same months")
    answer = chat_turn(user=alice, message=question)
    assert "search_transactions" in tool_names(answer), answer["tool_calls"]
    assert "calendar quarter" in answer["answer"] and "three months" in answer["answer"], answer["answer"]
    assert answer["confidence"] <= MEDIUM_CAP, (question, answer["confidence"])
    his = chat_turn(user=bob, message=question)  # Bob's quarter is his own, said as honestly
    assert "777.77" not in answer["answer"] and his["confidence"] <= MEDIUM_CAP, his["answer"]


@pytest.mark.parametrize("question", ["what did whole foods cost me last calendar quarter",
                                      "whole foods over the past quarter, the three full months before this one"])
def test_a_quarter_pinned_by_its_words_keeps_its_confidence(chat_demo, alice, alice_money, question):
    answer = chat_turn(user=alice, message=question)
    assert "could differ" not in answer["answer"], answer["answer"]
    assert not any("two readings" in r for r in answer["grounding"]["reasons"]), answer["grounding"]


@pytest.mark.parametrize("question", [
    "starbucks and uber count, whole foods doesn't. what did I spend last month?",
    "what did last month come to? starbucks counts and so does uber, whole foods does not",
])
def test_what_counts_said_as_rules_is_the_subject_and_an_exclusion(chat_demo, alice, alice_money, question):
    answer = chat_turn(user=alice, message=question)
    args = last_args(answer)
    assert args.get("measure") != "count", (question, answer["tool_calls"])
    assert "$35.10" in answer_body(answer), (question, answer["answer"])
    assert "96.40" not in answer_body(answer), answer["answer"]


@pytest.fixture
def alice_utilities(alice):
    first = month_start(timezone.localdate(), 1)
    extra = [(first + timedelta(days=14), "PG&E WEB ONLINE", "-89.00", "Utilities"),
             (first + timedelta(days=15), "COMCAST XFINITY", "-70.00", "Utilities")]
    return transactions_import(user=alice, file_name="alice.csv",
                               content=statement_csv(today=timezone.localdate(), extra=extra))


def test_an_umbrella_word_said_of_a_list_adds_nothing(chat_demo, alice, alice_utilities):
    answer = chat_turn(user=alice, message="electric and cable, both bills, how much last month")
    assert "$159.00" in answer_body(answer), answer["answer"]
    assert "1,400.00" not in answer_body(answer), answer["answer"]


@pytest.mark.parametrize("question", [
    "everything except food, like no dining no groceries, last month",
    "what did I spend last month except food — no dining, no groceries",
])
def test_an_exclusion_said_again_as_negations_is_left_out(chat_demo, alice, alice_money, question):
    answer = chat_turn(user=alice, message=question)
    args = last_args(answer)
    assert set(args.get("exclude_categories") or []) == {"Dining", "Groceries"}, (question, answer["tool_calls"])
    assert not args.get("categories"), answer["tool_calls"]
    assert "$1,481.58" in answer_body(answer), answer["answer"]
