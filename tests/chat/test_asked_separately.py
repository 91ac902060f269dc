"""Two or more of their own things asked "separately", "each", "not added up": a figure for each (the comparison's
sides), never the one total of their union; "and combined?" after it is the union's total. Through chat_turn."""
from __future__ import annotations

import pytest

from tests.chat.conftest import talk

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("ask", [
    "groceries and dining separately last month",
    "how much on groceries and on dining last month, each",
    "what did I spend on groceries and dining last month? not added up",
])
def test_each_thing_gets_its_own_figure(chat_demo, alice, alice_money, ask):
    answer, combined = talk(alice, ask, "and combined?")
    assert [c["name"] for c in answer["tool_calls"]] == ["compare_spending"], answer["tool_calls"]
    assert "$114.90" in answer["answer"] and "$76.00" in answer["answer"], answer["answer"]
    assert "$190.90" not in answer["answer"]
    assert "$190.90" in combined["answer"], combined["answer"]


def test_a_union_asked_together_stays_one_total(chat_demo, alice, alice_money):
    (answer,) = talk(alice, "groceries and dining together last month")
    assert "$190.90" in answer["answer"], answer["answer"]


def test_each_month_is_no_separate_things(chat_demo, alice, alice_money):
    (answer,) = talk(alice, "what do I spend on netflix and starbucks each month")
    assert "compare_spending" not in [c["name"] for c in answer["tool_calls"]], answer["tool_calls"]


@pytest.mark.parametrize("then", ["ok combined", "and combined?"])
def test_combined_after_two_things_compared_is_their_total(chat_demo, alice, alice_money, then):
    _, combined = talk(alice, "groceries vs dining last month, which is more", then)
    assert "$190.90" in combined["answer"], combined["answer"]
