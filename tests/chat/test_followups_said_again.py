"""A turn that corrects the last question's period: "No — I meant calendar October" (the month's own dates) and
"không, ý tôi là tháng 9" (no, I mean September) keep the subject and take the period said. Through chat_turn."""
from __future__ import annotations

import pytest

from tests.chat.conftest import last_args, month_start, talk

pytestmark = pytest.mark.django_db



def test_calendar_month_said_as_a_correction(chat_demo, alice, alice_money):
    from django.utils import timezone
    first = month_start(timezone.localdate(), 1)
    answer = talk(alice, "whole foods in the last 30 days", f"No — I meant calendar {first:%B}")[-1]
    args = last_args(answer)
    assert args["start"] == first.isoformat() and args.get("merchants"), args
    assert "$96.40" in answer["answer"], answer["answer"]


def test_vietnamese_no_i_mean_keeps_the_subject(chat_demo, alice, alice_money):
    from django.utils import timezone
    first = month_start(timezone.localdate(), 2)
    answer = talk(alice, "whole foods tháng trước", f"không, ý tôi là tháng {first.month}")[-1]
    args = last_args(answer)
    assert args["start"] == first.isoformat() and args.get("merchants"), args
    assert "$96.40" in answer["answer"], answer["answer"]
