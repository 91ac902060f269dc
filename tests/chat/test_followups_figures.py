"""Follow-ups on what the last answer added up (issue 21, kind 4; transactions/query/followups_figures.py): which of
its sides or items was more, its set without the biggest item, its figure per month/week, and days of its month.
Through chat_turn on the chat fixture statement (each month: salary 3200 on the 1st; rent 1400 on the 2nd,
Starbucks 5.75 on the 3rd and 6.25 on the 9th, Amazon 42.99 (Shopping) on the 5th and 18.50 (Groceries) on the
12th, Whole Foods 96.40 on the 6th, Uber 23.10 on the 8th, Netflix 15.49 on the 10th, The Good Plate 64.00 on the
11th). Last month: 1672.48 out; Rent 1400, Groceries 114.90, Dining 76.00, Shopping 42.99."""
from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal

import pytest

from tests.chat.conftest import answer_body as _body
from tests.chat.conftest import confident, talk
from tests.chat.conftest import last_args as _args
from tests.chat.conftest import months_back as _month

pytestmark = pytest.mark.django_db





def _figure(text: str) -> Decimal:
    return Decimal(re.search(r"\$([\d,]+\.\d\d)", text).group(1).replace(",", ""))


@pytest.mark.parametrize(("first", "ask", "lead"), [
    # a total of two things: the two side by side, not this month against the last
    ("how much did I spend at starbucks and uber last month", "which one was more tho",
     "Uber was more: $23.10 against $12.00 for Starbucks"),
    ("starbucks vs uber last month", "which was cheaper", "Starbucks was less: $12.00 against $23.10 for Uber"),
    # a ranking: its first or last item
    ("top 3 categories last month", "which one was less", "$76.00"),
])
def test_which_was_more_answers_from_the_last_answers_sides(chat_demo, alice, alice_money, first, ask, lead):
    answer = talk(alice, first, ask)[-1]
    assert _body(answer).startswith(lead) or lead in _body(answer), answer["answer"]
    assert "November" not in _body(answer) or "November" in first, answer["answer"]
    if "vs" in first or " and " in first:
        assert answer["tool_calls"][-1]["name"] == "compare_spending" and _args(answer)["mode"] == "sides"
    assert confident(alice, answer), answer["grounding"]


def test_which_was_more_of_one_thing_is_not_confident(chat_demo, alice, alice_money):
    answer = talk(alice, "how much did I spend on dining last month", "which one was more")[-1]
    assert not confident(alice, answer) and "which one was more" in answer["answer"], answer["answer"]
    assert "search_knowledge_base" not in answer["tools_used"]


@pytest.mark.parametrize(("first", "ask", "shown", "gone"), [
    # a total: the same rows without the biggest transaction, the one left out said
    ("how much did I spend last month", "and excluding the biggest?", "$272.48", "Leaving out the biggest: $1,400.00"),
    ("how much did I spend last month", "and without the 2 biggest?", "$176.08",
     "Leaving out the 2 biggest: $1,400.00 at"),
    # a ranking: its items without the first
    ("top 3 categories last month", "and without the largest?", "Groceries ($114.90", "Dining"),
    # the biggest purchases: the ones after it
    ("my 3 biggest purchases last month", "excluding the biggest one", "$96.40", "$64.00"),
])
def test_the_set_without_its_biggest_item(chat_demo, alice, alice_money, first, ask, shown, gone):
    answer = talk(alice, first, ask)[-1]
    body = _body(answer)
    assert shown in body and gone in body, body
    assert "Rent:" not in body and "Rent (" not in body and _args(answer)["start"] == _month(1).isoformat()
    assert confident(alice, answer), answer["grounding"]


def test_per_month_divides_by_the_months_of_the_period_that_ran(chat_demo, alice, alice_money):
    two = f"the total for groceries in {_month(2):%B} and {_month(1):%B}"
    answers = talk(alice, two, "per month?", "and per week?")
    assert "$229.80" in answers[0]["answer"], answers[0]["answer"]
    monthly, weekly = answers[1], answers[2]
    assert _args(monthly)["per"] == "month" and "$114.90 per month ($229.80 over 2 months)" in _body(monthly)
    days = (_month(0) - _month(2)).days
    per_week = (Decimal("229.80") / days * 7).quantize(Decimal("0.01"), ROUND_HALF_UP)
    assert f"${per_week} per week ($229.80 over {days} days)" in _body(weekly), weekly["answer"]
    assert confident(alice, monthly) and confident(alice, weekly)
    # "the past 3 months" is three months however many days they have: the total ÷ 3
    past = talk(alice, "how much did I spend on groceries in the past 3 months", "per month?")
    total = _figure(_body(past[0]))
    each = (total / 3).quantize(Decimal("0.01"), ROUND_HALF_UP)
    assert f"${each:,} per month (${total:,} over 3 months)" in _body(past[1]), past[1]["answer"]


@pytest.mark.parametrize(("ask", "first_day", "last_day", "figure"), [
    ("and the 9th thru the 11th?", 9, 11, "$70.25"),  # Starbucks 6.25 + The Good Plate 64.00
    ("what about from the 1st to the 8th", 1, 8, "$5.75"),
    ("just the 11th", 11, 11, "$64.00"),
    ("days 9 to 11?", 9, 11, "$70.25"),
])
def test_days_of_the_last_answers_month(chat_demo, alice, alice_money, ask, first_day, last_day, figure):
    answer = talk(alice, f"how much on dining in {_month(1):%B}", ask)[-1]
    args = _args(answer)
    assert (args["start"], args["end"]) == (_month(1).replace(day=first_day).isoformat(),
                                            _month(1).replace(day=last_day).isoformat()), args
    assert args["categories"] == ["Dining"] and figure in _body(answer), answer["answer"]
    assert confident(alice, answer)


@pytest.mark.parametrize(("turns", "shown", "absent"), [
    # one question leaving out its own biggest: the rest of the rows, never the biggest itself
    (("how much did I spend on dining last month excluding the biggest purchase",), "$12.00", "$76.00"),
    # "#1 merchant" is a ranking of one; "the two after that" its places 2–3
    (("who's my #1 merchant last month", "the two after that"), "Whole Foods", "Amazon"),
    # "only the 2nd month" of a three-month span is that month, not the 2nd day
    (("how much on groceries from {m3} to {m1}", "only the 2nd month"), "$114.90", "$344.70"),
])
def test_sets_said_with_or_after_a_superlative(chat_demo, alice, alice_money, turns, shown, absent):
    said = [t.format(m3=f"{_month(3):%B}", m1=f"{_month(1):%B}") for t in turns]
    answer = talk(alice, *said)[-1]
    assert shown in _body(answer) and absent not in _body(answer), answer["answer"]
    assert confident(alice, answer), answer["grounding"]
    if "2nd month" in said[-1]:
        assert _args(answer)["start"] == _month(2).isoformat(), _args(answer)


def test_which_was_more_of_one_thing_over_two_turns_compares_their_periods(chat_demo, alice, alice_money):
    answer = talk(alice, "how much at amazon last month", "and the month before", "which one was more tho")[-1]
    sides = _args(answer)["sides"]
    assert _args(answer)["mode"] == "periods" and [s["start"] for s in sides] == [_month(1).isoformat(),
                                                                                  _month(2).isoformat()], sides
    assert _body(answer).count("$61.49") == 2 and confident(alice, answer), answer["answer"]


def test_a_count_per_week_and_an_edit_no_query_makes_is_said(chat_demo, alice, alice_money):
    counted = talk(alice, "how many times did I go to starbucks last month", "per week?")[-1]
    days = (_month(0) - _month(1)).days
    per_week = (Decimal(2) / days * 7).quantize(Decimal("0.01"), ROUND_HALF_UP)
    assert f"That is {per_week.normalize():f} purchases per week (2 over {days} days)" in _body(counted), counted
    # the rows without their smallest: no query does that — not a confident answer about the smallest one
    cheapest = talk(alice, "how much did I spend on dining last month", "and without the cheapest?")[-1]
    assert not confident(alice, cheapest) and "without the cheapest" in cheapest["answer"], cheapest["answer"]


@pytest.mark.parametrize(("first", "ask", "lead"), [
    # a comparison of two: its difference said first
    ("groceries vs dining last month", "what's the difference?", "The difference is $38.90: Groceries $114.90"),
    # a total of some things: their share of all spending over the same period
    ("how much did I spend at uber last month", "what percent is that of my total spending?",
     "Uber is 1.4% of all your spending in"),
    # a ranking: "the rest" is every place after the ones shown, "the 3 of them" their sum
    ("top 3 categories last month", "and the rest?", "Shopping ($42.99"),
    ("top 3 merchants last month", "what was the total for the 3 of them?", "$1,560.40"),
])
def test_the_difference_the_share_and_the_rest_of_the_last_answer(chat_demo, alice, alice_money, first, ask, lead):
    answer = talk(alice, first, ask)[-1]
    assert lead in _body(answer) and confident(alice, answer), answer["answer"]
    if "rest" in ask:
        assert "Subscriptions" in _body(answer) and "Groceries" not in _body(answer), answer["answer"]


@pytest.mark.parametrize(("turns", "figure", "start"), [
    # "the N months before that, together": that many months just before the last answer's period, one total
    # (without "together" a few months are side by side: tests/chat/test_followups_months_side_by_side.py)
    (("how much on groceries last month", "ok what about the 2 months before that together?"), "$229.80", 3),
    # "how much" after a count asks the amount of the new subject, over the same period
    (("how many times did I go to starbucks last month", "and how much was uber?"), "$23.10", 1),
])
def test_a_follow_up_keeps_the_period_it_leans_on(chat_demo, alice, alice_money, turns, figure, start):
    answer = talk(alice, *turns)[-1]
    assert figure in _body(answer) and _args(answer)["start"] == _month(start).isoformat(), answer["answer"]
    assert _args(answer)["measure"] == "total" and confident(alice, answer)


def test_per_month_after_money_in_stays_money_in(chat_demo, alice, alice_money):
    earned, monthly = talk(alice, "how much did I earn in the past 3 months", "per month?")
    total = _figure(_body(earned))
    each = (total / 3).quantize(Decimal("0.01"), ROUND_HALF_UP)
    assert _args(monthly)["direction"] == "in" and _args(monthly)["per"] == "month", _args(monthly)
    assert f"${each:,} per month (${total:,} over 3 months)" in _body(monthly), monthly["answer"]
    assert "You received" in _body(monthly) and "You spent" not in _body(monthly) and confident(alice, monthly)
