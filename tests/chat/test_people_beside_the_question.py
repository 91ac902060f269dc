"""A person named beside a money question (issue 21, reason area). Someone who only says something about the user's
spending is context: the user's own figure is answered. Asking for another person's spending stays out of reach. The
one who helps the account holder asks about this account's own data: answered, saying whose data it is."""
from __future__ import annotations

import pytest

from chat.capabilities import OTHERS_TOPIC, missing_data
from chat.services import chat_turn
from tests.chat.conftest import confident, last_args, reasons

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("message", [
    "my partner reckons I spend way too much eating out, what did it come to last month?",
    "My brother keeps saying we waste money on dining - how much was dining last month",
])
def test_someone_who_only_comments_is_context_and_the_own_figure_is_answered(chat_demo, alice, alice_money, message):
    answer = chat_turn(user=alice, message=message)
    assert answer["tools_used"] == ["search_transactions"], answer["tool_calls"]
    assert last_args(answer).get("categories") == ["Dining"], last_args(answer)
    assert "no access" not in answer["answer"] and "$" in answer["answer"]
    assert confident(alice, answer), reasons(answer)


@pytest.mark.parametrize("message", [
    "how much did my husband spend on dining last month",
    "what did my flatmate spend on groceries this month",
])
def test_another_persons_spending_stays_out_of_reach(chat_demo, alice, alice_money, message):
    answer = chat_turn(user=alice, message=message)
    assert answer["tools_used"] == ["check_data_available"], answer["tool_calls"]
    assert answer["answer"].startswith("I have no access to that"), answer["answer"]
    assert missing_data(message).topic == OTHERS_TOPIC


@pytest.mark.parametrize("message", [
    "I look after my dad's finances in this app, what did he spend at Starbucks last month",
    "I manage my grandma's money here; how much did she spend on groceries last month",
])
def test_helping_the_account_holder_answers_this_accounts_data(chat_demo, alice, alice_money, message):
    answer = chat_turn(user=alice, message=message)
    assert answer["tools_used"] == ["search_transactions"], answer["tool_calls"]
    assert "no access" not in answer["answer"] and "$" in answer["answer"]
    assert "the account holder's" in answer["answer"]  # says whose data the figures are
    assert missing_data(message) is None



def test_someone_with_their_own_login_to_the_app_is_someone_else(chat_demo, alice, alice_money):
    # "also uses this app" says they have their own account here, not that they share this one
    answer = chat_turn(user=alice, message="My brother also uses this app. How much does he spend on dining compared with me?")
    assert "no access" in answer["answer"] and "$" not in answer["answer"], answer["answer"]


@pytest.mark.parametrize(("question", "tool"), [
    ("điểm tín dụng của tôi có tốt không", "check_data_available"),  # their own score judged: Moneta can't see it
    ("diem tin dung cua toi the nao", "check_data_available"),
    ("điểm tín dụng là gì", "search_knowledge_base"),  # what it is: the concept
    ("làm sao cải thiện điểm tín dụng của tôi", "search_knowledge_base"),  # how to change it: the concept
])
def test_a_vietnamese_judgement_of_their_own_score_is_data_moneta_lacks(chat_demo, alice, alice_money, question, tool):
    answer = chat_turn(user=alice, message=question)
    assert answer["tool_calls"][0]["name"] == tool, answer["tool_calls"]
