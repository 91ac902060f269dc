"""Requests and questions about what Moneta can't see, with the person's own words around them: "what's my net worth
these days? … maybe you can work it out" (their circumstance, no concept asked), "how are my investments doing? is it
up this year" (the question after is of the same thing: no total of their spending), "set a budget …, go ahead and do
it" (the request said again: no question after it), "make me a note that I need to ask…" (what the note says asks no
how-to), "the biggest thing I bought" (rent is paid, not bought). Through chat_turn; nothing changes until confirmed."""
from __future__ import annotations

from decimal import Decimal

import pytest
from django.db.models import Max

from chat.assistant import MONEY_TOOLS
from knowledge.models import Document
from tests.chat.conftest import talk
from transactions.models import Jar, Transaction

pytestmark = pytest.mark.django_db


def _names(answer) -> list[str]:
    return [c["name"] for c in answer["tool_calls"]]


@pytest.mark.parametrize("ask", [
    "what's my net worth these days? after splitting everything I have no idea, maybe you can work it out",
    "how are my investments doing, the 401k and the brokerage one? is it up this year?",
    # a gloss naming kinds of investment (a concept word) after the question of their own
    "how are my investments doing? I mean the pension and the index funds my daughter picked",
])
def test_their_own_thing_asked_with_words_around_it_is_no_concept_and_no_total(chat_demo, alice, alice_money, ask):
    (answer,) = talk(alice, ask)
    assert _names(answer) == ["check_data_available"], answer["tool_calls"]
    assert not answer["citations"] and not set(_names(answer)) & (MONEY_TOOLS - {"check_data_available"})


def test_a_concept_asked_after_their_own_thing_is_still_a_concept(chat_demo, alice, alice_money, knowledge_docs):
    (answer,) = talk(alice, "what is net worth exactly, how does it work?")
    assert "check_data_available" not in _names(answer), answer["tool_calls"]


def test_a_request_said_again_as_an_order_runs_no_total(chat_demo, alice, alice_money):
    before = list(Jar.objects.filter(user=alice).values_list("name"))
    (answer,) = talk(alice, "set a budget of $400 a month on dining for me, go ahead and do it")
    assert _names(answer) == ["propose_set_budget"], answer["tool_calls"]
    assert len(answer["pending_actions"]) == 1 and Decimal(str(answer["pending_actions"][0]["params"]["amount"])) == 400
    assert list(Jar.objects.filter(user=alice).values_list("name")) == before


def test_a_request_with_a_question_after_it_still_answers_it(chat_demo, alice, alice_money):
    (answer,) = talk(alice, "set a budget of $400 a month on dining, and how much did I spend on dining last month?")
    assert _names(answer)[0] == "propose_set_budget" and "search_transactions" in _names(answer), answer["tool_calls"]


def test_a_note_whose_words_say_i_need_to_is_proposed_not_explained(chat_demo, alice, alice_money):
    docs = Document.objects.filter(corpus__owner=alice).count()
    (answer,) = talk(alice, "can you make me a note that I need to ask the lawyer about the car payments? just save it")
    assert _names(answer) == ["save_note"], answer["tool_calls"]
    assert "lawyer" in answer["pending_actions"][0]["params"]["text"]
    assert Document.objects.filter(corpus__owner=alice).count() == docs


def test_the_biggest_thing_bought_is_no_bill(chat_demo, alice, alice_money):
    (answer,) = talk(alice, "what was the single biggest thing I bought this year?")
    args = answer["tool_calls"][-1]["arguments"]
    assert "Rent" in args.get("exclude_categories", []), args
    rent = Transaction.objects.filter(user=alice, category__name="Rent").aggregate(m=Max("amount"))["m"]
    assert f"${-rent:,.2f}" not in answer["answer"].splitlines()[0]
    (payment,) = talk(alice, "what was my biggest single expense this year?")  # any payment: the rent counts
    assert not payment["tool_calls"][-1]["arguments"].get("exclude_categories"), payment["tool_calls"]


def test_cancelling_a_recurring_charge_named_by_its_merchant_gets_the_steps(chat_demo, alice, alice_money):
    (answer,) = talk(alice, "cancel my Netflix for me please, I never watch it, it's just sad at this point")
    assert _names(answer) == ["explain_unavailable_action"], answer["tool_calls"]
    assert "can't cancel" in answer["answer"] and "search_transactions" not in _names(answer)
    (other,) = talk(alice, "cancel my starbucks")  # paid now and then, no plan to cancel: no cancel steps
    assert "can't cancel anything at the provider" not in other["answer"], other["answer"]


def test_an_account_named_then_what_is_in_it_asked_is_a_balance_it_cannot_see(chat_demo, alice, alice_money):
    (answer,) = talk(alice, "can you check my savings account, how much is in there?")
    assert _names(answer) == ["check_data_available"], answer["tool_calls"]


def test_a_thought_of_cancelling_beside_a_question_is_no_request(chat_demo, alice, alice_money):
    (answer,) = talk(alice, "Netflix. How much have I paid them this year? maybe I should just cancel it, I don't know")
    assert "search_transactions" in _names(answer) and "explain_unavailable_action" not in _names(answer), \
        answer["tool_calls"]


@pytest.mark.parametrize("before, then", [
    ("What is my bank balance?", "ok fine, then total spending this month so far?"),
    ("whats in my account right now", "ok then how much have i spent this month"),
])
def test_their_own_figure_after_a_cant_see_answer_is_their_money_not_a_concept(chat_demo, alice, alice_money,
                                                                                before, then):
    from django.db.models import Sum
    from django.utils import timezone

    first, second = talk(alice, before, then)
    assert _names(first) == ["check_data_available"], first["tool_calls"]
    assert _names(second) == ["search_transactions"] and not second["citations"], second["tool_calls"]
    today = timezone.localdate()
    spent = -Transaction.objects.filter(user=alice, amount__lt=0, date__gte=today.replace(day=1),
                                        date__lte=today).aggregate(s=Sum("amount"))["s"]
    assert f"${spent:,.2f}" in second["answer"], second["answer"]


def test_a_concept_leaning_on_the_question_before_is_still_that_concept(chat_demo, alice, alice_money,
                                                                        knowledge_docs):
    _first, second = talk(alice, "what is an emergency fund", "how big should mine be tho")
    assert "search_knowledge_base" in _names(second), second["tool_calls"]


def test_a_thing_it_cannot_see_asked_over_time_is_still_that_thing(chat_demo, alice, alice_money, knowledge_docs):
    (answer,) = talk(alice, "credit score YoY?")
    assert _names(answer) == ["check_data_available"], answer["tool_calls"]
    (concept,) = talk(alice, "what changes a credit score")  # how it works: the concept, not their figure
    assert "check_data_available" not in _names(concept), concept["tool_calls"]


def test_a_bare_thing_after_a_cant_see_answer_is_theirs_too(chat_demo, alice, alice_money, knowledge_docs):
    _score, bare = talk(alice, "what's my credit score", "investments?")
    assert _names(bare) == ["check_data_available"], bare["tool_calls"]
    (alone,) = talk(alice, "investments?")  # with nothing before it: the concept, as before
    assert "check_data_available" not in _names(alone), alone["tool_calls"]
