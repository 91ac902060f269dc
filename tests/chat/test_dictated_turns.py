"""A person who dictates every question (issue 21, kind 2): punctuation said aloud ("… question mark", "… period")
is a mark, not a thing to look for; numbers said as words stand wherever a number may ("q three", "twenty twenty
six"). The chat fixture statement (tests/chat/conftest.py), each month: Rent 1400.00, Starbucks 5.75 + 6.25
(Dining), Amazon 42.99 Shopping + 18.50 Groceries, Whole Foods 96.40, Uber 23.10, Netflix 15.49, The Good Plate
64.00 (Dining)."""

from __future__ import annotations

import pytest
from django.utils import timezone

from chat.services import chat_turn
from tests.chat.conftest import answer_body, confident, last_args, months_back
from transactions.query.dictation import marks_written

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "question, figure",
    [
        ("what did netflix cost me last month question mark", "$15.49"),
        ("how much went on eating out last month full stop", "$76.00"),
        ("which category was biggest last month not counting the rent period", "$114.90"),
        ("uber last month comma only the rides", "$23.10"),
        ("whole foods last month exclamation point", "$96.40"),
    ],
)
def test_punctuation_said_aloud_is_a_mark(chat_demo, alice, alice_money, question, figure):
    answer = chat_turn(user=alice, message=question)
    assert figure in answer_body(answer), (question, answer["answer"], answer["tool_calls"])
    assert not last_args(answer).get("unknown") and not last_args(answer).get("text"), answer["tool_calls"]
    assert confident(alice, answer), (question, answer["confidence"], answer["grounding"]["reasons"])


@pytest.mark.parametrize(
    "said, written",
    [
        ("how much at costco last month question mark", "how much at costco last month?"),
        ("groceries in march period", "groceries in march."),
        ("uber period how about lyft", "uber. how about lyft"),
        # a noun where a determiner or the thing it is the period of stands before it
        ("what did I spend over the holiday period", "what did I spend over the holiday period"),
        ("and for the same period", "and for the same period"),
        ("what did I spend over a six month period", "what did I spend over a six month period"),
        ("groceries last month period", "groceries last month."),
        ("is my pay period weekly", "is my pay period weekly"),
        ("what does a question mark next to a charge mean", "what does a question mark next to a charge mean"),
    ],
)
def test_a_mark_is_written_only_where_its_name_is_no_noun(said, written):
    assert marks_written(said) == written


def _year_said(year: int) -> str:
    tens = ["", "", "twenty", "thirty", "forty"][year % 100 // 10]
    units = ["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"][year % 10]
    pair = {
        10: "ten",
        11: "eleven",
        12: "twelve",
        13: "thirteen",
        14: "fourteen",
        15: "fifteen",
        16: "sixteen",
        17: "seventeen",
        18: "eighteen",
        19: "nineteen",
    }.get(year % 100) or f"{tens} {units}".strip()
    return f"twenty {pair}"


def test_a_year_said_in_two_pairs_is_that_year(chat_demo, alice, alice_money):
    month = months_back(1)
    question = f"netflix in {month.strftime('%B').lower()} {_year_said(month.year)}"
    answer = chat_turn(user=alice, message=question)
    assert "$15.49" in answer_body(answer), (question, answer["answer"], answer["tool_calls"])
    assert last_args(answer)["start"] == month.isoformat(), answer["tool_calls"]
    assert confident(alice, answer), (question, answer["confidence"], answer["grounding"]["reasons"])


@pytest.mark.parametrize("said, quarter", [("q one", 1), ("q two", 2), ("q. three", 3), ("q four", 4)])
def test_a_quarter_said_by_its_number_is_that_quarter(chat_demo, alice, alice_money, said, quarter):
    year = timezone.localdate().year - 1
    answer = chat_turn(user=alice, message=f"total spending for {said} last year")
    args = last_args(answer)
    assert args["start"] == f"{year}-{3 * quarter - 2:02d}-01", answer["tool_calls"]
    assert not args.get("unknown"), answer["tool_calls"]


@pytest.mark.parametrize(
    "question, figure, name",
    [
        ("what did hoover charge me last month", "$23.10", "Uber"),  # an h heard before it, b heard as v
        ("what did the hoover trips cost last month", "$23.10", "Uber"),
        ("what did the hoover rides cost me last month", "$23.10", "Uber"),  # rides: no part of Uber Eats
        ("what did I pay net flex last month", "$15.49", "Netflix"),
    ],
)
def test_a_name_heard_as_other_words_is_answered_as_a_doubt(chat_demo, alice, alice_money, question, figure, name):
    answer = chat_turn(user=alice, message=question)
    assert figure in answer_body(answer), (question, answer["answer"], answer["tool_calls"])
    assert last_args(answer).get("merchants") == [name], answer["tool_calls"]


def test_a_name_by_sound_alone_is_never_confident_and_is_offered(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="how much went to hoover last month question mark")
    assert "$23.10" in answer_body(answer), answer["answer"]
    assert not confident(alice, answer), answer["confidence"]
    assert [c["name"] for c in (answer["clarification"] or {}).get("choices", [])] == ["Uber"], answer["clarification"]


@pytest.mark.parametrize(
    "question, word",
    [
        ("how much did I spend at costco last month", "costco"),
        ("how much did I spend at hooters last month", "hooters"),
        ("what did I spend at ikea last month", "ikea"),
    ],
)
def test_a_name_they_never_had_is_not_heard_as_theirs(chat_demo, alice, alice_money, question, word):
    answer = chat_turn(user=alice, message=question)
    assert not last_args(answer).get("merchants"), answer["tool_calls"]
    assert word in " ".join(last_args(answer).get("unknown") or []), answer["tool_calls"]
