"""Words the parser misread (issue 21), through chat_turn on a real imported statement:
- amounts said in words ("over one hundred dollars", "forty-two bucks", "a couple hundred") are amount bounds, while
  small counts ("top five", "the last forty-five days") stay counts (transactions/query/number_words.py);
- "since July started", "since the year began" run from that first day to today, like "since the start of July";
- "how much have I gotten paid" is money in;
- ranking adjectives ("three heaviest categories", "costliest shops", "priciest merchants") ask for the top of a
  ranking. Each with a case that must stay as it was."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.chat.conftest import confident, last_args, months_back, talk

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("ask,low,high", [
    ("how many purchases over forty-two bucks last month", 42, None),
    ("how much did i spend over one hundred dollars last month", 100, None),
    ("what did i spend under a couple hundred dollars last month", None, 200),
    ("how much went on purchases above two thousand five hundred dollars last month", 2500, None),
])
def test_amounts_said_in_words_are_bounds(chat_demo, alice, alice_money, ask, low, high):
    (answer,) = talk(alice, ask)
    args = last_args(answer)
    assert args.get("amount_min") == low and args.get("amount_max") == high, args
    assert not args.get("unknown"), args
    assert confident(alice, answer)


def test_small_counts_in_words_stay_counts(chat_demo, alice, alice_money):
    top, days = talk(alice, "top five merchants last month", "how much did i spend in the last forty-five days")
    assert last_args(top).get("limit") == 5 and "amount_min" not in last_args(top), last_args(top)
    args = last_args(days)
    assert "amount_min" not in args and "amount_max" not in args, args
    assert args["start"] == (timezone.localdate() - timedelta(days=44)).isoformat(), args


@pytest.mark.parametrize("said", ["since {m} started", "since {m} began", "since the start of {m}"])
def test_since_a_month_started_is_an_open_range_from_its_first_day(chat_demo, alice, alice_money, said):
    first = months_back(2)
    (answer,) = talk(alice, "how much did i spend " + said.format(m=first.strftime("%B")))
    args = last_args(answer)
    assert args["start"] == first.isoformat() and args["end"] == timezone.localdate().isoformat(), args
    assert not args.get("unknown"), args
    assert confident(alice, answer)


def test_since_the_year_began_is_the_year_so_far(chat_demo, alice, alice_money):
    (answer,) = talk(alice, "spending since the year began")
    args = last_args(answer)
    assert args["start"] == timezone.localdate().replace(month=1, day=1).isoformat(), args
    assert not args.get("unknown"), args


def test_gotten_paid_is_money_in(chat_demo, alice, alice_money):
    paid, landlord = talk(alice, "how much have i gotten paid this year", "how much has the landlord gotten paid this year")
    assert last_args(paid)["direction"] == "in" and last_args(paid)["measure"] == "income", last_args(paid)
    assert "Acme Payroll" in paid["answer"], paid["answer"]
    assert last_args(landlord).get("measure") != "income", last_args(landlord)


@pytest.mark.parametrize("ask,measure,limit", [
    ("my three heaviest categories this year", "top_categories", 3),
    ("the 2 costliest merchants this year", "top_merchants", 2),
    ("priciest stores this year", "top_merchants", None),
])
def test_ranking_adjectives_ask_for_the_top(chat_demo, alice, alice_money, ask, measure, limit):
    (answer,) = talk(alice, ask)
    args = last_args(answer)
    assert args["measure"] == measure and args.get("limit") == limit, args
    assert not args.get("unknown"), args



def test_food_is_every_category_of_food(chat_demo, alice, alice_money):
    left_out, spent = talk(alice, "spending last month without rent or food", "how much did i spend on food last month")
    assert sorted(last_args(left_out)["exclude_categories"]) == ["Dining", "Groceries"], last_args(left_out)
    assert last_args(left_out)["exclude_merchants"] == ["Rent Payment Oak ST Properties"], last_args(left_out)
    assert sorted(last_args(spent)["categories"]) == ["Dining", "Groceries"], last_args(spent)
    assert confident(alice, left_out)


def test_a_kind_said_after_a_name_left_out_heads_the_name(chat_demo, alice, alice_money):
    headed, both = talk(alice, "spending last month without the starbucks takeaways",
                        "spending last month without starbucks or takeaways")
    assert last_args(headed)["exclude_merchants"] == ["Starbucks"], last_args(headed)
    assert not last_args(headed).get("exclude_categories"), last_args(headed)
    assert confident(alice, headed)
    assert last_args(both).get("exclude_categories") == ["Dining"], last_args(both)


def test_a_thing_with_no_category_is_not_found_at_low_confidence(chat_demo, alice, alice_money):
    dog, trip, dining = talk(alice, "how much did i spend on my dog this year", "how much did the wedding trip cost",
                             "how much did i spend on dining this year")
    for answer, word in ((dog, "dog"), (trip, "wedding")):
        assert f"no transactions about “{word}”" in answer["answer"], answer["answer"]
        assert not confident(alice, answer), answer["confidence"]
    assert confident(alice, dining)  # a category of theirs stays a confident figure


def test_renaming_a_shops_rows_is_a_refile_proposed(chat_demo, alice, alice_money):
    refile, payee = talk(alice, "rename the starbucks stuff to coffee runs", "rename Starbucks to Starbucks Coffee")
    assert [c["name"] for c in refile["tool_calls"]] == ["propose_set_category"], refile["tool_calls"]
    assert last_args(refile)["merchants"] == ["Starbucks"], last_args(refile)
    assert "confirm" in refile["answer"].lower()
    assert [c["name"] for c in payee["tool_calls"]] == ["explain_unavailable_action"], payee["tool_calls"]


def test_affording_with_earned_vs_spent_gives_both_figures(chat_demo, alice, alice_money):
    (answer,) = talk(alice, "can i afford a $600 trip? like what did i earn vs spend last month")
    assert [c["name"] for c in answer["tool_calls"]] == ["check_affordability"], answer["tool_calls"]
    assert "income" in answer["answer"] and "spending" in answer["answer"], answer["answer"]
    assert "$3,200.00" in answer["answer"], answer["answer"]
