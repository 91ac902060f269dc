"""Issue 21 kind 1 through chat_turn: a ranking whose subject is a kind of spending said after its noun ("my biggest
expense type", "largest spending groups") ranks the categories, and "which subscription costs the most" ranks the
merchants paid, while "biggest purchase" still ranks single rows. A ranking whose set is not understood ("which
habit cost me the most") answered by a plain total is not confident. Names and figures are checked against SQL over
the user's own rows."""
from __future__ import annotations

from decimal import Decimal

import pytest
from django.db.models import Sum
from django.utils import timezone

from chat.services import chat_turn
from tests.chat.conftest import confident, last_month_iso, month_start, statement_csv
from transactions.models import Transaction
from transactions.services import transactions_import

pytestmark = pytest.mark.django_db


def _top(user, field: str, start: str, end: str, **filters) -> tuple[str, Decimal]:
    row = (Transaction.objects.filter(user=user, amount__lt=0, date__range=(start, end), **filters)
           .values(field).annotate(total=Sum("amount")).order_by("total", field).first())
    return row[field], -row["total"]


def test_a_kind_said_after_its_noun_ranks_the_categories(chat_demo, alice, alice_money):
    start, end = last_month_iso()
    name, total = _top(alice, "category__name", start, end)
    for question in ("biggest expense type last month", "what were my largest spending groups last month",
                     "top 2 purchase kinds last month"):
        answer = chat_turn(user=alice, message=question)
        line = answer["answer"].splitlines()[0]
        assert f"{name} (${total:,.2f}" in line, (question, answer["answer"])
        assert "purchase" not in line.lower(), (question, line)
        assert confident(alice, answer), (question, answer["grounding"]["reasons"])


def test_which_subscription_ranks_the_merchants_paid(chat_demo, alice):
    today = timezone.localdate()
    first = month_start(today, 1)
    extra = [(first, "HULU LIVE TV", "-76.99", "Subscriptions"), (first, "SPOTIFY USA", "-11.99", "Subscriptions")]
    transactions_import(user=alice, file_name="a.csv", content=statement_csv(today=today, extra=extra))
    answer = chat_turn(user=alice, message="which subscription cost me the most last month")
    line = answer["answer"].splitlines()[0]
    assert "Hulu" in line and "$76.99" in line, answer["answer"]
    assert line.find("Hulu") < line.find("Netflix"), line  # the biggest first, not a total of all three
    assert confident(alice, answer), answer["grounding"]["reasons"]


def test_the_biggest_purchase_still_ranks_rows(chat_demo, alice, alice_money):
    start, end = last_month_iso()
    biggest = -Transaction.objects.filter(user=alice, amount__lt=0, date__range=(start, end)).order_by("amount")[0].amount
    answer = chat_turn(user=alice, message="what was my single biggest purchase last month")
    assert f"${biggest:,.2f}" in answer["answer"], answer["answer"]
    assert confident(alice, answer), answer["grounding"]["reasons"]


def test_a_set_not_understood_answered_by_a_total_is_not_confident(chat_demo, alice, alice_money):
    for question in ("which habit cost me the most last month", "which of my vices took the biggest bite last month"):
        answer = chat_turn(user=alice, message=question)
        assert not confident(alice, answer), (question, answer["answer"], answer["grounding"]["reasons"])
