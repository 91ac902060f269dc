"""Two readings found after the end run (issue 21, kinds 1 and 4): an umbrella word followed by EXAMPLES ("health stuff -
gym, pharmacy, that kind of thing") stays the umbrella (the examples do not narrow it), while a list that glosses it
("all my bills for October: electricity, internet and the gym") is the union; a Vietnamese "… thì sao?" after a money
answer is the last question again (never the off-topic reply)."""
from __future__ import annotations

import pytest

from tests.chat.conftest import last_args, talk

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("question", [
    "How much have I spent on health stuff this year - gym, pharmacy, that kind of thing?",
    "what did my health stuff cost this year: like the gym, pharmacy etc",
])
def test_examples_after_an_umbrella_keep_the_umbrella(alice_money, question):
    (answer,) = talk(alice_money.user, question)
    assert last_args(answer).get("categories") == ["Health"] and not last_args(answer).get("merchants")


@pytest.mark.parametrize("followup", ["tháng trước đó nữa thì sao?", "thang truoc do nua thi sao"])
def test_vietnamese_what_about_after_a_money_answer_keeps_the_subject(alice_money, followup):
    first, second = talk(alice_money.user, "tháng trước tôi mua ở Starbucks hết bao nhiêu", followup)
    assert last_args(second).get("merchants") == last_args(first).get("merchants") == ["Starbucks"]
    assert last_args(second)["start"] < last_args(first)["start"]


def test_weather_after_a_money_answer_is_still_off_topic(alice_money):
    _, second = talk(alice_money.user, "tháng trước tôi mua ở Starbucks hết bao nhiêu", "hôm nay Hà Nội có mưa không")
    assert not second["tool_calls"]


@pytest.mark.parametrize("question,confident", [
    ("since September 10th how much on grocs", False),  # a shortened word, no shop: "nothing at Grocs" rests on nothing
    ("how much i spend last mo not countng rent", False),  # a misspelled word
    ("any costco purchases this year?", True),  # a brand the name-suggestion index knows: "nothing at Costco", medium
    ("how much at Bunnings last month", True),  # written as a name
])
def test_nothing_found_for_a_word_is_confident_only_for_a_shops_name(alice_money, question, confident):
    from tests.chat.conftest import confident as is_confident

    (answer,) = talk(alice_money.user, question)
    assert is_confident(alice_money.user, answer) is confident
