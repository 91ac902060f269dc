"""A correction of a proposal still waiting ("actually make it $16", "wait, make it 32", "no, call it Holiday fund",
"make it monthly", "put it under Groceries instead", "à không, 16 đô thôi"), through chat_turn and the API: the same
kind of change is proposed again with that field changed, the old proposal is cancelled, nothing is applied until the
new card is confirmed; what a proposal does not have is said plainly and nothing changes."""
from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from chat.models import PendingAction
from chat.services import chat_turn
from transactions.models import Category, Jar, Transaction

pytestmark = pytest.mark.django_db


def _state(user) -> tuple:
    return (list(Transaction.objects.filter(user=user).order_by("id").values_list("id", "amount", "category_id",
                                                                                   "date", "description")),
            list(Jar.objects.filter(user=user).values_list("name", "monthly_budget")),
            list(Category.objects.filter(user=user).order_by("id").values_list("name", "monthly_budget")))


def _one(answer) -> dict:
    assert len(answer.get("pending_actions") or []) == 1, (answer["answer"], answer["tool_calls"])
    return answer["pending_actions"][0]


def _amend(user, first, message) -> tuple[dict, dict]:
    answer = chat_turn(user=user, message=message, conversation_id=first["conversation_id"])
    return answer, _one(answer)


@pytest.mark.parametrize("wording, amount", [
    ("actually make it $16", "16.00"),
    ("wait, make it 32", "32.00"),
    ("no sorry, 45 bucks", "45.00"),
    ("hmm change that to $250 please", "250.00"),
    ("$75 instead", "75.00"),
    ("à không, 16 đô thôi", "16.00"),
    ("sửa thành 60 nhé", "60.00"),
])
def test_a_new_amount_amends_the_waiting_jar(chat_demo, alice, alice_money, alice_client, wording, amount):
    before = _state(alice)
    first = chat_turn(user=alice, message="start a savings jar for a trip with $200 a month")
    old = _one(first)
    answer, new = _amend(alice, first, wording)
    assert answer["tools_used"] == ["amend_pending_action"], answer["tool_calls"]
    assert new["kind"] == "jar_create" and new["params"]["name"] == "Trip", new["params"]
    assert new["params"]["monthly_budget"] == amount and new["id"] != old["id"]
    assert alice_client.get(f"/api/v1/chat/actions/{old['id']}/").json()["status"] == "cancelled"
    assert new["status"] == "pending" and new["confirm_url"] and answer["confidence"] >= 0.5, answer
    assert "help" not in answer["tools_used"] and "search_knowledge_base" not in answer["tools_used"]
    assert _state(alice) == before  # nothing applied


def test_the_amended_card_is_confirmed_through_the_api(chat_demo, alice, alice_money, alice_client):
    first = chat_turn(user=alice, message="log a cash lunch of $12")
    old = _one(first)
    answer, new = _amend(alice, first, "oops, it was $16")
    assert new["kind"] == "transaction_add" and new["params"]["amount"] == "-16.00", new["params"]
    assert new["params"]["description"] == old["params"]["description"] and "$16.00" in answer["answer"]
    pending = alice_client.get("/api/v1/chat/actions/?status=pending").json()
    assert [a["id"] for a in pending] == [new["id"]]  # one card waiting: the corrected one
    assert alice_client.post(old["confirm_url"] or f"/api/v1/chat/actions/{old['id']}/confirm/").status_code == 409
    assert not Transaction.objects.filter(user=alice, amount=Decimal("-12.00"), description__icontains="lunch").exists()
    done = alice_client.post(new["confirm_url"]).json()
    assert done["status"] == "applied"
    assert Transaction.objects.filter(user=alice, amount=Decimal("-16.00"), description__icontains="lunch").exists()


@pytest.mark.parametrize("wording", ["no, call it Holiday fund", "actually name it holiday fund",
                                     "rename it to Holiday Fund", "đổi tên thành Holiday Fund"])
def test_a_new_name_amends_the_jar_and_keeps_its_amount(chat_demo, alice, alice_money, wording):
    first = chat_turn(user=alice, message="make a jar for the beach with 150 a month")
    _one(first)
    answer, new = _amend(alice, first, wording)
    assert new["params"]["name"] == "Holiday Fund" and new["params"]["monthly_budget"] == "150.00", new["params"]
    assert "Holiday Fund" in answer["answer"] and not Jar.objects.filter(user=alice).exists()


@pytest.mark.parametrize("wording, monthly", [("make it weekly", "216.67"), ("weekly instead", "216.67"),
                                              ("actually $30 a week", "130.00")])
def test_a_cadence_turns_the_amount_into_a_monthly_one(chat_demo, alice, alice_money, wording, monthly):
    first = chat_turn(user=alice, message="create a jar for gifts with $50 a month")
    _one(first)
    _answer, new = _amend(alice, first, wording)
    assert new["params"]["monthly_budget"] == monthly, new["params"]


def test_make_it_monthly_after_a_weekly_amount_is_that_amount_a_month(chat_demo, alice, alice_money):
    first = chat_turn(user=alice, message="start a jar for coffee, $25 a week")
    assert _one(first)["params"]["monthly_budget"] == "108.33"
    _answer, new = _amend(alice, first, "make it monthly")
    assert new["params"]["monthly_budget"] == "25.00", new["params"]


def test_a_logged_transaction_takes_a_new_category_date_or_description(chat_demo, alice, alice_money):
    before = _state(alice)
    first = chat_turn(user=alice, message="add a $40 cash payment for a haircut")
    _one(first)
    answer, new = _amend(alice, first, "put it under Shopping instead")
    assert new["params"]["category"] == "Shopping" and new["params"]["amount"] == "-40.00", new["params"]
    answer, newer = _amend(alice, answer, "actually it was yesterday")
    assert newer["params"]["date"] == (timezone.localdate() - timedelta(days=1)).isoformat(), newer["params"]
    assert newer["params"]["category"] == "Shopping"  # what the first correction changed stays
    assert PendingAction.objects.filter(user=alice, status="pending").count() == 1
    assert _state(alice) == before


def test_a_budget_amount_is_corrected(chat_demo, alice, alice_money):
    first = chat_turn(user=alice, message="set a $400 budget for groceries")
    assert _one(first)["kind"] == "budget_set"
    answer, new = _amend(alice, first, "hmm, make that 350")
    assert new["kind"] == "budget_set" and new["params"] == {"category": "Groceries", "amount": "350.00"}


def test_what_a_proposal_does_not_have_is_said_and_nothing_changes(chat_demo, alice, alice_money):
    before = _state(alice)
    first = chat_turn(user=alice, message="log a cash lunch of $12")
    old = _one(first)
    answer = chat_turn(user=alice, message="make it monthly", conversation_id=first["conversation_id"])
    assert answer["tools_used"] == ["amend_pending_action"], answer["tool_calls"]
    assert "can't make it repeat" in answer["answer"] and not answer.get("pending_actions")
    assert PendingAction.objects.get(id=old["id"]).status == "pending"  # the first proposal still waits
    assert answer["confidence"] >= 0.4 and _state(alice) == before


def test_without_a_waiting_proposal_the_same_words_are_no_amendment(chat_demo, alice, alice_money):
    money = chat_turn(user=alice, message="how much did I spend on groceries last month")
    answer = chat_turn(user=alice, message="actually make it the month before",
                       conversation_id=money["conversation_id"])
    assert "amend_pending_action" not in answer["tools_used"] and not answer.get("pending_actions")
    # a question asked after a proposal is a question, and the proposal keeps waiting
    first = chat_turn(user=alice, message="start a savings jar for a trip with $200 a month")
    asked = chat_turn(user=alice, message="how much did I spend on dining last month?",
                      conversation_id=first["conversation_id"])
    assert "amend_pending_action" not in asked["tools_used"] and not asked.get("pending_actions")
    assert PendingAction.objects.get(id=_one(first)["id"]).status == "pending"


@pytest.mark.parametrize("wording, back", [("yesterday actually", 1), ("hôm qua chứ", 1), ("no, it was 2 days ago", 2)])
def test_a_day_said_alone_dates_the_transaction_being_logged(chat_demo, alice, alice_money, wording, back):
    first = chat_turn(user=alice, message="log a $20 cash taxi ride")
    _one(first)
    _answer, new = _amend(alice, first, wording)
    assert new["params"]["date"] == (timezone.localdate() - timedelta(days=back)).isoformat(), new["params"]
    assert new["params"]["amount"] == "-20.00"


def test_a_weekly_amount_shows_its_monthly_arithmetic(chat_demo, alice, alice_money):
    first = chat_turn(user=alice, message="create a jar for gifts with $50 a month")
    answer, new = _amend(alice, first, "make it $20 a week")
    assert new["params"]["monthly_budget"] == "86.67" and "$20.00 × 52 ÷ 12 = $86.67" in answer["answer"]
    assert not answer["grounding"]["unsupported_numbers"], answer["grounding"]


def test_the_web_page_shows_the_amended_card_waiting_and_the_old_one_cancelled(chat_demo, alice, alice_money):
    from django.test import Client
    from django.urls import reverse

    web = Client()
    web.force_login(alice)
    first = chat_turn(user=alice, message="start a savings jar for a trip with $200 a month")
    old = _one(first)
    _answer, new = _amend(alice, first, "actually make it $150")
    page = web.get(reverse("web-chat-conversation", args=[first["conversation_id"]])).content.decode()
    assert f'id="action-{new["id"]}"' in page and f'id="action-{old["id"]}"' in page
    card = page[page.index(f'id="action-{new["id"]}"'):]
    assert 'data-status="pending"' in card[:300] and "$150.00" in card[:600], card[:600]
    old_card = page[page.index(f'id="action-{old["id"]}"'):]
    assert 'data-status="cancelled"' in old_card[:300]
    web.post(reverse("web-chat-action", args=[new["id"], "confirm"]), HTTP_HX_REQUEST="true")
    assert Jar.objects.get(user=alice, name="Trip").monthly_budget == Decimal("150.00")


@pytest.mark.parametrize("wording", ["yes do it", "ok go ahead", "confirm", "sure, go for it!", "ok làm đi",
                                     "đồng ý nhé"])
def test_yes_to_a_waiting_proposal_points_at_its_card_and_applies_nothing(chat_demo, alice, alice_money, wording):
    before = _state(alice)
    first = chat_turn(user=alice, message="start a savings jar for a trip with $200 a month")
    old = _one(first)
    answer = chat_turn(user=alice, message=wording, conversation_id=first["conversation_id"])
    assert answer["tools_used"] == ["show_pending_actions"], answer["tool_calls"]
    assert [a["id"] for a in answer["pending_actions"]] == [old["id"]]  # the same card, shown again
    assert ("Confirm" in answer["answer"] or "Xác nhận" in answer["answer"]) and answer["confidence"] >= 0.5
    assert _state(alice) == before and PendingAction.objects.get(id=old["id"]).status == "pending"


def test_yes_with_a_correction_amends(chat_demo, alice, alice_money):
    first = chat_turn(user=alice, message="start a savings jar for a trip with $200 a month")
    _answer, new = _amend(alice, first, "yes, but make it $180")
    assert new["params"]["monthly_budget"] == "180.00", new["params"]


@pytest.mark.parametrize("wording", ["no thanks", "nah, no thanks"])
def test_no_thanks_to_a_waiting_proposal_cancels_it(chat_demo, alice, alice_money, wording):
    first = chat_turn(user=alice, message="log a cash lunch of $12")
    old = _one(first)
    answer = chat_turn(user=alice, message=wording, conversation_id=first["conversation_id"])
    assert answer["tools_used"] == ["cancel_pending_action"], answer["tool_calls"]
    assert PendingAction.objects.get(id=old["id"]).status == "cancelled"
