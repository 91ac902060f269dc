"""General defaults of the offline understanding through chat_turn (issue 21), each from its kind:
1. a correction inside the turn replaces what it corrects, in questions and in requests to act; an unclear one is
   no confident answer;
2. what a remark after an exclusion keeps in is counted;
3. after a total over several merchants, "the first visit" / "the most recent one" is the earliest / latest of those
   transactions by date (after a ranking, "the first one" stays its first item);
4. weeks of a month by number, "up to and including" a day;
5. money in "and everything" is all money in.
The chat fixture statement (tests/chat/conftest.py), each month: Salary 3200.00 (1st), Rent 1400.00 (2nd),
Starbucks 5.75 (3rd) + 6.25 (9th), Amazon 42.99 (5th) + 18.50 (12th, Groceries), Whole Foods 96.40 (6th),
Uber 23.10 (8th), Netflix 15.49 (10th), The Good Plate 64.00 (11th, Dining)."""
from __future__ import annotations

import pytest

from chat.services import chat_turn
from tests.chat.conftest import answer_body, confident, last_args, months_back, talk

pytestmark = pytest.mark.django_db


# ---- 1. corrections ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("question", "figure"), [
    ("how much did I spend at starbucks last month, sorry, I meant whole foods", "$96.40"),
    ("what did netflix cost me last month — no, uber", "$23.10"),
    ("how much on whole foods last month, or rather uber", "$23.10"),
])
def test_a_corrected_name_is_the_one_answered(chat_demo, alice, alice_money, question, figure):
    answer = chat_turn(user=alice, message=question)
    # was: both names added up (the one corrected and the correction)
    assert len(last_args(answer).get("merchants") or []) == 1, (question, answer["tool_calls"])
    assert figure in answer_body(answer), (question, answer["answer"], answer["tool_calls"])
    assert confident(alice, answer), (question, answer["confidence"])


def test_a_corrected_month_is_the_one_answered(chat_demo, alice, alice_money):
    two, one = months_back(2), months_back(1)
    answer = chat_turn(user=alice, message=f"uber in {two:%B} — no, {one:%B}")
    assert last_args(answer)["start"] == one.isoformat(), (answer["answer"], answer["tool_calls"])


def test_a_corrected_amount_is_the_one_proposed(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="start a savings jar called holiday for 500, actually make that 800")
    assert answer["tool_calls"] and answer["tool_calls"][-1]["name"] == "propose_create_jar", answer["tool_calls"]
    assert last_args(answer)["monthly_budget"] == 800, answer["tool_calls"]
    answer = chat_turn(user=alice, message="set a budget of 300 for dining, sorry, 350")
    assert answer["tool_calls"] and answer["tool_calls"][-1]["name"] == "propose_set_budget", answer["tool_calls"]
    assert last_args(answer)["amount"] == 350, answer["tool_calls"]


def test_a_correction_that_could_replace_either_name_is_no_confident_answer(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="starbucks and uber last month, sorry, netflix")
    assert not confident(alice, answer), (answer["answer"], answer["confidence"])
    assert "correct" in answer["answer"], answer["answer"]


# ---- 2. kept in after an exclusion -------------------------------------------------------------------------
@pytest.mark.parametrize("question", [
    "how much did I spend last month w/o Amazon and Uber — everything else incl. rent",
    "spending last month without amazon and uber, everything else including the rent",
    "everything last month except amazon and uber, plus the rent of course",
])
def test_what_a_remark_keeps_in_after_an_exclusion_is_counted(chat_demo, alice, alice_money, question):
    answer = chat_turn(user=alice, message=question)
    # 1672.48 − Amazon 61.49 − Uber 23.10; was: the rent left out too, or the rent alone
    assert "$1,587.89" in answer_body(answer), (question, answer["answer"], answer["tool_calls"])


# ---- 3. the first / most recent one after a total ------------------------------------------------------------
def test_the_first_visit_after_a_total_of_two_places_is_the_earliest_by_date(chat_demo, alice, alice_money):
    answers = talk(alice, "how much did I spend at uber and starbucks last month?", "when was the first visit?")
    # Starbucks on the 3rd ($5.75), not Uber (the first name said)
    assert last_args(answers[1])["measure"] == "list" and "$5.75" in answer_body(answers[1]), (
        answers[1]["answer"], answers[1]["tool_calls"])


def test_the_most_recent_one_after_a_total_of_two_places_is_the_latest_by_date(chat_demo, alice, alice_money):
    answers = talk(alice, "what did uber and starbucks come to last month", "and the most recent one?")
    # Starbucks on the 9th ($6.25), after Uber on the 8th
    assert "$6.25" in answer_body(answers[1]), (answers[1]["answer"], answers[1]["tool_calls"])


def test_the_first_one_after_a_ranking_is_its_first_item(chat_demo, alice, alice_money):
    answers = talk(alice, "top 3 merchants last month", "how much was the first one?")
    assert "$1,400.00" in answer_body(answers[1]), (answers[1]["answer"], answers[1]["tool_calls"])


# ---- 4. weeks and inclusive ends -----------------------------------------------------------------------------
def test_week_one_against_week_two_of_last_month(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="dining week 1 vs week 2 of last month")
    body = answer_body(answer)
    # Starbucks 5.75 on the 3rd; Starbucks 6.25 + The Good Plate 64.00 on the 9th and 11th
    assert "$5.75" in body and "$70.25" in body, (answer["answer"], answer["tool_calls"])


def test_the_second_week_said_without_its_month_is_of_the_month_said(chat_demo, alice, alice_money):
    one = months_back(1)
    answer = chat_turn(user=alice, message=f"dining the first week of {one:%B} versus the second week")
    assert "$5.75" in answer_body(answer) and "$70.25" in answer_body(answer), (answer["answer"], answer["tool_calls"])


def test_up_to_and_including_a_day_is_a_range_ending_that_day(chat_demo, alice, alice_money):
    one = months_back(1)
    answer = chat_turn(user=alice, message=f"starbucks from {one:%B} 1 up to and including {one:%B} 8")
    assert "$5.75" in answer_body(answer) and last_args(answer)["end"] == one.replace(day=8).isoformat(), (
        answer["answer"], answer["tool_calls"])


# ---- 5. all money in -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("question", [
    "how much money came in last month, paychecks and everything",
    "what was my income last month, salary and everything else",
])
def test_money_in_and_everything_is_all_money_in(chat_demo, alice, alice_money, question):
    answer = chat_turn(user=alice, message=question)
    args = last_args(answer)
    assert not args.get("merchants") and not args.get("categories"), (question, answer["tool_calls"])
    assert "$3,200.00" in answer_body(answer), (question, answer["answer"])
