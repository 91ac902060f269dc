"""The same action tools on the LLM path (a local fake OpenAI-compatible server): the model can only propose;
nothing changes until the user confirms; a wrong tool call comes out with low confidence, never "high"."""
from __future__ import annotations

import pytest

from chat.actions import services as actions
from chat.services import chat_turn
from transactions.models import Jar, Transaction

pytestmark = pytest.mark.django_db


def _ledger(user) -> list[tuple]:
    return list(Transaction.objects.filter(user=user).order_by("id").values_list("id", "amount", "category_id"))


def test_llm_proposes_a_jar_and_the_user_confirms(fake_llm, alice, alice_money):  # noqa: F811
    fake_llm([
        {"tool_calls": [("propose_create_jar", {"name": "Trip", "monthly_budget": 200})]},
        {"tool_calls": [("respond", {"answer": "I've prepared a Trip jar with $200.00 a month. Press Confirm to "
                                               "create it.", "cited_fact_ids": []})]},
    ])
    answer = chat_turn(user=alice, message="start a savings jar for a trip with $200 a month")

    assert answer["provider"] == "openai" and answer["tools_used"] == ["propose_create_jar"]
    assert answer["pending_actions"][0]["status"] == "pending"
    assert not Jar.objects.filter(user=alice).exists()
    assert answer["confidence"] >= 0.5 and not answer["escalated"], answer["grounding"]
    actions.pending_action_confirm(user=alice, action_id=answer["pending_actions"][0]["id"])
    assert Jar.objects.get(user=alice).name == "Trip"


def test_llm_cannot_smuggle_a_write_or_another_user(fake_llm, alice, alice_money, bob, bob_money):  # noqa: F811
    bob_jars = list(Jar.objects.filter(user=bob).values_list("id", flat=True))
    fake_llm([
        {"tool_calls": [("propose_create_jar", {"name": "Trip", "monthly_budget": 200, "user_id": bob.id,
                                                "confirm": True})]},
        {"tool_calls": [("respond", {"answer": "Done, the jar is created.", "cited_fact_ids": []})]},
    ])
    before = _ledger(alice)
    answer = chat_turn(user=alice, message="start a savings jar for a trip with $200 a month")
    action = answer["pending_actions"][0]
    assert action["status"] == "pending" and not Jar.objects.filter(user=alice).exists()
    assert list(Jar.objects.filter(user=bob).values_list("id", flat=True)) == bob_jars
    assert _ledger(alice) == before


@pytest.mark.parametrize("script,question", [
    # a change proposed for a plain question
    ([{"tool_calls": [("propose_create_jar", {"name": "Dining", "monthly_budget": 50})]},
      {"tool_calls": [("respond", {"answer": "I made you a jar.", "cited_fact_ids": []})]}],
     "how much did I spend on dining last month?"),
    # a request to act answered with an unrelated total
    ([{"tool_calls": [("search_transactions", {"measure": "total", "categories": ["Dining"]})]},
      {"tool_calls": [("respond", {"answer": "You spent money on Dining.", "cited_fact_ids": []})]}],
     "start a savings jar for a trip with $200 a month"),
    # the right tool with the wrong figure
    ([{"tool_calls": [("propose_create_jar", {"name": "Trip", "monthly_budget": 2000})]},
      {"tool_calls": [("respond", {"answer": "Press Confirm to create the jar.", "cited_fact_ids": []})]}],
     "start a savings jar for a trip with $200 a month"),
])
def test_wrong_tool_calls_are_never_confident(fake_llm, alice, alice_money, script, question):  # noqa: F811
    fake_llm(script)
    before = _ledger(alice)
    answer = chat_turn(user=alice, message=question)
    assert answer["confidence"] < 0.5, (answer["confidence"], answer["grounding"])
    assert _ledger(alice) == before and not Jar.objects.filter(user=alice).exists()


def test_missing_data_on_the_llm_path_is_said_at_medium_confidence(fake_llm, alice, alice_money):  # noqa: F811
    fake_llm([
        {"tool_calls": [("check_data_available", {"question": "what's my credit score?"})]},
        {"tool_calls": [("respond", {"answer": "I can't see your credit score: Moneta has no access to credit "
                                               "bureaus.", "cited_fact_ids": []})]},
    ])
    answer = chat_turn(user=alice, message="what's my credit score?")
    assert 0.4 <= answer["confidence"] < 0.75 and not answer["escalated"], answer["grounding"]


def test_llm_never_mind_cancels_only_this_conversations_proposal(fake_llm, alice, alice_money):  # noqa: F811
    """The LLM path has the same cancel tool: it drops what this conversation proposed, nothing else."""
    elsewhere = chat_turn(user=alice, message="log a $12 cash lunch today")  # offline model, another conversation
    fake_llm([
        {"tool_calls": [("propose_create_jar", {"name": "Trip", "monthly_budget": 200})]},
        {"tool_calls": [("respond", {"answer": "Press Confirm to create the Trip jar.", "cited_fact_ids": []})]},
        {"tool_calls": [("cancel_pending_action", {})]},
        {"tool_calls": [("respond", {"answer": "Cancelled; nothing changed.", "cited_fact_ids": []})]},
    ])
    proposed = chat_turn(user=alice, message="start a savings jar for a trip with $200 a month")
    chat_turn(user=alice, message="never mind", conversation_id=proposed["conversation_id"])
    assert actions.PendingAction.objects.get(id=proposed["pending_actions"][0]["id"]).status == "cancelled"
    assert actions.PendingAction.objects.get(id=elsewhere["pending_actions"][0]["id"]).status == "pending"
    assert not Jar.objects.filter(user=alice).exists()
