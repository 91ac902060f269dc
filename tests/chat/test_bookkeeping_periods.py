"""Issue 21 kinds 2 and 3 through chat_turn: a bookkeeper's words for periods and money. "calendar" beside a unit
of time says what "full" says ("the last two full calendar months", "the previous calendar month"); "the previous
month" asked on its own is the month before this one (after an answer it stays the month before that answer's);
a date carried "to date" without "since" runs to today; "outflows"/"expenditure" are spending. The chat fixture
statement (tests/chat/conftest.py): each month Starbucks 5.75 (day 3) + 6.25 (day 9), Whole Foods 96.40 (day 6)."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from chat.services import chat_turn
from tests.chat.conftest import first_args, month_start

pytestmark = pytest.mark.django_db


def test_full_calendar_months_are_whole_months(chat_demo, alice, alice_money):
    today = timezone.localdate()
    answer = chat_turn(user=alice, message="whole foods over the last two full calendar months please")
    args = first_args(answer)
    assert (args["start"], args["end"]) == (month_start(today, 2).isoformat(),
                                            (month_start(today, 0) - timedelta(days=1)).isoformat()), args
    assert "$192.80" in answer["answer"], answer["answer"]
    assert not answer["understanding"]["not_understood"], answer["understanding"]


@pytest.mark.parametrize("said", ["starbucks in the previous calendar month", "starbucks in the prior month"])
def test_the_previous_month_said_alone_is_last_month(chat_demo, alice, alice_money, said):
    today = timezone.localdate()
    answer = chat_turn(user=alice, message=said)
    args = first_args(answer)
    assert args["start"] == month_start(today, 1).isoformat(), args
    assert "$12.00" in answer["answer"], answer["answer"]


def test_the_month_before_a_previous_answer_is_still_relative_to_it(chat_demo, alice, alice_money):
    today = timezone.localdate()
    first = chat_turn(user=alice, message="starbucks last month")
    answer = chat_turn(user=alice, conversation_id=first["conversation_id"], message="and the previous month?")
    assert first_args(answer)["start"] == month_start(today, 2).isoformat(), first_args(answer)


def test_a_date_to_date_runs_to_today(chat_demo, alice, alice_money):
    today = timezone.localdate()
    start = month_start(today, 1).replace(day=5)
    answer = chat_turn(user=alice, message=f"whole foods for the period {start.day} {start:%B} {start.year} to date")
    args = first_args(answer)
    assert (args["start"], args["end"]) == (start.isoformat(), today.isoformat()), args


@pytest.mark.parametrize("word", ["outflows", "expenditure"])
def test_bookkeeping_words_for_spending(chat_demo, alice, alice_money, word):
    plain = chat_turn(user=alice, message="total spending last month?")
    answer = chat_turn(user=alice, message=f"total {word} last month?")
    assert first_args(answer) == first_args(plain), (first_args(answer), first_args(plain))
    assert answer["answer"].split(",")[0] == plain["answer"].split(",")[0], answer["answer"]  # "You spent $X in …"
    assert not answer["understanding"]["not_understood"], answer["understanding"]
