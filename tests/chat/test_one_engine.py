"""The one analytics engine (transactions/selectors/figures.py): the pages' analytics and the assistant's answers
give the same figure for the same filter, because both compute it there."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from chat.services import chat_turn
from core.money import money
from core.periods import add_months, full_months_before, month_bounds
from transactions.query import money_question
from transactions.selectors import figures, spending_by_category, spending_compare, spending_usual

pytestmark = pytest.mark.django_db


def _last_month():
    first = add_months(timezone.localdate().replace(day=1), -1)
    return month_bounds(first.year, first.month)


def test_category_total_is_the_same_on_the_page_and_in_the_chat(chat_demo, alice, alice_money, bob, bob_money):
    start, end = _last_month()
    page = spending_by_category(user=alice, category="Dining", start=start, end=end)
    asked = money_question(user=alice, question="how much did I spend on dining last month")
    assert page["total"] == asked["total"] == 76.0  # 5.75 + 6.25 + 64.00 from the statement
    answer = chat_turn(user=alice, message="how much did I spend on dining last month?")
    assert money(page["total"], page["currency"]) in answer["answer"], answer["answer"]
    # bob's own statement has the same dining rows: his figure is his, and nothing of alice's is in it
    assert spending_by_category(user=bob, category="Dining", start=start, end=end)["total"] == 76.0
    assert "BOBS SECRET" not in chat_turn(user=alice, message="list my shopping last week")["answer"]


def test_usual_is_the_same_on_the_page_and_in_the_chat(chat_demo, alice, alice_money):
    page = spending_usual(user=alice, category="Groceries")
    answer = chat_turn(user=alice, message="is my groceries spending this month more than usual?")
    assert answer["tools_used"] == ["compare_spending"], answer["tools_used"]
    usual = money(page["usual"], page["currency"])
    assert usual in answer["answer"], (usual, answer["answer"])
    # the usual is the engine's: the average of the three full months before this one, empty months as zero
    window = full_months_before(timezone.localdate(), 3)
    engine = figures.usual(figures.expense_rows(user=alice).filter(category__name="Groceries"),
                           today=timezone.localdate())
    assert (engine["start"], engine["end"]) == (window.start, window.end)
    assert engine["average"] == page["usual"] == 114.90  # 96.40 + 18.50 each month


def test_two_months_compared_are_the_same_on_the_page_and_in_the_chat(chat_demo, alice, alice_money):
    last_start, _ = _last_month()
    before = add_months(last_start, -1)
    periods = [f"{before:%Y-%m}", f"{last_start:%Y-%m}"]
    page = spending_compare(user=alice, categories=["Dining"], periods=periods)
    asked = money_question(user=alice, question=f"dining in {before:%B %Y} vs {last_start:%B %Y}")
    assert [r["total"] for r in asked["rows"]][:2] == [page["rows"][0]["values"][p] for p in page["periods"]]
    assert page["rows"][0]["change"] == 0.0 and page["rows"][0]["change_pct"] == 0.0


def test_ranking_shares_come_from_sql_and_add_up(alice, alice_money):
    start, end = _last_month()
    rows = figures.expense_rows(user=alice).filter(date__range=(start, end))
    ranked = figures.ranking(rows, by="category", sign=-1, unnamed="Uncategorised")
    assert ranked[0]["name"] == "Rent" and ranked[0]["total"] == 1400.0
    assert round(sum(r["share_pct"] for r in ranked)) == 100
    assert figures.change(110, 100) == {"difference": 10.0, "change_pct": 10.0}
    assert figures.change(5, 0)["change_pct"] is None


def test_months_average_counts_empty_months_as_zero(alice, alice_money):
    today = timezone.localdate()
    window = full_months_before(today, 6)  # the statement covers only the last 3 full months
    rows = figures.expense_rows(user=alice).filter(category__name="Rent")
    found = figures.months_average(rows, window.start, window.end)
    assert found["months"] == 6 and found["total"] == 3 * 1400.0 and found["average"] == 700.0
    assert [r["total"] for r in found["rows"]][:3] == [0.0, 0.0, 0.0]
    assert window.end == today.replace(day=1) - timedelta(days=1)
