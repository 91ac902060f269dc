"""Issue 21: "explain it more simply", "in plain words?", "what does that mean" after an answer restate that answer
from its own figures, said short — never a knowledge search for the words "explain it simply", never a question
back, never an escalation of a figure that was right. A turn with a subject of its own is no restatement
(chat/restate.py, chat/offline/route_restate.py)."""
from __future__ import annotations

import pytest

from chat.restate import asks_restatement, plain_restatement
from tests.chat.conftest import confident, demo_docs, talk

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("text, restates", [
    ("explain it more simply", True),
    ("in plain words?", True),
    ("what does that mean", True),
    ("could you put that in layman's terms please", True),
    ("sorry, I don't get it. simpler?", True),
    ("can you say that again in plain english", True),
    ("ELI5", True),
    ("that's too complicated, dumb it down for me", True),
    ("what does APR mean", False),  # a term of its own: a concept
    ("what does that mean for my budget", False),  # a subject of its own
    ("explain compound interest simply", False),
    ("how much did I spend on groceries", False),
])
def test_a_turn_asking_for_the_last_answer_in_plainer_words(text, restates):
    assert asks_restatement(text) is restates


def test_the_restatement_keeps_the_first_figures_and_drops_the_details():
    answer = ("You spent $120.00 on Dining in May 2026, across 4 transactions.\nBy merchant: A $100.00, B $20.00.\n"
              "_What I looked up: Dining · money out · May 2026._")
    short = plain_restatement(answer)
    assert short == "Put simply: You spent $120.00 on Dining in May 2026, across 4 transactions."
    assert plain_restatement(answer, vi=True).startswith("Nói đơn giản: ")


@pytest.mark.parametrize("first, then", [
    ("how much did I spend on groceries last month", "explain it more simply"),
    ("how much did I spend on groceries last month", "hmm, in plain words?"),
    ("what did I spend at starbucks last month", "what does that mean"),
    ("what did I spend at starbucks last month", "could you put that in layman's terms please"),
])
def test_a_money_answer_is_restated_from_its_own_figures(chat_demo, alice, alice_money, bob, bob_money, first, then):
    asked, again = talk(alice, first, then)
    assert again["tools_used"] == asked["tools_used"], again["tool_calls"]
    assert again["tool_calls"][0]["arguments"] == asked["tool_calls"][0]["arguments"]
    figure = asked["answer"].split("$", 1)[1].split()[0].rstrip(",.")
    assert again["answer"].startswith("Put simply: ") and f"${figure}" in again["answer"], again["answer"]
    assert "By merchant" not in again["answer"] and "777.77" not in again["answer"]
    assert confident(alice, again) and not again["escalated"], again["grounding"]
    # Bob's own figure, restated for Bob
    bob_asked, bob_again = talk(bob, first, then)
    bob_figure = bob_asked["answer"].split("$", 1)[1].split()[0].rstrip(",.")
    assert f"${bob_figure}" in bob_again["answer"], bob_again["answer"]


@pytest.mark.parametrize("first, then", [
    ("what is a sinking fund", "I don't get it, can you say it more simply"),
    ("what's an emergency fund?", "in plain english?"),
])
def test_a_knowledge_answer_is_restated_from_its_page(chat_demo, alice, first, then):
    demo_docs(education=("emergency-fund.md", "sinking-funds.md"))
    asked, again = talk(alice, first, then)
    assert again["citations"] and again["citations"][0]["document"] == asked["citations"][0]["document"]
    assert again["answer"].startswith("Put simply: "), again["answer"]
    assert len(again["answer"]) < len(asked["answer"])


# ---- a retirement pot asked by its level, under any country's name: "I have no access to that", never a figure
@pytest.mark.parametrize("question", [
    "what's left of my pension",
    "my super balance",
    "how big is our kiwisaver now",
    "whats my superannuation at",
    "how much is left in my pension pot?",
    "our rrsp balance",
])
def test_a_retirement_pot_is_data_moneta_lacks(chat_demo, alice, alice_money, bob, bob_money, question):
    for user in (alice, bob):
        answer = talk(user, question)[0]
        assert answer["tools_used"] == ["check_data_available"], answer["tool_calls"]
        assert answer["answer"].startswith("I have no access to that") and "pension providers" in answer["answer"]
        assert "$" not in answer["answer"], answer["answer"]


@pytest.mark.parametrize("question", ["how much is left in my budget", "super expensive month, what did I spend?"])
def test_a_budget_or_the_word_super_is_no_retirement_pot(question):
    from chat.capabilities import missing_data

    assert missing_data(question) is None
