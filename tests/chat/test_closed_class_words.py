"""Issue 21 kind 2 through chat_turn: a word of a closed class the grammar did not place — an English discourse
marker, filler, hedge, intensifier, interjection or word of address ("honestly", "kinda", "for the record", "bro"),
a Vietnamese sentence-final particle or polite marker ("nhỉ", "nha", "giùm", "luôn") — cannot change the answer, so
it does not make a right answer not confident (transactions/query/closed_words.py). A content word the grammar did
not place (a pet, an event) still does. Last month of the chat fixture statement: Starbucks 5.75 + 6.25, Whole Foods
96.40, Uber 23.10, The Good Plate 64.00, rent 1,400.00."""
from __future__ import annotations

import pytest

from chat.services import chat_turn
from tests.chat.conftest import confident

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("question", [
    "honestly how much did I spend at Starbucks last month",
    "so like, how much did I spend at Starbucks last month",
    "for the record, what did I spend at Starbucks last month?",
    "real quick bro, how much at Starbucks last month",
    "what did I spend at Starbucks last month, kinda curious lol",
    "i guess how much did I spend at Starbucks last month",
    "what was my aggregate spend at Starbucks last month, in total",
    "what did I spend at Starbucks last month anyway",
    "how much did I spend at Starbucks last month, entirely",
])
def test_english_chatter_does_not_lower_confidence(chat_demo, alice, alice_money, question):
    answer = chat_turn(user=alice, message=question)
    assert "$12.00" in answer["answer"], answer["answer"]
    assert confident(alice, answer), (answer["answer"], answer["understanding"])


@pytest.mark.parametrize("question", [
    "tháng trước tôi tiêu ở Starbucks bao nhiêu nhỉ?",
    "tháng trước tôi tiêu ở Starbucks bao nhiêu vậy nha",
    "xem giùm tôi tháng trước tiêu ở Starbucks bao nhiêu luôn",
    "tháng trước tiêu ở Starbucks hết bao nhiêu đó ạ",
    "Cho tôi hỏi tháng trước tôi tiêu ở Starbucks bao nhiêu ạ?",
    "Xin cho biết tháng trước tôi tiêu ở Starbucks bao nhiêu",
    "Tháng trước việc uống cà phê ở Starbucks tốn bao nhiêu?",
])
def test_vietnamese_particles_do_not_lower_confidence(chat_demo, alice, alice_money, question):
    answer = chat_turn(user=alice, message=question)
    assert "12" in answer["answer"], answer["answer"]
    assert confident(alice, answer), (answer["answer"], answer["understanding"])


@pytest.mark.parametrize("question", [
    "honestly how much did I spend at Starbucks for the wedding last month",
    "tháng trước tôi tiêu ở Starbucks cho con chó bao nhiêu nhỉ?",
])
def test_a_content_word_beside_the_chatter_still_is_not_confident(chat_demo, alice, alice_money, question):
    answer = chat_turn(user=alice, message=question)
    assert not confident(alice, answer), (answer["answer"], answer["understanding"])
