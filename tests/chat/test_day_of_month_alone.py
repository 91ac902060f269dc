"""A day of the month said alone ("on the 9th") is this month's day when it has come, else last month's: a money
answer for that day, the date it read said; another user's spending that day is no part of it."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from chat.services import chat_turn
from transactions.services import transaction_create

pytestmark = pytest.mark.django_db


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def test_a_day_alone_is_the_latest_such_day_and_says_so(chat_demo, alice, bob):
    day = timezone.localdate() - timedelta(days=1)
    transaction_create(user=alice, date=day, description="HARDWARE STORE", amount="-37.25")
    transaction_create(user=bob, date=day, description="HARDWARE STORE", amount="-999.00")
    answer = chat_turn(user=alice, message=f"how much did I spend on the {_ordinal(day.day)}")

    assert "search_knowledge_base" not in answer["tools_used"], answer
    assert "$37.25" in answer["answer"] and "999" not in answer["answer"]
    assert f"{day.day} {day:%b %Y}" in answer["answer"]  # the day it read, said
