"""An analyst's shorthand read as the words it stands for (transactions/query/grammar.normalise): "past 30d" (days),
"6mo" (a number and its unit joined), "2026-07-01..2026-09-15" (a range), "prior yr" and "same mo prior yr" (the
previous year), "top 3 cats" / "biggest cat" (categories), "utils" (utilities); "last 6 full mo" averages over six
full months, never the default three. A pet stays a pet. Through chat_turn, figures from SQL."""
from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.db.models import Sum
from django.utils import timezone

from tests.chat.conftest import month_start, talk
from transactions.models import Transaction
from transactions.query.grammar import normalise

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("said", "read"), [
    ("dining 2026-07-01..2026-09-15", "2026-07-01 to 2026-09-15"), ("amazon past 90d", "past 90 days"),
    ("starbucks, last 6mo", "last 6 month"), ("same, prior yr", "previous year"), ("utils october", "utilities"),
    ("top 3 cats october", "top 3 categories"), ("biggest cat ytd", "biggest category"),
    ("spotify october vs same mo prior yr", "same month the previous year"),
])
def test_shorthand_is_read_as_its_words(said, read):
    assert read in normalise(said)


@pytest.mark.parametrize("said", ["my cat food costs", "vet bills for the cats", "3d printer at amazon"])
def test_words_that_only_look_like_shorthand_stay(said):
    out = normalise(said)
    assert "categor" not in out and " days" not in out


def _out(user, start, end) -> Decimal:
    return -(Transaction.objects.filter(user=user, amount__lt=0, date__gte=start, date__lte=end,
                                        description__icontains="STARBUCKS").aggregate(s=Sum("amount"))["s"]
             or Decimal(0))


def test_an_average_over_n_full_months_counts_n(chat_demo, alice, alice_money):
    today = timezone.localdate()
    (answer,) = talk(alice, "avg/mo on starbucks, last 2 full mo")
    args = answer["tool_calls"][-1]["arguments"]
    assert args.get("months") == 2, args
    start, end = month_start(today, 2), month_start(today, 0) - timedelta(days=1)
    assert f"${_out(alice, start, end) / 2:,.2f}" in answer["answer"], answer["answer"]


def test_days_said_as_d_are_the_last_n_days(chat_demo, alice, alice_money):
    today = timezone.localdate()
    (answer,) = talk(alice, "starbucks past 30d")
    assert f"${_out(alice, today - timedelta(days=29), today):,.2f}" in answer["answer"], answer["answer"]


def test_top_cats_is_a_ranking_of_categories(chat_demo, alice, alice_money):
    (answer,) = talk(alice, "top 3 cats last month")
    args = answer["tool_calls"][-1]["arguments"]
    assert args.get("measure") == "top_categories" and args.get("limit") == 3, args


@pytest.mark.parametrize(("said", "read"), [
    ("what is the expenditure done on starbucks till date?", "starbucks so far"),
    ("income this year till date", "this year so far"),
])
def test_till_date_is_so_far(said, read):
    assert read in normalise(said)


def test_date_night_stays_a_night_out():
    assert "so far" not in normalise("we went to date night at the good plate")


def test_an_amount_and_less_left_out_keeps_the_larger_ones(chat_demo, alice, alice_money):
    (answer,) = talk(alice, "amazon this year, exclude anything 20 dollars or less")
    args = answer["tool_calls"][-1]["arguments"]
    assert args.get("amount_min") == 20 and args.get("amount_max") is None, args
    (kept,) = talk(alice, "amazon purchases of 20 dollars or less this year")  # said without the exclusion: at most
    assert kept["tool_calls"][-1]["arguments"].get("amount_max") == 20, kept["tool_calls"]


def test_also_out_after_an_exclusion_leaves_that_out_too(chat_demo, alice, alice_money):
    _total, _rent, both = talk(alice, "how much did I spend last month?", "leaving out rent?", "and dining also out?")
    args = both["tool_calls"][-1]["arguments"]
    left_out = " ".join((args.get("exclude_categories") or []) + (args.get("exclude_merchants") or [])).lower()
    assert "dining" in left_out and "rent" in left_out and not args.get("categories"), args
