"""A request to act and a question in one message: both are done. The change is only proposed (a card, nothing
written) and the question is answered beside it; what Moneta can't do is said with the steps in the app, and the
question still answered. Jars are never named after the polite words around the request, and an act that was not
carried out (Moneta can't, or the proposal found nothing) is never "high"."""
from __future__ import annotations

from decimal import Decimal

import pytest
from django.db.models import Sum
from django.utils import timezone

from chat.actions.fit import MISSING_CAP
from chat.services import chat_turn
from core.money import money
from tests.chat.conftest import confident, months_back, tool_names
from transactions.models import Category, Jar, Transaction

pytestmark = pytest.mark.django_db


def _state(user) -> tuple:
    return (list(Transaction.objects.filter(user=user).order_by("id").values_list("id", "amount", "category_id")),
            list(Jar.objects.filter(user=user).values_list("name", "monthly_budget")),
            list(Category.objects.filter(user=user).order_by("id").values_list("name", "monthly_budget")))


def _spent(user, description: str, *, start, end) -> Decimal:
    rows = Transaction.objects.filter(user=user, description__startswith=description, amount__lt=0,
                                      date__gte=start, date__lte=end)
    return -(rows.aggregate(s=Sum("amount"))["s"] or Decimal(0))


def test_a_plan_moneta_cant_cancel_and_what_it_cost_are_both_answered(chat_demo, alice, alice_money):
    before = _state(alice)
    today = timezone.localdate()
    answer = chat_turn(user=alice, message="stop my netflix plan for me — what have I paid them so far this year?")
    assert tool_names(answer)[:2] == ["explain_unavailable_action", "search_transactions"], answer["tool_calls"]
    paid = _spent(alice, "NETFLIX", start=today.replace(month=1, day=1), end=today)
    assert paid > 0 and money(paid) in answer["answer"], answer["answer"]
    assert "can't" in answer["answer"] and "1." in answer["answer"]  # says so, with the steps in the app
    assert not answer.get("pending_actions") and _state(alice) == before
    # right, but the request itself was not carried out: never "high"
    assert confident(alice, answer) and answer["confidence"] <= MISSING_CAP


def test_a_recategorisation_then_also_comma_question_proposes_and_answers(chat_demo, alice, alice_money):
    before = _state(alice)
    answer = chat_turn(user=alice, message="File the Uber trips under Travel. Also, what did they come to?")
    assert [a["kind"] for a in answer["pending_actions"]] == ["category_set"], answer
    uber = _spent(alice, "UBER", start=months_back(12), end=timezone.localdate())
    assert money(uber) in answer["answer"], answer["answer"]
    assert "search_transactions" in tool_names(answer)
    assert _state(alice) == before  # proposed, not applied


def test_a_jar_with_a_dashed_question_after_it(chat_demo, alice, alice_money):
    before = _state(alice)
    answer = chat_turn(user=alice, message="start a jar for vacations with $150 a month — how much did I spend at "
                                           "whole foods last month btw")
    action = answer["pending_actions"][0]
    assert action["kind"] == "jar_create" and action["params"]["name"] == "Vacations", action["params"]
    last = months_back(1)
    spent = _spent(alice, "WHOLE FOODS", start=last, end=months_back(0) - timezone.timedelta(days=1))
    assert money(spent) in answer["answer"], answer["answer"]
    assert _state(alice) == before


def test_several_deletions_over_a_size_are_the_ones_over_it_and_their_total(chat_demo, alice, alice_money):
    before = _state(alice)
    answer = chat_turn(user=alice, message="remove the starbucks charges over $6 from last month, and what do they "
                                           "add up to?")
    action = answer["pending_actions"][0]
    assert action["kind"] == "transaction_delete" and action["count"] == 1, action  # 6.25, not the 5.75
    assert "$6.25" in answer["answer"], answer["answer"]
    assert _state(alice) == before


@pytest.mark.parametrize("message", ["tạo giùm cái hũ nha", "make a jar for me pls"])
def test_a_jar_named_only_by_polite_words_is_not_made_the_name_is_asked(chat_demo, alice, alice_money, message):
    answer = chat_turn(user=alice, message=message)
    assert not answer.get("pending_actions"), answer["pending_actions"]
    asked = "tên hũ" if message.startswith("tạo") else "name"  # a Vietnamese request is asked in Vietnamese
    assert asked in answer["answer"] and not Jar.objects.filter(user=alice).exists(), answer["answer"]
    assert not confident(alice, answer)


def test_a_jar_at_what_is_spent_per_month_takes_that_average(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="set me up a jar for eating out at what I spend per month on dining")
    action = answer["pending_actions"][0]
    # Dining in each of the three full months before this one: 5.75 + 6.25 + 64.00 = 76.00
    assert action["kind"] == "jar_create" and Decimal(action["params"]["monthly_budget"]) == Decimal("76.00"), action
    assert action["params"]["name"] == "Eating Out" and not Jar.objects.filter(user=alice).exists()


def test_a_deletion_that_finds_nothing_is_not_high(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="delete the amazon charge of $12.34 from last month")
    assert not answer.get("pending_actions")
    assert answer["confidence"] <= MISSING_CAP, answer["confidence"]


@pytest.mark.parametrize(("message", "name"), [
    ("tag the whole foods runs as a party expense for my sister's birthday", "Party Expense"),
    ("could you move my whole foods runs into a new Party Food category?", "Party Food")])
def test_a_new_category_is_named_without_whom_it_is_for(chat_demo, alice, alice_money, message, name):
    answer = chat_turn(user=alice, message=message)
    action = answer["pending_actions"][0]
    assert action["kind"] == "category_set" and action["params"]["category"] == name, action["params"]
    assert not Category.objects.filter(user=alice, name__istartswith="party").exists()
