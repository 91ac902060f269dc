""""Is that more or less than usual? Say, compared with the average over the last six months" after a total: the same
subject against its average over that many full months (the comparison's `months`), not all spending over the last
six months against a 3-month usual. Through chat_turn (offline model and the compare_spending tool's `months`)."""
from __future__ import annotations

import pytest

from tests.chat.conftest import talk

pytestmark = pytest.mark.django_db


def test_the_usual_over_the_months_said_keeps_the_subject(chat_demo, alice, alice_money):
    _, answer = talk(alice, "what did I spend at amazon last month",
                     "Is that more or less than usual? Say, compared with the average over the last two months.")
    (call,) = answer["tool_calls"]
    assert call["name"] == "compare_spending" and call["arguments"].get("months") == 2, answer["tool_calls"]
    assert call["arguments"].get("merchants"), answer["tool_calls"]
    assert "average of the 2 full months before" in answer["answer"] and "$61.49" in answer["answer"], answer["answer"]


def test_the_usual_unsaid_is_three_months(chat_demo, alice, alice_money):
    _, answer = talk(alice, "what did I spend at amazon last month", "is that more than usual?")
    assert "average of the 3 full months before" in answer["answer"], answer["answer"]


@pytest.mark.parametrize("ask", ["netflix over the past 2 months?", "seattle over the past 2 months?"])
def test_a_name_of_theirs_and_a_period_alone_is_their_money(chat_demo, alice, alice_money, ask):
    # "seattle": a word of their narratives only (as "xfinity" in "COMCAST XFINITY"), no merchant's name
    (answer,) = talk(alice, ask)
    assert [c["name"] for c in answer["tool_calls"]] == ["search_transactions"], answer["tool_calls"]
    assert not answer["citations"]
