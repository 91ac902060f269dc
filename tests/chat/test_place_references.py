"""Follow-ups that point back at a place ("at that store", "spent there") and unions written with "+" or "em"."""
from __future__ import annotations

from chat.services import chat_turn
from tests.chat.conftest import confident


def test_that_store_is_the_shop_of_the_largest_purchase(chat_demo, alice, alice_money, bob, bob_money):
    first = chat_turn(user=alice, message="what was my biggest purchase this year")
    shop = first["tool_calls"][0]["result"]["rows"][0]["merchant"] if first["tool_calls"][0].get("result") else None
    then = chat_turn(user=alice, message="how much have i spent at that store in total this year",
                     conversation_id=first["conversation_id"])
    merchants = then["tool_calls"][0]["arguments"].get("merchants")
    assert merchants and len(merchants) == 1, then["tool_calls"]
    assert shop is None or merchants == [shop]
    assert merchants[0] in first["answer"]  # the shop the last answer named
    assert "PAWN" not in then["answer"].upper()  # bob's shop is not alice's


def test_that_store_after_a_ranking_is_not_understood(chat_demo, alice, alice_money):
    ranking = chat_turn(user=alice, message="top merchants this year")
    then = chat_turn(user=alice, message="how much did i spend at that store last month",
                     conversation_id=ranking["conversation_id"])
    assert not confident(alice, then), then["answer"]  # several it could be: never a confident total of everything


def test_plus_and_em_are_words_of_a_union(chat_demo, alice, alice_money):
    both = chat_turn(user=alice, message="groceries + dining last month")
    assert sorted(both["tool_calls"][0]["arguments"].get("categories") or []) == ["Dining", "Groceries"], \
        both["tool_calls"]
    added = chat_turn(user=alice, message="add em up", conversation_id=both["conversation_id"])
    assert added["tool_calls"], added["answer"]  # a figure, not "what would you like to know"
    assert sorted(added["tool_calls"][0]["arguments"].get("categories") or []) == ["Dining", "Groceries"]
