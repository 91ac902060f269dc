"""A new cost said as a rate set beside what the user spends on something now: its monthly cost with the
arithmetic, their usual month of that thing (the months said), the difference and the sum."""
from __future__ import annotations

import re

import pytest

from chat.services import chat_turn

pytestmark = pytest.mark.django_db


def test_a_rate_compared_with_a_categorys_usual_month(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="thinking about a dinner club, 3x a week at $40. how does that compare "
                                           "with what i spend on dining a month now (last 3 months)?")
    call = answer["tool_calls"][0]
    assert call["name"] == "compare_new_price", answer["tool_calls"]
    assert call["arguments"]["usual_months"] == 3 and call["arguments"]["categories"] == ["Dining"]
    text = answer["answer"]
    # Dining each full month: 5.75 + 6.25 + 64.00 = 76.00
    assert "3 × $40.00 × 52 ÷ 12 = $520.00 a month" in text, text
    assert "You spend $76.00 a month on Dining now" in text and "$444.00 more" in text, text
    assert "$596.00 a month ($76.00 + $520.00)" in text and "(unverified)" not in text


def test_the_same_comparison_asked_in_vietnamese_is_answered_in_vietnamese(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="thuê huấn luyện viên 3 lần một tuần, mỗi lần 40 đô, so với số tôi chi cho "
                                           "ăn uống mỗi tháng (3 tháng qua) thì sao?")
    assert answer["tool_calls"][0]["name"] == "compare_new_price", answer["tool_calls"]
    text = answer["answer"]
    assert "mỗi tháng" in text and "trung bình của 3 tháng trọn vẹn" in text, text
    assert not re.search(r"\b(?:You|spend|average|more than|a month)\b", text), text
