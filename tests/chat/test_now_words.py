"""Issue 21 kind 3: words of now ("these days", "nowadays", "lately", "at the moment"). A listing, a price or a concept
asked with one takes it as now, with no period: the subscriptions, never the Subscriptions category's rows of some
weeks. A total reads it as the last four weeks, says so in the answer, and is medium at most (the person may have meant
something else). Through chat_turn on the chat fixture statement (tests/chat/conftest.py)."""
from __future__ import annotations

from datetime import timedelta

import pytest

from chat.period_readings import MEDIUM_CAP
from tests.chat.conftest import last_args, talk

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("said", ["which subscriptions am I paying for these days?",
                                  "what subscriptions do I have nowadays",
                                  "list my subscriptions at the moment",
                                  "what subscriptions am I paying for lately"])
def test_a_listing_asked_now_is_the_listing(chat_demo, alice, alice_money, said):
    answer = talk(alice, said)[-1]
    assert [c["name"] for c in answer["tool_calls"]] == ["list_subscriptions"], answer["tool_calls"]


@pytest.mark.parametrize(("said", "word"), [("how much do I spend on groceries nowadays?", "nowadays"),
                                            ("what's my dining spend at the moment", "at the moment"),
                                            ("whole foods lately?", "lately")])
def test_a_total_asked_now_is_the_last_four_weeks_said_and_medium(chat_demo, alice, alice_money, said, word):
    from django.utils import timezone
    today = timezone.localdate()
    answer = talk(alice, said)[-1]
    args = last_args(answer)
    assert args["start"] == (today - timedelta(days=27)).isoformat() and args["end"] == today.isoformat(), args
    assert f"“{word}” = the last four weeks" in answer["answer"], answer["answer"]
    assert answer["confidence"] <= MEDIUM_CAP, (answer["confidence"], answer["grounding"])


def test_a_concept_asked_now_is_the_concept(chat_demo, alice, alice_money):
    answer = talk(alice, "what is an emergency fund these days?")[-1]
    assert not {c["name"] for c in answer["tool_calls"]} & {"search_transactions", "compare_spending"}, answer["tool_calls"]
