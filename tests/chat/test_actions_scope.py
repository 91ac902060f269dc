"""Requests to act over several transactions take the period the sentence gives ("from September" is September,
not since September), state the count, the total and a sample, and only propose; a re-filing that would change
nothing says how many are in that category already; "drop the duplicate" with none says what it checked."""
from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from chat.actions import services as actions
from chat.services import chat_turn
from core.periods import add_months, month_bounds
from transactions.models import Transaction

pytestmark = pytest.mark.django_db


def _month(back: int):
    first = add_months(timezone.localdate().replace(day=1), -back)
    return first, month_bounds(first.year, first.month)[1]


def _ledger(user) -> list[tuple]:
    return list(Transaction.objects.filter(user=user).order_by("id").values_list("id", "amount", "category_id"))


@pytest.mark.parametrize("verb", ["delete all my", "wipe all my", "get rid of all my", "clear out all my"])
def test_deleting_every_match_of_a_month_takes_that_month_only(chat_demo, alice, alice_money, verb):
    start, end = _month(2)
    wanted = Transaction.objects.filter(user=alice, description__startswith="STARBUCKS", date__range=(start, end))
    ids = sorted(wanted.values_list("id", flat=True))
    assert len(ids) == 2 and Transaction.objects.filter(user=alice, description__startswith="STARBUCKS").count() > 2
    before = _ledger(alice)

    answer = chat_turn(user=alice, message=f"{verb} starbucks from {start:%B}")

    assert answer["tools_used"] == ["propose_delete_transaction"], answer["tool_calls"]
    action = answer["pending_actions"][0]
    assert action["kind"] == "transaction_delete" and action["count"] == 2
    assert sorted(action["params"]["transaction_ids"]) == ids  # that month's, not every Starbucks since then
    assert "Delete 2 transactions ($12.00) matching Starbucks" in answer["answer"], answer["answer"]
    assert len(action["sample"]) == 2 and "Confirm" in answer["answer"]
    assert "· Dining" in answer["answer"] and "now Dining" not in answer["answer"]  # where they are; nothing re-filed
    assert _ledger(alice) == before  # only proposed

    actions.pending_action_confirm(user=alice, action_id=action["id"])
    assert not Transaction.objects.filter(id__in=ids).exists() and len(_ledger(alice)) == len(before) - 2
    actions.pending_action_undo(user=alice, action_id=action["id"])
    assert _ledger(alice) == before


def test_a_vietnamese_request_typed_without_accents_deletes_last_months_in_vietnamese(chat_demo, alice, alice_money):
    start, end = _month(1)
    answer = chat_turn(user=alice, message="xoa het giao dich Starbucks thang truoc giup minh")
    action = answer["pending_actions"][0]
    assert action["count"] == 2 and action["params"]["match"] == {"start": start.isoformat(), "end": end.isoformat()}
    assert "Xoá 2 giao dịch" in answer["answer"] and "Delete" not in answer["answer"], answer["answer"]


def test_filing_takes_the_period_wherever_the_sentence_says_it(chat_demo, alice, alice_money):
    start, end = _month(1)
    answer = chat_turn(user=alice, message=f"file my starbucks under Groceries from {start:%B}")
    action = answer["pending_actions"][0]
    assert action["kind"] == "category_set" and action["count"] == 2, action
    assert action["params"]["match"]["start"] == start.isoformat() and action["params"]["match"]["end"] == end.isoformat()


def test_filing_what_is_already_there_says_how_many_and_changes_nothing(chat_demo, alice, alice_money):
    rides = Transaction.objects.filter(user=alice, description__startswith="UBER")
    n, total = rides.count(), -sum(r.amount for r in rides)
    answer = chat_turn(user=alice, message="file all my uber rides under Transport")
    assert not answer.get("pending_actions"), answer["pending_actions"]
    assert f"all {n} transactions matching Uber ({'$' + format(total, ',.2f')} together) are already in Transport" \
        in answer["answer"], answer["answer"]
    assert answer["confidence"] >= 0.5


def test_dropping_the_duplicate_when_there_is_none_says_what_was_checked(chat_demo, alice, alice_money):
    before = _ledger(alice)
    answer = chat_turn(user=alice, message="drop the duplicate")
    assert not answer.get("pending_actions") and _ledger(alice) == before
    recent = Transaction.objects.filter(user=alice, date__gte=timezone.localdate() - timedelta(days=62)).count()
    assert f"I found no duplicate: none of your {recent} transactions since" in answer["answer"], answer["answer"]


@pytest.mark.parametrize("message", [
    "make a jar for groceries using what i usually spend - go off the last 3 months",
    # a per-unit phrase leaves the sentence no period: the months counted are still the basis (was a $0.00 jar)
    "set up a jar for groceries at roughly what I have been spending per month over the last 3 months",
])
def test_a_jar_for_a_category_on_its_usual_spending_is_named_for_it(chat_demo, alice, alice_money, message):
    answer = chat_turn(user=alice, message=message)
    action = answer["pending_actions"][0]
    assert action["params"]["name"] == "Groceries" and action["params"]["categories"] == ["Groceries"], action
    # three full months of 96.40 + 18.50 in Groceries
    assert Decimal(action["params"]["monthly_budget"]) == Decimal("114.90"), action["params"]
    assert "$114.90 a month" in answer["answer"]


def test_deleting_all_of_those_takes_the_rows_the_last_answer_added_up(chat_demo, alice, alice_money):
    start, end = _month(1)
    ids = sorted(Transaction.objects.filter(user=alice, description__startswith="STARBUCKS",
                                            date__range=(start, end)).values_list("id", flat=True))
    first = chat_turn(user=alice, message="starbucks last month")
    before = _ledger(alice)
    answer = chat_turn(user=alice, message="delete all of those", conversation_id=first["conversation_id"])
    action = answer["pending_actions"][0]
    assert answer["tools_used"] == ["propose_delete_transaction"] and action["count"] == 2, answer["tool_calls"]
    assert sorted(action["params"]["transaction_ids"]) == ids and "Delete 2 transactions ($12.00)" in answer["answer"]
    assert _ledger(alice) == before
    elsewhere = chat_turn(user=alice, message="delete all of those")  # a new conversation: nothing to point back to
    assert not elsewhere.get("pending_actions")
