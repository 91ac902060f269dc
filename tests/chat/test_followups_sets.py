"""Follow-ups that keep, narrow or change the set and the periods of the last answer (issue 21, kinds 1 and 4),
through chat_turn, on the chat fixture statement (each month: rent 1400 (Rent), Whole Foods 96.40 and Amazon 18.50
(Groceries), Amazon 42.99 (Shopping), The Good Plate 64.00 and Starbucks 5.75 + 6.25 (Dining), Uber 23.10
(Transport), Netflix 15.49 (Subscriptions); salary 3200). Last month: 1672.48 out; Rent 1400, Groceries 114.90,
Dining 76.00, Shopping 42.99, Transport 23.10, Subscriptions 15.49; merchants Oak St 1400, Whole Foods 96.40,
The Good Plate 64.00, Amazon 61.49, Uber 23.10, Netflix 15.49, Starbucks 12.00."""
from __future__ import annotations

from datetime import date

import pytest

from chat.models import PendingAction
from tests.chat.conftest import answer_body, confident, last_args, months_back, say

pytestmark = pytest.mark.django_db


def _span(args) -> tuple[str, str]:
    if "start" in args:
        return args["start"], args["end"]
    start, _, end = args["period"].partition(" to ")
    return start, end


def test_one_month_of_two_months_asked_together(chat_demo, alice, alice_money):
    two = f"dining in {months_back(2):%B} and {months_back(1):%B}"
    both = say(alice, two)
    assert both["answer"].count("$76.00") >= 2, both["answer"]  # each month
    second = say(alice, "only the 2nd month", both)
    assert _span(last_args(second)) == (months_back(1).isoformat(), (months_back(0) - date.resolution).isoformat())
    assert last_args(second)["measure"] == "total" and confident(alice, second), second["answer"]
    # one span of two months ("the total for … and …"): its months are what a follow-up picks
    span = f"the total for dining in {months_back(2):%B} and {months_back(1):%B}"
    whole = say(alice, span)
    assert "$152.00" in whole["answer"], whole["answer"]
    first = say(alice, "just the first one", whole)
    assert _span(last_args(first)) == (months_back(2).isoformat(), (months_back(1) - date.resolution).isoformat()), last_args(first)
    assert "$76.00" in first["answer"] and confident(alice, first), first["answer"]
    later = say(alice, "just the later one", say(alice, span))
    assert _span(last_args(later))[0] == months_back(1).isoformat(), last_args(later)
    shifted = say(alice, "only the 2nd month", say(alice, span))
    assert _span(last_args(shifted))[0] == months_back(1).isoformat(), last_args(shifted)
    # a single month has no 2nd month: asked back, never a confident answer for some other period
    single = say(alice, "only the 2nd month", say(alice, "dining last month"))
    assert not confident(alice, single), single["answer"]


def test_skip_the_top_places_of_a_ranking(chat_demo, alice, alice_money):
    top = say(alice, "top 5 categories last month")
    rest = say(alice, "skip the top 3, show the next 2", top)
    args = last_args(rest)
    assert (args["offset"], args["limit"]) == (3, 2) and args["measure"] == "top_categories", args
    assert "Shopping" in answer_body(rest) and "Transport" in answer_body(rest) and "Groceries" not in answer_body(rest), rest["answer"]
    assert confident(alice, rest)
    shops = say(alice, "forget the first three, the next two", say(alice, "top 5 merchants last month"))
    args = last_args(shops)
    assert (args["offset"], args["limit"]) == (3, 2) and args["measure"] == "top_merchants", args
    assert "Amazon" in answer_body(shops) and "Uber" in answer_body(shops) and "Whole Foods" not in answer_body(shops), shops["answer"]
    # after a total there is no ranking to skip places of: not a confident answer
    total = say(alice, "skip the top 3", say(alice, "uber last month"))
    assert not confident(alice, total), total["answer"]


def test_the_biggest_of_a_ranking_leaving_something_out(chat_demo, alice, alice_money):
    top = say(alice, "top 3 categories last month")
    without = say(alice, "the most big thing except the rent", top)
    args = last_args(without)
    # "the rent" is the Rent category or the landlord's name (the same rows here): either way it is left out
    assert args["measure"] == "top_categories" and args["limit"] == 1, args
    assert args.get("exclude_categories") or args.get("exclude_merchants"), args
    assert "Groceries" in answer_body(without) and "$1,400.00" not in answer_body(without), without["answer"]
    assert confident(alice, without)
    housing = say(alice, "which is biggest if you leave out housing", say(alice, "top 3 categories last month"))
    args = last_args(housing)
    assert args["measure"] == "top_categories" and args["start"] == months_back(1).isoformat(), args  # period kept
    assert "Groceries" in answer_body(housing), housing["answer"]
    # something they have nothing called: said, not a confident ranking of everything
    boat = say(alice, "the biggest one except the boat", say(alice, "top 3 categories last month"))
    assert not confident(alice, boat), boat["answer"]


def test_a_long_leaving_out_said_first_still_ranks_the_last_answers_set(chat_demo, alice, alice_money):
    # the exclusion said first, in a sentence past twelve words: still the last ranking without it, never a
    # knowledge search
    top = say(alice, "top 3 categories last month")
    without = say(alice, "If you would leave the rent out of it for me, what are the top three then?", top)
    args = last_args(without)
    assert args["measure"] == "top_categories" and args["start"] == months_back(1).isoformat(), without["tool_calls"]
    assert args.get("exclude_categories") or args.get("exclude_merchants"), args
    assert "Groceries" in answer_body(without) and "$1,400.00" not in answer_body(without), without["answer"]


def test_everything_else_that_was_not_a_bill(chat_demo, alice, alice_money):
    spent = say(alice, "what did I spend last month?")
    rest = say(alice, "everything else that wasn't a bill", spent)
    args = last_args(rest)
    # their bills: fixed costs (Rent, and Utilities they have no charges in), told apart from subscriptions
    assert "Rent" in args["exclude_categories"] and "Subscriptions" not in args["exclude_categories"], args
    assert args["start"] == months_back(1).isoformat(), args
    assert "$272.48" in rest["answer"] and confident(alice, rest), rest["answer"]


def test_unions_said_in_a_follow_up(chat_demo, alice, alice_money):
    both = say(alice, "add amazon to that", say(alice, "uber last month"))
    assert set(last_args(both)["merchants"]) >= {"Uber", "Amazon"} and "$84.59" in both["answer"], both["answer"]
    sides = say(alice, f"starbucks vs uber in {months_back(1):%B}")
    three = say(alice, "add those up plus netflix", sides)
    args = last_args(three)
    assert args["measure"] == "total" and args["start"] == months_back(1).isoformat(), args
    assert "$50.59" in three["answer"] and confident(alice, three), three["answer"]
    # a name left out before and included now: everything again
    back = say(alice, "and including rent?", say(alice, "spending last month except rent"))
    assert not last_args(back).get("exclude_categories") and "$1,672.48" in back["answer"], back["answer"]


def test_versus_a_name_sets_the_last_answer_against_it(chat_demo, alice, alice_money):
    against = say(alice, "vs netflix?", say(alice, "amazon last month"))
    args = last_args(against)
    assert args.get("mode") == "sides" and len(args["sides"]) == 2, args
    assert "$61.49" in against["answer"] and "$15.49" in against["answer"], against["answer"]


def test_amounts_left_out_and_a_total_of_listed_rows(chat_demo, alice, alice_money):
    big = say(alice, "and without the ones under $20?", say(alice, "amazon last month"))
    assert last_args(big)["amount_min"] == 20.0 and "$42.99" in big["answer"] and "$61.49" not in big["answer"]
    rows = say(alice, "biggest purchases last month")
    total = say(alice, "ok and all the ones under $100 - total?", rows)
    assert last_args(total)["measure"] == "total" and "$272.48" in total["answer"], total["answer"]


def test_the_months_a_monthly_average_covered(chat_demo, alice, alice_money):
    average = say(alice, "whats my avg monthly spend over the last 3 months")
    came_in = say(alice, "and how much came in over those 3 months in total", average)
    start, end = _span(last_args(came_in))
    assert (start, end) == (months_back(3).isoformat(), (months_back(0).replace(day=1) - date.resolution).isoformat())
    assert "$9,600.00" in came_in["answer"], came_in["answer"]


def test_vietnamese_add_both_up(chat_demo, alice, alice_money):
    first = say(alice, "tháng trước tôi tiêu bao nhiêu ở Whole Foods?")
    second = say(alice, "còn Uber thì sao?", first)
    both = say(alice, "cộng cả hai lại giùm", second)
    assert "$119.50" in both["answer"] and confident(alice, both), both["answer"]


def test_dropping_names_from_a_ranking_deletes_nothing(chat_demo, alice, alice_money):
    top = say(alice, "my 5 biggest merchants last month")
    now = say(alice, "drop rent and amazon, who's top 3 now", top)
    args = last_args(now)
    assert args["measure"] == "top_merchants" and args["limit"] == 3 and "Amazon" in args["exclude_merchants"], args
    assert "Whole Foods" in answer_body(now) and "Amazon" not in answer_body(now).split("excluding")[-1].split(":", 1)[-1]
    assert confident(alice, now) and not PendingAction.objects.filter(user=alice).exists(), now["answer"]


def test_included_says_what_a_subject_covers_or_adds_one(chat_demo, alice, alice_money):
    listing = say(alice, "which bills do i pay every month")
    bills = say(alice, "and what did the bills come to last month, rent included", listing)
    args = last_args(bills)
    # the bills' own total that month (not the listing's merchants as well, nor a monthly average)
    assert "Rent" in args["categories"] and "Netflix" not in str(args) and args["measure"] == "total", args
    assert "$1,400.00" in bills["answer"] and confident(alice, bills), bills["answer"]
    more = say(alice, "include amazon", say(alice, "uber last month"))
    assert set(last_args(more)["merchants"]) >= {"Uber", "Amazon"} and "$84.59" in more["answer"], more["answer"]


def test_what_was_kept_is_state_for_money_in_and_out(chat_demo, alice, alice_money):
    kept = say(alice, "how much of my pay did i actually keep last month")
    out = say(alice, "and what went out?", kept)
    args = last_args(out)
    assert args["direction"] == "out" and args["start"] == months_back(1).isoformat(), args
    assert "$1,672.48" in out["answer"] and confident(alice, out), out["answer"]
