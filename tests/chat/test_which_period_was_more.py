"""Two turns about the same things over two periods ("coffee last month, both places" → "and the month before?"),
then "which was more" / "so which month was worse": the two periods the turns set side by side, not the shops
inside the last answer. After one answer alone, "which one was more" still weighs its shops. Through chat_turn."""
from __future__ import annotations

import pytest

from tests.chat.conftest import talk

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("which", ["which was more", "so which month was worse"])
def test_the_periods_of_the_two_turns_are_compared(chat_demo, alice, alice_money, which):
    *_, answer = talk(alice, "starbucks and amazon last month", "and the month before?", which)
    (call,) = answer["tool_calls"]
    assert call["name"] == "compare_spending" and call["arguments"].get("mode") == "periods", answer["tool_calls"]


def test_after_one_answer_its_shops_are_weighed(chat_demo, alice, alice_money):
    _, answer = talk(alice, "starbucks and amazon last month", "which one was more")
    (call,) = answer["tool_calls"]
    assert call["arguments"].get("mode") == "sides", answer["tool_calls"]


def _month_name(months_ago: int) -> tuple[str, str]:
    from django.utils import timezone

    from core.periods import add_months

    first = add_months(timezone.localdate().replace(day=1), -months_ago)
    return f"{first:%B}", first.isoformat()


def test_was_another_month_any_better_compares_it_with_the_last_answer(chat_demo, alice, alice_money):
    # "was August any better?" after July's figure: July against August, not August alone at high confidence
    first, first_start = _month_name(3)
    then, then_start = _month_name(2)
    *_, answer = talk(alice, f"what did dining cost me in {first}", f"Was {then} any better?")
    (call,) = answer["tool_calls"]
    assert call["name"] == "compare_spending" and call["arguments"].get("mode") == "periods", answer["tool_calls"]
    assert sorted(s["start"] for s in call["arguments"]["sides"]) == sorted([first_start, then_start])
    assert call["arguments"].get("categories") == ["Dining"]


def test_was_a_month_any_worse_on_its_own_is_against_the_month_before(chat_demo, alice, alice_money):
    then, then_start = _month_name(2)
    _, before_start = _month_name(3)
    (answer,) = talk(alice, f"was {then} any worse for dining?")
    (call,) = answer["tool_calls"]
    assert call["name"] == "compare_spending", answer["tool_calls"]
    assert sorted(s["start"] for s in call["arguments"]["sides"]) == sorted([before_start, then_start])
