"""Issue 21: a jar or budget sized from the user's own data, asked with or without a verb ("a jar sized to my average
grocery month", "a groceries jar, same as my usual month") or politely ("I'd be grateful if you could…"): the average
is computed and shown, and the change is only proposed (chat/actions/verbs.py SIZED_JAR, proposals.jar_call)."""
from __future__ import annotations

import pytest

from chat.actions.verbs import JAR_RE
from tests.chat.conftest import talk

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("text, asks", [
    ("a jar sized to my average grocery month", True),
    ("a groceries jar, same as my usual month", True),
    ("an envelope for transport, matching my usual month", True),
    ("a new jar for dining at what I usually spend", True),
    ("a jar for groceries?", False),  # a question, not a request
    ("a jar is a budget envelope", False),  # nothing sizes it
])
def test_a_jar_named_with_no_verb_and_sized_is_a_request(text, asks):
    assert bool(JAR_RE.search(text)) is asks


@pytest.mark.parametrize("text, category", [
    ("a jar sized to my average grocery month", "Groceries"),
    ("a groceries jar, same as my usual month", "Groceries"),
    ("an envelope for dining, matching my usual month", "Dining"),
    ("I'd be grateful if you could set up a jar for dining based on my average month", "Dining"),
])
def test_a_jar_sized_to_the_average_month_is_proposed_with_the_average_shown(chat_demo, alice, alice_money, bob,
                                                                             bob_money, text, category):
    for user in (alice, bob):
        answer = talk(user, text)[0]
        call = answer["tool_calls"][0]
        assert call["name"] == "propose_create_jar", answer["tool_calls"]
        assert call["arguments"]["categories"] == [category] and call["arguments"]["usual_months"] == 3
        assert call["arguments"]["name"] == category
        assert "÷ 3" in answer["answer"] and "Nothing has changed yet" in answer["answer"], answer["answer"]


@pytest.mark.parametrize("text", [
    "would you be so kind as to set a budget for groceries at my usual spend",
    "set a budget for groceries at what I usually spend",
])
def test_a_budget_at_the_usual_spend_is_proposed_politely_or_not(chat_demo, alice, alice_money, text):
    answer = talk(alice, text)[0]
    assert answer["tool_calls"][0]["name"] == "propose_set_budget", answer["tool_calls"]
    assert answer["tool_calls"][0]["arguments"] == {"category": "Groceries", "usual_months": 3}
    assert "÷ 3" in answer["answer"]
