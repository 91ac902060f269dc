"""Issue 21 kind 1 through chat_turn: compound questions said with remarks beside them and restatements after them.
A remark (what the user knows, thinks or was told, a remark about a thing already named, a guess, politeness) adds no
filter; a restatement ("— so only X", "— by fixed costs I mean …", "X, as my nephew calls Starbucks") says what is
meant and wins over the looser words. The chat fixture statement (tests/chat/conftest.py), each month: Rent 1400.00,
Starbucks 5.75 + 6.25 (Dining), Amazon 42.99 Shopping + 18.50 Groceries, Whole Foods 96.40, Uber 23.10, Netflix
15.49, The Good Plate 64.00 (Dining)."""
from __future__ import annotations

import pytest

from chat.services import chat_turn
from tests.chat.conftest import answer_body, confident

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("question, figure", [
    # "food" in the remark added Dining: 12.00 + 15.49 + 64.00
    ("starbucks plus netflix last month, added up — sure, I know one's food and one's a subscription, I only want "
     "the one figure", "$27.49"),
    # "takeout" in what someone else reckons added Dining
    ("What did Uber cost me last month? Harold reckons it's mostly the airport runs and the takeout.", "$23.10"),
    # "dinners" in a clause about the shop added Dining
    ("Whole Foods last month, which is mostly fruit and dinners, I think", "$96.40"),
    # a guess at the answer said after the question ("Spring" read as a period)
    ("what did the Netflix come to last month? Spring, I'd guess.", "$15.49"),
])
def test_a_remark_beside_the_question_adds_no_filter(chat_demo, alice, alice_money, question, figure):
    answer = chat_turn(user=alice, message=question)
    assert figure in answer_body(answer), (question, answer["answer"], answer["tool_calls"])
    assert confident(alice, answer), (question, answer["confidence"])


def test_a_remark_after_a_dash_does_not_rank_what_was_left_out(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="which category was largest last month, leaving the rent out — rent is "
                                           "always the top one so it says nothing")
    body = answer_body(answer)
    # Groceries 114.90 (Whole Foods + Amazon's 18.50); the rent in the remark was read as the subject
    assert "Groceries" in body and "$1,400.00" not in body, (answer["answer"], answer["tool_calls"])
    assert confident(alice, answer), answer["confidence"]


def test_a_word_defined_after_a_dash_is_read_as_what_it_names(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="everything but the fixed costs last month — by fixed costs I mean the "
                                           "rent, Netflix and Uber. how much is the rest?")
    # 1672.48 − 1400.00 − 15.49 − 23.10; was: the fixed costs alone
    assert "$233.89" in answer_body(answer), (answer["answer"], answer["tool_calls"])


def test_a_restatement_after_a_dash_wins_over_the_exclusion(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="eating out last month without the coffee — so only The Good Plate")
    # was $0.00: Dining less the coffee and less The Good Plate too
    assert "$64.00" in answer_body(answer), (answer["answer"], answer["tool_calls"])
    assert confident(alice, answer), answer["confidence"]


def test_a_name_someone_uses_for_a_merchant_is_that_merchant(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="how much did the mermaid place, as my nephew calls Starbucks, cost me "
                                           "last month?")
    assert "$12.00" in answer_body(answer), (answer["answer"], answer["tool_calls"])
    assert confident(alice, answer), answer["confidence"]


def test_the_first_place_and_the_one_after_it_are_both_named(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="which shop took the most of my money last month apart from the landlord, "
                                           "and which came second?")
    body = answer_body(answer)
    # Whole Foods 96.40, then The Good Plate 64.00: was the first alone
    assert "Whole Foods" in body and "Good Plate" in body, (answer["answer"], answer["tool_calls"])


def test_names_joined_before_versus_are_one_side(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="uber and netflix combined vs whole foods last month")
    body = answer_body(answer)
    # 23.10 + 15.49 against 96.40: was three sides, none of them the two together
    assert "$38.59" in body and "$96.40" in body, (answer["answer"], answer["tool_calls"])
