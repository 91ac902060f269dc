"""A request to act on what the last answer listed or added up ("move all of those to groceries", "file those under
Travel"): a PROPOSED category change over exactly those transactions — the count and a sample on the card, nothing
changed until confirmed, undo restores. Through chat_turn on the chat fixture statement (each month: Uber 23.10
on the 8th in Transport, Starbucks 5.75 + 6.25 in Dining, Whole Foods 96.40, rent 1400; salary 3200)."""
from __future__ import annotations

from datetime import date

import pytest

from chat.actions import services as actions
from tests.chat.conftest import months_back, talk
from transactions.models import Transaction

pytestmark = pytest.mark.django_db


def _ledger(user) -> list[tuple]:
    return list(Transaction.objects.filter(user=user).order_by("id").values_list("id", "category_id"))


def _last_month(user, description: str):
    start, end = months_back(1), months_back(0) - date.resolution
    return Transaction.objects.filter(user=user, description__startswith=description, date__range=(start, end))


@pytest.mark.parametrize(("listing", "request_", "target", "rows"), [
    ("list my uber rides last month", "move all of those to groceries", "Groceries", "UBER"),
    ("how much did I spend at starbucks last month", "file those under Groceries", "Groceries", "STARBUCKS"),
    ("show my whole foods purchases last month", "put them under Shopping", "Shopping", "WHOLE FOODS"),
    ("list my uber rides last month", "move them all to Shopping", "Shopping", "UBER"),
])
def test_a_request_on_the_listed_transactions_is_proposed_over_exactly_them(chat_demo, alice, alice_money, listing,
                                                                           request_, target, rows):
    before = _ledger(alice)
    listed, answer = talk(alice, listing, request_)
    meant = _last_month(alice, rows)
    assert meant.exists() and listed["tool_calls"], listed
    action = answer["pending_actions"][0]
    assert action["kind"] == "category_set" and action["count"] == meant.count(), action
    assert {r["id"] for r in action["sample"]} <= set(meant.values_list("id", flat=True)), action["sample"]
    assert answer["tool_calls"][-1]["arguments"].get("of_last_answer") is True
    assert _ledger(alice) == before  # nothing changes until confirmed
    actions.pending_action_confirm(user=alice, action_id=action["id"])
    assert set(meant.values_list("category__name", flat=True)) == {target}
    assert [r for r in _ledger(alice) if r not in before] == [
        r for r in _ledger(alice) if r[0] in set(meant.values_list("id", flat=True))]  # nothing else moved
    actions.pending_action_undo(user=alice, action_id=action["id"])
    assert _ledger(alice) == before


def test_those_with_nothing_listed_before_proposes_nothing(chat_demo, alice, alice_money):
    before = _ledger(alice)
    answer = talk(alice, "what is an index fund?", "move all of those to groceries")[-1]
    assert not answer.get("pending_actions") and _ledger(alice) == before, answer["answer"]
