"""A Vietnamese answer names a category as the user sees it in the app, with the Vietnamese word after it
("Rent (Tiền nhà)"); a category of the user's own making stays as they wrote it (chat/words.py). And the
Vietnamese turns about money that were read as something else: what they pay for regularly is the list of
recurring charges (chat/listings.py), moving money into a jar is something Moneta can't do
(chat/unavailable_actions.py), "… sao vậy" after a verb asks how, never asks to act (chat/actions/verbs.py)."""
from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from chat.services import chat_turn
from tests.chat.conftest import statement_csv
from transactions.services import transactions_import

pytestmark = pytest.mark.django_db

PROPOSALS = {"propose_create_jar", "propose_set_budget", "propose_set_category", "propose_add_transaction",
             "propose_delete_transaction"}


@pytest.fixture
def carol_money(alice):
    """Alice's statement, with a category she named herself ("Cat food") beside the catalogue's."""
    today = timezone.localdate()
    first = today.replace(day=1) - timedelta(days=1)
    extra = [(first.replace(day=14), "MEOW MART PET SUPPLIES", "-210.00", "Cat food")]
    return transactions_import(user=alice, file_name="carol.csv", content=statement_csv(today=today, extra=extra))


def test_ranking_of_categories_keeps_the_users_names_with_the_vietnamese_word(chat_demo, alice, carol_money):
    text = chat_turn(user=alice, message="tháng vừa rồi những danh mục nào tốn tiền nhất?")["answer"]
    assert "Rent (Tiền nhà)" in text and "Groceries (Đi chợ)" in text, text
    assert "Cat food" in text and not re.search(r"Cat food \([^$]", text), text  # her own name: no gloss to give


def test_total_for_a_category_says_its_name_as_in_the_app(chat_demo, alice, carol_money):
    text = chat_turn(user=alice, message="tháng rồi mình tốn bao nhiêu tiền đi chợ?")["answer"]
    assert "Groceries (Đi chợ)" in text, text
    listed = chat_turn(user=alice, message="cho tôi xem các giao dịch ăn uống tháng trước")["answer"]
    assert "Dining (Ăn uống)" in listed and "(Dining (" not in listed, listed


def test_second_place_is_said_as_a_place_not_a_range(chat_demo, alice, carol_money):
    text = chat_turn(user=alice, message="tháng trước mục nào tôi tiêu nhiều thứ hai?")["answer"]
    assert "thứ 2" in text and "2–2" not in text, text


@pytest.mark.parametrize("question", [
    "mình đang trả định kỳ cho mấy dịch vụ nào thế?",
    "hằng tháng tôi đóng tiền cho những gói nào?",
])
def test_what_they_pay_regularly_is_the_list_of_recurring_charges(chat_demo, alice, carol_money, question):
    answer = chat_turn(user=alice, message=question)
    assert answer["tools_used"] == ["list_subscriptions"], (answer["tools_used"], answer["answer"])
    assert "Netflix" in answer["answer"], answer["answer"]


@pytest.mark.parametrize("question", [
    "bỏ giùm mình 300 đô vào hũ đi chơi",
    "nạp 2 triệu sang quỹ tiết kiệm cho tôi nhé",
])
def test_moving_money_into_a_jar_is_said_not_possible(chat_demo, alice, carol_money, question):
    answer = chat_turn(user=alice, message=question)
    assert answer["tools_used"] == ["explain_unavailable_action"], (answer["tools_used"], answer["answer"])
    assert "không" in answer["answer"], answer["answer"]


def test_how_asked_after_the_verb_is_no_request(chat_demo, alice, carol_money):
    answer = chat_turn(user=alice, message="tui lỡ đổi nhầm danh mục, hoàn tác sao vậy?")
    assert not set(answer["tools_used"]) & PROPOSALS, (answer["tools_used"], answer["answer"])


def test_second_place_among_shops_is_a_ranking_of_shops(chat_demo, alice, carol_money):
    answer = chat_turn(user=alice, message="tháng trước cửa hàng nào tôi tốn tiền thứ hai?")
    args = (answer.get("tool_calls") or [{}])[-1].get("arguments") or {}
    assert args.get("measure") == "top_merchants" and args.get("offset") == 1, (args, answer["answer"])
    assert "thứ 2" in answer["answer"] and "Meow" in answer["answer"].title(), answer["answer"]


def test_more_than_another_period_is_a_comparison(chat_demo, alice, carol_money):
    answer = chat_turn(user=alice, message="tháng trước mình xài nhiều hơn tháng trước nữa hả?")
    assert answer["tools_used"] == ["compare_spending"], (answer["tools_used"], answer["answer"])
    assert answer["answer"].count("$") >= 2, answer["answer"]


def test_internet_money_is_the_internet_bill(chat_demo, alice):
    today = timezone.localdate()
    day = today.replace(day=1) - timedelta(days=3)
    extra = [(day, "COMCAST XFINITY 800-266-2278", "-89.99", "Utilities")]
    transactions_import(user=alice, file_name="net.csv", content=statement_csv(today=today, extra=extra))
    text = chat_turn(user=alice, message="tháng rồi tiền mạng hết bao nhiêu?")["answer"]
    assert "$89.99" in text and "tiền mạng" in text, text


def test_money_received_is_income_and_fully_understood(chat_demo, alice, carol_money):
    answer = chat_turn(user=alice, message="tháng rồi mình nhận về được bao nhiêu?")
    assert "$3,200.00" in answer["answer"] and answer["confidence"] >= 0.9, answer["answer"]
