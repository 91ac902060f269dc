"""Issue 21 kind 5 through chat_turn: reasoning over the data Moneta has, and saying plainly what it lacks.
"If I had cut X out, how much would I have saved" is what went on X (not everything else); needs vs wants for a
period is that period's income split with the arithmetic; "given what I spent last month, could I afford …" shows
that month's figures; investments are data Moneta can't see, with no money tool run. Last month of the chat
fixture statement: salary 3,200.00; rent 1,400.00, Whole Foods 96.40 + Amazon 18.50 (Groceries), Uber 23.10
(Transport), Starbucks 5.75 + 6.25 and The Good Plate 64.00 (Dining), Amazon 42.99 (Shopping), Netflix 15.49."""
from __future__ import annotations

import pytest

from chat.services import chat_turn
from tests.chat.conftest import confident

pytestmark = pytest.mark.django_db
MONEY_TOOLS = {"search_transactions", "compare_spending", "get_spending_summary", "analyze_by_category",
               "analyze_merchant"}


def test_what_cutting_something_out_would_have_saved_is_what_went_on_it(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="If I had cut Uber out completely last month, how much would I have saved?")
    args = answer["tool_calls"][0]["arguments"]
    assert args.get("merchants") == ["Uber"] and not args.get("exclude_merchants"), args
    assert "$23.10" in answer["answer"] and "$1,649.38" not in answer["answer"], answer["answer"]
    assert confident(alice, answer)
    vi = chat_turn(user=alice, message="nếu tháng trước tôi không đi Uber thì tiết kiệm được bao nhiêu")
    assert vi["tool_calls"][0]["arguments"].get("merchants") == ["Uber"] and "$23.10" in vi["answer"], vi["answer"]


def test_spending_without_something_still_leaves_it_out(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="what did I spend last month without uber")
    assert answer["tool_calls"][0]["arguments"].get("exclude_merchants") == ["Uber"]
    assert "$1,649.38" in answer["answer"], answer["answer"]


def test_needs_versus_wants_for_a_period_splits_its_income_with_the_arithmetic(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="can u split my spending last month into needs vs wants compared to what "
                                           "i earned? start w my income")
    assert [c["name"] for c in answer["tool_calls"]] == ["income_breakdown"], answer["tool_calls"]
    assert answer["tool_calls"][0]["arguments"]["period"] == "last month"
    text = answer["answer"]
    # income 3,200.00; needs = rent + groceries + transport = 1,538.00; wants = dining + shopping + netflix = 134.48
    for figure in ("$3,200.00", "$1,538.00", "$134.48", "$1,672.48", "$1,527.52"):
        assert figure in text, (figure, text)
    assert "(unverified)" not in text and confident(alice, answer)


def test_affordability_from_a_named_month_shows_that_months_spending(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="Given what I spent last month, could I afford a $1,200 sofa this month?")
    call = answer["tool_calls"][0]
    assert call["name"] == "check_affordability" and call["arguments"].get("based_on") == "last month", call
    text = answer["answer"]
    # 3,200.00 in − 1,672.48 out = 1,527.52; − 1,200.00 = 327.52
    for figure in ("$1,672.48", "$3,200.00", "$1,527.52", "$327.52"):
        assert figure in text, (figure, text)
    assert text.startswith("Yes"), text


def test_index_funds_are_data_moneta_cannot_see(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="how are my index funds doing this week, am I up or down")
    names = {c["name"] for c in answer["tool_calls"]}
    assert names == {"check_data_available"} and not names & MONEY_TOOLS, answer["tool_calls"]
    assert "can't see" in answer["answer"] and not answer["citations"], answer["answer"]
    concept = chat_turn(user=alice, message="how do index funds work?")
    assert "check_data_available" not in {c["name"] for c in concept["tool_calls"]}


@pytest.mark.parametrize("question", ["how much is my house worth", "how much equity do I have in my home",
                                      "what's my car worth now", "tài khoản chứng khoán của tôi lời hay lỗ"])
def test_what_their_things_are_worth_is_data_moneta_cannot_see(chat_demo, alice, alice_money, question):
    answer = chat_turn(user=alice, message=question)
    assert [c["name"] for c in answer["tool_calls"]] == ["check_data_available"], answer["tool_calls"]
    assert answer["answer"].startswith(("I have no access to that", "Tôi không thấy được")), answer["answer"]
