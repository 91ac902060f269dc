"""Follow-ups that pick one item of the last answer by its place, in English and Vietnamese ("that last one", "the
4th one", "cái thứ 2", "cái nào nhiều thứ 3"), months added up after one month's answer ("add the three months up",
"cộng cả 3 tháng lại") and "the same <name> month last year". Through chat_turn, on the chat fixture statement
(tests/chat/conftest.py): each month rent 1400.00, Whole Foods 96.40, The Good Plate 64.00, Amazon 42.99 + 18.50,
Uber 23.10, Netflix 15.49, Starbucks 5.75 + 6.25."""
from __future__ import annotations

import pytest

from tests.chat.conftest import confident, last_args, month_start, talk

pytestmark = pytest.mark.django_db



@pytest.mark.parametrize(("ranking", "said", "figure"), [
    ("my top 5 merchants last month", "that last one", "$23.10"),  # Uber, fifth
    ("my top 5 merchants last month", "ok and the fourth one?", "$61.49"),  # Amazon
    ("top 3 stores last month", "the 4th one", "$61.49"),  # past the places shown: the same ranking's 4th
    ("top 5 cửa hàng tháng trước", "cái thứ 2", "$96.40"),  # Whole Foods
    ("top 5 cửa hàng tháng trước", "cái nào nhiều thứ 3", "$64.00"),  # The Good Plate
    ("top 5 cửa hàng tháng trước", "cái cuối", "$23.10"),
])
def test_an_item_of_a_ranking_by_its_place(chat_demo, alice, alice_money, ranking, said, figure):
    answer = talk(alice, ranking, said)[-1]
    assert figure in answer["answer"], answer["answer"]
    assert confident(alice, answer), answer["grounding"]


@pytest.mark.parametrize(("said", "merchant"), [
    ("the second one, how many times did I shop there?", "Whole Foods"),
    ("the third one - # of visits?", "The Good Plate"),
])
def test_an_item_of_a_ranking_counted(chat_demo, alice, alice_money, said, merchant):
    # how many asked of one item: that item's count, never its total at high confidence
    args = last_args(talk(alice, "my top 5 merchants last month", said)[-1])
    assert args["measure"] == "count" and any(merchant in m for m in args.get("merchants") or []), args


def test_monday_is_no_place(chat_demo, alice, alice_money):
    """"thứ 2 tuần trước" is last Monday, no second item."""
    answer = talk(alice, "top 5 cửa hàng tháng trước", "thứ 2 tuần trước tôi tiêu bao nhiêu")[-1]
    assert "$96.40" not in answer["answer"], answer["answer"]


@pytest.mark.parametrize("said", ["add the three months up", "what about the 3 months together?",
                                  "cộng cả 3 tháng lại"])
def test_months_added_up_after_one_months_answer(chat_demo, alice, alice_money, said):
    from django.utils import timezone
    today = timezone.localdate()
    answer = talk(alice, "whole foods last month", said)[-1]
    args = last_args(answer)
    assert args["start"] == month_start(today, 3).isoformat(), args
    assert "$289.20" in answer["answer"], answer["answer"]  # 3 × 96.40
    assert confident(alice, answer), answer["grounding"]


def test_same_named_month_last_year(chat_demo, alice, alice_money):
    from django.utils import timezone
    today = timezone.localdate()
    answer = talk(alice, "netflix last month", "same Netflix month last year")[-1]
    args = last_args(answer)
    start = month_start(today, 13)
    assert args["start"] == start.isoformat(), args
    assert args.get("merchants") == ["Netflix"], args


def test_a_place_and_a_period_in_one_turn(chat_demo, alice, alice_money):
    """"the 2nd one - how much in the last month?": that item over the period said."""
    from django.utils import timezone
    today = timezone.localdate()
    answer = talk(alice, "top 3 merchants this year", "the 2nd one - how much last month?")[-1]
    args = last_args(answer)
    assert args["start"] == month_start(today, 1).isoformat() and args.get("merchants"), args


def test_the_question_asked_in_the_bigger_period(chat_demo, alice, alice_money):
    """After two months compared, "in the higher month, what was the biggest purchase?" is asked of that month."""
    from django.utils import timezone
    today = timezone.localdate()
    from datetime import timedelta

    from tests.statements import csv_bytes
    from transactions.services import transactions_import
    one, two = month_start(today, 1).strftime("%B"), month_start(today, 2).strftime("%B")
    extra = [(month_start(today, 1) + timedelta(days=14), "BEST BUY 00012 EMERYVILLE CA", "-250.00", "Shopping")]
    transactions_import(user=alice, file_name="extra.csv", content=csv_bytes(extra))
    answer = talk(alice, f"was {two} or {one} higher for shopping?",
                   "in the higher month, what was the biggest purchase?")[-1]
    assert answer["tool_calls"][-1]["arguments"].get("measure") == "largest", answer["tool_calls"]
    assert "$250.00" in answer["answer"], answer["answer"]


def test_three_months_added_after_a_month_then_two_compared(chat_demo, alice, alice_money):
    from django.utils import timezone
    today = timezone.localdate()
    one, two, three = (month_start(today, k).strftime("%B") for k in (1, 2, 3))
    answer = talk(alice, f"whole foods in {one}", f"{two} and {three} also?", "cộng cả 3 tháng lại")[-1]
    assert last_args(answer)["start"] == month_start(today, 3).isoformat(), answer["tool_calls"]
    assert "$289.20" in answer["answer"], answer["answer"]


@pytest.mark.parametrize(("said", "figure"), [
    ("#4 – how much?", "$61.49"),  # Amazon
    ("and the #3 one?", "$64.00"),  # The Good Plate
])
def test_an_item_of_a_ranking_by_hash_number(chat_demo, alice, alice_money, said, figure):
    # "#N" inside a turn is the place N of the last ranking, not an amount
    answer = talk(alice, "my top 5 merchants last month", said)[-1]
    assert figure in answer["answer"], answer["answer"]
    assert confident(alice, answer), answer["grounding"]


def test_an_item_by_hash_number_counted(chat_demo, alice, alice_money):
    args = last_args(talk(alice, "my top 5 merchants last month", "#2 - number of visits?")[-1])
    assert args["measure"] == "count" and any("Whole Foods" in m for m in args.get("merchants") or []), args


@pytest.mark.parametrize("said", ["the second one versus the month before?", "#2 compared to the month before"])
def test_an_item_of_a_ranking_against_another_period(chat_demo, alice, alice_money, said):
    # a comparison said beside the pick: that item in the ranking's month against the other month, not all spending
    # nor the other month alone
    answer = talk(alice, "my top 5 merchants last month", said)[-1]
    args = last_args(answer)
    assert answer["tool_calls"][-1]["name"] == "compare_spending", answer["tool_calls"]
    assert any("Whole Foods" in m for m in args.get("merchants") or []), args
    starts = sorted(side["start"] for side in args["sides"])
    assert starts == [month_start(month_start_today(), 2).isoformat(), month_start(month_start_today(), 1).isoformat()]


def month_start_today():
    from django.utils import timezone

    return timezone.localdate()
