"""Issue 21 kind 5: affordability asked in other words ("could I absorb", "can I swing", "would … fit", "am I able
to cover", "có kham nổi / gánh nổi … không") is the arithmetic over income, spending and bills due — never a search
for the thing bought, nor a help page; a thing of theirs the price is for is shown in the purchase's line, and the
answer is not made unsure by it. A question about what something cost them in Vietnamese ("ăn ngoài hết bao nhiêu
tiền") is spending, not an account balance Moneta can't see."""
from __future__ import annotations

import pytest

from chat.services import chat_turn
from tests.chat.conftest import confident

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("question", "amount"), [
    ("Could I absorb a $600 car payment", 600.0),
    ("can we swing a $450 a month lease", 450.0),
    ("would a $300/mo gym membership fit", 300.0),
    ("am I able to cover a $1,200 vet bill next month?", 1200.0),
    ("could we take on a $700 monthly daycare bill", 700.0),
    ("mình có kham nổi khoản trả góp 500 đô mỗi tháng không", 500.0),
    ("tháng sau mình có gánh nổi 800 đô tiền học không?", 800.0),
])
def test_affordability_in_other_words_is_the_arithmetic(chat_demo, alice, alice_money, question, amount):
    answer = chat_turn(user=alice, message=question)
    calls = answer["tool_calls"]
    assert [c["name"] for c in calls] == ["check_affordability"], calls
    assert calls[0]["arguments"]["amount"] == amount
    assert f"${amount:,.2f}" in answer["answer"], answer["answer"]


def test_a_thing_of_theirs_the_price_is_for_is_shown_and_keeps_the_answer_sure(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="can I swing a $450 a month apartment rent?")
    call = answer["tool_calls"][0]
    assert call["name"] == "check_affordability" and "Rent" in call["arguments"].get("item", ""), call
    assert "the purchase (" in answer["answer"] and "Rent" in answer["answer"], answer["answer"]
    assert confident(alice, answer), answer["grounding"]


@pytest.mark.parametrize("question", ["which category does the $45 charge fit under?", "how does a $5 fee work?"])
def test_fit_and_work_about_a_charge_are_not_affordability(chat_demo, alice, alice_money, question):
    answer = chat_turn(user=alice, message=question)
    assert "check_affordability" not in {c["name"] for c in answer["tool_calls"]}, answer["tool_calls"]


@pytest.mark.parametrize("question", ["tháng trước mình ăn ngoài hết bao nhiêu tiền vậy?",
                                      "tháng trước mình mua đồ ở Amazon tốn bao nhiêu tiền"])
def test_what_something_cost_them_in_vietnamese_is_spending_not_a_balance(chat_demo, alice, alice_money, question):
    answer = chat_turn(user=alice, message=question)
    names = [c["name"] for c in answer["tool_calls"]]
    assert "check_data_available" not in names and "get_account_balances" not in names, names
    assert names and names[0] in {"search_transactions", "analyze_by_category", "analyze_merchant"}, names


@pytest.mark.parametrize("follow", ["and how much of that did I keep?",
                                    "how much went out that same month? I want to see how much of my pay I kept"])
def test_pay_kept_after_a_months_pay_is_that_months_figures(chat_demo, alice, alice_money, follow):
    first = chat_turn(user=alice, message="what did I get paid last month?")
    answer = chat_turn(user=alice, message=follow, conversation_id=first["conversation_id"])
    call = answer["tool_calls"][0]
    assert call["name"] == "income_breakdown" and call["arguments"].get("period"), call
    # 3,200.00 in − 1,672.48 out = 1,527.52 kept, that month's own figures
    for figure in ("$3,200.00", "$1,672.48", "$1,527.52"):
        assert figure in answer["answer"], (figure, answer["answer"])
    assert confident(alice, answer), answer["grounding"]


def test_pay_kept_in_that_month_said_in_vietnamese_is_that_months_figures(chat_demo, alice, alice_money):
    first = chat_turn(user=alice, message="tháng trước mình nhận lương bao nhiêu?")
    answer = chat_turn(user=alice, message="cùng tháng đó mình giữ lại được bao nhiêu?",
                       conversation_id=first["conversation_id"])
    call = answer["tool_calls"][0]
    assert call["name"] == "income_breakdown" and call["arguments"].get("period"), call
    assert "$1,527.52" in answer["answer"], answer["answer"]
