"""Follow-ups that run a measure over the last answer's set of rows (issue 21, kind 4;
transactions/query/followups_lastset.py): a count, the biggest or smallest row, an average per month, a share, with
an optional name that narrows the set — the last query's names, period and exclusions kept. Through chat_turn on the
chat fixture statement (each month: salary 3200 on the 1st; rent 1400; Starbucks 5.75 and 6.25, The Good Plate 64.00
(Dining 76.00); Amazon 42.99 (Shopping) and 18.50 (Groceries); Whole Foods 96.40; Uber 23.10; Netflix 15.49)."""
from __future__ import annotations

from datetime import date

import pytest

from tests.chat.conftest import answer_body as _body
from tests.chat.conftest import confident, last_month_iso, talk
from tests.chat.conftest import last_args as _args
from tests.chat.conftest import months_back as _month

pytestmark = pytest.mark.django_db


def _span(args: dict) -> tuple[str, str]:
    return args.get("start"), args.get("end")


@pytest.mark.parametrize("ask", ["number of orders in there", "count them", "mấy lần", "bao nhiêu đơn vậy?",
                                 "có mấy giao dịch trong đó", "how many of them were there"])
def test_a_count_of_the_last_set(chat_demo, alice, alice_money, ask):
    answer = talk(alice, "how much did I spend at amazon last month", ask)[-1]
    args = _args(answer)
    assert args["measure"] == "count" and args.get("merchants") == ["Amazon"], args
    assert _span(args) == last_month_iso(), args
    assert " 2 " in _body(answer) and confident(alice, answer), answer["answer"]


@pytest.mark.parametrize(("ask", "measure", "figure"), [
    ("biggest single bill there", "largest", "$64.00"),  # "bill" is the row, not the Utilities category
    ("largest charge among them", "largest", "$64.00"),
    ("the priciest one in that lot", "largest", "$64.00"),
    ("món đắt nhất trong đó", "largest", "$64.00"),
    ("cái nào rẻ nhất trong mấy cái đó", "smallest", "$5.75"),
])
def test_the_biggest_or_smallest_row_of_the_last_set(chat_demo, alice, alice_money, ask, measure, figure):
    answer = talk(alice, "what did I spend on dining last month", ask)[-1]
    args = _args(answer)
    assert args["measure"] == measure and args.get("categories") == ["Dining"], args
    assert _span(args) == last_month_iso(), args
    assert figure in _body(answer) and confident(alice, answer), answer["answer"]


@pytest.mark.parametrize("ask", ["how many of those were starbucks", "of those, how many at starbucks",
                                 "how many of them were at starbucks"])
def test_a_name_said_with_the_measure_narrows_the_set(chat_demo, alice, alice_money, ask):
    # Starbucks is one of the two names asked: "starbucks" said again narrows the set, it does not repeat it
    answer = talk(alice, "starbucks and the good plate last month", ask)[-1]
    args = _args(answer)
    assert args["measure"] == "count" and args.get("merchants") == ["Starbucks"], args
    assert _span(args) == last_month_iso(), args
    assert " 2 " in _body(answer), answer["answer"]


def test_a_name_said_in_vietnamese_narrows_the_set(chat_demo, alice, alice_money):
    answer = talk(alice, "tháng trước mình tiêu bao nhiêu cho ăn uống", "trong đó bao nhiêu là Starbucks")[-1]
    args = _args(answer)
    assert args.get("merchants") == ["Starbucks"] and _span(args) == last_month_iso(), args
    assert "$12.00" in _body(answer), answer["answer"]


@pytest.mark.parametrize("ask", ["average if only the last three full months",
                                 "what's the avg for just the last 3 full months"])
def test_an_average_over_the_months_said_keeps_the_subject(chat_demo, alice, alice_money, ask):
    answer = talk(alice, f"dining since {_month(3):%B}", ask)[-1]
    args = _args(answer)
    assert args.get("categories") == ["Dining"] and args.get("per") == "month", args
    assert _span(args) == (_month(3).isoformat(), (_month(0) - date.resolution).isoformat()), args
    assert "$76.00" in _body(answer), answer["answer"]


def test_a_monthly_average_of_that_is_over_the_last_period(chat_demo, alice, alice_money):
    answer = talk(alice, f"dining since {_month(3):%B}", "monthly average of that")[-1]
    args = _args(answer)
    assert args.get("categories") == ["Dining"] and args.get("per") == "month", args
    assert args.get("start") == _month(3).isoformat(), args


@pytest.mark.parametrize("ask", ["what share of that was starbucks", "Starbucks chiếm bao nhiêu phần trăm trong đó"])
def test_a_share_of_the_last_set(chat_demo, alice, alice_money, ask):
    # Starbucks 12.00 of Dining 76.00, not of all the spending
    answer = talk(alice, "what did I spend on dining last month", ask)[-1]
    assert "15.8%" in _body(answer) and ("of Dining" in _body(answer) or "Ăn uống" in _body(answer)), answer["answer"]
    assert "all your spending" not in _body(answer) and "tổng chi tiêu" not in _body(answer), answer["answer"]


def test_money_in_that_month_in_vietnamese(chat_demo, alice, alice_money):
    answer = talk(alice, "tháng trước mình tiêu bao nhiêu cho ăn uống", "còn tiền vô tháng đó")[-1]
    args = _args(answer)
    assert args["measure"] == "income" and _span(args) == last_month_iso(), args
    assert "$3,200.00" in _body(answer), answer["answer"]


def test_one_side_of_a_comparison_keeps_its_period(chat_demo, alice, alice_money):
    answer = talk(alice, "starbucks vs uber last month", "ok how many starbucks visits was that")[-1]
    args = _args(answer)
    assert args["measure"] == "count" and args.get("merchants") == ["Starbucks"], args
    assert _span(args) == last_month_iso(), args


@pytest.mark.parametrize("ask", ["of those how many were over $20", "how many were over 20 bucks",
                                 "trong số đó mấy lần trên 20 đô"])
def test_a_bound_said_with_the_count_is_kept(chat_demo, alice, alice_money, ask):
    # Dining last month: 5.75, 6.25 and 64.00 — one over $20, never the three of them
    answer = talk(alice, "what did I spend on dining last month", ask)[-1]
    args = _args(answer)
    assert args["measure"] == "count" and args.get("categories") == ["Dining"], args
    assert float(args.get("amount_min")) == 20 and _span(args) == last_month_iso(), args
    assert " 1 " in _body(answer), answer["answer"]


@pytest.mark.parametrize("ask", ["how many orders was that per month", "how many times there per month"])
def test_a_count_of_the_last_set_per_month(chat_demo, alice, alice_money, ask):
    answer = talk(alice, f"starbucks since {_month(3):%B}", ask)[-1]
    args = _args(answer)
    assert args["measure"] == "count" and args.get("per") == "month" and args.get("merchants") == ["Starbucks"], args


def test_a_count_of_a_set_nothing_matched_is_not_all_spending(chat_demo, alice, alice_money):
    # the first turn named a word none of their shops, categories or descriptions has: "how many trips there" counts
    # that set (none), never every purchase of the period
    answer = talk(alice, "how much did zorblax get out of me last month", "how many trips there")[-1]
    args = _args(answer)
    assert args["measure"] == "count" and args.get("unknown"), args
    assert not confident(alice, answer), answer["answer"]


@pytest.mark.parametrize("ask", ["biggest one in there", "the priciest of those", "cái nào đắt nhất"])
def test_the_biggest_of_a_set_nothing_matched_is_not_all_spending(chat_demo, alice, alice_money, ask):
    # the biggest row of a set named by a word nothing of theirs has is none: never the biggest purchase of all
    answer = talk(alice, "what did I pay quuxmart last month", ask)[-1]
    args = _args(answer)
    assert args["measure"] == "largest" and args.get("unknown"), args
    assert not confident(alice, answer), answer["answer"]


@pytest.mark.parametrize("ask", ["how many of those were Netflix", "among them how many were at netflix",
                                 "trong đó có mấy lần ở Netflix"])
def test_a_merchant_outside_the_last_set_narrows_it_to_nothing(chat_demo, alice, alice_money, ask):
    # Netflix is no Dining merchant: of the Dining rows, none are Netflix's — not Netflix's own count
    answer = talk(alice, "what did I spend on dining last month", ask)[-1]
    args = _args(answer)
    assert args["measure"] == "count" and args.get("categories") == ["Dining"], args
    assert "netflix" in [t.lower() for t in args.get("text") or []], args
    assert " 0 " in _body(answer), answer["answer"]
