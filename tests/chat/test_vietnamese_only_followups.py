"""A Vietnamese follow-up that keeps one period "only" ("tháng 3 thôi", "chỉ tháng 4 thôi", "riêng tháng 4 thôi")
after a money answer (issue 21, kinds 2 and 4): "thôi" closing the turn is "only", never a word searched for in the
transactions, and the last answer's subject is kept; after a two-month comparison it is the one month's total."""
from __future__ import annotations

import pytest

from tests.chat.conftest import confident, last_args, talk

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("followup", ["tháng 3 thôi", "chỉ tháng 3 thôi", "thang 3 thoi"])
def test_one_month_only_keeps_the_subject(alice_money, followup):
    first, second = talk(alice_money.user, "năm nay tôi mua ở Starbucks hết bao nhiêu", followup)
    args = last_args(second)
    assert args.get("merchants") == last_args(first).get("merchants") == ["Starbucks"], second["tool_calls"]
    assert args["start"].endswith("-03-01") and args["end"].endswith("-03-31") and not args.get("unknown"), args
    assert confident(alice_money.user, second), second["confidence"]


@pytest.mark.parametrize("followup", ["chỉ tháng 4 thôi", "riêng tháng 4 thôi"])
def test_one_side_of_a_two_month_comparison(alice_money, followup):
    first, second = talk(alice_money.user, "Starbucks tháng 3 so với tháng 4", followup)
    assert first["tools_used"] == ["compare_spending"], first["tool_calls"]
    args = last_args(second)
    assert second["tools_used"] != ["compare_spending"] and args.get("merchants") == ["Starbucks"], second["tool_calls"]
    assert args["start"].endswith("-04-01") and not args.get("unknown"), args
