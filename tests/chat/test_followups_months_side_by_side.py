"""Issue 21 kind 4 through chat_turn: after one month's total, "the two months before/after that?" shows each month
side by side (every question writer of this session's six sets expected each month; one total at high confidence
was their most common confidently wrong answer); "together" keeps one total; "all three of those months added up"
afterwards adds the month asked first and the two beside it. The chat fixture statement (tests/chat/conftest.py):
Whole Foods 96.40 every month (day 6)."""
from __future__ import annotations

import pytest

from chat.services import chat_turn
from tests.chat.conftest import confident, month_start

pytestmark = pytest.mark.django_db


def _talk(user, *turns):
    answers, conversation = [], None
    for said in turns:
        answers.append(chat_turn(user=user, message=said, conversation_id=conversation))
        conversation = answers[-1]["conversation_id"]
    return answers


@pytest.mark.parametrize("said", ["and the two months before that?", "ok and the 2 months before it"])
def test_a_few_months_before_a_months_total_are_side_by_side(chat_demo, alice, alice_money, said):
    answer = _talk(alice, "whole foods last month", said)[-1]
    assert answer["tool_calls"][0]["name"] == "compare_spending", answer["tool_calls"]
    assert answer["answer"].count("$96.40") >= 2, answer["answer"]  # 96.40 in each of the two months
    assert confident(alice, answer), answer["grounding"]


def test_together_keeps_one_total(chat_demo, alice, alice_money):
    answer = _talk(alice, "whole foods last month", "and the two months before that together?")[-1]
    assert "$192.80" in answer["answer"], answer["answer"]


def test_a_few_months_after_a_months_total_and_all_of_them_added_up(chat_demo, alice, alice_money):
    from django.utils import timezone
    today = timezone.localdate()
    first, after, added = _talk(alice, "whole foods three months ago", "and the two months after that?",
                                "now all three of those months added up")
    assert after["tool_calls"][0]["name"] == "compare_spending", after["tool_calls"]
    assert after["answer"].count("$96.40") >= 2, after["answer"]
    args = added["tool_calls"][0]["arguments"]
    assert args["start"] == month_start(today, 3).isoformat(), args
    assert "$289.20" in added["answer"], added["answer"]  # 3 × 96.40


@pytest.mark.parametrize("said", ["and the two months before that, not lumped together",
                                  "then the 2 months before it but not added together please"])
def test_together_said_apart_is_not_one_total(chat_demo, alice, alice_money, said):
    # "not lumped together": the word "together" inside it asks no sum
    answer = _talk(alice, "whole foods last month", said)[-1]
    assert answer["tool_calls"][0]["name"] == "compare_spending", answer["tool_calls"]
    assert answer["answer"].count("$96.40") >= 2, answer["answer"]
    assert "$192.80" not in answer["answer"], answer["answer"]


def test_two_months_not_added_together_on_the_first_turn_are_side_by_side(chat_demo, alice, alice_money):
    from django.utils import timezone
    today = timezone.localdate()
    one, two = (f"{month_start(today, k):%B}" for k in (2, 1))
    answer = _talk(alice, f"whole foods in {one} and {two}, not added together")[-1]
    assert answer["tool_calls"][0]["name"] == "compare_spending", answer["tool_calls"]
    assert "$192.80" not in answer["answer"], answer["answer"]
