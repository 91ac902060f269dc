"""Vietnamese questions about something other than money (the weather, a match, the news, a joke, a recipe) through
chat_turn: no money tool runs, and the reply says plainly what Moneta does, in Vietnamese. A Vietnamese question that
does ask for money without a word of money ("Starbucks tuần này", "đi Uber mấy lần", "con chó của tôi tháng này") is
still read as one. The chat fixture statement: Starbucks, Uber, Whole Foods … each month."""
from __future__ import annotations

import pytest

from chat.services import chat_turn

pytestmark = pytest.mark.django_db

MONEY_TOOLS = {"search_transactions", "analyze_merchant", "analyze_by_category", "compare_spending",
               "get_spending_summary"}


@pytest.mark.parametrize("said", [
    "ngày mai ở Đà Nẵng trời có mưa không",
    "thời tiết cuối tuần này ở Huế",
    "tối qua đội tuyển Việt Nam đá với ai, tỷ số thế nào",
    "kể cho mình nghe một truyện cười đi",
    "cách nấu bún bò Huế như thế nào",
    "ai là người viết bài hát này",
    "tin tức sáng nay có gì nổi bật",
])
def test_a_question_about_something_else_is_out_of_scope_in_vietnamese(chat_demo, alice, alice_money, said):
    answer = chat_turn(user=alice, message=said)
    assert not {c["name"] for c in answer["tool_calls"]} & MONEY_TOOLS, answer["tool_calls"]
    assert not any(c["name"] in ("search_knowledge_base", "search_online") for c in answer["tool_calls"])
    assert "Moneta" in answer["answer"] and "chi tiêu" in answer["answer"], answer["answer"]
    assert "personal-finance" not in answer["answer"] and not answer["escalated"], answer["answer"]


@pytest.mark.parametrize("said", ["thoi tiet ngay mai the nao", "ke cho toi mot chuyen cuoi di"])
def test_out_of_scope_typed_without_accents_is_answered_in_vietnamese(chat_demo, alice, alice_money, said):
    answer = chat_turn(user=alice, message=said)
    assert answer["tool_calls"] == [], answer["tool_calls"]
    assert "Moneta" in answer["answer"] and "personal-finance" not in answer["answer"], answer["answer"]


def test_rain_or_buy_without_accents_is_no_confident_answer(chat_demo, alice, alice_money):
    # "mua" is "mưa" (rain) or "mua" (buy) once its accent is gone: out of scope, or a doubted reading — never sure
    answer = chat_turn(user=alice, message="hom nay troi co mua khong")
    assert answer["tool_calls"] == [] or answer["confidence"] < 0.4, answer


def test_off_topic_after_a_money_answer_is_still_out_of_scope(chat_demo, alice, alice_money):
    first = chat_turn(user=alice, message="tháng trước tôi tiêu bao nhiêu ở Starbucks")
    answer = chat_turn(user=alice, message="mà hôm nay trời có nắng không", conversation_id=first["conversation_id"])
    assert not {c["name"] for c in answer["tool_calls"]} & MONEY_TOOLS, answer["tool_calls"]
    assert "Moneta" in answer["answer"], answer["answer"]


@pytest.mark.parametrize(("said", "merchant"), [("Starbucks tuần này", "Starbucks"),
                                                ("tháng trước đi Uber mấy lần", "Uber"),
                                                ("tuần rồi ghé Whole Foods mấy bận", "Whole Foods")])
def test_money_asked_without_a_money_word_is_still_money(chat_demo, alice, alice_money, said, merchant):
    answer = chat_turn(user=alice, message=said)
    names = {c["name"] for c in answer["tool_calls"]}
    assert names & MONEY_TOOLS, (said, answer["answer"])


def test_something_of_theirs_with_a_period_is_looked_up_not_refused(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="con mèo của tôi tháng này")
    assert {c["name"] for c in answer["tool_calls"]} & MONEY_TOOLS, answer["answer"]


@pytest.mark.parametrize("then", ["Netflix?", "còn Uber", "200k?"])
def test_a_turn_with_no_language_of_its_own_goes_on_in_vietnamese(chat_demo, alice, alice_money, then):
    # the person's UI is English, the conversation Vietnamese: the short turn is answered in Vietnamese
    first = chat_turn(user=alice, message="tháng trước tôi tiêu bao nhiêu ở Starbucks")
    answer = chat_turn(user=alice, message=then, conversation_id=first["conversation_id"])
    assert "You spent" not in answer["answer"] and "What I looked up" not in answer["answer"], answer["answer"]
