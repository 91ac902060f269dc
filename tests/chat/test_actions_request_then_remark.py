"""A request to re-file followed by a remark (issue 21, kind 6): the target is the one the request names, never a
place said inside the remark ("…, they keep landing in the wrong place" proposed a new category "Wrong Place")."""
from __future__ import annotations

import pytest

from chat.services import chat_turn
from tests.chat.conftest import last_args

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("request_text,category,merchant", [
    ("file all the uber rides as Transport please, they keep landing in the wrong place", "Transport", "Uber"),
    ("move my amazon orders to Shopping, it's all in the wrong category", "Shopping", "Amazon"),
    ("put starbucks under Dining — I'm tired of seeing it in a weird place", "Dining", "Starbucks"),
])
def test_target_is_the_requests_not_the_remarks(alice_money, request_text, category, merchant):
    answer = chat_turn(user=alice_money.user, message=request_text)
    args = last_args(answer)
    assert answer["tool_calls"][-1]["name"] == "propose_set_category"
    assert args["category"] == category
    assert any(merchant.lower() in m.lower() for m in args.get("merchants", []))


def test_a_target_said_only_after_a_comma_is_still_read(alice_money):
    answer = chat_turn(user=alice_money.user, message="the uber rides, file them as Transport")
    assert last_args(answer).get("category") == "Transport"


@pytest.mark.parametrize("request_text,tool", [
    ("set a budget of $300 a month for eating out, I need to rein it in", "propose_set_budget"),
    ("start a coffee jar with $40 a month, I want to stop wasting money", "propose_create_jar"),
    ("make a holiday jar of $150 a month please, we need to save up for Japan", "propose_create_jar"),
])
def test_a_remark_of_wanting_or_needing_is_no_how_to(alice_money, request_text, tool):
    """"I need to …" in a remark after the request was read as a how-to question: the help page, nothing proposed."""
    answer = chat_turn(user=alice_money.user, message=request_text)
    assert answer["tool_calls"][-1]["name"] == tool


def test_a_how_to_asked_alone_is_still_help(alice_money):
    answer = chat_turn(user=alice_money.user, message="how do I set up a jar? I need to save for a trip")
    assert not any(t["name"].startswith("propose_") for t in answer["tool_calls"])
