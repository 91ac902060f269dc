"""Requests to act that were misread: an amount set to what was "averaged", a standing wish ("from now on put the X
stuff under Y"), and one transaction of the last answer picked by size ("tag the biggest one as a gift"). Each is a
proposal with what it would change; nothing changes before the user confirms."""
from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from chat.assistant import MONEY_TOOLS
from chat.services import chat_turn
from tests.chat.conftest import demo_docs
from transactions.models import Category, Jar, Transaction

pytestmark = pytest.mark.django_db


def _state(user) -> tuple:
    return (list(Transaction.objects.filter(user=user).order_by("id").values_list("id", "category_id")),
            list(Jar.objects.filter(user=user).values_list("name", "monthly_budget")),
            list(Category.objects.filter(user=user).order_by("id").values_list("name", "monthly_budget")))


def test_jar_set_to_what_was_averaged_gets_that_average_not_zero(chat_demo, alice, alice_money):
    before = _state(alice)
    answer = chat_turn(user=alice, message="set me up a jar for groceries and make it whatever I averaged the past "
                                           "3 months")
    assert answer["tools_used"] == ["propose_create_jar"], answer["tool_calls"]
    action = answer["pending_actions"][0]
    assert Decimal(str(action["params"]["monthly_budget"])) > 0, action
    assert "÷ 3" in answer["answer"] and "$0.00" not in answer["answer"], answer["answer"]
    assert _state(alice) == before


def test_standing_wish_to_file_a_merchant_is_proposed_with_how_future_ones_follow(chat_demo, alice, alice_money):
    demo_docs(help_pages=("auto-categorisation.md", "categories-and-rules.md"))
    before = _state(alice)
    answer = chat_turn(user=alice, message="going forward put all the Amazon stuff in Groceries, it's mostly food")
    # the proposal alone: its card says how future ones follow; the only page cited is the help page of its steps
    assert answer["tools_used"] == ["propose_set_category"], answer["tool_calls"]
    assert not set(answer["tools_used"]) & set(MONEY_TOOLS)
    action = answer["pending_actions"][0]
    targets = Transaction.objects.filter(user=alice, merchant__name="Amazon").exclude(category__name="Groceries")
    assert sorted(action["params"]["transaction_ids"]) == sorted(targets.values_list("id", flat=True))
    assert f"File {targets.count()} transactions matching Amazon under Groceries" in answer["answer"], answer["answer"]
    assert "future transactions from the same merchant follow" in answer["answer"], answer["answer"]
    assert all(c["corpus"] == "moneta-help" for c in answer["citations"]), answer["citations"]
    assert _state(alice) == before


def _biggest_amazon_last_month(user) -> Transaction:
    first = timezone.localdate().replace(day=1)
    start = (first - timedelta(days=1)).replace(day=1)
    return Transaction.objects.filter(user=user, merchant__name="Amazon", date__gte=start, date__lt=first,
                                      amount__lt=0).order_by("amount").first()


def test_picking_the_biggest_of_the_last_answer_over_the_api(chat_demo, alice, alice_client, alice_money):
    biggest = _biggest_amazon_last_month(alice)
    assert biggest is not None
    first = alice_client.post("/api/v1/chat/", {"message": "Amazon last month — how much?"}, format="json").json()
    before = _state(alice)
    body = alice_client.post("/api/v1/chat/", {"message": "label the largest one as a present, it was for my sister",
                                              "conversation_id": first["conversation_id"]}, format="json").json()
    assert len(body["pending_actions"]) == 1, body
    action = body["pending_actions"][0]
    assert action["params"]["transaction_ids"] == [biggest.id], action
    assert str(abs(biggest.amount)) in body["answer"], body["answer"]
    assert _state(alice) == before  # nothing before the confirmation

    confirmed = alice_client.post(action["confirm_url"])
    assert confirmed.status_code == 200, confirmed.content
    biggest.refresh_from_db()
    assert biggest.category.name == "Present"
    assert Transaction.objects.filter(user=alice, category__name="Present").count() == 1
    assert alice_client.post(confirmed.json()["undo_url"]).status_code == 200
    biggest.refresh_from_db()
    assert biggest.category.name != "Present"


def test_the_cheapest_one_after_a_listing_is_that_one_transaction(chat_demo, alice, alice_money):
    first = chat_turn(user=alice, message="list my Amazon orders last month")
    answer = chat_turn(user=alice, message="mark the cheapest one as Gifts", conversation_id=first["conversation_id"])
    action = answer["pending_actions"][0]
    assert len(action["params"]["transaction_ids"]) == 1, action
    picked = Transaction.objects.get(id=action["params"]["transaction_ids"][0])
    month = _biggest_amazon_last_month(alice).date.month
    amazon = Transaction.objects.filter(user=alice, merchant__name="Amazon", date__month=month, amount__lt=0)
    assert picked.amount == max(t.amount for t in amazon), (picked.amount, [t.amount for t in amazon])


def test_add_those_two_after_a_listing_is_no_new_transaction(chat_demo, alice, alice_money):
    first = chat_turn(user=alice, message="my two biggest amazon orders")
    before = _state(alice)
    answer = chat_turn(user=alice, message="add those 2", conversation_id=first["conversation_id"])
    assert "propose_add_transaction" not in answer["tools_used"], answer["tool_calls"]
    assert not answer.get("pending_actions") and _state(alice) == before


@pytest.mark.parametrize("message", ["what's eating most of my salary", "what is draining my paycheck lately"])
def test_what_eats_the_pay_ranks_where_money_goes_not_income(chat_demo, alice, alice_money, message):
    answer = chat_turn(user=alice, message=message)
    assert answer["tools_used"] and not answer.get("pending_actions"), answer["tool_calls"]
    args = answer["tool_calls"][0]["arguments"]
    assert args.get("direction") != "in" and not args.get("merchants"), answer["tool_calls"]
    assert "Rent" in answer["answer"], answer["answer"]
