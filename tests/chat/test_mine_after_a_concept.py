"""Their own one of a thing Moneta cannot see, asked with "mine" right after a concept answer about it ("how do i get
my credit score up" → "and what's mine right now", "what's an index fund" → "how are mine doing"): the can't-see
answer, never the concept again at high confidence. A "mine" about a concept that is no data ("how big should mine
be" after an emergency fund) stays the concept. Through chat_turn."""
from __future__ import annotations

import pytest

from tests.chat.conftest import talk

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("first", "then"), [
    ("how do i get my credit score up", "and what's mine right now"),
    ("what's an index fund", "how are mine doing"),
])
def test_mine_after_a_concept_of_a_thing_moneta_lacks_is_the_cant_see_answer(chat_demo, alice, alice_money,
                                                                              knowledge_docs, first, then):
    _, answer = talk(alice, first, then)
    assert [c["name"] for c in answer["tool_calls"]] == ["check_data_available"], answer["tool_calls"]
    assert not answer["citations"]


def test_mine_of_an_idea_stays_the_idea(chat_demo, alice, alice_money, knowledge_docs):
    _, answer = talk(alice, "what's an emergency fund", "how big should mine be")
    assert "check_data_available" not in [c["name"] for c in answer["tool_calls"]], answer["tool_calls"]
