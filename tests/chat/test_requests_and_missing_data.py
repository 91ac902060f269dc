"""Requests to act in Vietnamese and requests that follow what they are about; questions about data Moneta
does not have. Through chat_turn: a proposal (or the steps) and nothing changed; no money total, no citation."""
from __future__ import annotations

from decimal import Decimal

import pytest

from chat.assistant import MONEY_TOOLS
from chat.capabilities import missing_data
from chat.services import chat_turn
from knowledge.models import Document
from transactions.models import Category, Jar, Transaction

pytestmark = pytest.mark.django_db


def _state(user) -> tuple:
    return (list(Transaction.objects.filter(user=user).order_by("id").values_list("id", "amount", "category_id")),
            list(Jar.objects.filter(user=user).values_list("name", "monthly_budget")),
            list(Category.objects.filter(user=user).order_by("id").values_list("name", "monthly_budget")),
            Document.objects.filter(corpus__owner=user).count())


def _proposal(answer) -> dict:
    assert len(answer.get("pending_actions") or []) == 1, (answer["tool_calls"], answer["answer"])
    return answer["pending_actions"][0]


@pytest.mark.parametrize("message, tool, key, value", [
    ("tạo hũ du lịch 3 triệu", "propose_create_jar", "monthly_budget", Decimal("3000000")),
    ("ghi lại khoản ăn trưa 50 nghìn trả tiền mặt", "propose_add_transaction", "amount", Decimal("50000")),
])
def test_vietnamese_request_is_proposed_in_vietnamese_and_changes_nothing(chat_demo, alice, alice_money, message,
                                                                          tool, key, value):
    before = _state(alice)
    answer = chat_turn(user=alice, message=message)
    assert answer["tools_used"] == [tool]
    action = _proposal(answer)
    assert Decimal(str(action["params"][key])).copy_abs() == value, action["params"]
    assert answer["answer"].startswith("Đây là việc tôi sẽ làm khi bạn xác nhận"), answer["answer"]
    assert "**Xác nhận**" in answer["answer"] and "Nothing has changed" not in answer["answer"]
    assert _state(alice) == before and not answer["citations"]


def test_vietnamese_jar_is_named_after_the_word_that_follows_hu(chat_demo, alice, alice_money):
    action = _proposal(chat_turn(user=alice, message="tạo hũ du lịch 3 triệu"))
    assert action["params"]["name"].lower() == "du lịch"


def test_vietnamese_budget_request_proposes_a_budget(chat_demo, alice, alice_money):
    before = _state(alice)
    answer = chat_turn(user=alice, message="đặt ngân sách đi chợ 4 triệu mỗi tháng")
    assert answer["tools_used"] == ["propose_set_budget"], answer["tool_calls"]
    assert not set(answer["tools_used"]) & set(MONEY_TOOLS) and _state(alice) == before


def test_cancel_at_the_provider_in_vietnamese_gets_steps_not_a_total(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="hủy gói Netflix giúp tôi")
    assert answer["tools_used"] == ["explain_unavailable_action"], answer["tool_calls"]
    text = answer["answer"]
    assert text.startswith("**Netflix**: Moneta không huỷ được") and "\n1. Huỷ trực tiếp" in text, text
    assert "Cancel with the provider" not in text and "What you can do" not in text  # the steps in Vietnamese too
    assert "What it costs" not in text and "15.49" in text  # the plan's price, in Vietnamese words too


def test_request_after_what_it_is_about_is_still_a_request(chat_demo, alice, alice_money):
    """"Netflix charged me twice last month, get rid of the extra one": the verb is in the second clause."""
    before = _state(alice)
    answer = chat_turn(user=alice, message="netflix charged me twice last month, get rid of the extra one")
    assert answer["tools_used"] == ["propose_delete_transaction"], answer["tool_calls"]
    assert answer["tool_calls"][0]["arguments"].get("duplicate") is True
    assert _state(alice) == before


def test_a_cap_is_a_budget(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="put a 250 cap on shopping each month")
    assert answer["tools_used"] == ["propose_set_budget"], answer["tool_calls"]
    assert Decimal(str(_proposal(answer)["params"]["amount"])) == Decimal("250")


@pytest.mark.parametrize("message, topic", [
    ("vợ tôi tiêu bao nhiêu tiền tháng trước", "other people's money"),
    ("how big will my tax refund be", "taxes"),
    ("giá vàng hôm nay bao nhiêu", "market prices"),
    ("what's tesla's share price", "market prices"),
])
def test_data_moneta_lacks_is_said_plainly(chat_demo, alice, alice_money, message, topic):
    before = _state(alice)
    answer = chat_turn(user=alice, message=message)
    assert answer["tools_used"] == ["check_data_available"], answer["tool_calls"]
    call = answer["tool_calls"][0]
    assert not call["error"]
    assert not answer["citations"] and answer["confidence"] <= 0.6 and _state(alice) == before
    vi = message.startswith(("vợ", "giá"))
    assert answer["answer"].startswith("Tôi không thấy được" if vi else "I have no access to that"), answer["answer"]
    assert missing_data(message).topic == topic  # the capability map's topic the answer came from


def test_what_is_a_tax_refund_is_a_concept_not_missing_data(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="what is a tax refund and how does it work")
    assert "check_data_available" not in answer["tools_used"]


def test_renaming_a_category_is_not_possible_from_the_chat_and_gets_the_steps(chat_demo, alice, alice_money):
    before = _state(alice)
    answer = chat_turn(user=alice, message="rename my groceries category to food")
    assert answer["tools_used"] == ["explain_unavailable_action"], answer["tool_calls"]
    assert "Categories & payees" in answer["answer"] and "\n2. " in answer["answer"]
    assert _state(alice) == before and not answer["citations"]


@pytest.mark.parametrize("message", [
    "mình đang nợ tổng cộng bao nhiêu",  # what they owe, with or without "my"
    "tổng dư nợ hiện giờ là bao nhiêu",
    "car loan còn lại bao nhiêu",
    "khoản vay mua nhà còn mấy tiền nữa",
])
def test_what_is_still_owed_asked_in_vietnamese_is_said_plainly(chat_demo, alice, alice_money, message):
    before = _state(alice)
    answer = chat_turn(user=alice, message=message)
    assert answer["tools_used"] == ["check_data_available"], answer["tool_calls"]
    assert not answer["citations"] and answer["confidence"] <= 0.6 and _state(alice) == before
    assert answer["answer"].startswith("Tôi không thấy được") and "còn nợ bao nhiêu" in answer["answer"], answer["answer"]


@pytest.mark.parametrize("message", ["nợ tín chấp là gì", "làm thế nào để trả nhanh khoản vay mua xe"])
def test_how_debt_works_asked_in_vietnamese_stays_a_concept(chat_demo, alice, alice_money, message):
    answer = chat_turn(user=alice, message=message)
    assert "check_data_available" not in answer["tools_used"], answer["tool_calls"]
