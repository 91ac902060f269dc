"""Follow-ups that undo an exclusion, move a stretch of days to another month, pick one of two months and count
it, add up the rows shown, or ask which rows (issue 21; transactions/query/followups_exclusions.py,
followups_versus.py, followups.py). Through chat_turn on the chat fixture statement (each month: salary 3200 on the
1st; rent 1400 on the 2nd, Starbucks 5.75 on the 3rd and 6.25 on the 9th, Amazon 42.99 (Shopping) on the 5th and
18.50 (Groceries) on the 12th, Whole Foods 96.40 on the 6th, Uber 23.10 on the 8th, Netflix 15.49 on the 10th, The
Good Plate 64.00 on the 11th); bob's statement has the same rows and a pawn shop purchase of 777.77 of his own."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.chat.conftest import answer_body as _body
from tests.chat.conftest import confident, talk
from tests.chat.conftest import last_args as _args
from tests.chat.conftest import months_back as _month

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("back_in", ["ok bring the good plate back in", "actually include The Good Plate again",
                                     "put the good plate back"])
def test_a_name_left_out_goes_back_in(chat_demo, alice, alice_money, bob, bob_money, back_in):
    answer = talk(alice, "dining last month leaving out the good plate", back_in)[-1]
    args = _args(answer)
    assert args.get("categories") == ["Dining"] and not args.get("merchants"), answer["tool_calls"]
    assert not (args.get("exclude_merchants") or args.get("exclude_text")), answer["tool_calls"]
    assert args["start"] == _month(1).isoformat() and "$76.00" in _body(answer), answer["answer"]


def test_same_dates_in_another_month(chat_demo, alice, alice_money, bob, bob_money):
    first, other = _month(1), _month(2)
    answers = talk(alice, f"shopping from the 3rd to the 7th of {first:%B}", f"same dates in {other:%B}")
    args = _args(answers[-1])
    assert (args["start"], args["end"]) == (other.replace(day=3).isoformat(), other.replace(day=7).isoformat())
    assert "$42.99" in _body(answers[-1]) and "777.77" not in answers[-1]["answer"], answers[-1]["answer"]
    assert confident(alice, answers[-1]), answers[-1]["grounding"]["reasons"]


def test_same_days_in_another_month_which_was_more(chat_demo, alice, alice_money):
    first, other = _month(2), _month(1)
    answer = talk(alice, f"groceries {first:%B} 1 to 10", f"and the same days in {other:%B}, which was more?")[-1]
    sides = _args(answer).get("sides") or []
    spans = [(s.get("start"), s.get("end")) for s in sides]
    assert (first.isoformat(), first.replace(day=10).isoformat()) in spans, answer["tool_calls"]
    assert (other.isoformat(), other.replace(day=10).isoformat()) in spans, answer["tool_calls"]
    assert "$96.40" in _body(answer), answer["answer"]  # Whole Foods on the 6th, each side


def test_pay_of_another_month_against_the_last(chat_demo, alice, alice_money):
    """"did I get a raise?" with another month: the two months' pay side by side, money in (not what went out)."""
    answer = talk(alice, f"what did acme pay me in {_month(2):%B}", "and last month? did i get a raise?")[-1]
    sides = _args(answer).get("sides") or []
    assert {s.get("start") for s in sides} == {_month(2).isoformat(), _month(1).isoformat()}, answer["tool_calls"]
    assert _body(answer).count("$3,200.00") >= 2 and "$0.00" not in answer["answer"], answer["answer"]


def test_the_first_of_two_months_counted(chat_demo, alice, alice_money):
    answer = talk(alice, f"what did I spend on dining in {_month(2):%B} and {_month(1):%B}",
                  "only the first one, how many visits")[-1]
    args = _args(answer)
    assert args["measure"] == "count" and args["start"] == _month(2).isoformat(), answer["tool_calls"]
    assert "3" in _body(answer), answer["answer"]  # Starbucks twice and The Good Plate


def test_adding_up_the_biggest_rows_shown(chat_demo, alice, alice_money):
    """The biggest purchase and the four after it, then "add them up": exactly those five rows."""
    answer = talk(alice, "biggest purchases last month", "add them up")[-1]
    assert "$1,626.49" in _body(answer), answer["answer"]  # 1400 + 96.40 + 64.00 + 42.99 + 23.10


@pytest.mark.parametrize("which", ["wait which ones", "hmm, what were they?"])
def test_which_ones_after_a_total_lists_them(chat_demo, alice, alice_money, which):
    answer = talk(alice, "dining last month", which)[-1]
    assert _args(answer)["measure"] == "list" and _args(answer)["categories"] == ["Dining"], answer["tool_calls"]
    assert "64.00" in answer["answer"] and "5.75" in answer["answer"], answer["answer"]


def test_one_more_month_beside_two_compared(chat_demo, alice, alice_money):
    answer = talk(alice, f"dining: was {_month(2):%B} or {_month(3):%B} worse?", f"and {_month(1):%B}?")[-1]
    starts = {s.get("start") for s in _args(answer).get("sides") or []}
    assert starts == {_month(k).isoformat() for k in (1, 2, 3)}, answer["tool_calls"]
    assert "$76.00" in _body(answer), answer["answer"]


def test_the_earliest_row_of_a_list(chat_demo, alice, alice_money):
    answer = talk(alice, "starbucks last month", "list them",
                  "only the first one (by date, the earliest) - how much was it")[-1]
    assert "$5.75" in _body(answer) and "$6.25" not in _body(answer), answer["answer"]


def test_the_shop_of_the_biggest_purchase_over_all_time(chat_demo, alice, alice_money, bob, bob_money):
    from decimal import Decimal

    from django.utils import timezone

    visits = 3 + (timezone.localdate().day >= 6)  # Whole Foods on the 6th of each month
    answer = talk(alice, "biggest purchase last month, not rent", "how much have i spent at that store in total")[-1]
    args = _args(answer)
    assert args.get("merchants") and "whole foods" in args["merchants"][0].lower(), answer["tool_calls"]
    assert f"${Decimal('96.40') * visits:,.2f}" in _body(answer), answer["answer"]
    assert confident(alice, answer), answer["grounding"]["reasons"]


def test_what_went_out_and_was_kept_after_what_came_in(chat_demo, alice, alice_money, bob, bob_money):
    """After last month's income, "did I keep anything" is about that month (not the usual month)."""
    answer = talk(alice, "how much came in last month", "and how much went out? did i keep anything")[-1]
    assert "$1,672.48" in answer["answer"] and "$1,527.52" in answer["answer"], answer["answer"]  # 3200 − 1672.48


def test_everything_that_went_out_after_pay_with_a_name_included(chat_demo, alice, alice_money):
    answer = talk(alice, "what did acme pay me last month",
                  "and what went out that month (all of it, rent included)?")[-1]
    args = _args(answer)
    assert args.get("direction") == "out" and not args.get("categories") and not args.get("merchants"), answer["tool_calls"]
    assert "$1,672.48" in _body(answer), answer["answer"]


def test_a_jar_at_the_monthly_average_of_the_last_figure(chat_demo, alice, alice_money, bob, bob_money):
    """After a 3-month total, "a jar for that, whatever it averages a month" is its monthly average, not the total."""
    answer = talk(alice, "how much at starbucks the last 3 months",
                  "ok set up a jar for that, whatever it averages a month")[-1]
    call = answer["tool_calls"][-1]
    assert call["name"] == "propose_create_jar" and call["arguments"].get("usual_months") == 3, answer["tool_calls"]
    assert call["arguments"].get("name") and "$12.00 a month" in answer["answer"], answer["answer"]


@pytest.mark.parametrize("first, then, days", [("what went out in the past 10 days", "and the past 45?", 45),
                                               ("uber over the last 20 days", "ok last 60 then", 60)])
def test_a_bare_count_after_a_span_of_days_is_that_many_days(chat_demo, alice, alice_money, first, then, days):
    # "last 30?" after "the last 7 days" keeps the unit of days: never 30 months (a bare count's unit when said alone)
    answer = talk(alice, first, then)[-1]
    args = _args(answer)
    today = timezone.localdate()
    assert (args.get("start"), args.get("end")) == ((today - timedelta(days=days - 1)).isoformat(), today.isoformat()), args
    assert not args.get("limit"), args


@pytest.mark.parametrize("against", ["so was it over 100?", "hmm did we go above $150", "was that under 200"])
def test_the_last_figure_held_against_a_number_is_the_figure_not_a_filter(chat_demo, alice, alice_money, against):
    # "were we over 300?" after a total asks about that total, not the purchases over 300 (of which there are none)
    answer = talk(alice, "groceries last month", against)[-1]
    args = _args(answer)
    assert args.get("amount_min") is None and args.get("amount_max") is None, args
    assert args.get("categories") == ["Groceries"] and args["start"] == _month(1).isoformat(), args
    assert "$114.90" in _body(answer), answer["answer"]


def test_since_then_after_a_stretch_of_months_counts_from_where_it_ended(chat_demo, alice, alice_money):
    # "and since then?" after "from X through the end of Y": the days after Y, not the stretch again up to today
    first, last = _month(4), _month(3)
    answer = talk(alice, f"uber from {first:%B} through the end of {last:%B}", "ok and since then?")[-1]
    args = _args(answer)
    assert args["start"] == _month(2).isoformat() and args["end"] == timezone.localdate().isoformat(), args
    assert args.get("merchants"), args
