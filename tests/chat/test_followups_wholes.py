"""Follow-ups that say a whole after a narrow answer, or ask a figure of the last set by another unit (issue 21):
"and what's my total income since …?" after a tax refund, "and what's my total spending this month?" after Starbucks
(all of it, the subject reset), "what was the biggest category in it then" after a month's spending (the top category
of that set). Through chat_turn on the chat fixture statement, each figure from the database, each with a turn it must
not be mistaken for."""
from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.db.models import Sum
from django.utils import timezone

from tests.chat.conftest import answer_body, confident, last_args, months_back, statement_csv, talk
from transactions.models import Transaction

pytestmark = pytest.mark.django_db


def _money(x: Decimal) -> str:
    return f"${abs(x):,.2f}"


def _sum(rows) -> Decimal:
    return rows.aggregate(s=Sum("amount"))["s"] or Decimal(0)


@pytest.fixture
def refund_money(alice):
    from transactions.services import transactions_import

    today = timezone.localdate()
    extra = [(months_back(3) + timedelta(days=13), "IRS TREAS 310 TAX REF", "842.00", "Income")]
    return transactions_import(user=alice, file_name="alice.csv", content=statement_csv(today=today, extra=extra))


# a) a whole said after a narrow answer resets the subject

def test_total_income_since_a_month_after_a_tax_refund(chat_demo, alice, refund_money):
    since = months_back(2)
    _, income = talk(alice, "did I get a tax refund this year", f"and what's my total income since {since:%B}?")
    args = last_args(income)
    assert not args.get("merchants") and not args.get("categories") and args["start"] == since.isoformat(), args
    rows = Transaction.objects.filter(user=alice, amount__gt=0, date__gte=since)
    assert _money(_sum(rows)) in answer_body(income), income["answer"]
    assert confident(alice, income)


def test_total_spending_this_month_after_a_shop(chat_demo, alice, alice_money):
    _, spent = talk(alice, "how much at Starbucks this month", "and what's my total spending this month?")
    args = last_args(spent)
    assert not args.get("merchants") and args["measure"] == "total", args
    rows = Transaction.objects.filter(user=alice, amount__lt=0, date__gte=months_back(0))
    assert _money(_sum(rows)) in answer_body(spent), spent["answer"]
    assert confident(alice, spent)


def test_the_total_alone_keeps_the_shop(chat_demo, alice, alice_money):
    _, same = talk(alice, "how much at Starbucks this month", "and what's the total this month?")
    assert last_args(same).get("merchants") == ["Starbucks"], last_args(same)
    rows = Transaction.objects.filter(user=alice, amount__lt=0, date__gte=months_back(0),
                                      description__startswith="STARBUCKS")
    assert _money(_sum(rows)) in answer_body(same), same["answer"]


# b) the biggest category of the last set is a ranking of its rows, not its largest row

def _top_category(user, start, end, *, without: str = "") -> tuple[str, Decimal]:
    rows = Transaction.objects.filter(user=user, amount__lt=0, date__gte=start, date__lte=end)
    if without:
        rows = rows.exclude(category__name=without)
    top = rows.values("category__name").annotate(t=Sum("amount")).order_by("t").first()
    return top["category__name"], top["t"]


def test_biggest_category_in_it_after_a_month_leaving_out_the_rent(chat_demo, alice, alice_money):
    start, end = months_back(1), months_back(0) - timedelta(days=1)
    turns = talk(alice, f"how much did I spend in {start:%B}", "and leaving out the rent?",
                 "what was the biggest category in it then")
    args = last_args(turns[-1])
    assert args["measure"] == "top_categories" and args.get("limit") == 1, args
    assert args.get("exclude_categories") == ["Rent"] or args.get("exclude_merchants"), args  # rent left out
    name, total = _top_category(alice, start, end, without="Rent")
    assert name in answer_body(turns[-1]) and _money(total) in answer_body(turns[-1]), turns[-1]["answer"]
    assert confident(alice, turns[-1])


def test_biggest_purchase_in_it_is_still_a_row(chat_demo, alice, alice_money):
    start = months_back(1)
    _, big = talk(alice, f"how much did I spend in {start:%B}", "what was the biggest purchase in it then")
    assert last_args(big)["measure"] == "largest", last_args(big)
    assert "$1,400.00" in answer_body(big), big["answer"]
