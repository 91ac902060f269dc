"""A short turn declined as out of scope right after a money answer, while the nearest exemplars read it as a money
question (a follow-up in words the grammar lacks), is a doubtful decline: below the escalation threshold, never
"high" (issue 21: high confidence must mean right). A question off-topic by both readings stays a plain decline.
Through chat_turn."""
from __future__ import annotations

import pytest

from tests.chat.conftest import talk

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("then", ["tuần nào cao nhất vậy", "thôi cho tôi xem cái khác đi"])
def test_a_short_declined_follow_up_is_not_confident(chat_demo, alice, alice_money, then):
    _, answer = talk(alice, "how much on groceries last month", then)
    assert answer["tools_used"] == [] and answer["confidence"] < 0.4, (answer["confidence"], answer["answer"])


def test_an_off_topic_question_after_money_stays_a_plain_decline(chat_demo, alice, alice_money):
    _, answer = talk(alice, "how much on groceries last month", "what's the capital of France")
    assert answer["tools_used"] == [] and answer["confidence"] >= 0.4, (answer["confidence"], answer["answer"])
