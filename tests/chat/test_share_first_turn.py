"""A share asked as the first question of a conversation (issue 21, kind 5; transactions/query/shares.py): the
part, the whole and the percentage, counted by the same comparison a share asked as a follow-up runs. The whole is
all money out unless the question names it (what they earn, or a category). Two names "side by side" are two
totals, not one. Through chat_turn on the chat fixture statement (each month: salary 3200; rent 1400; Starbucks 5.75
and 6.25, The Good Plate 64.00 (Dining 76.00); Amazon 42.99 (Shopping) and 18.50 (Groceries); Whole Foods 96.40;
Uber 23.10; Netflix 15.49 — 1,672.48 out in a full month)."""
from __future__ import annotations

import pytest

from tests.chat.conftest import answer_body as _body
from tests.chat.conftest import confident, last_month_iso, reasons, talk
from tests.chat.conftest import last_args as _args

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("ask", [
    "last month, what fraction of everything I spent was dining?",
    "what % of my outgoings last month was dining",
    "how much of my total spend last month went on dining?",
    "dining as a percentage of all my spending last month",
    "tháng trước ăn uống chiếm bao nhiêu phần trăm tổng chi tiêu?",
])
def test_a_share_of_all_spending_gives_part_whole_and_percent(chat_demo, alice, alice_money, ask):
    answer = talk(alice, ask)[-1]
    args = _args(answer)
    assert args.get("ask") == "share" and len(args["sides"]) == 2, args
    part, whole = args["sides"]
    assert part.get("categories") == ["Dining"] and not whole.get("categories") and not whole.get("merchants"), args
    assert (part["start"], part["end"]) == last_month_iso() == (whole["start"], whole["end"]), args
    body = _body(answer)
    assert "4.5%" in body and "$76.00" in body and "$1,672.48" in body, body
    assert confident(alice, answer), (answer["answer"], reasons(answer))


@pytest.mark.parametrize("ask", ["what percent of what I earn last month went to rent?",
                                 "last month, what share of my income went to rent"])
def test_a_share_of_what_they_earn_takes_money_in_as_the_whole(chat_demo, alice, alice_money, ask):
    answer = talk(alice, ask)[-1]
    args = _args(answer)
    assert args.get("ask") == "share" and args["sides"][1].get("direction") == "in", args
    body = _body(answer)
    assert "$1,400.00" in body and "$3,200.00" in body and "43.8%" in body and "income" in body, body


@pytest.mark.parametrize("ask", ["how much of my salary went on rent last month?",
                                 "last month how much of my paycheck was spent on rent"])
def test_how_much_of_my_pay_went_to_a_thing_is_its_share_of_income_not_what_was_kept(chat_demo, alice, alice_money,
                                                                                      ask):
    # "how much of my pay" followed by where it went names a part of the pay; only "… did I keep" is the savings rate
    answer = talk(alice, ask)[-1]
    args = _args(answer)
    assert args.get("ask") == "share" and args["sides"][1].get("direction") == "in", args
    body = _body(answer)
    assert "$1,400.00" in body and "43.8%" in body, body
    assert confident(alice, answer), (answer["answer"], reasons(answer))  # the income side is a subject of its own


def test_how_much_of_my_pay_i_kept_stays_the_savings_rate(chat_demo, alice, alice_money):
    answer = talk(alice, "how much of my pay did I keep last month")[-1]
    assert answer["tool_calls"][0]["name"] == "income_breakdown", answer["tool_calls"]


def test_a_share_of_a_named_category_takes_that_category_as_the_whole(chat_demo, alice, alice_money):
    answer = talk(alice, "how much of my groceries last month was whole foods?")[-1]
    args = _args(answer)
    assert args.get("ask") == "share", args
    assert args["sides"][0].get("merchants") == ["Whole Foods Market"] and args["sides"][1].get("categories") == ["Groceries"]
    body = _body(answer)
    assert "83.9%" in body and "$96.40" in body and "$114.90" in body, body


@pytest.mark.parametrize("ask", ["show me dining and groceries side by side for last month",
                                 "last month: rent and dining next to each other"])
def test_two_names_side_by_side_are_two_totals(chat_demo, alice, alice_money, ask):
    answer = talk(alice, ask)[-1]
    args = _args(answer)
    assert len(args.get("sides") or []) == 2 and args.get("ask") != "share", args
    body = _body(answer)
    assert "$76.00" in body, body
    assert ("$114.90" in body) or ("$1,400.00" in body), body
    assert confident(alice, answer), answer["answer"]


def test_a_second_user_sees_only_their_own_share(chat_demo, alice, alice_money, bob, bob_money):
    ask = "what proportion of my spending this month was shopping?"
    bobs, alices = talk(bob, ask)[-1], talk(alice, ask)[-1]
    assert "$777.77" not in _body(alices) and "PAWN" not in alices["answer"].upper(), alices["answer"]
    assert _args(alices).get("ask") == "share" == _args(bobs).get("ask")
    assert _body(alices) != _body(bobs), (alices["answer"], bobs["answer"])
