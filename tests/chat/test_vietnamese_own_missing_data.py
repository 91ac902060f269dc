"""Issue 21 kind 5 through chat_turn. The user's own data Moneta lacks (credit score, net worth, how much of a card's
limit is used) asked in Vietnamese with a casual first-person word ("tui", "tớ", "tao", "em", "toi" without
accents) is said plainly as something Moneta can't see, as "what's my credit score" is — never the knowledge
base's page on the concept; a bare follow-up naming another such thing ("còn tài sản ròng thì sao") is theirs
too. Asked without a person ("điểm tín dụng nghĩa là gì") it stays the concept (transactions/query/closed_words.VI_ME)."""
from __future__ import annotations

import pytest

from tests.chat.conftest import talk

pytestmark = pytest.mark.django_db


def _tools(answer: dict) -> list[str]:
    return [c["name"] for c in answer["tool_calls"]]


@pytest.mark.parametrize("question", [
    "điểm tín dụng của tớ được bao nhiêu rồi",
    "fico tao giờ nhiêu",
    "credit score toi hien gio bao nhieu",
    "thẻ em dùng mấy phần trăm hạn mức rồi",
])
def test_own_missing_thing_said_casually_is_cant_see(chat_demo, alice, alice_money, question):
    [answer] = talk(alice, question)
    assert _tools(answer) == ["check_data_available"], answer["tool_calls"]
    assert "search_knowledge_base" not in _tools(answer)


def test_bare_other_thing_after_cant_see_is_theirs(chat_demo, alice, alice_money):
    first, then = talk(alice, "fico tui nhiêu rồi", "còn tài sản ròng thì sao")
    assert _tools(first) == ["check_data_available"], first["tool_calls"]
    assert _tools(then) == ["check_data_available"], then["tool_calls"]
    assert "tài sản ròng" in then["answer"], then["answer"]


def test_concept_without_a_person_stays_knowledge(chat_demo, alice, alice_money):
    [answer] = talk(alice, "điểm tín dụng nghĩa là gì")
    assert "search_knowledge_base" in _tools(answer) and "check_data_available" not in _tools(answer), \
        answer["tool_calls"]
