"""Follow-ups as small edits of the last query, several in one turn (issue 21, kind 4; transactions/query/
followups_parts.py, the composition in followups.py `followup_in_part`): a part of the last period, the units right
after it, the rest of a ranking added up, the rows shown added up, the one row referred to, Vietnamese "which month"
and "delete those". Through chat_turn on the chat fixture statement (each month: salary 3200 on the 1st; rent 1400
on the 2nd, Starbucks 5.75 on the 3rd and 6.25 on the 9th, Amazon 42.99 (Shopping) on the 5th and 18.50
(Groceries) on the 12th, Whole Foods 96.40 on the 6th, Uber 23.10 on the 8th, Netflix 15.49 on the 10th, The Good
Plate 64.00 on the 11th). Last month: 1672.48 out; Rent 1400, Groceries 114.90, Dining 76.00, Shopping 42.99."""
from __future__ import annotations

import re
from datetime import date
from decimal import Decimal

import pytest

from core.periods import add_months
from tests.chat.conftest import answer_body as _body
from tests.chat.conftest import confident, talk
from tests.chat.conftest import last_args as _args
from tests.chat.conftest import months_back as _month

pytestmark = pytest.mark.django_db





def _figure(text: str) -> Decimal:
    return Decimal(re.search(r"\$([\d,]+\.\d\d)", text).group(1).replace(",", ""))


def test_one_turn_carries_a_period_part_an_exclusion_and_a_measure(chat_demo, alice, alice_money):
    """After a ranking: the first week of its month, rent left out, as a total (not a ranking, not the whole month)."""
    answer = talk(alice, "top 3 categories last month",
                  "ok and just the first week of that, rent excluded, what was the total?")[-1]
    first = _month(1)
    assert _args(answer)["start"] == first.isoformat() and _args(answer)["end"] == first.replace(day=7).isoformat()
    excluded = (_args(answer).get("exclude_categories") or []) + (_args(answer).get("exclude_merchants") or [])
    assert _args(answer)["measure"] == "total" and excluded and "Rent" in excluded[0], answer["tool_calls"]
    assert _figure(_body(answer)) == Decimal("145.14"), answer["answer"]  # Starbucks 5.75 + Amazon 42.99 + WF 96.40
    assert confident(alice, answer)


def test_a_period_edit_keeps_the_exclusion_said_after_it(chat_demo, alice, alice_money):
    """"same month last year, rent excluded": the period moved and rent left out (the exclusion was dropped)."""
    answer = talk(alice, "how much did I spend last month?", "same month last year, rent excluded")[-1]
    assert _args(answer)["start"] == add_months(_month(1), -12).isoformat()
    excluded = (_args(answer).get("exclude_categories") or []) + (_args(answer).get("exclude_merchants") or [])
    assert excluded and "Rent" in excluded[0], answer["tool_calls"]


@pytest.mark.parametrize(("ask", "start_day", "end_day", "figure"), [
    ("just the first 10 days of that", 1, 10, "12.00"),  # Starbucks 5.75 + 6.25
    ("only the first week of it", 1, 7, "5.75"),
])
def test_a_part_of_the_last_period(chat_demo, alice, alice_money, ask, start_day, end_day, figure):
    answer = talk(alice, "dining last month", ask)[-1]
    assert _args(answer)["start"] == _month(1).replace(day=start_day).isoformat()
    assert _args(answer)["end"] == _month(1).replace(day=end_day).isoformat()
    assert _figure(_body(answer)) == Decimal(figure), answer["answer"]


def test_the_last_week_of_that_month_is_its_last_seven_days(chat_demo, alice, alice_money):
    answer = talk(alice, "dining last month", "just the last week of that")[-1]
    end = add_months(_month(1), 1).toordinal() - 1
    assert _args(answer)["end"] == date.fromordinal(end).isoformat()
    assert _args(answer)["start"] == date.fromordinal(end - 6).isoformat(), answer["tool_calls"]


def test_the_next_two_months_together_then_only_the_first(chat_demo, alice, alice_money):
    answers = talk(alice, f"groceries in {_month(3):%B %Y}", "and the next two months together?",
                   "only the first month")
    together, first = answers[1], answers[2]
    assert _args(together)["start"] == _month(2).isoformat() and _args(together)["end"] == (
        _month(0).toordinal() - 1 and date.fromordinal(_month(0).toordinal() - 1).isoformat())
    assert _figure(_body(together)) == Decimal("229.80"), together["answer"]  # (96.40 + 18.50) × 2
    assert confident(alice, together)
    assert _args(first)["start"] == _month(2).isoformat() and _figure(_body(first)) == Decimal("114.90")


def test_each_of_the_next_two_months_side_by_side(chat_demo, alice, alice_money):
    answer = talk(alice, f"netflix in {_month(3):%B %Y}", "and each of the next two months?")[-1]
    assert answer["tool_calls"][-1]["name"] == "compare_spending" and _args(answer)["mode"] == "periods"
    assert [s["start"] for s in _args(answer)["sides"]] == [_month(2).isoformat(), _month(1).isoformat()]


@pytest.mark.parametrize(("ask", "figure", "excluded"), [
    # everything the ranking covered but its first place
    ("and without the biggest? whats the total of everything else", "272.48", ["Rent"]),
    # the other places it showed, added up: Groceries 114.90 + Dining 76.00
    ("ok without the biggest one, total of the rest?", "190.90", None),
])
def test_without_the_biggest_after_a_ranking_totals_the_rest(chat_demo, alice, alice_money, ask, figure, excluded):
    answer = talk(alice, "top 3 categories last month", ask)[-1]
    assert _args(answer)["measure"] == "total", answer["tool_calls"]
    assert _figure(_body(answer)) == Decimal(figure), answer["answer"]
    assert _args(answer).get("exclude_categories") == excluded
    assert confident(alice, answer)


def test_without_the_biggest_after_adding_up_a_ranking_is_its_other_items(chat_demo, alice, alice_money):
    answers = talk(alice, "top 3 categories last month", "add them up", "now without the biggest one, total?")
    assert _figure(_body(answers[1])) == Decimal("1590.90")
    assert _args(answers[2])["categories"] == ["Groceries", "Dining"] and _figure(_body(answers[2])) == Decimal("190.90")


def test_adding_up_the_biggest_purchases_totals_exactly_the_rows_shown(chat_demo, alice, alice_money):
    answer = talk(alice, "my 3 biggest purchases last month", "add those 3 up")[-1]
    assert _figure(_body(answer)) == Decimal("1560.40"), answer["answer"]  # rent + Whole Foods + The Good Plate
    assert confident(alice, answer)


def test_what_was_that_one_is_the_row_left_out(chat_demo, alice, alice_money):
    answer = talk(alice, "spending last month", "and excluding the biggest?", "what was that one anyway")[-1]
    assert _args(answer)["measure"] == "largest" and _figure(_body(answer)) == Decimal("1400.00"), answer["answer"]


def test_which_month_was_more_in_vietnamese(chat_demo, alice, alice_money):
    answer = talk(alice, f"dining in {_month(2):%B} and {_month(1):%B}", "tháng nào nhiều hơn?")[-1]
    assert answer["tool_calls"][-1]["name"] == "compare_spending" and _args(answer).get("ask") == "more"
    assert "search_knowledge_base" not in answer["tools_used"]


def test_list_the_individual_charges_after_a_total(chat_demo, alice, alice_money):
    answer = talk(alice, "groceries last month", "Would you list the individual charges")[-1]
    assert _args(answer)["measure"] == "list" and _args(answer)["categories"] == ["Groceries"], answer["tool_calls"]
    assert "96.40" in answer["answer"] and "18.50" in answer["answer"]


def test_delete_those_in_vietnamese_proposes_over_the_rows_shown(chat_demo, alice, alice_money):
    from transactions.models import Transaction

    before = Transaction.objects.filter(user=alice).count()
    answer = talk(alice, "starbucks last month", "xóa hết mấy giao dịch đó đi")[-1]
    assert _args(answer) == {"of_last_answer": True}, answer["tool_calls"]
    assert answer["pending_actions"] and answer["pending_actions"][0]["count"] == 2
    assert Transaction.objects.filter(user=alice).count() == before  # nothing written before a confirmation


def test_per_month_over_a_period_before_their_transactions_begin(chat_demo, alice, alice_money):
    """"trung bình mỗi tháng" after a figure whose period starts before the statements do: spread over the months
    Moneta has, the divisor and where it starts said."""
    answer = talk(alice, "netflix over the last 12 months", "trung bình mỗi tháng")[-1]
    per = re.search(r"/ ([\d.]+) tháng", answer["answer"])
    assert per and float(per.group(1)) < 5, answer["answer"]
    assert "khi giao dịch của bạn bắt đầu" in answer["answer"]


def test_week_by_week_sets_the_weeks_of_the_last_period_side_by_side(chat_demo, alice, alice_money):
    answer = talk(alice, "groceries in the first two weeks of last month", "per week? week by week pls")[-1]
    assert answer["tool_calls"][-1]["name"] == "compare_spending" and _args(answer)["mode"] == "periods"
    sides = _args(answer)["sides"]
    assert [(s["start"], s["end"]) for s in sides] == [
        (_month(1).isoformat(), _month(1).replace(day=7).isoformat()),
        (_month(1).replace(day=8).isoformat(), _month(1).replace(day=14).isoformat())], sides
    assert "96.40" in answer["answer"] and "18.50" in answer["answer"]


def test_a_challenge_asks_the_last_question_again(chat_demo, alice, alice_money):
    first, again = talk(alice, "how many times did I go to starbucks last month?",
                        "Wrong, I'm pretty sure it was more. Recount.")
    assert _args(again) == _args(first) and "2" in _body(again), again["answer"]
    assert "search_knowledge_base" not in again["tools_used"]


def test_the_other_one_is_the_rest_of_the_set_the_answer_picked_from(chat_demo, alice, alice_money):
    answer = talk(alice, "dining last month", "which place was the biggest", "and the other one, same month?")[-1]
    assert _args(answer)["measure"] == "total" and any(
        m.startswith("The Good Plate") for m in _args(answer).get("exclude_merchants") or []), answer["tool_calls"]
    assert _figure(_body(answer)) == Decimal("12.00"), answer["answer"]  # Starbucks 5.75 + 6.25


@pytest.mark.parametrize("ask", ["not counting rent, how much did I spend?",
                                 "không tính tiền nhà thì tôi tiêu bao nhiêu?"])
def test_leaving_out_what_the_last_answer_was_about_is_everything_else(chat_demo, alice, alice_money, ask):
    answer = talk(alice, "rent last month", ask)[-1]
    excluded = (_args(answer).get("exclude_categories") or []) + (_args(answer).get("exclude_merchants") or [])
    assert not (_args(answer).get("categories") or _args(answer).get("merchants")) and "Rent" in excluded[0]
    assert _figure(_body(answer)) == Decimal("272.48"), answer["answer"]
    assert confident(alice, answer)


def test_a_name_after_a_ranking_of_its_kind_is_its_total_over_the_same_period(chat_demo, alice, alice_money):
    answer = talk(alice, "top merchants last month", "And at Uber over the same period?")[-1]
    assert _args(answer)["measure"] == "total" and _args(answer)["merchants"] == ["Uber"], answer["tool_calls"]
    assert _args(answer)["start"] == _month(1).isoformat() and _figure(_body(answer)) == Decimal("23.10")


def test_the_second_week_of_the_last_period(chat_demo, alice, alice_money):
    answer = talk(alice, "dining last month", "just the second week of that")[-1]
    assert _args(answer)["start"] == _month(1).replace(day=8).isoformat()
    assert _args(answer)["end"] == _month(1).replace(day=14).isoformat()
    assert _figure(_body(answer)) == Decimal("70.25"), answer["answer"]  # Starbucks 6.25 (9th) + The Good Plate 64 (11th)


def test_a_count_of_that_after_the_one_place_asked_for(chat_demo, alice, alice_money):
    """"which … place got most of my money" asks for one place; "how many orders was that?" counts that place's."""
    first, count = talk(alice, "Which non-coffee dining place got most of my money last month?",
                        "how many orders was that?")
    assert _args(first)["measure"] == "top_merchants" and _args(first)["limit"] == 1, first["tool_calls"]
    assert _args(count)["measure"] == "count" and _args(count)["merchants"][0].startswith("The Good Plate")
    assert re.search(r"\b1 (?:purchase|transaction)", _body(count)), count["answer"]
