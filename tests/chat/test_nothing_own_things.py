"""Issue 21 (kinds 1, 2) through chat_turn: a look for one's own charges on a thing nothing of theirs is called.

- "is anything from the move still showing up? the movers, the storage deposit?": their transactions are searched
  and nothing is found — never a knowledge-base answer (transactions/query/own_things.py, chat/offline/router.py);
- "what about <a shop they never used>?" after a nothing-found answer: nothing found for it too, for the same
  period — never a question back (transactions/query/parse.py).
Data: the chat fixture statement (tests/chat/conftest.py) for Alice; Bob's pawn shop is never shown to her."""
from __future__ import annotations

import pytest

from chat.services import chat_turn
from tests.chat.conftest import answer_body, last_args, talk

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("question", [
    "is anything from the house move still showing up? movers, the storage unit deposit?",
    "did we pay for a dog groomer at some point?",
    "any charges for the piano tutor?",
])
def test_a_look_for_own_charges_on_a_thing_says_nothing_was_found(chat_demo, alice, alice_money, bob_money,
                                                                   question):
    answer = chat_turn(user=alice, message=question)
    names = [c["name"] for c in answer["tool_calls"]]
    assert "search_knowledge_base" not in names and "search_transactions" in names, names
    body = answer_body(answer)
    assert "found no" in body or "nothing" in body.lower(), body
    assert last_args(answer).get("unknown"), last_args(answer)
    assert last_args(answer).get("direction") == "out", last_args(answer)
    assert "1,400.00" not in body and "777.77" not in answer["answer"], body  # never all spending, never Bob's


def test_what_about_a_shop_never_used_after_nothing_found(chat_demo, alice, alice_money, bob_money):
    first, second = talk(alice, "did I spend anything on the aquarium this year?", "hmm, what about pawn shop?")
    assert "found no" in answer_body(first), first["answer"]
    body = answer_body(second)
    assert second["tool_calls"], second["answer"]  # answered, not a question back
    assert "found no" in body or "nothing" in body.lower(), body
    assert last_args(second).get("start") == last_args(first).get("start"), (last_args(first), last_args(second))
    assert "777.77" not in second["answer"]  # Bob's pawn shop is his alone
