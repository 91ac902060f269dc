"""Issue 21, where a turn goes: a judgement asked of the user's own thing Moneta can't see ("my credit score, is it
ok?") is the capability answer, not a concept page, while "what is a credit score" stays knowledge; a question about
what the app tells the user by itself ("does it warn me near my limit") is help, not a figure; a purchase wished for
in broken English with its price ("i want buy new laptop 900, ok with normal month?") is the affordability
arithmetic, never a search for the thing. Each through chat_turn; a second user sees nothing of the first."""
from __future__ import annotations

import pytest

from chat.services import chat_turn

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("question", [
    "my credit score, is it ok??",
    "is my net worth decent for someone my age",
    "our brokerage account, is that doing alright",
])
def test_a_judgement_of_their_own_unseen_thing_is_the_capability_answer(chat_demo, alice, alice_money, question):
    answer = chat_turn(user=alice, message=question)
    assert answer["tools_used"] == ["check_data_available"], answer["tools_used"]
    assert answer["answer"].startswith("I have no access to that") and "I can " in answer["answer"], answer["answer"]
    assert not answer["citations"] and answer["confidence"] < 0.75


@pytest.mark.parametrize("question", ["what's a good credit score range?", "how can I raise my credit score"])
def test_how_a_credit_score_works_stays_a_concept(chat_demo, alice, alice_money, question):
    answer = chat_turn(user=alice, message=question)
    assert "check_data_available" not in answer["tools_used"], answer["tools_used"]


@pytest.mark.parametrize("question", [
    "does it warn me if i get close to my limit",
    "will moneta let me know before a bill is due?",
    "can the app remind me about renewals",
])
def test_what_the_app_tells_by_itself_is_help_not_money(chat_demo, alice, alice_money, question):
    answer = chat_turn(user=alice, message=question)
    tools = answer["tools_used"]
    # the help pages first (the web after them when none fits), or what Moneta can't do ("remind me" is no feature)
    assert tools and tools[0] in ("get_app_information", "explain_unavailable_action"), answer["tool_calls"]
    assert not set(tools) & {"search_transactions", "get_spending_summary", "analyze_by_category", "get_jar_status",
                             "analyze_merchant", "compare_spending"}, tools


def test_asking_the_assistant_to_tell_a_figure_is_still_money(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="can you tell me what I spent on groceries last month")
    assert "get_app_information" not in answer["tools_used"], answer["tools_used"]


@pytest.mark.parametrize(("question", "amount"), [
    ("i want buy new laptop 900 is ok with normal month?", 900.0),
    ("thinking of getting a tv, 650, would that be fine", 650.0),
])
def test_a_wished_purchase_in_broken_english_is_the_affordability_arithmetic(chat_demo, alice, alice_money, bob,
                                                                            question, amount):
    answer = chat_turn(user=alice, message=question)
    calls = answer["tool_calls"]
    assert [c["name"] for c in calls] == ["check_affordability"], calls
    assert calls[0]["arguments"]["amount"] == amount
    assert f"${amount:,.2f}" in answer["answer"], answer["answer"]
    other = chat_turn(user=bob, message=question)  # bob has no money of alice's: his answer uses none of her figures
    assert other["answer"] != answer["answer"]


def test_a_year_is_no_price(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="i want to get a new phone in 2027, any tips?")
    assert "check_affordability" not in answer["tools_used"], answer["tool_calls"]


def test_a_jar_name_given_in_quotes_is_kept_as_said(chat_demo, alice, alice_money, bob):
    from transactions.models import Jar
    answer = chat_turn(user=alice, message="set up a jar named 'Beans (fancy ones)', 45 a month, for coffee")
    call = answer["tool_calls"][0]
    assert call["name"] == "propose_create_jar" and call["arguments"]["name"] == "Beans (fancy ones)", call
    assert not Jar.objects.filter(user__in=[alice, bob]).exists()  # only proposed: nothing changes until confirmed


@pytest.mark.parametrize("question", ["what's the limit on my mastercard?", "how high is my credit card limit"])
def test_their_card_limit_is_the_issuers_record(chat_demo, alice, alice_money, question):
    # the issuer's record, not the concept page about limits (a card's limit is never in a statement)
    answer = chat_turn(user=alice, message=question)
    assert answer["tools_used"] == ["check_data_available"], answer["tools_used"]
    assert not answer["citations"], answer["citations"]


def test_how_card_limits_work_stays_a_concept(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="how do credit card limits work")
    assert "check_data_available" not in answer["tools_used"], answer["tools_used"]
