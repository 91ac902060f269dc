"""Circumstances said beside a money question (issue 21, kind 2) through chat_turn: when, for whom or in what state
the user spent adds no filter (transactions/query/asides_circumstance.py).

- said in a remark beside the question ("I stop by Starbucks between shifts, …", "… i was sick for weeks", a
  weekday of a habit), it is set aside and named; the figure asked is unchanged and the answer stays confident;
- said inside the question as whom a purchase was for ("for my grandson Theo", "for the kids") or "on my day off", it
  narrows to purchases no row can show: the rest is answered, the answer says what it could not apply, never
  confidently;
- a weekday asked inside the question ("on weekends") is still a weekday filter; a clause after the question that
  says how it felt ("… was insane") or what the figure is for ("gotta split it"), or a story before "anyway", adds no
  filter either, while one that narrows ("…, need to exclude rent") is read.
Data: the chat fixture statement (Starbucks 5.75 + 6.25, Amazon 42.99 + 18.50, Whole Foods 96.40, Uber 23.10 a month)
plus, for Alice, a Target purchase last month; Bob asks the same and sees only his own figures."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from chat.services import chat_turn
from tests.chat.conftest import answer_body, confident, last_args, month_start, statement_csv
from transactions.services import transactions_import

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice_target(alice):
    first = month_start(timezone.localdate(), 1)
    extra = [(first + timedelta(days=13), "TARGET 00012345 OAKLAND CA", "-61.20", "Shopping")]
    return transactions_import(user=alice, file_name="alice.csv",
                               content=statement_csv(today=timezone.localdate(), extra=extra))


@pytest.mark.parametrize(("question", "figure"), [
    ("I stop by starbucks between shifts, how much did it come to last month", "$12.00"),
    ("I do my coffee run on Saturdays — what did Starbucks cost me last month?", "$12.00"),
    ("what did Whole Foods cost me last month? i was sick for weeks", "$96.40"),
    ("how much went on uber last month, we take it after church every week", "$23.10"),
    ("my granddaughter Lucy adores target, how much did i spend there last month", "$61.20"),
    ("what did i spend at whole foods last month when i was stressed", "$96.40"),
    # how it felt, or what the figure is for, said after the question
    ("what did uber come to last month? the surge pricing was insane", "$23.10"),
    ("how much did amazon take last month, gotta split it with my sister", "$61.49"),
    # a story before "anyway"
    ("so my car broke down near the mall on tuesday... anyway, what did target cost me last month", "$61.20"),
    # a person the purchase was shared with ("for me and my roommate") narrows nothing: the user paid
    ("starbucks for me and my roommate last month, how much", "$12.00"),
    # in Vietnamese: "whenever I'm off work I sit at Starbucks all day 😂 how much did it cost there last month?"
    ("hôm nào được nghỉ là tui ngồi starbucks cả ngày 😂 tháng trước tốn ở đó bao nhiêu?", "12.00"),
])
def test_a_circumstance_in_a_remark_adds_no_filter(chat_demo, alice, alice_target, question, figure):
    answer = chat_turn(user=alice, message=question)
    body = answer_body(answer)
    assert figure in body, (question, answer["answer"], answer["tool_calls"])
    assert not last_args(answer).get("weekdays"), answer["tool_calls"]
    assert "I set aside" in answer["answer"] or "Tôi để riêng" in answer["answer"], answer["answer"]
    assert confident(alice, answer), (question, answer["confidence"], answer["answer"])


@pytest.mark.parametrize(("question", "figure", "said"), [
    ("what did amazon cost me last month for my grandson Theo", "$61.49", "for my grandson Theo"),
    ("whole foods for the kids last month, how much", "$96.40", "for the kids"),
    ("how much did I spend at target on my days off last month", "$61.20", "on my days off"),
])
def test_whom_it_was_for_is_said_as_not_applied(chat_demo, alice, alice_target, question, figure, said):
    answer = chat_turn(user=alice, message=question)
    assert figure in answer_body(answer), (question, answer["answer"], answer["tool_calls"])
    assert f"don't show which purchases were “{said}”" in answer["answer"], answer["answer"]
    assert not confident(alice, answer), answer["confidence"]


def test_a_weekday_asked_in_the_question_is_still_a_filter(chat_demo, alice, alice_target):
    answer = chat_turn(user=alice, message="what did I spend at starbucks on weekends last month")
    assert last_args(answer).get("weekdays") == [5, 6], answer["tool_calls"]


def test_the_second_user_gets_their_own_figure(chat_demo, alice, alice_target, bob, bob_money):
    answer = chat_turn(user=bob, message="my grandson Theo loves target, how much did i spend there last month")
    assert "61.20" not in answer["answer"], answer["answer"]
    answer = chat_turn(user=bob, message="I stop by starbucks between shifts, how much did it come to last month")
    assert "$12.00" in answer_body(answer), answer["answer"]
    assert "BOB" not in answer["answer"] or "61.20" not in answer["answer"]


def test_a_clause_after_the_question_that_narrows_is_read(chat_demo, alice, alice_target):
    answer = chat_turn(user=alice, message="how much did i spend last month, need to exclude rent")
    args = last_args(answer)
    assert args.get("exclude_categories") or args.get("exclude_merchants"), answer["tool_calls"]
    assert "1,400.00" not in answer_body(answer).split("\n")[0], answer["answer"]
