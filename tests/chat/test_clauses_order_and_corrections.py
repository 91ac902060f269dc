"""Issue 21 kinds 1 and 3 through chat_turn: the order of clauses, corrections said in the same turn, and openings
that ask nothing. An exclusion said first ("Leaving out rent, which is my biggest category this year?") keeps the
ranking and the period of the question after it; a correction takes back what was said before it ("not counting
rent, no wait, counting everything" counts everything); polite and reason clauses before the question ("If it isn't
too much trouble, and since I'm trying to be careful, …") add no subject and leave nothing out. The chat fixture
statement (tests/chat/conftest.py), each month: Rent 1400.00, Groceries 114.90, Dining 76.00, Shopping 42.99,
Transport 23.10, Subscriptions 15.49 (1672.48 in all)."""
from __future__ import annotations

from datetime import date

import pytest
from django.utils import timezone

from chat.services import chat_turn
from tests.chat.conftest import answer_body, confident, first_args, first_line, last_month_iso, talk

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("said", [
    "Leaving out rent, which is my biggest category this year?",
    "Except for rent, which was the biggest category this year?",
])
def test_an_exclusion_said_first_keeps_the_ranking_and_the_period(chat_demo, alice, alice_money, said):
    answer = chat_turn(user=alice, message=said)
    line = first_line(answer)
    assert "Groceries" in line and "Rent (" not in line, answer["answer"]
    args = first_args(answer)
    assert args.get("exclude_categories") or args.get("exclude_merchants"), args
    assert args.get("start") == date(timezone.localdate().year, 1, 1).isoformat(), args
    assert confident(alice, answer)


def test_a_thing_set_aside_first_that_they_do_not_have_keeps_the_question(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="Setting aside the mortgage, what did I spend most on last month?")
    start, end = last_month_iso()
    args = first_args(answer)
    assert (args.get("start"), args.get("end")) == (start, end), args
    assert "Rent ($1,400.00" in first_line(answer), answer["answer"]
    assert "mortgage" in answer["answer"].lower()  # says it has no mortgage to leave out


def test_a_which_clause_after_a_question_stays_a_remark(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="how much did I spend on rent last month, which is my biggest bill?")
    assert "$1,400.00" in first_line(answer), answer["answer"]
    assert not first_args(answer).get("exclude_merchants") and not first_args(answer).get("exclude_categories")


@pytest.mark.parametrize("said", [
    "how much did I spend last month, not counting rent I guess, no wait, counting everything",
    "how much did I spend last month excluding rent, actually no, include everything",
])
def test_a_correction_that_counts_everything_takes_the_exclusion_back(chat_demo, alice, alice_money, said):
    answer = chat_turn(user=alice, message=said)
    assert "$1,672.48" in first_line(answer), answer["answer"]
    args = first_args(answer)
    assert not args.get("exclude_merchants") and not args.get("exclude_categories"), args
    assert confident(alice, answer)


def test_a_correction_that_leaves_a_thing_out_wins_over_everything(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="how much did I spend last month, counting everything, no wait, "
                                           "not counting rent")
    assert "$272.48" in first_line(answer), answer["answer"]


@pytest.mark.parametrize(("said", "figure"), [
    ("If it isn't too much trouble, and since I'm trying to be careful, could you tell me how much I spent on "
     "groceries last month?", "$114.90"),
    ("Since I'm trying to cut back on eating out, could you tell me what I spent at Amazon last month?", "$61.49"),
    ("If you don't mind me asking, and because money is tight, what did I spend on dining last month?", "$76.00"),
])
def test_an_opening_that_asks_nothing_adds_and_drops_no_subject(chat_demo, alice, alice_money, said, figure):
    answer = chat_turn(user=alice, message=said)
    assert figure in first_line(answer), answer["answer"]
    args = first_args(answer)
    assert not args.get("exclude_merchants") and not args.get("exclude_categories"), args
    start, end = last_month_iso()
    assert (args.get("start"), args.get("end")) == (start, end), args
    assert confident(alice, answer)


def test_a_clause_the_question_points_back_to_stays(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="Since I've been eating out a lot, how much did that cost last month?")
    assert "$76.00" in first_line(answer), answer["answer"]


def test_i_mean_all_of_last_month_replaces_the_same_point(chat_demo, alice, alice_money):
    first, corrected = talk(alice, "how much did I spend on dining this month",
                            "the same point last month? I mean all of last month")
    start, end = last_month_iso()
    args = corrected["tool_calls"][-1]["arguments"]
    assert (args.get("start"), args.get("end")) == (start, end), (args, corrected["answer"])
    assert "$76.00" in answer_body(corrected), corrected["answer"]


def test_compare_that_with_last_year_states_both_years(chat_demo, alice, alice_money):
    """After this year so far, "last year" is all of it, and the same dates of it beside: both figures, each with the
    days it covers (it had been the same dates alone, with the whole year only named in a note)."""
    today = timezone.localdate()
    year = today.year
    first, compared = talk(alice, "how much did I spend on dining this year", "compare that with last year")
    body = answer_body(compared)
    assert f"{year} so far (1 Jan – {today.day} {today:%b} {year})" in body, compared["answer"]
    assert f"{year - 1} (1 Jan – 31 Dec {year - 1})" in body, compared["answer"]
    assert f"same dates of {year - 1} (1 Jan – {today.day} {today:%b} {year - 1})" in body, compared["answer"]
    assert confident(alice, compared)


@pytest.mark.parametrize(("said", "days", "figure"), [
    ("how much on dining last month, from the 5th on", (5, None), "$70.25"),  # 6.25 + 64.00
    ("groceries last month, first week", (1, 7), "$96.40"),  # Whole Foods on the 6th, not Amazon on the 12th
    ("dining last month, just the second half", (16, None), "$0.00"),
])
def test_a_part_said_after_its_period_narrows_it(chat_demo, alice, alice_money, said, days, figure):
    """A period said in pieces: the part said after the period is that part of it, not the whole period with the
    part's words dropped (or read as this month's days)."""
    answer = chat_turn(user=alice, message=said)
    start, end = last_month_iso()
    first = date.fromisoformat(start)
    want = (first.replace(day=days[0]).isoformat(), first.replace(day=days[1]).isoformat() if days[1] else end)
    args = first_args(answer)
    assert (args.get("start"), args.get("end")) == want, (args, answer["answer"])
    assert figure in first_line(answer), answer["answer"]


def test_a_ranking_said_in_a_relative_clause_is_a_ranking(chat_demo, alice, alice_money):
    """"Which were the 3 categories where I spend more money": the ranking is in the clause after the noun (it had
    been the total of all spending, at high confidence); "… I spent more on than last year" stays a comparison."""
    answer = chat_turn(user=alice, message="Which were the 3 categories where I spend more money last month?")
    line = first_line(answer)
    assert "Rent ($1,400.00" in line and "Groceries ($114.90" in line and "Dining ($76.00" in line, answer["answer"]
    assert "Shopping (" not in line
