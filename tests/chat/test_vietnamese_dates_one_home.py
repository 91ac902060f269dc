"""Issue 21: Vietnamese numeric dates are day first and have one home (transactions/query/periods_dates.py): two of
them joined by "đến"/"tới" (with or without "từ"), or by a dash when they are dotted, are one range; a dotted pair
with a sum after it ("từ 1.5 đến 2.5 triệu") is an amount, never a date. The week said two ways ("tuần vừa rồi") is
quoted back as the user wrote it, accents and all."""
from __future__ import annotations

from datetime import date

import pytest

from chat.services import chat_turn
from tests.chat.conftest import confident, last_args
from transactions.query import period_from_words

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("question", "start", "end"), [
    ("mình đã tiêu bao nhiêu 3.8.2025 - 17.8.2025", "2025-08-03", "2025-08-17"),  # dotted, a dash, no "từ"
    ("chi tiêu 25.11.2024 tới 6.1.2025 là bao nhiêu", "2024-11-25", "2025-01-06"),  # across the new year
    ("tôi chi bao nhiêu 4/2 đến 19/2/2025", "2025-02-04", "2025-02-19"),  # slashes, the year said once
])
def test_two_day_first_dates_are_one_range(chat_demo, alice, alice_money, question, start, end):
    answer = chat_turn(user=alice, message=question)
    args = last_args(answer)
    assert (args.get("start"), args.get("end")) == (start, end), answer["understanding"]
    assert confident(alice, answer), answer["understanding"]


@pytest.mark.parametrize("words", ["các khoản từ 1.5 đến 2.5 triệu", "món nào 1.2 - 3.5 tr"])
def test_a_dotted_pair_before_a_sum_is_no_date(words):
    assert period_from_words(words, today=date(2026, 11, 28)) is None


def test_dotted_date_alone_needs_its_year():
    said = period_from_words("hôm 7.3.2026", today=date(2026, 11, 28))
    assert said is not None and (said.start, said.end) == (date(2026, 3, 7), date(2026, 3, 7))
    assert period_from_words("giá 7.3 đô", today=date(2026, 11, 28)) is None


def test_week_said_two_ways_is_quoted_as_written(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="tuần vừa rồi mình tiêu hết bao nhiêu vậy?")
    assert "“tuần vừa rồi”" in answer["answer"] and "tuan vua roi" not in answer["answer"], answer["answer"]
    assert 0.4 <= answer["confidence"] < 0.75, answer["confidence"]  # right, but the other reading is said


def test_range_of_impossible_dates_is_not_confident(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="tôi chi bao nhiêu từ 35/14 đến 40/15")
    assert not confident(alice, answer), (answer["answer"], answer["understanding"])


@pytest.mark.parametrize(("words", "start", "end"), [
    ("nửa đầu tháng 8", "2026-08-01", "2026-08-15"),  # a half of a month named by number
    ("nua sau thang September", "2026-09-16", "2026-09-30"),  # by its English name, unaccented, "sau"
    ("nửa cuối tháng 2 năm 2025", "2025-02-16", "2025-02-28"),  # with its year
    ("đầu tháng 8", "2026-08-01", "2026-08-10"),  # without "nửa": early in the month, as before
])
def test_half_of_a_named_month(words, start, end):
    said = period_from_words(words, today=date(2026, 11, 28))
    assert said is not None and (said.start.isoformat(), said.end.isoformat()) == (start, end), said


def test_half_of_a_named_month_through_chat(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="nửa sau tháng trước tui xài bao nhiêu")
    args = last_args(answer)
    assert args["start"].endswith("-16"), args
