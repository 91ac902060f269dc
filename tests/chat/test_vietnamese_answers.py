"""A Vietnamese question gets a wholly Vietnamese answer (chat/words.py, chat/offline/money_answer.py,
chat/offline/compose.py): category names as the user named them, each with the catalogue's Vietnamese word after
it, months by Django's Vietnamese formats, labels and units in Vietnamese — and the figures still checked (no "(unverified)" on Vietnamese dates)."""
from __future__ import annotations

import re

import pytest
from django.utils import translation
from django.utils.translation import gettext

from chat.services import chat_turn
from transactions.categories import DEFAULT_CATEGORIES
from transactions.models import Merchant

pytestmark = pytest.mark.django_db

MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December", "Jan", "Feb", "Mar", "Apr", "Jun", "Jul", "Aug", "Sep", "Sept", "Oct", "Nov", "Dec")
ENGLISH_LABELS = ("spent", "spending", "transactions", "What I looked up", "Sources", "merchant", "usual", "average",
                  "total", "income", "left", "month", "months", "per", "next", "biggest", "Yes", "Not", "I'm")


def _english_words(answer: str, user) -> list[str]:
    """English month, category and label words left in an answer (merchant names are names: left out)."""
    text = answer
    for name in sorted(Merchant.objects.filter(user=user).values_list("name", flat=True), key=len, reverse=True):
        text = text.replace(name, " ")
    with translation.override("vi"):
        translated = [name for name, _ in DEFAULT_CATEGORIES if gettext(name) != name]
        for name in translated:  # the user's category name with its Vietnamese word after it: a name, as in the app
            text = text.replace(f"{name} ({gettext(name)})", " ")
    words = set(re.findall(r"[A-Za-z']+", text))
    return sorted(words & (set(MONTHS) | set(translated) | set(ENGLISH_LABELS)))


@pytest.mark.parametrize("question,tool", [
    ("tháng trước tôi tiêu bao nhiêu cho ăn uống?", "search_transactions"),
    # "which category" asks for the one at the top: a ranking of length one (193fddd), not the whole summary
    ("tháng trước tôi chi nhiều nhất cho danh mục nào?", "search_transactions"),
    ("tháng trước tôi chi vào những danh mục nào?", "get_spending_summary"),
    ("so sánh chi tiêu ăn uống tháng trước và tháng này", "compare_spending"),
    ("trung bình mỗi tháng tôi chi bao nhiêu cho đi chợ?", "analyze_by_category"),
    ("giao dịch lớn nhất tháng trước là gì?", "search_transactions"),
    ("liệt kê giao dịch ăn uống tháng trước", "search_transactions"),
    ("các khoản đăng ký của tôi", "list_subscriptions"),
    ("tôi có đủ tiền mua ghế sofa 900 đô tháng sau không?", "check_affordability"),
    ("tôi giữ lại được bao nhiêu phần lương?", "income_breakdown"),
])
def test_vietnamese_question_gets_no_english_category_month_or_label(chat_demo, alice, alice_money, question, tool):
    answer = chat_turn(user=alice, message=question)
    assert answer["tools_used"] == [tool], answer["tools_used"]
    assert _english_words(answer["answer"], alice) == [], answer["answer"]
    assert "(unverified)" not in answer["answer"], answer["answer"]


def test_categories_and_months_are_the_catalogues(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="tháng trước tôi chi vào những danh mục nào?")["answer"]
    with translation.override("vi"):
        assert gettext("Rent") in answer and gettext("Groceries") in answer  # "Tiền nhà", "Đi chợ"
    assert "Tháng " in answer
    english = chat_turn(user=alice, message="what were my top categories last month?")["answer"]
    assert "Rent" in english and "Tháng" not in english  # an English question keeps English words


def test_vietnamese_balance_answer(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="số dư tài khoản của tôi là bao nhiêu?")
    assert answer["answer"].startswith("Tôi không thấy được"), answer["answer"]
    assert _english_words(answer["answer"], alice) == []
