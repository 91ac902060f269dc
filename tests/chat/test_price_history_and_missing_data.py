"""Issue 21 kind 5 through chat_turn. A question whether one of their subscriptions got dearer ("did spotify go
up", "has netflix gotten pricier", "spotify có tăng giá không") is that subscription's price history — never a
knowledge search; data Moneta lacks (tax owed, what is invested now, the interest rate on their own account) is
said plainly, with what it can do, and no figure of another thing."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from chat.services import chat_turn
from tests.chat.conftest import confident, month_start, statement_csv
from transactions.services import transactions_import

pytestmark = pytest.mark.django_db
MONEY_TOOLS = {"search_transactions", "compare_spending", "get_spending_summary", "analyze_by_category",
               "analyze_merchant"}


@pytest.fixture
def music_rise(alice):
    """Alice's statement plus a music plan that went from $10.99 to $12.99 two months ago (Netflix stays $15.49)."""
    today = timezone.localdate()
    extra = [(min(month_start(today, back) + timedelta(days=3), today), "SPOTIFY USA", price, "Subscriptions")
             for back, price in ((4, "-10.99"), (3, "-10.99"), (2, "-12.99"), (1, "-12.99"), (0, "-12.99"))]
    return transactions_import(user=alice, file_name="alice.csv", content=statement_csv(today=today, extra=extra))


@pytest.mark.parametrize("question", ["did spotify go up?", "has spotify gotten pricier lately",
                                      "spotify có tăng giá không?"])
def test_a_price_rise_is_the_subscriptions_own_history(chat_demo, alice, music_rise, question):
    answer = chat_turn(user=alice, message=question)
    calls = answer["tool_calls"]
    assert [c["name"] for c in calls] == ["list_subscriptions"], calls
    assert calls[0]["arguments"].get("merchants") == ["Spotify"], calls
    assert "$10.99" in answer["answer"] and "$12.99" in answer["answer"], answer["answer"]
    assert confident(alice, answer), answer["grounding"]


@pytest.mark.parametrize("question", ["has netflix gotten more expensive?", "netflix dạo này có đắt hơn không"])
def test_no_price_change_is_said_as_such(chat_demo, alice, music_rise, question):
    answer = chat_turn(user=alice, message=question)
    assert [c["name"] for c in answer["tool_calls"]] == ["list_subscriptions"], answer["tool_calls"]
    assert "$15.49" in answer["answer"] and ("No price change" in answer["answer"] or "Không đổi giá" in
                                             answer["answer"]), answer["answer"]


@pytest.mark.parametrize(("question", "says"), [
    ("how much do I owe in taxes this year?", "tax"),
    ("tôi phải nộp bao nhiêu thuế năm nay?", "thuế"),
    ("how much have I got invested?", "investments"),
    ("what's my savings account interest?", "interest rate"),
])
def test_data_moneta_lacks_is_said_plainly(chat_demo, alice, alice_money, question, says):
    answer = chat_turn(user=alice, message=question)
    names = {c["name"] for c in answer["tool_calls"]}
    assert names == {"check_data_available"}, answer["tool_calls"]
    assert not names & MONEY_TOOLS
    assert says in answer["answer"], answer["answer"]
    assert "$" not in answer["answer"].split("\n")[0], answer["answer"]
