"""Issue 21 kind 1 through chat_turn: a clause run on after the question that tells a story (someone else's doing,
a pet, the shop, the asker's feeling or plan) adds no filter, text search, period or comparison; an umbrella word
glossed by a list ("bills: netflix and uber") is that list, not its own categories too. The chat fixture statement
(tests/chat/conftest.py), each month: Rent 1400.00, Starbucks 5.75 + 6.25 (Dining), Amazon 42.99 Shopping + 18.50
Groceries, Whole Foods 96.40, Uber 23.10, Netflix 15.49, The Good Plate 64.00 (Dining)."""
from __future__ import annotations

import pytest

from chat.services import chat_turn
from tests.chat.conftest import answer_body, confident, last_args

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("question, figure", [
    # "coffees" in what the staff do added Dining
    ("starbucks plus netflix last month please, my staff send me out for coffees every afternoon so half is theirs",
     "$27.49"),
    # "uses" in what the son does became a text search for "us"
    ("uber last month, my son uses my account for his rides to school", "$23.10"),
    # "takeaway" in a clause about the shop added Dining
    ("whole foods last month, the kids were home and the shop was shut so it was all takeaway and snacks", "$96.40"),
    # the gym in what the wife reckons, and the asker's plan
    ("netflix last month, the wife reckons the gym costs more, so I might cancel", "$15.49"),
    # the asker's feeling
    ("what did uber cost me last month, honestly I've got a feeling the dog eats more than the kids", "$23.10"),
])
def test_a_clause_run_on_after_the_question_adds_no_filter(chat_demo, alice, alice_money, question, figure):
    answer = chat_turn(user=alice, message=question)
    assert figure in answer_body(answer), (question, answer["answer"], answer["tool_calls"])
    assert not last_args(answer).get("text"), answer["tool_calls"]
    assert confident(alice, answer), (question, answer["confidence"])


@pytest.mark.parametrize("question", [
    "what did I spend last month, the shop was shut so it was all takeaway and presents",
    "everything I spent last month all together, my partner reckons it costs more than the month before",
])
def test_the_period_asked_stays_the_period_and_the_story_no_comparison(chat_demo, alice, alice_money, question):
    answer = chat_turn(user=alice, message=question)
    assert answer["tools_used"] == ["search_transactions"], answer["tool_calls"]
    assert "$1,672.48" in answer_body(answer), (question, answer["answer"], answer["tool_calls"])


@pytest.mark.parametrize("question", [
    "all my bills for last month: netflix and uber",
    "the subscriptions last month (netflix and uber)",
    "my fixed costs last month - netflix and uber",
])
def test_an_umbrella_word_glossed_by_a_list_is_the_list(chat_demo, alice, alice_money, question):
    answer = chat_turn(user=alice, message=question)
    body = answer_body(answer)
    # 15.49 + 23.10; the bills' own categories (Rent) were added to the list
    assert "$38.59" in body and "$1,4" not in body, (question, answer["answer"], answer["tool_calls"])
    assert confident(alice, answer), (question, answer["confidence"])
