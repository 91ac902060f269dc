"""Vietnamese questions that name a month in English without "tháng" ("từ đầu August tới giờ", "cuối October") read
it as that month, as "tháng 8" would be; "ghé" (stop by) and "quẹt" (swipe) are verbs of buying, not names."""
from __future__ import annotations

import pytest
from django.utils import timezone

from chat.services import chat_turn
from tests.chat.conftest import last_args, months_back

pytestmark = pytest.mark.django_db


def test_from_early_in_an_english_month_to_now(chat_demo, alice, alice_money, bob):
    first = months_back(2)
    answer = chat_turn(user=alice, message=f"từ đầu {first:%B} tới giờ tui ghé starbucks bao nhiêu lần rồi")
    args = last_args(answer)
    assert (args["start"], args["end"]) == (first.isoformat(), timezone.localdate().isoformat()), args
    assert args.get("merchants") == ["Starbucks"] and args["measure"] == "count", args
    assert answer["confidence"] >= 0.4, answer  # every word understood
    # two visits a month over three months (the fixture puts this month's rows on or before today)
    assert "6 giao dịch" in answer["answer"], answer["answer"]
    assert "6 giao dịch" not in chat_turn(user=bob, message=f"từ đầu {first:%B} tới giờ tui ghé starbucks mấy lần")[
        "answer"]


def test_late_in_an_english_month_is_its_last_days(chat_demo, alice, alice_money):
    month = months_back(1)
    args = last_args(chat_turn(user=alice, message=f"cuối {month:%B} tui tiêu bao nhiêu"))
    assert args["start"] == f"{month:%Y-%m}-21", args
