"""Issue 21 kind 5 through chat_turn: a savings goal at the monthly saving the question states or points to, the
income a question states, and affordability said in other words. The statement (tests/chat/conftest.py) is the same
every month — salary 3,200.00, spending 1,672.48, Uber 23.10, Dining 76.00 — plus a one-off Best Buy purchase of
600.00 last month, so last month kept 927.52 while the usual month (3 full months) kept 1,327.52."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from chat.services import chat_turn
from tests.chat.conftest import month_start, statement_csv
from transactions.services import transactions_import

pytestmark = pytest.mark.django_db
MONEY_TOOLS = {"search_transactions", "compare_spending", "get_spending_summary", "analyze_by_category",
               "analyze_merchant"}


@pytest.fixture
def money(alice):
    today = timezone.localdate()
    one_off = (month_start(today, 1) + timedelta(days=14), "BEST BUY 00012345", "-600.00", "Shopping")
    return transactions_import(user=alice, file_name="alice.csv", content=statement_csv(today=today, extra=[one_off]))


def test_a_stated_monthly_saving_is_arithmetic_on_the_stated_numbers(chat_demo, alice, money):
    answer = chat_turn(user=alice, message="if I save $450 a month starting now, how many months until I have $9,000? "
                                           "no need to look at my transactions")
    assert not {c["name"] for c in answer["tool_calls"]} & MONEY_TOOLS and not answer["citations"], answer["tool_calls"]
    assert "20 months" in answer["answer"] and "$9,000.00 ÷ $450.00" in answer["answer"], answer["answer"]


def test_going_by_last_month_uses_what_last_month_kept(chat_demo, alice, money):
    answer = chat_turn(user=alice, message="how many months to save $5,000 going by last month?")
    text = answer["answer"]
    # 3,200.00 − 2,272.48 = 927.52 kept last month; 5,000 ÷ 927.52 = 5.4 → 6 months (the usual month would say 4)
    assert "$927.52" in text and "6 months" in text and "$1,327.52" not in text, text


def test_saving_what_went_to_a_merchant_last_month(chat_demo, alice, money):
    answer = chat_turn(user=alice, message="I want $1,000 for a trip. If I save each month what I spent on Uber last "
                                           "month, how many months will it take?")
    text = answer["answer"]
    assert "$23.10" in text and "44 months" in text and "$1,000.00 ÷ $23.10" in text, text


def test_saving_the_average_month_of_a_category(chat_demo, alice, money):
    answer = chat_turn(user=alice, message="if I put my average monthly dining spend (last 3 full months) into savings "
                                           "instead, how long to save $760?")
    text = answer["answer"]
    assert "$76.00" in text and "10 months" in text and "$228.00 ÷ 3" in text, text


@pytest.mark.parametrize("question", ["I make $3,000 a month, how much for wants?",
                                      "my take-home is 3000 a month, what goes to needs?"])
def test_a_stated_income_is_the_income_the_split_uses(chat_demo, alice, money, question):
    answer = chat_turn(user=alice, message=question)
    text = answer["answer"]
    assert "$3,000.00 × 50% = $1,500.00" in text and "$3,000.00 × 30% = $900.00" in text, text


def test_share_of_pay_saved_in_a_period_is_no_knowledge_search(chat_demo, alice, money):
    answer = chat_turn(user=alice, message="what percent of my income did I save this year")
    assert [c["name"] for c in answer["tool_calls"]] == ["income_breakdown"], answer["tool_calls"]
    assert not answer["escalated"]


@pytest.mark.parametrize("question", ["would a $1,200 couch fit in our budget based on the last 3 months",
                                      "can we pay for a $1,200 couch based on the last 3 months"])
def test_affordability_in_other_words_is_the_arithmetic(chat_demo, alice, money, question):
    answer = chat_turn(user=alice, message=question)
    call = answer["tool_calls"][0]
    assert call["name"] == "check_affordability" and call["arguments"].get("months") == 3, answer["tool_calls"]
    assert "the purchase" in answer["answer"], answer["answer"]


def test_a_question_before_an_affordability_question_is_answered_too(chat_demo, alice, money):
    from tests.chat.conftest import talk

    _income, both = talk(alice, "how much came in last month?",
                         "and how much went out? so could I afford a $900 trip next month?")
    names = [c["name"] for c in both["tool_calls"]]
    assert names == ["search_transactions", "check_affordability"], both["tool_calls"]
    # last month's spending: 1,672.48 + the 600.00 one-off; then the judgement with its arithmetic
    assert "$2,272.48" in both["answer"] and "the purchase" in both["answer"], both["answer"]
    assert "based_on" not in both["tool_calls"][1]["arguments"], both["tool_calls"][1]


@pytest.mark.parametrize(("question", "kept"), [
    ("how much of what I earned did I actually keep last month", "$927.52"),
    ("toi giu lai duoc bao nhieu tien thang truoc", "$927.52"),  # Vietnamese typed without accents
    ("how much is left after expenses each month", "$1,327.52"),  # the usual month: (3 × 3,200 − 3 × 1,672.48 − 600) ÷ 3
])
def test_pay_kept_in_other_words_is_that_periods_income_minus_spending(chat_demo, alice, money, question, kept):
    answer = chat_turn(user=alice, message=question)
    assert [c["name"] for c in answer["tool_calls"]] == ["income_breakdown"], answer["tool_calls"]
    assert kept in answer["answer"] and "$3,200.00" in answer["answer"], answer["answer"]
