"""Vietnamese requests to act with a question after them, through chat_turn: the speaker naming herself ("giúp
bố", "giùm em") is no name, "đô" is dollars, "trả tiền mặt" is how it was paid, and a question joined by "Mà …" /
", mà …" is answered beside the proposal."""
from __future__ import annotations

import pytest

from chat.services import chat_turn

pytestmark = pytest.mark.django_db


def test_a_logged_expense_is_named_by_what_it_was_for_and_the_question_after_ma_is_answered(chat_demo, alice,
                                                                                             alice_money):
    answer = chat_turn(user=alice, message="Ghi giúp bố khoản 25 đô tiền sửa xe hôm qua nhé, trả tiền mặt. "
                                           "Mà tháng trước tiền ăn uống hết bao nhiêu?")
    assert answer["tools_used"] == ["propose_add_transaction", "search_transactions"]
    assert answer["pending_actions"][0]["params"]["description"] == "sửa xe"


def test_a_jar_to_save_for_eating_out_is_for_dining_and_the_question_after_ma_is_answered(chat_demo, alice,
                                                                                          alice_money):
    answer = chat_turn(user=alice, message="Tạo giùm em một hũ để dành cho tiền ăn ngoài nha, mà tháng trước ăn "
                                           "ngoài hết bao nhiêu?")
    assert answer["tools_used"] == ["propose_create_jar", "search_transactions"]
    params = answer["pending_actions"][0]["params"]
    assert params["name"] == "Ăn Ngoài" and params["categories"] == ["Dining"]
