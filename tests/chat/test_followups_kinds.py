"""Follow-ups on the last money answer, by kind, through chat_turn on the chat fixture statement (3 months + this
one, each month: rent 1400, Whole Foods 96.40, Amazon 42.99 as Shopping and 18.50 as Groceries, The Good Plate 64.00,
Starbucks 5.75 + 6.25, Uber 23.10, Netflix 15.49; salary 3200). Each kind: the figure asked for, and a turn it must
not be mistaken for."""
from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from tests.chat.conftest import answer_body, confident, last_args, months_back, talk

pytestmark = pytest.mark.django_db


def _money(x: Decimal | str) -> str:
    return f"${Decimal(x):,.2f}"


def _months_this_year() -> int:
    """How many of the statement's four months fall in this calendar year."""
    return sum(months_back(k).year == timezone.localdate().year for k in range(4))


# a) the shop of a picked row, pointed at as the turn's topic

def test_that_store_ever_after_the_biggest_purchase(chat_demo, alice, alice_money):
    _, ever = talk(alice, "biggest purchase last month not counting rent", "that store, how much there ever?")
    args = last_args(ever)
    assert args["merchants"] == ["Whole Foods Market"] and args["measure"] == "total", args
    assert _money("385.60") in answer_body(ever), ever["answer"]  # 4 months x 96.40
    assert confident(alice, ever)


def test_that_merchant_total_this_year_after_the_biggest_purchase(chat_demo, alice, alice_money):
    _, year = talk(alice, "biggest purchase last month not counting rent", "that merchant, total this year?")
    args = last_args(year)
    assert args["merchants"] == ["Whole Foods Market"] and args["start"].endswith("-01-01"), args
    assert _money(Decimal("96.40") * _months_this_year()) in answer_body(year), year["answer"]
    assert confident(alice, year)


def test_that_store_after_a_ranking_of_several_is_not_guessed(chat_demo, alice, alice_money):
    _, year = talk(alice, "top 3 merchants last month", "that store, total this year?")
    assert not last_args(year).get("merchants"), last_args(year)
    assert not confident(alice, year), year["answer"]


# b) the items of the last answer added up, over a period the turn asks for

AMAZON_AND_WHOLE_FOODS = Decimal("42.99") + Decimal("18.50") + Decimal("96.40")  # a month of the two


def test_both_together_for_the_year_after_two_compared(chat_demo, alice, alice_money):
    _, year = talk(alice, "compare Amazon and Whole Foods last month", "both together for the year")
    args = last_args(year)
    assert set(args["merchants"]) == {"Amazon", "Whole Foods Market"} and args["measure"] == "total", args
    year_of_last_month = months_back(1).year
    assert args["start"] == f"{year_of_last_month}-01-01", args
    months = sum(months_back(k).year == year_of_last_month for k in range(4))
    assert _money(AMAZON_AND_WHOLE_FOODS * months) in answer_body(year), year["answer"]
    assert confident(alice, year)


def test_both_together_for_the_year_after_one_name_then_another(chat_demo, alice, alice_money):
    *_, year = talk(alice, "how much at Amazon last month", "and Whole Foods?", "both together for the year")
    args = last_args(year)
    assert set(args["merchants"]) == {"Amazon", "Whole Foods Market"} and args["start"].endswith("-01-01"), args
    months = sum(months_back(k).year == months_back(1).year for k in range(4))
    assert _money(AMAZON_AND_WHOLE_FOODS * months) in answer_body(year), year["answer"]


def test_add_those_two_up_keeps_the_month(chat_demo, alice, alice_money):
    _, both = talk(alice, "compare Amazon and Whole Foods last month", "add those two up")
    assert last_args(both)["start"] == months_back(1).isoformat(), last_args(both)
    assert _money(AMAZON_AND_WHOLE_FOODS) in answer_body(both), both["answer"]
    assert confident(alice, both)


# d) "same for …" another month: what was left out kept, and the month named (in the year named)

OUT_BUT_RENT = Decimal("272.48")  # a month out, rent left out


def _rent_left_out(args: dict) -> bool:
    """"rent" is the Rent category or the landlord's name (the same rows here): either way it is left out."""
    return bool(args.get("exclude_categories") or args.get("exclude_merchants"))


def test_same_for_a_years_month_keeps_the_exclusion_and_the_month(chat_demo, alice, alice_money):
    month = months_back(2)
    _, same = talk(alice, "how much did I spend last month excluding rent", f"same for {month.year}'s {month:%B}")
    args = last_args(same)
    assert args["start"] == month.isoformat() and _rent_left_out(args), args
    assert _money(OUT_BUT_RENT) in answer_body(same), same["answer"]
    assert confident(alice, same)


def test_same_for_the_previous_years_month(chat_demo, alice, alice_money):
    month = months_back(1)
    _, same = talk(alice, f"how much did I spend in {month:%B} excluding rent", f"same for the previous year's {month:%B}")
    args = last_args(same)
    assert args["start"] == month.replace(year=month.year - 1).isoformat(), args  # not the whole year before
    assert args["end"] == (months_back(0).replace(year=month.year - 1) - timedelta(days=1)).isoformat(), args
    assert _rent_left_out(args), args  # (the statement does not go back a year: no figure to be sure of)
    assert f"{month:%B} {month.year - 1}" in answer_body(same), same["answer"]


def test_same_for_the_month_named_the_year_before(chat_demo, alice, alice_money):
    month = months_back(1)
    _, same = talk(alice, f"how much did I spend on groceries in {month:%B}", f"same for {month:%B} the year before")
    args = last_args(same)
    assert args["start"] == month.replace(year=month.year - 1).isoformat() and args["categories"] == ["Groceries"], args
    assert confident(alice, same)


def test_a_month_and_a_year_compared_stay_two_periods():
    from datetime import date

    from transactions.query.periods import find_periods
    found = find_periods("march vs last year", date(2026, 11, 29))
    assert [p.label for p, _ in found] == ["March 2026", "2025"]
    assert [p.label for p, _ in find_periods("the previous year's october", date(2026, 11, 29))] == ["October 2025"]


def test_same_for_the_month_before_still_steps_back(chat_demo, alice, alice_money):
    _, same = talk(alice, "how much did I spend last month excluding rent", "same for the month before")
    assert last_args(same)["start"] == months_back(2).isoformat(), last_args(same)
    assert _money(OUT_BUT_RENT) in answer_body(same) and confident(alice, same), same["answer"]


# e) after two compared: which was higher, with both figures and the gap as a percentage

def test_which_was_higher_and_by_what_percentage(chat_demo, alice, alice_money):
    _, which = talk(alice, "compare Starbucks and Uber last month", "which was higher, and by what percentage")
    args = last_args(which)
    assert args.get("compare_ask") == "more" or args.get("ask") == "more", args
    body = answer_body(which)
    # Uber 23.10 against Starbucks 5.75 + 6.25: 11.10 over 12.00 is 92.5% higher
    assert "Uber was more: $23.10 against $12.00 for Starbucks" in body and "92.5%" in body, body
    assert confident(alice, which)


def test_percentage_after_a_ranking_of_several_is_not_guessed(chat_demo, alice, alice_money):
    _, which = talk(alice, "top 3 categories last month", "which was higher, and by what percentage")
    assert not confident(alice, which), which["answer"]


# f) the last figure asked in a currency: said again, its subject kept

def test_how_much_was_that_in_dollars(chat_demo, alice, alice_money):
    _, dollars, again = talk(alice, "how much did I spend on groceries last month", "how much was that in $",
                             "in dollars?")
    for answer in (dollars, again):
        args = last_args(answer)
        assert args["categories"] == ["Groceries"] and args["start"] == months_back(1).isoformat(), args
        assert _money("114.90") in answer_body(answer), answer["answer"]  # Whole Foods 96.40 + Amazon 18.50
        assert confident(alice, answer)


def test_another_currency_keeps_the_subject_but_is_not_converted(chat_demo, alice, alice_money):
    _, euros = talk(alice, "how much did I spend on groceries last month", "what's that in euros?")
    assert last_args(euros)["categories"] == ["Groceries"], last_args(euros)
    assert not confident(alice, euros), euros["answer"]


# g) a ranking's length and a new period said together: the ranking over that period

def test_top_three_this_year_so_far_for_comparison(chat_demo, alice, alice_money):
    _, top = talk(alice, "top 5 merchants last month", "top three this year so far, for comparison")
    args = last_args(top)
    assert args["measure"] == "top_merchants" and args["limit"] == 3, args
    assert args["start"] == f"{timezone.localdate().year}-01-01", args
    assert _money(Decimal("1400") * _months_this_year()) in answer_body(top), top["answer"]  # the rent, first
    assert confident(alice, top)


def test_top_three_alone_keeps_the_rankings_period(chat_demo, alice, alice_money):
    _, top = talk(alice, "top 5 merchants last month", "top three")
    args = last_args(top)
    assert args["limit"] == 3 and args["start"] == months_back(1).isoformat(), args
    assert _money("1400") in answer_body(top) and confident(alice, top), top["answer"]
