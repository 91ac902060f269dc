"""Issue 21 kind 4: the cause of a difference asked after two months compared ("what made the difference?", "what's
behind the gap?"). Which categories moved is not what the comparison shows: the difference is given, the answer says
what it left out, and it is never confident. "what's the difference?" stays the difference. Through chat_turn on the
chat fixture statement (tests/chat/conftest.py)."""
from __future__ import annotations

import pytest

from tests.chat.conftest import confident, month_start, talk

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("said", ["what made the difference?", "ok, what's behind the gap"])
def test_the_cause_of_a_difference_is_not_answered_confidently(chat_demo, alice, alice_money, said):
    from django.utils import timezone
    today = timezone.localdate()
    one, two = month_start(today, 1).strftime("%B"), month_start(today, 2).strftime("%B")
    answer = talk(alice, f"how did {one} compare with {two}?", said)[-1]
    assert not confident(alice, answer), (answer["answer"], answer["grounding"])
