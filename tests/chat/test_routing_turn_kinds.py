"""Issue 21: which kind of turn a question is, through chat_turn — a money tool, knowledge (a concept, a how-to), data
Moneta does not have, or a request to act. What changes a thing is a concept ("which things push my credit score
down"); the thing itself is data Moneta lacks ("net-worth? total it all up"); a listing asked for is the listing;
a how-to gets the help page's steps, also when it points back at the turn before or is typed in Vietnamese."""
from __future__ import annotations

import pytest

from chat.assistant import MONEY_TOOLS
from chat.help_steps import heading_overlap
from chat.services import chat_turn
from tests.chat.conftest import demo_docs

pytestmark = pytest.mark.django_db


@pytest.fixture
def library(db):
    return demo_docs(education=("credit-scores.md", "net-worth.md"),
                     help_pages=("accounts-and-transfers.md", "categories-and-rules.md", "budget-jars.md",
                                 "editing-transactions.md", "assistant-actions.md"))


def _cited(answer: dict) -> set[str]:
    return {c.get("corpus") for c in answer["citations"]}


def test_what_changes_the_users_credit_score_is_the_concept_page(chat_demo, alice, alice_money, library):
    answer = chat_turn(user=alice, message="which things push my credit score down?")
    assert answer["tools_used"] == ["search_knowledge_base"], answer["tool_calls"]
    assert _cited(answer) == {"finance-education"}, answer["answer"]
    own = chat_turn(user=alice, message="my credit score right now?")  # the figure itself: Moneta can't see it
    assert own["tools_used"] == ["check_data_available"] and not own["citations"], own["tool_calls"]


@pytest.mark.parametrize("question", ["net-worth? total it all up", "how much did my bf spend on his card this month"])
def test_data_moneta_lacks_is_said_plainly_with_no_money_figure(chat_demo, alice, alice_money, library, question):
    answer = chat_turn(user=alice, message=question)
    assert answer["tools_used"] == ["check_data_available"], answer["tool_calls"]
    assert answer["answer"].startswith("I have no access to that") and not answer["citations"], answer["answer"]
    assert not set(answer["tools_used"]) & set(MONEY_TOOLS)


def test_a_vietnamese_request_to_move_money_is_said_impossible(chat_demo, alice, alice_money, library):
    answer = chat_turn(user=alice, message="gửi giúp mình 300 đô vào tài khoản tiết kiệm với")
    assert answer["tools_used"] == ["explain_unavailable_action"], answer["tool_calls"]
    assert not answer["citations"] and "không" in answer["answer"], answer["answer"]


def test_show_every_subscription_is_the_listing(chat_demo, alice, alice_money, library):
    answer = chat_turn(user=alice, message="show every subscription")
    assert answer["tools_used"] == ["list_subscriptions"], answer["tool_calls"]


def test_a_vietnamese_how_to_typed_without_accents_gets_steps_not_a_proposal(chat_demo, alice, alice_money, library):
    answer = chat_turn(user=alice, message="xoa nham giao dich roi, khoi phuc sao vay")
    assert answer["tools_used"] == ["get_app_information"], answer["tool_calls"]
    assert _cited(answer) == {"moneta-help"} and "1." in answer["answer"], answer["answer"]


def test_a_how_to_that_points_back_gets_the_steps_for_the_thing_before(chat_demo, alice, alice_money, library):
    first = chat_turn(user=alice, message="could you make me a jar for holiday gifts, $150 a month")
    answer = chat_turn(user=alice, message="hmm ok, show me how I'd do that one myself",
                       conversation_id=first["conversation_id"])
    assert answer["tools_used"] == ["get_app_information"], answer["tool_calls"]
    assert "moneta-help" in _cited(answer) and "jar" in answer["answer"].lower(), answer["answer"]


def test_transactions_and_transfers_are_different_help_topics(db):
    # both start "trans": a question about transactions shares no topic with a heading about transfers
    assert heading_overlap("how do I edit a transaction", "How to pay a bill or transfer money") == 0
    assert heading_overlap("how do I edit a transaction", "How to edit, delete and undo a transaction") >= 1
    assert heading_overlap("how do I pair transfers", "How to pair a transfer between your accounts") >= 1


def test_a_yes_or_no_about_how_money_works_is_a_concept_even_naming_a_category(chat_demo, alice, alice_money,
                                                                               library):
    answer = chat_turn(user=alice, message="does paying rent on time build credit")
    assert answer["tools_used"] == ["search_knowledge_base"], answer["tool_calls"]
    asked = chat_turn(user=alice, message="credit score? what even is that")  # the name, then asked what it is
    assert asked["tools_used"] == ["search_knowledge_base"], asked["tool_calls"]


def test_two_of_their_own_merchants_weighed_are_compared(chat_demo, alice, alice_money, library):
    answer = chat_turn(user=alice, message="amazon or whole foods, which one takes more of my money")
    assert answer["tools_used"] == ["compare_spending"], answer["tool_calls"]
    assert not answer["citations"], answer["answer"]


def test_their_own_credit_is_the_capability_note_and_the_idea_is_the_concept(chat_demo, alice, alice_money, library):
    for question in ("hows our credit doing?", "tell me my credit utilisation"):
        own = chat_turn(user=alice, message=question)
        assert own["tools_used"] == ["check_data_available"] and not own["citations"], own["tool_calls"]
        assert not set(own["tools_used"]) & set(MONEY_TOOLS)
    idea = chat_turn(user=alice, message="explain credit utilisation to me")
    assert idea["tools_used"] == ["search_knowledge_base"], idea["tool_calls"]
    card = chat_turn(user=alice, message="how much went on my credit card last month")
    assert card["tools_used"] != ["check_data_available"], card["tool_calls"]


def test_a_subscription_weighed_against_another_of_theirs_is_compared_not_listed(chat_demo, alice, alice_money,
                                                                                 library):
    answer = chat_turn(user=alice, message="netflix vs whole foods - which one costs me more?")
    assert answer["tools_used"] == ["compare_spending"], answer["tool_calls"]
    assert not answer["citations"], answer["answer"]
