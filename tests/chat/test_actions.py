"""Requests to act, through chat_turn: a proposal changes nothing; confirm applies; undo reverts; another user
can neither see nor confirm it; what Moneta can't do is said with the steps in the app."""
from __future__ import annotations

import re
from decimal import Decimal

import pytest

from chat.actions import services as actions
from chat.actions.selectors import pending_action_get
from chat.models import PendingAction
from chat.services import chat_turn
from core.errors import DomainError, NotFound
from transactions.models import Category, Jar, Transaction

pytestmark = pytest.mark.django_db


def _ledger(user) -> list[tuple]:
    return list(Transaction.objects.filter(user=user).order_by("id").values_list(
        "id", "date", "description", "amount", "category_id", "category_source"))


def _state(user) -> tuple:
    return (_ledger(user), list(Jar.objects.filter(user=user).values_list("name", "monthly_budget")),
            list(Category.objects.filter(user=user).order_by("id").values_list("name", "monthly_budget")))


def _one_action(answer) -> dict:
    assert len(answer.get("pending_actions") or []) == 1, answer
    return answer["pending_actions"][0]


def test_jar_request_proposes_then_confirm_creates_and_undo_deletes(chat_demo, alice, alice_money):
    before = _state(alice)
    answer = chat_turn(user=alice, message="start a savings jar for a trip with $200 a month")

    action = _one_action(answer)
    assert answer["tools_used"] == ["propose_create_jar"]
    assert action["kind"] == "jar_create" and action["status"] == "pending"
    assert action["params"]["name"] == "Trip" and Decimal(action["params"]["monthly_budget"]) == 200
    assert "Trip" in answer["answer"] and "$200.00" in answer["answer"] and "confirm" in answer["answer"].lower()
    assert _state(alice) == before  # nothing changes until confirmed
    assert answer["confidence"] >= 0.5 and not answer["escalated"]

    applied = actions.pending_action_confirm(user=alice, action_id=action["id"])
    assert applied.status == "applied"
    assert Jar.objects.get(user=alice, name="Trip").monthly_budget == Decimal("200.00")
    with pytest.raises(DomainError):  # a second click does nothing
        actions.pending_action_confirm(user=alice, action_id=action["id"])

    actions.pending_action_undo(user=alice, action_id=action["id"])
    assert not Jar.objects.filter(user=alice, name="Trip").exists()
    assert pending_action_get(user=alice, action_id=action["id"])["status"] == "undone"


def test_a_count_of_months_is_no_budget_amount(chat_demo, alice, alice_money):
    # "going by the last 3 months" names a span of time, not $3: the jar is proposed without that amount
    answer = chat_turn(user=alice, message="set up a grocery jar using what I usually spend, going by the last 3 months")
    action = _one_action(answer)
    assert action["kind"] == "jar_create" and Decimal(action["params"]["monthly_budget"]) != 3, action["params"]
    priced = chat_turn(user=alice, message="make a travel jar with 300 a month for the next 6 months")
    assert Decimal(_one_action(priced)["params"]["monthly_budget"]) == 300


def test_recategorise_request_shows_count_and_sample_and_undo_restores(chat_demo, alice, alice_money):
    before = _ledger(alice)
    uber = Transaction.objects.filter(user=alice, description__startswith="UBER")
    n = uber.count()
    answer = chat_turn(user=alice, message="file all Uber rides as Groceries")

    action = _one_action(answer)
    assert action["kind"] == "category_set" and action["count"] == n and n >= 3
    assert action["sample"] and all("UBER" in r["description"] for r in action["sample"])
    assert f"File {n} transactions" in answer["answer"]
    assert _ledger(alice) == before

    actions.pending_action_confirm(user=alice, action_id=action["id"])
    assert set(uber.values_list("category__name", flat=True)) == {"Groceries"}
    assert Transaction.objects.filter(user=alice).exclude(description__startswith="UBER").filter(
        category__name="Groceries").count() == sum(1 for r in before if r[4] == Category.objects.get(
            user=alice, name="Groceries").id)  # nothing else moved

    actions.pending_action_undo(user=alice, action_id=action["id"])
    assert _ledger(alice) == before


def test_add_and_delete_transaction_round_trip(chat_demo, alice, alice_money):
    before = _ledger(alice)
    answer = chat_turn(user=alice, message="log a cash lunch of $12.50 yesterday")
    action = _one_action(answer)
    assert action["kind"] == "transaction_add" and action["params"]["amount"] == "-12.50"
    assert "lunch" in action["params"]["description"].lower()
    assert _ledger(alice) == before

    actions.pending_action_confirm(user=alice, action_id=action["id"])
    added = Transaction.objects.get(user=alice, amount=Decimal("-12.50"))
    actions.pending_action_undo(user=alice, action_id=action["id"])
    assert not Transaction.objects.filter(id=added.id).exists() and _ledger(alice) == before

    netflix = Transaction.objects.filter(user=alice, description="NETFLIX.COM").order_by("-date").first()
    Transaction.objects.create(user=alice, date=netflix.date, description=netflix.description,
                               merchant=netflix.merchant, amount=netflix.amount, currency=netflix.currency,
                               fingerprint="dup-test")
    with_dup = _ledger(alice)
    answer = chat_turn(user=alice, message="drop the duplicate Netflix charge")
    action = _one_action(answer)
    assert action["kind"] == "transaction_delete" and action["count"] == 1
    assert _ledger(alice) == with_dup
    actions.pending_action_confirm(user=alice, action_id=action["id"])
    assert len(_ledger(alice)) == len(with_dup) - 1
    actions.pending_action_undo(user=alice, action_id=action["id"])
    assert len(_ledger(alice)) == len(with_dup)


def test_budget_request_and_undo_restores_no_budget(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="set a budget of $300 a month for Dining")
    action = _one_action(answer)
    assert action["kind"] == "budget_set" and action["params"] == {"category": "Dining", "amount": "300.00"}
    assert Category.objects.get(user=alice, name="Dining").monthly_budget is None
    actions.pending_action_confirm(user=alice, action_id=action["id"])
    assert Category.objects.get(user=alice, name="Dining").monthly_budget == Decimal("300.00")
    actions.pending_action_undo(user=alice, action_id=action["id"])
    assert Category.objects.get(user=alice, name="Dining").monthly_budget is None


def test_another_user_cannot_see_confirm_or_undo(chat_demo, alice, alice_money, bob, bob_money):
    answer = chat_turn(user=alice, message="create a jar called Holiday with $150 a month")
    action_id = _one_action(answer)["id"]
    for step in (actions.pending_action_confirm, actions.pending_action_cancel, actions.pending_action_undo):
        with pytest.raises(NotFound):
            step(user=bob, action_id=action_id)
    with pytest.raises(NotFound):
        pending_action_get(user=bob, action_id=action_id)
    assert PendingAction.objects.get(id=action_id).status == "pending"
    assert not Jar.objects.filter(name="Holiday").exists()


def test_cancel_changes_nothing_and_cannot_be_confirmed_after(chat_demo, alice, alice_money):
    action_id = _one_action(chat_turn(user=alice, message="please make a jar named Gifts, $50 a month"))["id"]
    actions.pending_action_cancel(user=alice, action_id=action_id)
    with pytest.raises(DomainError, match="cancelled"):
        actions.pending_action_confirm(user=alice, action_id=action_id)
    assert not Jar.objects.filter(user=alice).exists()


def test_impossible_request_says_so_with_steps_and_changes_nothing(chat_demo, alice, alice_money):
    before = _state(alice)
    answer = chat_turn(user=alice, message="cancel my Netflix subscription")
    assert answer["tools_used"] == ["explain_unavailable_action"]
    assert "can't cancel" in answer["answer"] and "1. " in answer["answer"] and "Subscriptions" in answer["answer"]
    assert not answer.get("pending_actions") and _state(alice) == before
    # never an unrelated total: the only figures are the plan's own price, per month and per year
    assert "$15.49 a month, $185.88 a year" in answer["answer"], answer["answer"]
    assert not re.findall(r"\$(?!15\.49|185\.88)[\d,.]+", answer["answer"])


def test_how_to_question_is_not_an_action(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="how do I create a jar?")
    assert not answer.get("pending_actions")
    assert not any(t.startswith("propose_") for t in answer["tools_used"])


def test_nothing_matching_proposes_nothing_and_says_so(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="file all Costco purchases as Groceries")
    assert not answer.get("pending_actions")
    assert "haven't proposed" in answer["answer"] and not PendingAction.objects.exists()
