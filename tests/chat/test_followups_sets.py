"""Follow-ups that keep, narrow or change the set and the periods of the last answer (issue 21, kinds 1 and 4),
through chat_turn, on the chat fixture statement (each month: rent 1400 (Rent), Whole Foods 96.40 and Amazon 18.50
(Groceries), Amazon 42.99 (Shopping), The Good Plate 64.00 and Starbucks 5.75 + 6.25 (Dining), Uber 23.10
(Transport), Netflix 15.49 (Subscriptions); salary 3200). Last month: 1672.48 out; Rent 1400, Groceries 114.90,
Dining 76.00, Shopping 42.99, Transport 23.10, Subscriptions 15.49; merchants Oak St 1400, Whole Foods 96.40,
The Good Plate 64.00, Amazon 61.49, Uber 23.10, Netflix 15.49, Starbucks 12.00."""
from __future__ import annotations

from datetime import date

import pytest
from django.utils import timezone

from chat.models import PendingAction
from chat.services import chat_turn
from core.periods import add_months
from tests.chat.conftest import confident

pytestmark = pytest.mark.django_db


def _month(k: int) -> date:
    return add_months(timezone.localdate().replace(day=1), -k)


def _say(user, message, first=None):
    return chat_turn(user=user, message=message, conversation_id=first["conversation_id"] if first else None)


def _args(answer) -> dict:
    return answer["tool_calls"][-1]["arguments"]


def _body(answer) -> str:
    return answer["answer"].split("_What I looked up")[0]


def _span(args) -> tuple[str, str]:
    if "start" in args:
        return args["start"], args["end"]
    start, _, end = args["period"].partition(" to ")
    return start, end


def test_one_month_of_two_months_asked_together(chat_demo, alice, alice_money):
    two = f"dining in {_month(2):%B} and {_month(1):%B}"
    both = _say(alice, two)
    assert both["answer"].count("$76.00") >= 2, both["answer"]  # each month
    second = _say(alice, "only the 2nd month", both)
    assert _span(_args(second)) == (_month(1).isoformat(), (_month(0) - date.resolution).isoformat())
    assert _args(second)["measure"] == "total" and confident(alice, second), second["answer"]
    # one span of two months ("the total for … and …"): its months are what a follow-up picks
    span = f"the total for dining in {_month(2):%B} and {_month(1):%B}"
    whole = _say(alice, span)
    assert "$152.00" in whole["answer"], whole["answer"]
    first = _say(alice, "just the first one", whole)
    assert _span(_args(first)) == (_month(2).isoformat(), (_month(1) - date.resolution).isoformat()), _args(first)
    assert "$76.00" in first["answer"] and confident(alice, first), first["answer"]
    later = _say(alice, "just the later one", _say(alice, span))
    assert _span(_args(later))[0] == _month(1).isoformat(), _args(later)
    shifted = _say(alice, "only the 2nd month", _say(alice, span))
    assert _span(_args(shifted))[0] == _month(1).isoformat(), _args(shifted)
    # a single month has no 2nd month: asked back, never a confident answer for some other period
    single = _say(alice, "only the 2nd month", _say(alice, "dining last month"))
    assert not confident(alice, single), single["answer"]


def test_skip_the_top_places_of_a_ranking(chat_demo, alice, alice_money):
    top = _say(alice, "top 5 categories last month")
    rest = _say(alice, "skip the top 3, show the next 2", top)
    args = _args(rest)
    assert (args["offset"], args["limit"]) == (3, 2) and args["measure"] == "top_categories", args
    assert "Shopping" in _body(rest) and "Transport" in _body(rest) and "Groceries" not in _body(rest), rest["answer"]
    assert confident(alice, rest)
    shops = _say(alice, "forget the first three, the next two", _say(alice, "top 5 merchants last month"))
    args = _args(shops)
    assert (args["offset"], args["limit"]) == (3, 2) and args["measure"] == "top_merchants", args
    assert "Amazon" in _body(shops) and "Uber" in _body(shops) and "Whole Foods" not in _body(shops), shops["answer"]
    # after a total there is no ranking to skip places of: not a confident answer
    total = _say(alice, "skip the top 3", _say(alice, "uber last month"))
    assert not confident(alice, total), total["answer"]


def test_the_biggest_of_a_ranking_leaving_something_out(chat_demo, alice, alice_money):
    top = _say(alice, "top 3 categories last month")
    without = _say(alice, "the most big thing except the rent", top)
    args = _args(without)
    # "the rent" is the Rent category or the landlord's name (the same rows here): either way it is left out
    assert args["measure"] == "top_categories" and args["limit"] == 1, args
    assert args.get("exclude_categories") or args.get("exclude_merchants"), args
    assert "Groceries" in _body(without) and "$1,400.00" not in _body(without), without["answer"]
    assert confident(alice, without)
    housing = _say(alice, "which is biggest if you leave out housing", _say(alice, "top 3 categories last month"))
    args = _args(housing)
    assert args["measure"] == "top_categories" and args["start"] == _month(1).isoformat(), args  # period kept
    assert "Groceries" in _body(housing), housing["answer"]
    # something they have nothing called: said, not a confident ranking of everything
    boat = _say(alice, "the biggest one except the boat", _say(alice, "top 3 categories last month"))
    assert not confident(alice, boat), boat["answer"]


def test_everything_else_that_was_not_a_bill(chat_demo, alice, alice_money):
    spent = _say(alice, "what did I spend last month?")
    rest = _say(alice, "everything else that wasn't a bill", spent)
    args = _args(rest)
    # their bills: fixed costs (Rent, and Utilities they have no charges in), told apart from subscriptions
    assert "Rent" in args["exclude_categories"] and "Subscriptions" not in args["exclude_categories"], args
    assert args["start"] == _month(1).isoformat(), args
    assert "$272.48" in rest["answer"] and confident(alice, rest), rest["answer"]


def test_unions_said_in_a_follow_up(chat_demo, alice, alice_money):
    both = _say(alice, "add amazon to that", _say(alice, "uber last month"))
    assert set(_args(both)["merchants"]) >= {"Uber", "Amazon"} and "$84.59" in both["answer"], both["answer"]
    sides = _say(alice, f"starbucks vs uber in {_month(1):%B}")
    three = _say(alice, "add those up plus netflix", sides)
    args = _args(three)
    assert args["measure"] == "total" and args["start"] == _month(1).isoformat(), args
    assert "$50.59" in three["answer"] and confident(alice, three), three["answer"]
    # a name left out before and included now: everything again
    back = _say(alice, "and including rent?", _say(alice, "spending last month except rent"))
    assert not _args(back).get("exclude_categories") and "$1,672.48" in back["answer"], back["answer"]


def test_versus_a_name_sets_the_last_answer_against_it(chat_demo, alice, alice_money):
    against = _say(alice, "vs netflix?", _say(alice, "amazon last month"))
    args = _args(against)
    assert args.get("mode") == "sides" and len(args["sides"]) == 2, args
    assert "$61.49" in against["answer"] and "$15.49" in against["answer"], against["answer"]


def test_amounts_left_out_and_a_total_of_listed_rows(chat_demo, alice, alice_money):
    big = _say(alice, "and without the ones under $20?", _say(alice, "amazon last month"))
    assert _args(big)["amount_min"] == 20.0 and "$42.99" in big["answer"] and "$61.49" not in big["answer"]
    rows = _say(alice, "biggest purchases last month")
    total = _say(alice, "ok and all the ones under $100 - total?", rows)
    assert _args(total)["measure"] == "total" and "$272.48" in total["answer"], total["answer"]


def test_the_months_a_monthly_average_covered(chat_demo, alice, alice_money):
    average = _say(alice, "whats my avg monthly spend over the last 3 months")
    came_in = _say(alice, "and how much came in over those 3 months in total", average)
    start, end = _span(_args(came_in))
    assert (start, end) == (_month(3).isoformat(), (_month(0).replace(day=1) - date.resolution).isoformat())
    assert "$9,600.00" in came_in["answer"], came_in["answer"]


def test_vietnamese_add_both_up(chat_demo, alice, alice_money):
    first = _say(alice, "tháng trước tôi tiêu bao nhiêu ở Whole Foods?")
    second = _say(alice, "còn Uber thì sao?", first)
    both = _say(alice, "cộng cả hai lại giùm", second)
    assert "$119.50" in both["answer"] and confident(alice, both), both["answer"]


def test_dropping_names_from_a_ranking_deletes_nothing(chat_demo, alice, alice_money):
    top = _say(alice, "my 5 biggest merchants last month")
    now = _say(alice, "drop rent and amazon, who's top 3 now", top)
    args = _args(now)
    assert args["measure"] == "top_merchants" and args["limit"] == 3 and "Amazon" in args["exclude_merchants"], args
    assert "Whole Foods" in _body(now) and "Amazon" not in _body(now).split("excluding")[-1].split(":", 1)[-1]
    assert confident(alice, now) and not PendingAction.objects.filter(user=alice).exists(), now["answer"]
