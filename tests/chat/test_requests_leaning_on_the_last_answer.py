"""Issue 21, kinds 5 and 6: requests and questions whose object is the last answer. "Make one for me then, for
dining" after what a budget is proposes a budget (nothing changes until confirmed); "please end it for me" after
what a plan took says Moneta can't cancel it, with the steps; a company's phone number, address or what they say
is owed them is data Moneta doesn't have — never a spending total. Through chat_turn."""
from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest

from chat.assistant import MONEY_TOOLS
from chat.services import chat_turn
from tests.chat.conftest import demo_docs, months_back, statement_csv
from transactions.models import Category, Jar, Transaction

pytestmark = pytest.mark.django_db


def _state(user) -> tuple:
    return (list(Transaction.objects.filter(user=user).order_by("id").values_list("id", "amount", "category_id")),
            list(Jar.objects.filter(user=user).values_list("name", "monthly_budget")),
            list(Category.objects.filter(user=user).order_by("id").values_list("name", "monthly_budget")))


@pytest.fixture
def pages(db):
    return demo_docs(education=("budgeting-basics.md",), help_pages=("budgets-by-month.md", "budget-suggestions.md"))


@pytest.mark.parametrize("first, request_", [
    ("what is a budget, really?", "great, could you set one up for me then, for dining?"),
    (None, "please make me a budget for dining"),
])
def test_a_budget_asked_for_with_no_amount_is_proposed_at_the_usual_month(chat_demo, alice, alice_money, pages,
                                                                         first, request_):
    before = _state(alice)
    conversation = chat_turn(user=alice, message=first)["conversation_id"] if first else None
    answer = chat_turn(user=alice, message=request_, conversation_id=conversation)
    assert answer["tools_used"] == ["propose_set_budget"], (answer["tool_calls"], answer["answer"])
    assert answer["tool_calls"][0]["arguments"]["category"] == "Dining"
    action = answer["pending_actions"][0]
    # Dining in each of the 3 full months before this one: 5.75 + 6.25 + 64.00 = 76.00
    assert Decimal(str(action["params"]["amount"])) == Decimal("76.00"), action["params"]
    assert "76.00" in answer["answer"] and not answer["citations"], answer["answer"]
    assert _state(alice) == before  # nothing changes until the card is confirmed


@pytest.mark.parametrize("request_", ["please end it for me, I never watch it", "cancel it please",
                                      "could you stop that one for me?"])
def test_cancelling_what_the_last_answer_was_about_gets_the_steps(chat_demo, alice, alice_money, request_):
    conversation = chat_turn(user=alice, message="how much did netflix take last month?")["conversation_id"]
    before = _state(alice)
    answer = chat_turn(user=alice, message=request_, conversation_id=conversation)
    assert answer["tools_used"] == ["explain_unavailable_action"], (answer["tool_calls"], answer["answer"])
    assert answer["answer"].startswith("**Netflix**: Moneta can't cancel anything at the provider"), answer["answer"]
    assert "Cancel with the provider" in answer["answer"]
    assert _state(alice) == before


def test_stop_after_an_answer_about_no_plan_is_no_cancellation(chat_demo, alice, alice_money):
    """An answer about a category names no plan they pay again and again: "stop it" there cancels nothing."""
    conversation = chat_turn(user=alice, message="how much did I spend on dining last month?")["conversation_id"]
    answer = chat_turn(user=alice, message="stop it", conversation_id=conversation)
    assert "explain_unavailable_action" not in answer["tools_used"], answer["answer"]


@pytest.mark.parametrize("first, question", [
    ("what have I paid for rent this year?", "and what's my landlord's phone number? I need to call them"),
    ("what did Netflix cost me last month?", "Do I still owe them anything? What's the balance on that account?"),
    (None, "what is the email address for the good plate restaurant"),
])
def test_a_companys_own_records_are_data_moneta_lacks(chat_demo, alice, alice_money, first, question):
    conversation = chat_turn(user=alice, message=first)["conversation_id"] if first else None
    answer = chat_turn(user=alice, message=question, conversation_id=conversation)
    assert answer["tools_used"] == ["check_data_available"], (answer["tool_calls"], answer["answer"])
    assert not set(answer["tools_used"]) & MONEY_TOOLS and not answer["citations"]
    assert answer["answer"].startswith("I have no access to that: Moneta only has your transactions"), answer["answer"]
    assert "1,400" not in answer["answer"] and "15.49" not in answer["answer"]  # no total of what was paid them


def test_income_over_those_same_months_after_a_monthly_average(chat_demo, alice, alice_money):
    """"and what came in from work over those same three months?" after a 3-month average: the three full months
    averaged (3 × 3,200.00), never one month's pay."""
    conversation = chat_turn(user=alice, message="what do I spend on average a month, over the last 3 months?")
    answer = chat_turn(user=alice, message="And what came in from work over those same three months?",
                       conversation_id=conversation["conversation_id"])
    args = answer["tool_calls"][-1]["arguments"]
    assert args["direction"] == "in" and args["start"] == str(months_back(3)), args
    assert "$9,600.00" in answer["answer"], answer["answer"]


def test_a_part_said_with_and_everything_does_not_narrow_the_subject(chat_demo, alice):
    """"with the bag charge and everything" says what the figure takes in: the whole trip, not the rows saying
    "bag"."""
    from django.utils import timezone

    from transactions.services import transactions_import

    day = months_back(1) + timedelta(days=13)
    extra = [(day, "DELTA AIR LINES TICKET 0062", "-420.00", "Travel"), (day, "DELTA AIR BAG FEE", "-35.00", "Travel")]
    transactions_import(user=alice, file_name="alice.csv", content=statement_csv(today=timezone.localdate(), extra=extra))
    answer = chat_turn(user=alice, message="what did the delta trip cost me last month, with the bag charge and everything?")
    assert "$455.00" in answer["answer"], (answer["tool_calls"], answer["answer"])
    assert not answer["tool_calls"][0]["arguments"].get("text"), answer["tool_calls"]
