"""Turns whose subject is said apart from the question, other people's money, and what counts said as rules (issue
21, kinds 1, 2, 3, 5) through chat_turn.

- a short sentence of a name alone before the question ("Whole Foods. What did it come to …") is the question's
  topic, not a scene set aside (transactions/query/asides_remarks._topic_lead);
- someone else's spending said with another verb ("what does my wife put on her card", "my flatmate drops") is data
  Moneta lacks: it says so and runs no search of the user's own money (chat/capabilities._OTHERS_SPEND_VERB);
Data: the chat fixture statement (Starbucks 5.75 + 6.25, Amazon 42.99 + 18.50, Whole Foods 96.40, Uber 23.10, Netflix
15.49, The Good Plate 64.00, Rent 1400 a month)."""
from __future__ import annotations

import pytest

from chat.services import chat_turn
from tests.chat.conftest import answer_body, confident, last_args

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
    assert "search_transactions" not in [c["name"] for c in answer["tool_calls"]], answer["tool_calls"]
    assert "$" not in answer["answer"], answer["answer"]


def test_the_users_own_spending_beside_a_person_is_still_theirs(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="my wife thinks I drop too much at starbucks, what was it last month?")
    assert "$12.00" in answer_body(answer), answer["answer"]
