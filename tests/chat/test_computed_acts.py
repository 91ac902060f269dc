"""Requests to act that need a figure, and recurring charges told apart, through chat_turn: a jar or budget based
on what the user usually spends (or spent in a period) is proposed with that amount and the arithmetic; a plan
to cancel is priced per month and per year from their charges; a duplicate that isn't there is shown, not
deleted; filing under a category they don't have creates it on confirmation (undo removes it); subscriptions
and bills are listed apart. Nothing changes until a confirmation."""
from __future__ import annotations

from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal

import pytest
from django.utils import timezone

from chat.actions import services as actions
from chat.models import PendingAction
from chat.services import chat_turn
from core.periods import full_months_before
from tests.statements import csv_bytes
from transactions.models import Category, Jar, Transaction
from transactions.services import transactions_import

pytestmark = pytest.mark.django_db
CENT = Decimal("0.01")


def _state(user) -> tuple:
    return (list(Transaction.objects.filter(user=user).order_by("id").values_list("id", "amount", "category_id")),
            list(Jar.objects.filter(user=user).values_list("name", "monthly_budget")),
            list(Category.objects.filter(user=user).order_by("id").values_list("name", "monthly_budget")))


def _one(answer) -> dict:
    assert len(answer.get("pending_actions") or []) == 1, answer["answer"]
    return answer["pending_actions"][0]


def _spent(user, category: str, start: date, end: date) -> Decimal:
    rows = Transaction.objects.filter(user=user, category__name=category, amount__lt=0, date__gte=start, date__lte=end)
    return -sum((r.amount for r in rows), Decimal(0))


def _usual(user, category: str, months: int = 3) -> Decimal:
    window = full_months_before(timezone.localdate(), months)
    return (_spent(user, category, window.start, window.end) / months).quantize(CENT, rounding=ROUND_HALF_UP)


def test_a_jar_at_what_i_usually_spend_is_proposed_with_that_figure_and_the_arithmetic(chat_demo, alice,
                                                                                       alice_money):
    before = _state(alice)
    usual = _usual(alice, "Groceries")
    answer = chat_turn(user=alice, message="make a grocery jar using what I usually spend (go off the last 3 months)")
    action = _one(answer)
    assert action["kind"] == "jar_create" and Decimal(action["params"]["monthly_budget"]) == usual, action["params"]
    assert action["params"]["categories"] == ["Groceries"]
    assert f"${usual:,.2f} a month" in answer["answer"] and "÷ 3" in answer["answer"], answer["answer"]
    assert _state(alice) == before and answer["confidence"] >= 0.5  # proposed, not done
    actions.pending_action_confirm(user=alice, action_id=action["id"])
    assert Jar.objects.get(user=alice, name="Grocery").monthly_budget == usual


def test_a_budget_ten_percent_below_the_average_or_last_month(chat_demo, alice, alice_money):
    before = _state(alice)
    usual = _usual(alice, "Dining")
    answer = chat_turn(user=alice, message="set a dining budget 10% below my average - tell me the 3 month average")
    action = _one(answer)
    want = (usual * Decimal("0.9")).quantize(CENT, rounding=ROUND_HALF_UP)
    assert action["kind"] == "budget_set" and Decimal(action["params"]["amount"]) == want, action["params"]
    assert f"${usual:,.2f}" in answer["answer"] and f"${want:,.2f}" in answer["answer"] and "× 0.9" in answer["answer"]
    assert not answer["grounding"]["unsupported_numbers"], answer["grounding"]

    last = full_months_before(timezone.localdate(), 1)
    spent = _spent(alice, "Groceries", last.start, last.end)
    answer = chat_turn(user=alice, message="set my grocery budget 10% under what i spent last month")
    want = (spent * Decimal("0.9")).quantize(CENT, rounding=ROUND_HALF_UP)
    assert Decimal(_one(answer)["params"]["amount"]) == want and f"${spent:,.2f}" in answer["answer"]
    assert _state(alice) == before


def test_a_vietnamese_jar_at_the_usual_spend_gets_a_vietnamese_card(chat_demo, alice, alice_money):
    usual = _usual(alice, "Dining")
    answer = chat_turn(user=alice, message="tạo giúp tôi một hũ tiền ăn uống theo mức chi trung bình 3 tháng gần đây")
    action = _one(answer)
    assert Decimal(action["params"]["monthly_budget"]) == usual and action["params"]["categories"] == ["Dining"]
    assert "Tạo hũ" in answer["answer"] and "Mức chi thường lệ" in answer["answer"], answer["answer"]
    assert "Your usual" not in answer["answer"] and "Here is what" not in answer["answer"]


def test_a_jar_for_exactly_the_figure_just_shown_is_named_for_its_subject(chat_demo, alice, alice_money):
    first = chat_turn(user=alice, message="what do i average on amazon a month? last 3 months")
    answer = chat_turn(user=alice, message="ok make an amazon jar for exactly that",
                       conversation_id=first["conversation_id"])
    action = _one(answer)
    assert action["params"]["name"] == "Amazon", action["params"]
    assert action["params"]["monthly_budget"] != "0.00" and action["params"]["monthly_budget"] in first["answer"] \
        .replace(",", ""), (action["params"], first["answer"])


def test_cancelling_a_plan_gives_the_steps_and_its_price_a_month_and_a_year(chat_demo, alice, alice_money):
    before = _state(alice)
    answer = chat_turn(user=alice, message="if i cancel netflix how much would i save in a year")
    assert answer["tools_used"] == ["explain_unavailable_action"], answer["tool_calls"]
    assert "can't cancel" in answer["answer"] and "\n1. " in answer["answer"]
    assert "$15.49 a month, $185.88 a year" in answer["answer"] and not answer["grounding"]["unsupported_numbers"]
    assert _state(alice) == before and not answer.get("pending_actions")


def test_no_duplicate_shows_the_charge_and_proposes_nothing(chat_demo, alice, alice_money):
    before = _state(alice)
    answer = chat_turn(user=alice, message="delete the duplicate netflix charge from last month")
    assert answer["tools_used"] == ["propose_delete_transaction"], answer["tool_calls"]
    assert not answer.get("pending_actions") and "no duplicate" in answer["answer"]
    assert "NETFLIX.COM" in answer["answer"] and "15.49" in answer["answer"]  # the one charge, shown
    assert _state(alice) == before
    assert not PendingAction.objects.filter(user=alice).exists()


def test_filing_under_a_new_category_creates_it_on_confirm_and_undo_removes_it(chat_demo, alice, alice_money,
                                                                                 alice_client):
    before = _state(alice)
    uber = set(Transaction.objects.filter(user=alice, description__startswith="UBER").values_list("id", flat=True))
    answer = chat_turn(user=alice, message="tag all my uber rides as work travel")
    action = _one(answer)
    assert action["params"]["category"] == "Work Travel" and action["params"]["create_category"] is True
    assert action["count"] == len(uber) and action["sample"], action
    assert "Create the category “Work Travel”" in answer["answer"] and f"{len(uber)} transactions" in answer["answer"]
    assert _state(alice) == before and not Category.objects.filter(user=alice, name="Work Travel").exists()

    confirmed = alice_client.post(action["confirm_url"])  # the API, as a client confirms the card
    assert confirmed.status_code == 200, confirmed.content
    work = Category.objects.get(user=alice, name="Work Travel")
    assert set(Transaction.objects.filter(user=alice, category=work).values_list("id", flat=True)) == uber
    undone = alice_client.post(confirmed.json()["undo_url"])
    assert undone.status_code == 200, undone.content
    assert _state(alice) == before  # the rows back where they were, and the category it made gone again


def test_a_request_then_a_question_proposes_and_answers(chat_demo, alice, alice_money):
    before = _state(alice)
    today = timezone.localdate()
    dining = _spent(alice, "Dining", today.replace(day=1), today)
    answer = chat_turn(user=alice, message="log $12 cash for lunch today, then tell me what I spent on dining this "
                                           "month")
    assert _one(answer)["kind"] == "transaction_add" and _one(answer)["params"]["description"] == "cash lunch"
    assert f"${dining:,.2f}" in answer["answer"], answer["answer"]
    assert _state(alice) == before


@pytest.fixture
def carol_bills(django_user_model):
    """Recurring charges with no categories: a metered bill whose amount moves every month, and a fixed plan."""
    carol = django_user_model.objects.create_user(username="carol", password="pw-carol-123")
    today = timezone.localdate()
    rows = []
    first = today.replace(day=1)
    for amount in ("101.00", "70.80", "95.30", "120.10", "88.40", "61.20"):  # this month back
        rows += [(d, desc, value, "") for d, desc, value in (
            (first + timedelta(days=8), "BRIGHTLINE SERVICES 800-555-0142", f"-{amount}"),
            (first + timedelta(days=4), "STREAMFLIX MONTHLY", "-9.99")) if d <= today]
        first = (first - timedelta(days=1)).replace(day=1)
    transactions_import(user=carol, file_name="carol.csv", content=csv_bytes(rows))
    return carol


def test_subscriptions_and_bills_are_told_apart(chat_demo, alice, alice_money, carol_bills):
    subs = chat_turn(user=alice, message="what are my subscriptions rn")
    assert subs["tools_used"] == ["list_subscriptions"], subs["tool_calls"]
    listed = subs["answer"].split("Not counted here")[0]
    assert "Netflix" in listed and "RENT" not in listed.upper(), subs["answer"]

    bills = chat_turn(user=carol_bills, message="which bills do i pay every month (not subscriptions)")
    assert bills["tools_used"] == ["list_subscriptions"], bills["tool_calls"]
    shown = bills["answer"].split("Not counted here")[0]
    assert "Brightline" in shown and "Streamflix" not in shown, bills["answer"]
    assert "varies" in shown  # a metered amount: a bill, at its recent average

    both = chat_turn(user=carol_bills, message="which of my monthly charges are subscriptions vs bills?")
    text = both["answer"]
    assert text.index("**Subscriptions**") < text.index("Streamflix") < text.index("**Regular bills**") \
        < text.index("Brightline"), text


def test_a_budget_for_a_merchant_is_a_jar_at_its_computed_amount(chat_demo, alice, alice_money):
    # budgets are per category: "a budget for Amazon 20% below what I usually spend" is a jar for Amazon
    window = full_months_before(timezone.localdate(), 3)
    rows = Transaction.objects.filter(user=alice, description__startswith="AMAZON", date__gte=window.start,
                                      date__lte=window.end)
    usual = (-sum((r.amount for r in rows), Decimal(0)) / 3).quantize(CENT, rounding=ROUND_HALF_UP)
    before = _state(alice)
    answer = chat_turn(user=alice, message="set me up a budget for amazon thats 20% less than what i usually spend "
                                           "(avg of last 3 months)")
    action = _one(answer)
    want = (usual * Decimal("0.8")).quantize(CENT, rounding=ROUND_HALF_UP)
    assert action["kind"] == "jar_create" and action["params"]["name"] == "Amazon", action["params"]
    assert Decimal(action["params"]["monthly_budget"]) == want and f"${usual:,.2f}" in answer["answer"]
    assert _state(alice) == before


def test_a_question_after_a_request_that_points_back_is_about_its_subject(chat_demo, alice, alice_money):
    before = _state(alice)
    uber = Transaction.objects.filter(user=alice, description__startswith="UBER")
    total = -sum((r.amount for r in uber), Decimal(0))
    answer = chat_turn(user=alice, message="recategorize all my Uber rides as Business Travel and tell me how much "
                                           "that moves")
    action = _one(answer)
    assert action["params"]["category"] == "Business Travel" and f"${total:,.2f}" in action["summary"], action
    money = [c for c in answer["tool_calls"] if c["name"] == "search_transactions"]
    assert money and money[0]["arguments"].get("merchants") == ["Uber"], answer["tool_calls"]
    assert not money[0]["arguments"].get("categories") and f"${total:,.2f}" in answer["answer"]
    assert _state(alice) == before


def test_a_jar_for_the_last_months_is_named_for_what_it_is_for(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="set me up a coffee jar at my monthly average for the last 3 months")
    action = _one(answer)
    assert action["params"]["name"] == "Coffee" and action["params"]["monthly_budget"] != "0.00", action["params"]


def test_a_waiting_proposal_is_proposed_again_on_another_basis(chat_demo, alice, alice_money, alice_client):
    before = _state(alice)
    first = chat_turn(user=alice, message="set my grocery budget 10% under what i spent last month")
    old = _one(first)
    usual = _usual(alice, "Groceries")
    answer = chat_turn(user=alice, message="actually base it on the 3-month average instead",
                       conversation_id=first["conversation_id"])
    new = _one(answer)
    want = (usual * Decimal("0.9")).quantize(CENT, rounding=ROUND_HALF_UP)  # the 10% kept, the base changed
    assert new["kind"] == "budget_set" and new["params"]["category"] == "Groceries", new["params"]
    assert Decimal(new["params"]["amount"]) == want and f"${usual:,.2f}" in answer["answer"], answer["answer"]
    assert alice_client.get(f"/api/v1/chat/actions/{old['id']}/").json()["status"] == "cancelled"
    assert _state(alice) == before
    # right after a money answer the same words are a follow-up of that question, never a proposal
    money = chat_turn(user=alice, message="what did i spend on groceries last month")
    again = chat_turn(user=alice, message="use the 3-month average instead", conversation_id=money["conversation_id"])
    assert not again.get("pending_actions"), again["tool_calls"]


def test_a_what_if_is_not_a_request_moneta_cannot_carry_out(chat_demo, alice, alice_money):
    # "if I move to an apartment for …" is arithmetic about a what-if, not a request to move money
    answer = chat_turn(user=alice, message="If I move to apartment for 1200 dollar, how much I save in one year?")
    assert "explain_unavailable_action" not in answer["tools_used"], answer["tool_calls"]
    assert "can't move" not in answer["answer"] and not answer.get("pending_actions")
    # a plan to cancel stays what it is, with its price
    cancel = chat_turn(user=alice, message="if i cancel netflix how much would i save in a year")
    assert cancel["tools_used"] == ["explain_unavailable_action"] and "$185.88 a year" in cancel["answer"]
