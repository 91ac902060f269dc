"""A question whether a charge came twice ("was I charged twice for X", "is that a duplicate?", "tôi có bị trừ 2 lần
không"), through chat_turn: a check over their transactions (same payee, same amount, close dates) answered with
both copies and an offer to delete the later one — a card to confirm, nothing deleted before; with none doubled, the
charges looked at and nothing proposed."""
from __future__ import annotations

import pytest

from chat.models import PendingAction
from chat.services import chat_turn
from transactions.models import Transaction

pytestmark = pytest.mark.django_db


def _doubled(user, description: str = "NETFLIX.COM") -> Transaction:
    charge = Transaction.objects.filter(user=user, description=description).order_by("-date").first()
    return Transaction.objects.create(user=user, date=charge.date, description=charge.description,
                                      merchant=charge.merchant, amount=charge.amount, currency=charge.currency,
                                      category=charge.category, fingerprint="dup-check-test")


def _ledger(user) -> list[tuple]:
    return list(Transaction.objects.filter(user=user).order_by("id").values_list("id", "amount", "date"))


@pytest.mark.parametrize("wording", [
    "was I charged twice for netflix?",
    "did netflix bill me twice",
    "I think Netflix double charged me",
    "any duplicate netflix charges?",
    "have I paid netflix 2 times recently",
    "tôi có bị trừ 2 lần tiền netflix không",
    "netflix có bị trùng không?",
])
def test_a_charge_that_came_twice_is_shown_with_an_offer_to_delete_the_later_copy(chat_demo, alice, alice_money,
                                                                                    wording):
    extra = _doubled(alice)
    before = _ledger(alice)
    answer = chat_turn(user=alice, message=wording)
    assert answer["tools_used"] == ["propose_delete_transaction"], answer["tool_calls"]
    assert answer["tool_calls"][0]["arguments"].get("merchant") == "Netflix", answer["tool_calls"]
    actions = answer.get("pending_actions") or []
    assert len(actions) == 1 and actions[0]["kind"] == "transaction_delete", answer["answer"]
    assert actions[0]["params"]["transaction_id"] == extra.id  # the later copy
    assert answer["answer"].count("NETFLIX.COM") >= 2 and "15.49" in answer["answer"], answer["answer"]
    assert ("Yes" in answer["answer"] or "Có" in answer["answer"]) and answer["confidence"] >= 0.5, answer
    assert _ledger(alice) == before  # nothing deleted until the card is confirmed


@pytest.mark.parametrize("wording", ["was I charged twice for netflix last month?", "netflix double billed me?",
                                     "có bị trừ tiền netflix hai lần không"])
def test_no_double_charge_shows_the_charges_and_proposes_nothing(chat_demo, alice, alice_money, wording):
    before = _ledger(alice)
    answer = chat_turn(user=alice, message=wording)
    assert answer["tools_used"] == ["propose_delete_transaction"], answer["tool_calls"]
    assert not answer.get("pending_actions") and "NETFLIX.COM" in answer["answer"], answer["answer"]
    assert answer["answer"].startswith(("No", "Không")) and 0.4 <= answer["confidence"], answer
    assert _ledger(alice) == before and not PendingAction.objects.filter(user=alice).exists()


def test_is_that_a_duplicate_checks_what_the_last_answer_listed(chat_demo, alice, alice_money):
    extra = _doubled(alice)
    first = chat_turn(user=alice, message="show my netflix charges from the last 3 months")
    answer = chat_turn(user=alice, message="is one of those a duplicate?", conversation_id=first["conversation_id"])
    assert answer["tools_used"] == ["propose_delete_transaction"], answer["tool_calls"]
    assert answer["tool_calls"][0]["arguments"].get("merchant") == "Netflix"
    assert [a["params"]["transaction_id"] for a in answer["pending_actions"]] == [extra.id]


def test_asking_what_a_duplicate_charge_is_checks_nothing(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="what is a duplicate charge?")
    assert "propose_delete_transaction" not in answer["tools_used"] and not answer.get("pending_actions")
    spent = chat_turn(user=alice, message="did I spend twice as much on dining as on groceries last month?")
    assert "propose_delete_transaction" not in spent["tools_used"], spent["tool_calls"]
