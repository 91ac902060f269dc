"""Follow-ups on a result that keep what the conversation is about (issue 21, kind 4): a count in texting shorthand,
the same period said again ("and last month?" after last month), a per-week figure asked in Vietnamese, money going
the other way with a period edit, "that month" after an answer over all time, parts of the last set compared over its
period, "those" after a count of part of a total, "was I worse this time". Through chat_turn on the chat fixture
statement, each figure checked against the database, and for a second user whose statement differs."""
from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

import pytest
from django.db.models import Sum
from django.utils import timezone

from core.money import money
from tests.chat.conftest import answer_body, confident, talk
from tests.chat.conftest import last_args as _args
from tests.chat.conftest import months_back as _month
from transactions.models import Transaction

pytestmark = pytest.mark.django_db


def _month_span(back: int) -> tuple[date, date]:
    first = _month(back)
    return first, _month(back - 1) - timedelta(days=1)


def _rows(user, start: date, end: date, *, starts: tuple[str, ...] = (), out: bool = True):
    rows = Transaction.objects.filter(user=user, date__gte=start, date__lte=end)
    rows = rows.filter(amount__lt=0) if out else rows.filter(amount__gt=0)
    if starts:
        from django.db.models import Q

        match = Q()
        for s in starts:
            match |= Q(description__startswith=s)
        rows = rows.filter(match)
    return rows


def _sum(rows) -> Decimal:
    return abs(rows.aggregate(s=Sum("amount"))["s"] or Decimal(0))


@pytest.mark.parametrize("ask", ["hw many was tht", "how many times was that", "mấy lần?"])
def test_a_count_in_shorthand_keeps_the_subject_and_period(chat_demo, alice, alice_money, bob, bob_money, ask):
    start, end = _month_span(1)
    for user in (alice, bob):
        answer = talk(user, "how much did I spend at starbucks last month", ask)[-1]
        args = _args(answer)
        assert args["measure"] == "count" and args.get("merchants") == ["Starbucks"], args
        assert (args["start"], args["end"]) == (start.isoformat(), end.isoformat()), args
        count = _rows(user, start, end, starts=("STARBUCKS",)).count()
        assert f" {count} " in answer_body(answer) and confident(user, answer), answer["answer"]


@pytest.mark.parametrize("ask", ["còn tháng trước?", "and last month?"])
def test_the_same_month_said_again_alone_means_the_one_before(chat_demo, alice, alice_money, ask):
    first = "tháng trước tôi tiêu ở Starbucks bao nhiêu" if "tháng" in ask else "starbucks last month"
    answer = talk(alice, first, ask)[-1]
    start, end = _month_span(2)
    args = _args(answer)
    assert (args["start"], args["end"]) == (start.isoformat(), end.isoformat()), args
    assert money(_sum(_rows(alice, start, end, starts=("STARBUCKS",)))) in answer_body(answer), answer["answer"]
    assert confident(alice, answer)


def test_a_name_with_the_same_month_is_that_month(chat_demo, alice, alice_money):
    answer = talk(alice, "dining last month", "and groceries last month?")[-1]
    start, end = _month_span(1)
    assert (_args(answer)["start"], _args(answer)["end"]) == (start.isoformat(), end.isoformat()), _args(answer)


def test_a_per_week_figure_asked_in_vietnamese(chat_demo, alice, alice_money):
    answer = talk(alice, "tháng trước tôi tiêu ở Starbucks bao nhiêu", "vậy một tuần bao nhiêu?")[-1]
    args = _args(answer)
    assert args.get("per") == "week" and args.get("merchants") == ["Starbucks"], args
    assert confident(alice, answer), answer["answer"]


def test_list_them_after_a_per_week_figure_lists_the_rows(chat_demo, alice, alice_money):
    answer = talk(alice, "starbucks last month", "and per week?", "list them")[-1]
    args = _args(answer)
    assert args["measure"] == "list" and not args.get("per"), args


def test_money_in_with_a_period_edit_is_income(chat_demo, alice, alice_money, bob, bob_money):
    start, end = _month_span(2)
    for user in (alice, bob):
        answer = talk(user, "what was my income last month", "and how much went out that same month?",
                      "ok what came in the month before? curious if work is going better")[-1]
        args = _args(answer)
        assert (args["start"], args["end"]) == (start.isoformat(), end.isoformat()), args
        assert money(_sum(_rows(user, start, end, out=False))) in answer_body(answer), answer["answer"]


def test_that_month_after_an_answer_over_all_time_is_the_month_before_it(chat_demo, alice, alice_money):
    start, end = _month_span(1)
    answer = talk(alice, "biggest purchase last month besides rent?", "how much have I spent at that store ever?",
                  "and what was my dining total that month?")[-1]
    args = _args(answer)
    assert args.get("categories") == ["Dining"] and (args["start"], args["end"]) == (start.isoformat(),
                                                                                      end.isoformat()), args
    dining = _sum(_rows(alice, start, end, starts=("STARBUCKS", "THE GOOD PLATE")))
    assert money(dining) in answer_body(answer) and confident(alice, answer), answer["answer"]


@pytest.mark.parametrize("ask", ["which was more, starbucks or the good plate", "starbucks vs the good plate?"])
def test_parts_of_the_last_set_compared_keep_its_period(chat_demo, alice, alice_money, ask):
    start, end = _month_span(1)
    answer = talk(alice, "what did I spend on dining last month", ask)[-1]
    body = answer_body(answer)
    for narrative in ("STARBUCKS", "THE GOOD PLATE"):
        assert money(_sum(_rows(alice, start, end, starts=(narrative,)))) in body, answer["answer"]
    assert confident(alice, answer), answer["answer"]


def test_the_biggest_of_the_sides_compared(chat_demo, alice, alice_money):
    start, end = _month_span(1)
    answer = talk(alice, "dining last month", "which was more, starbucks or the good plate restaurant",
                  "trong đó lần nào mua nhiều nhất?")[-1]
    args = _args(answer)
    assert args["measure"] == "largest" and (args["start"], args["end"]) == (start.isoformat(), end.isoformat()), args
    biggest = _rows(alice, start, end, starts=("STARBUCKS", "THE GOOD PLATE")).order_by("amount").first()
    assert money(abs(biggest.amount)) in answer_body(answer), answer["answer"]


def test_those_after_a_count_of_part_of_a_total_is_that_part(chat_demo, alice, alice_money):
    start, end = _month_span(1)
    answer = talk(alice, "what did I spend on dining last month", "how many of those were starbucks",
                  "and what did those visits add up to?")[-1]
    args = _args(answer)
    assert args.get("merchants") == ["Starbucks"] and not args.get("categories"), args
    assert money(_sum(_rows(alice, start, end, starts=("STARBUCKS",)))) in answer_body(answer), answer["answer"]


def test_two_answers_in_a_row_then_both_together_is_still_their_union(chat_demo, alice, alice_money):
    answer = talk(alice, "starbucks last month", "and uber?", "add them up")[-1]
    assert sorted(_args(answer).get("merchants") or []) == ["Starbucks", "Uber"], _args(answer)


@pytest.mark.parametrize("ask", ["so was i worse this time or nah", "did i spend more this time?"])
def test_worse_this_time_compares_the_last_two_answers(chat_demo, alice, alice_money, ask):
    answer = talk(alice, "starbucks last month", "and the month before?", ask)[-1]
    assert [c["name"] for c in answer["tool_calls"]] != ["search_knowledge_base"], answer["tool_calls"]
    body = answer_body(answer)
    for back in (1, 2):
        start, end = _month_span(back)
        assert money(_sum(_rows(alice, start, end, starts=("STARBUCKS",)))) in body, answer["answer"]


def test_this_month_said_again_stays_this_month(chat_demo, alice, alice_money):
    # only a month that is over steps back: "and this month?" after this month is never last month
    today = timezone.localdate()
    answer = talk(alice, "starbucks this month", "and this month?")[-1]
    assert _args(answer).get("end") == today.isoformat(), _args(answer)


@pytest.mark.parametrize(("first", "ask"), [
    ("what did I spend last month, rent aside", "now rank my top 3 categories for me please, still not counting the rent"),
    ("tháng trước tổng chi tiêu của mình bao nhiêu, trừ tiền nhà ra nha",
     "vậy xếp hạng 3 nhóm chi nhiều nhất đi (vẫn không tính tiền nhà)"),
])
def test_still_leaving_out_carries_the_last_question_on(chat_demo, alice, alice_money, first, ask):
    start, end = _month_span(1)
    answer = talk(alice, first, ask)[-1]
    args = _args(answer)
    left_out = [*(args.get("exclude_categories") or []), *(args.get("exclude_merchants") or [])]
    assert args["measure"] == "top_categories" and any("Rent" in n for n in left_out), args
    assert (args.get("start"), args.get("end")) == (start.isoformat(), end.isoformat()), args


@pytest.mark.parametrize("ask", ["how many was that", "list them", "hw many was tht", "and per week?"])
def test_a_pointer_with_nothing_before_it_is_asked_about(chat_demo, alice, alice_money, ask):
    answer = talk(alice, ask)[-1]
    assert not answer["tool_calls"] and "no earlier answer" in answer["answer"], answer["answer"]
    assert not confident(alice, answer)
