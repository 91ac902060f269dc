"""Changing the monthly amount of a jar the user has, through chat_turn: a proposal that changes nothing until
confirmed, undo puts the old amount back; a jar they don't have is said (with the offer to create it); another
user can neither see, confirm nor undo it, and their own jar of the same name is untouched."""
from __future__ import annotations

from decimal import Decimal

import pytest

from chat.actions import services as actions
from chat.services import chat_turn
from core.errors import DomainError, NotFound
from transactions.models import Jar
from transactions.services import jar_create

pytestmark = pytest.mark.django_db


def _amount(user, name: str) -> Decimal:
    return Jar.objects.get(user=user, name=name).monthly_budget


def test_raising_a_jar_to_an_amount_is_proposed_confirmed_and_undone(chat_demo, alice, bob, alice_money):
    jar_create(user=alice, name="Eating Out", monthly_budget="120")
    jar_create(user=bob, name="Eating Out", monthly_budget="75")
    answer = chat_turn(user=alice, message="please push my eating out jar up to $260")

    assert answer["tools_used"] == ["propose_set_jar_budget"], answer
    (action,) = answer["pending_actions"]
    assert action["kind"] == "jar_budget_set" and action["status"] == "pending"
    assert "$260.00" in answer["answer"] and "$120.00" in answer["answer"]
    assert _amount(alice, "Eating Out") == Decimal("120.00")  # nothing changes before Confirm

    with pytest.raises((DomainError, NotFound)):  # bob can't confirm alice's proposal
        actions.pending_action_confirm(user=bob, action_id=action["id"])
    actions.pending_action_confirm(user=alice, action_id=action["id"])
    assert _amount(alice, "Eating Out") == Decimal("260.00")
    assert _amount(bob, "Eating Out") == Decimal("75.00")
    with pytest.raises((DomainError, NotFound)):
        actions.pending_action_undo(user=bob, action_id=action["id"])
    actions.pending_action_undo(user=alice, action_id=action["id"])
    assert _amount(alice, "Eating Out") == Decimal("120.00")


def test_lowering_a_jar_by_a_step_counts_from_its_amount(chat_demo, alice, alice_money):
    jar_create(user=alice, name="Streaming", monthly_budget="45")
    answer = chat_turn(user=alice, message="can you reduce the streaming jar by 15")

    (action,) = answer["pending_actions"]
    assert Decimal(action["params"]["amount"]) == Decimal("30.00")
    actions.pending_action_confirm(user=alice, action_id=action["id"])
    assert _amount(alice, "Streaming") == Decimal("30.00")


def test_a_jar_they_do_not_have_is_said_and_creating_it_offered(chat_demo, alice, bob, alice_money):
    jar_create(user=bob, name="Hobbies", monthly_budget="90")  # bob's jar is no jar of alice's
    answer = chat_turn(user=alice, message="increase my hobbies jar to 150")

    assert not answer.get("pending_actions")
    assert "no jar called" in answer["answer"].lower() and "create" in answer["answer"].lower()
    assert _amount(bob, "Hobbies") == Decimal("90.00")


def test_making_a_new_jar_is_still_a_jar_to_create(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="make a new jar for camping with $80 a month")
    assert answer["tools_used"] == ["propose_create_jar"], answer
