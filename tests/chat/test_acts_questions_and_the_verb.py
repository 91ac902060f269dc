"""Questions that look like requests to act: "count of transactions …" asks a number (the verb of re-filing is
"count X as Y"), and "Delete the duplicate then." after an answer is about that answer's merchant ("Delete" is no
name)."""
from __future__ import annotations

import pytest

from chat.services import chat_turn
from tests.chat.conftest import last_args

pytestmark = pytest.mark.django_db


def test_a_count_of_transactions_is_a_question_not_a_request_to_refile(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="count of transactions over $40 in the last 3 full months, excluding the rent?")
    assert [c["name"] for c in answer["tool_calls"]] == ["search_transactions"], answer["tool_calls"]
    args = last_args(answer)
    assert args["measure"] == "count" and args.get("amount_min") == 40.0, args
    # Whole Foods 96.40, The Good Plate 64.00 and Amazon 42.99 a month, rent left out
    assert "9 purchases" in answer["answer"], answer["answer"]


def test_delete_the_duplicate_after_a_listing_is_about_the_listed_merchant(chat_demo, alice, alice_money):
    first = chat_turn(user=alice, message="list my netflix charges last month")
    answer = chat_turn(user=alice, message="Delete the duplicate then.", conversation_id=first["conversation_id"])
    call = answer["tool_calls"][-1]
    assert call["name"] == "propose_delete_transaction", call
    assert call["arguments"].get("merchant") == "Netflix" and call["arguments"].get("duplicate"), call["arguments"]
    assert "Delta" not in answer["answer"]
