"""What Moneta has and what it does not, through chat_turn: data it lacks is said plainly (not high, not
escalated); affordability and the share of pay kept are answered from the user's own figures, the arithmetic
shown and every number checkable against SQL."""
from __future__ import annotations

from decimal import Decimal

import pytest
from django.utils import timezone

from chat.services import chat_turn
from core.periods import add_months
from transactions.selectors import cash_flow_trend

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("question,topic", [
    ("what's my credit score?", "credit"),
    ("what's my current account balance", "balance"),
    ("how are my investments doing", "invest"),
    ("how much did my wife spend last month", "your own data"),
])
def test_missing_data_is_said_plainly_at_medium_confidence(chat_demo, alice, alice_money, question, topic):
    answer = chat_turn(user=alice, message=question)
    assert answer["tools_used"] == ["check_data_available"], answer["tools_used"]
    assert answer["answer"].startswith("I have no access to that") and topic in answer["answer"].lower()
    assert "I can " in answer["answer"]  # what it can do instead
    assert 0.4 <= answer["confidence"] < 0.75 and not answer["escalated"], answer["grounding"]


@pytest.mark.parametrize("question", [
    "credit score atm?",  # a bare name with "right now" in short: was the credit-score concept page at 0.83
    "what's our savings account at rn",  # an account named alone asks what is in it: was the savings-account page
    "what is the balance of our checking account right now please",  # "our", not only "my": was a help page at 0.75
])
def test_the_users_own_thing_asked_in_short_is_no_concept(chat_demo, alice, alice_money, question):
    answer = chat_turn(user=alice, message=question)
    assert answer["tools_used"] == ["check_data_available"], answer["tools_used"]
    assert answer["answer"].startswith("I have no access to that") and answer["confidence"] < 0.75


@pytest.mark.parametrize("question", ["what is a credit score?", "what actually affects my credit score?"])
def test_concept_question_about_credit_scores_still_goes_to_knowledge(chat_demo, alice, alice_money, question):
    answer = chat_turn(user=alice, message=question)
    assert "check_data_available" not in answer["tools_used"]


def _usual(alice) -> tuple[Decimal, Decimal]:
    rows = [r for r in cash_flow_trend(user=alice, months=3)["rows"] if not r["partial"]][-3:]
    income = (sum(Decimal(str(r["income"])) for r in rows) / len(rows)).quantize(Decimal("0.01"))
    spent = (sum(Decimal(str(r["spent"])) for r in rows) / len(rows)).quantize(Decimal("0.01"))
    return income, spent


def test_affordability_shows_the_arithmetic(chat_demo, alice, alice_money):
    """income − everyday spending − bills due next month = left; − the price = left after it. The statement's
    recurring charges (rent, Netflix) are bills due, not everyday spending; every figure is checked against SQL."""
    from core.periods import add_months, month_bounds
    from transactions.selectors import recurring_due
    from transactions.selectors.figures import expense_rows, usual

    income, spent = _usual(alice)
    today = timezone.localdate()
    first = add_months(today.replace(day=1), 1)
    bills = recurring_due(user=alice, start=first, end=month_bounds(first.year, first.month)[1])
    assert {b["merchant"] for b in bills["rows"]} >= {"Netflix"}, bills  # detected from the statement
    recurring = expense_rows(user=alice).filter(merchant__subscription__isnull=False)
    everyday = Decimal(str(usual(expense_rows(user=alice).exclude(id__in=recurring), today=today)["average"]))
    answer = chat_turn(user=alice, message="can I afford a $900 sofa next month?")
    assert answer["tools_used"] == ["check_affordability"]
    text = answer["answer"].replace(",", "")
    left = income - everyday - Decimal(str(bills["total"]))
    for figure in (income, everyday, Decimal(str(bills["total"])), left, Decimal("900.00"), left - 900):
        assert f"{abs(figure):.2f}" in text, (figure, text)
    assert ("Yes" in text) == (left >= 900) and f"{first:%B %Y}" in text
    assert "Netflix" in text  # the bills due are named
    assert "(unverified)" not in answer["answer"] and answer["confidence"] >= 0.5, answer["grounding"]


def test_affordability_on_irregular_income_says_so_and_is_not_high(chat_demo, alice):
    from tests.chat.conftest import statement_csv
    from transactions.services import transactions_import

    today = timezone.localdate()
    # a freelancer: last month's pay was far above the month before's
    extra = [(add_months(today.replace(day=1), -1).replace(day=20), "CLIENT CO INVOICE 77", "4800.00", "Salary")]
    transactions_import(user=alice, file_name="a.csv", content=statement_csv(today=today, extra=extra))
    answer = chat_turn(user=alice, message="can I afford a $900 sofa next month?")
    assert answer["tools_used"] == ["check_affordability"]
    assert "income varied a lot" in answer["answer"], answer["answer"]
    assert answer["confidence"] <= 0.55 and not answer["escalated"], answer["grounding"]


def test_affordability_on_thin_data_says_so(chat_demo, alice):
    from tests.statements import csv_bytes
    from transactions.services import transactions_import

    last = add_months(timezone.localdate().replace(day=1), -1)
    rows = [(last.replace(day=1), "ACME PAYROLL SALARY", "3200.00", "Salary"),
            (last.replace(day=2), "RENT PAYMENT OAK ST PROPERTIES", "-1400.00", "Rent")]
    transactions_import(user=alice, file_name="a.csv", content=csv_bytes(rows))
    answer = chat_turn(user=alice, message="can I afford a $900 sofa next month?")
    assert "only 1 of the last 3 full months" in answer["answer"], answer["answer"]
    assert answer["confidence"] <= 0.55, answer["grounding"]


def test_share_of_pay_kept_and_needs_on_a_given_income(chat_demo, alice, alice_money):
    income, spent = _usual(alice)
    answer = chat_turn(user=alice, message="how much of my pay did I keep?")
    assert answer["tools_used"] == ["income_breakdown"]
    kept = income - spent
    pct = (kept / income * 100).quantize(Decimal("0.1"))
    assert f"{kept:,.2f}" in answer["answer"] and f"{pct}%" in answer["answer"], answer["answer"]

    answer = chat_turn(user=alice, message="on 3k a month what goes to needs?")
    assert answer["tools_used"] == ["income_breakdown"]
    text = answer["answer"]
    assert text.startswith("On $3,000.00 a month, the 50/30/20 rule puts $1,500.00 (50%) to needs, $900.00 (30%) to "
                           "wants and $600.00 (20%) to savings"), text
    assert "- $3,000.00 × 50% = $1,500.00 needs" in text and "Rent" in text and "(unverified)" not in text, text


def test_pay_kept_in_a_named_period_is_that_periods_income_minus_spending(chat_demo, alice, alice_money, bob,
                                                                          bob_money):
    """'how much of my pay did I keep last month' is last month's own figures (it was read as a shop called
    'Keep', nothing found, at high confidence); bob's rows never count."""
    row = next(r for r in cash_flow_trend(user=alice, months=3)["rows"] if not r["partial"]
               and r["month"] == add_months(timezone.localdate().replace(day=1), -1).strftime("%Y-%m"))
    income, spent = Decimal(str(row["income"])), Decimal(str(row["spent"]))
    kept = income - spent
    answer = chat_turn(user=alice, message="how much of my pay did I keep last month")
    assert answer["tools_used"] == ["income_breakdown"], answer["tools_used"]
    pct = (kept / income * 100).quantize(Decimal("0.1"))
    for figure in (income, spent, kept):
        assert f"{figure:,.2f}" in answer["answer"], (figure, answer["answer"])
    assert f"{pct}%" in answer["answer"] and "Keep" not in answer["answer"]

    answer = chat_turn(user=alice, message="tháng trước tôi giữ lại được bao nhiêu phần trăm lương")
    assert answer["tools_used"] == ["income_breakdown"] and f"{pct}%" in answer["answer"]
    assert answer["answer"].startswith("Trong tháng"), answer["answer"]


def test_a_wish_about_the_account_is_no_category_change(chat_demo, alice, alice_money):
    """The 'to' of 'I want to change my password' is the lead-in, not a target: it was proposed as re-filing
    into a category called 'change password'. Nothing is proposed (with the help corpus loaded it gets the
    page's steps)."""
    answer = chat_turn(user=alice, message="i want to change my password")
    assert not any(t.startswith("propose_") for t in answer["tools_used"]), answer["tools_used"]
    assert "change password" not in answer["answer"].lower(), answer["answer"]


def test_a_listing_the_question_does_not_name_is_not_confident(chat_demo, alice, alice_money):
    """A list of subscriptions given for 'I'd like to update my email' (picked by meaning, its words unplaced)
    came at 0.95; the listing named in any of its usual words stays confident."""
    answer = chat_turn(user=alice, message="i'd like to update my email")
    assert answer["confidence"] < 0.4, (answer["tools_used"], answer["grounding"])
    for question in ("what subscriptions do i have", "what am i paying for every month"):
        answer = chat_turn(user=alice, message=question)
        assert answer["confidence"] >= 0.75, (question, answer["grounding"])


@pytest.mark.parametrize("question,lead", [
    ("how much money do I have?", "I have no access to that"),
    ("how much cash have I got in the bank", "I have no access to that"),
    ("what's my total savings", "I have no access to that"),
    ("how much do I have saved overall", "I have no access to that"),
    ("am I worth more than last year?", "I have no access to that"),
    ("what do my stocks look like", "I have no access to that"),
    ("when is my credit card payment due?", "I have no access to that"),
    ("tôi có bao nhiêu tiền?", "Tôi không thấy được"),
    ("khoản đầu tư của tôi đang lời hay lỗ", "Tôi không thấy được"),
    # Vietnamese typed without accents
    ("so du tai khoan cua toi la bao nhieu", "Tôi không thấy được"),
    ("dau tu cua toi dang loi hay lo", "Tôi không thấy được"),
    ("toi con bao nhieu tien trong tai khoan", "Tôi không thấy được"),
])
def test_more_wordings_of_data_moneta_lacks_are_said_plainly(chat_demo, alice, alice_money, question, lead):
    """Balances, savings, net worth, investments and a card issuer's records asked in other words (English,
    Vietnamese, Vietnamese without accents): no figure of their spending and no passage, "I have no access"."""
    answer = chat_turn(user=alice, message=question)
    assert answer["tools_used"] == ["check_data_available"], (question, answer["tools_used"])
    assert answer["answer"].startswith(lead) and not answer["citations"], answer["answer"]
    assert answer["confidence"] < 0.75 and not answer["escalated"]


@pytest.mark.parametrize("question", ["how much have I saved this year", "diem tin dung la gi"])
def test_a_figure_moneta_has_or_a_concept_is_not_missing_data(chat_demo, alice, alice_money, question):
    answer = chat_turn(user=alice, message=question)
    assert "check_data_available" not in answer["tools_used"], answer["tools_used"]
