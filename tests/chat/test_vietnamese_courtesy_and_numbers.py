"""Vietnamese courtesy, number words and food money (issue 21, kinds 2-4): "xin lỗi", "cảm ơn", "làm ơn" are
courtesy, never a thing searched for; "ba tháng trước" is three months ago ("ba" is also "dad", but before
"tháng trước" it counts months); "tiền ăn" is what was spent on eating; a correction opened with "À không, ý tôi
là …" and closed with "xin lỗi nha" keeps the last question's subject."""
from __future__ import annotations

import pytest

from chat.services import chat_turn
from tests.chat.conftest import last_args, month_start, talk

pytestmark = pytest.mark.django_db


def _month(back: int) -> tuple[str, str]:
    from datetime import timedelta

    from django.utils import timezone

    today = timezone.localdate()
    return month_start(today, back).isoformat(), (month_start(today, back - 1) - timedelta(days=1)).isoformat()


@pytest.mark.parametrize("question", ["ba tháng trước tôi tiêu bao nhiêu tiền ăn",
                                      "xin loi, tien an ba thang truoc bao nhieu",
                                      "cảm ơn nhé, tiền ăn ba tháng trước hết bao nhiêu"])
def test_three_months_ago_and_food_money(alice_money, question):
    answer = chat_turn(user=alice_money.user, message=question)
    args = last_args(answer)
    assert (args.get("start"), args.get("end")) == _month(3)
    assert args.get("categories") == ["Dining"]
    assert not args.get("unknown") and not args.get("text")  # courtesy is no search word
    assert "xin" not in answer["answer"].lower()


@pytest.mark.parametrize("correction", ["À không, ý tôi là ba tháng trước, xin lỗi nha",
                                        "khong, y toi la hai thang truoc, xin loi nhe",
                                        "oh no no, two months back, sorry about that"])
def test_correction_with_courtesy_keeps_the_subject(alice_money, correction):
    opener = "how much at Starbucks last month" if correction.startswith("oh") else "tien Starbucks thang truoc bao nhieu"
    first, second = talk(alice_money.user, opener, correction)
    assert last_args(first).get("merchants") == last_args(second).get("merchants") == ["Starbucks"]
    back = 3 if "ba" in correction.split() else 2
    assert (last_args(second).get("start"), last_args(second).get("end")) == _month(back)


def test_dad_before_a_verb_is_still_someone_else(alice_money):
    answer = chat_turn(user=alice_money.user, message="ba tôi tháng trước tiêu bao nhiêu")
    assert not any(t["name"] == "search_transactions" for t in answer["tool_calls"])
