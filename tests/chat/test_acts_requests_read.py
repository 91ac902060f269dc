"""Issue 21 kind 6 through chat_turn: how a request to act is read. "The latest X charge" is one transaction (the
last N: that many), never every X; "move … to <their category>" re-files, no money moves; "make me one" after a
question about jars is a jar; a remark after the request ("my brother thinks…") lends it no amount; a Vietnamese jar
is named by its purpose after the amount. Each only proposes: nothing changes until confirmed."""
from __future__ import annotations

import pytest

from chat.models import PendingAction
from chat.services import chat_turn
from transactions.models import Jar, Transaction

pytestmark = pytest.mark.django_db


def _categories(user) -> list:
    return list(Transaction.objects.filter(user=user).order_by("id").values_list("category_id", flat=True))


def _proposal(answer) -> PendingAction:
    assert len(answer["pending_actions"]) == 1, answer["answer"]
    return PendingAction.objects.get(pk=answer["pending_actions"][0]["id"])


def test_the_latest_charge_of_a_merchant_is_one_transaction_not_all(chat_demo, alice, alice_money):
    before = _categories(alice)
    answer = chat_turn(user=alice, message="re-file my most recent amazon purchase as Gifts please")
    assert answer["tools_used"] == ["propose_set_category"], answer["tool_calls"]
    newest = Transaction.objects.filter(user=alice, description__icontains="amazon").order_by("-date", "-id").first()
    assert _proposal(answer).params["transaction_ids"] == [newest.id], answer["answer"]
    assert _categories(alice) == before and not answer["citations"]


def test_the_last_two_charges_are_the_two_newest(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="move the last 2 netflix charges into Entertainment")
    assert answer["tools_used"] == ["propose_set_category"], answer["tool_calls"]  # no "can't move money"
    newest = Transaction.objects.filter(user=alice, description__icontains="netflix").order_by("-date", "-id")[:2]
    assert _proposal(answer).params["transaction_ids"] == [t.id for t in newest]


def test_make_me_one_after_asking_about_jars_is_a_jar(chat_demo, alice, alice_money):
    first = chat_turn(user=alice, message="how do jars work?")
    answer = chat_turn(user=alice, message="great, could you make me one for a bike, 60 a month",
                       conversation_id=first["conversation_id"])
    assert answer["tools_used"] == ["propose_create_jar"], answer["tool_calls"]
    assert _proposal(answer).params["name"] == "Bike" and "$60.00" in answer["answer"], answer["answer"]
    assert not Jar.objects.filter(user=alice).exists()


def test_a_remark_after_a_budget_request_lends_it_no_amount(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="put a 250 budget on groceries for me, my brother thinks budgeting is for "
                                           "40 year olds")
    assert answer["tools_used"] == ["propose_set_budget"], answer["tool_calls"]
    assert float(_proposal(answer).params["amount"]) == 250


def test_a_vietnamese_jar_is_named_by_its_purpose_after_the_amount(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="lập giúp mình một hũ 150 đô để dành tiền mua quà sinh nhật")
    assert answer["tools_used"] == ["propose_create_jar"], answer["tool_calls"]
    assert "Quà Sinh Nhật" in _proposal(answer).params["name"], answer["answer"]
    assert "Đây là việc tôi sẽ làm" in answer["answer"] and not answer["citations"]
