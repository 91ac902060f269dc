"""Follow-ups that lean on the last answer's period, figure or ranking (issue 21, kind 4), through chat_turn on the
chat fixture statement (each month: rent 1400 on the 2nd, Starbucks 5.75 on the 3rd and 6.25 on the 9th, Amazon
42.99 (Shopping) on the 5th and 18.50 (Groceries) on the 12th, Whole Foods 96.40 on the 6th, Uber 23.10 on the 8th,
Netflix 15.49 on the 10th, The Good Plate 64.00 on the 11th). Last month: 1672.48 out; by merchant Rent 1400, Whole
Foods 96.40, The Good Plate 64.00, Amazon 61.49, Uber 23.10, Netflix 15.49, Starbucks 12.00.

- Vietnamese "same month last year" ("cùng tháng đó năm ngoái", "cùng kỳ năm trước", accents or not) moves the last
  period back one year, once — not a merchant called "Cung", not the whole of last year, not two years;
- a share of the last answer's total: "what % of the total was the first one", "what share of that was groceries";
- a part of the last period said with "only" away from it, of a comparison's shared period, or in Vietnamese;
- places of a ranking said as ordinals or words ("who comes 4th and 5th", "positions four and five");
- "the year so far" said with a name ("Netflix thru the year so far") is this year, not all time."""
from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.utils import timezone

from core.periods import add_months
from tests.chat.conftest import answer_body as _body
from tests.chat.conftest import confident, talk
from tests.chat.conftest import last_args as _args
from tests.chat.conftest import months_back as _month

pytestmark = pytest.mark.django_db


def _last_day(first: date) -> date:
    return add_months(first, 1) - timedelta(days=1)


@pytest.mark.parametrize("ask", [
    "cùng tháng đó năm ngoái thì sao",
    "cung thang do nam ngoai thi sao",
    "còn cùng kỳ năm trước?",
    "tháng đó năm ngoái thì tôi chi bao nhiêu?",
])
def test_the_same_month_last_year_in_vietnamese(chat_demo, alice, alice_money, ask):
    answer = talk(alice, "Starbucks tháng trước hết bao nhiêu", ask)[-1]
    year_ago = add_months(_month(1), -12)
    args = _args(answer)
    assert args["merchants"] == ["Starbucks"], args
    assert (args["start"], args["end"]) == (year_ago.isoformat(), _last_day(year_ago).isoformat()), args
    assert "Cung" not in answer["answer"] and confident(alice, answer), answer["answer"]


def test_the_same_month_last_year_with_an_exclusion_moves_the_period_once(chat_demo, alice, alice_money):
    """The Vietnamese phrase is one span: read by the edit that moves the period, never again as "last year"."""
    answer = talk(alice, "tiền ăn uống tháng trước", "cùng tháng đó năm ngoái, không tính Starbucks")[-1]
    year_ago = add_months(_month(1), -12)
    args = _args(answer)
    assert (args["start"], args["end"]) == (year_ago.isoformat(), _last_day(year_ago).isoformat()), args
    assert "Starbucks" in (args.get("exclude_merchants") or []), args


def test_the_same_months_of_a_comparison_last_year_in_vietnamese(chat_demo, alice, alice_money):
    answer = talk(alice, "so sánh ăn uống tháng trước với tháng trước nữa", "cùng kỳ năm ngoái thì sao")[-1]
    starts = [side["start"] for side in _args(answer)["sides"]]
    assert starts == [add_months(_month(k), -12).isoformat() for k in (1, 2)], _args(answer)


@pytest.mark.parametrize(("first", "ask", "said"), [
    ("top 3 merchants last month", "what % of the total was the first one?", "83.7%"),  # 1400 of 1672.48
    ("top 3 merchants last month", "what fraction of the total did whole foods make up?", "5.8%"),  # 96.40
    ("break down my spending by category last month", "what share of that was groceries", "6.9%"),  # 114.90
    ("top 3 categories last month", "how much of the total were those three together, as a percent?", "95.1%"),  # 1590.90
    ("3 danh mục tiêu nhiều nhất tháng trước", "cái đầu tiên chiếm bao nhiêu phần trăm tổng chi tiêu?", "83.7%"),
])
def test_a_share_of_the_last_answers_total(chat_demo, alice, alice_money, first, ask, said):
    """Not the item's own total at high confidence: its share of everything over the same period."""
    answer = talk(alice, first, ask)[-1]
    assert answer["tool_calls"][-1]["name"] == "compare_spending", answer["tool_calls"]
    assert said in _body(answer) and "$1,672.48" in _body(answer), answer["answer"]
    assert confident(alice, answer), answer["grounding"]


@pytest.mark.parametrize(("ask", "first_day", "days"), [
    ("what about the last 2 weeks only", None, 14),
    ("and over the past two weeks of that month?", None, 14),
    ("chỉ 10 ngày đầu thôi", 1, 10),
    ("còn hai tuần cuối?", None, 14),
])
def test_a_part_of_the_last_month(chat_demo, alice, alice_money, ask, first_day, days):
    answer = talk(alice, "dining last month", ask)[-1]
    end = _last_day(_month(1))
    start = _month(1) if first_day else end - timedelta(days=days - 1)
    end = start + timedelta(days=days - 1) if first_day else end
    assert (_args(answer)["start"], _args(answer)["end"]) == (start.isoformat(), end.isoformat()), _args(answer)
    assert confident(alice, answer), answer["grounding"]


def test_a_part_of_the_period_two_sides_share(chat_demo, alice, alice_money):
    answer = talk(alice, "dining vs groceries last month", "and over just the first 10 days?")[-1]
    sides = _args(answer)["sides"]
    assert _args(answer)["mode"] == "sides" and len(sides) == 2, _args(answer)
    body = _body(answer)
    assert "$12.00" in body and "$96.40" in body and "$76.00" not in body, answer["answer"]  # Starbucks; Whole Foods


@pytest.mark.parametrize("ask", ["who comes 4th and 5th?", "ok and positions four and five?"])
def test_places_of_a_ranking_said_as_ordinals(chat_demo, alice, alice_money, ask):
    answer = talk(alice, "top 3 merchants last month", ask)[-1]
    assert (_args(answer)["offset"], _args(answer)["limit"]) == (3, 2), _args(answer)
    body = _body(answer)
    assert "Amazon" in body and "Uber" in body and "Whole Foods" not in body, answer["answer"]
    assert confident(alice, answer), answer["grounding"]


@pytest.mark.parametrize("ask", ["Netflix thru the year so far", "how much has uber cost me for the year so far?",
                                 "so far into the year, amazon?"])
def test_the_year_so_far_said_with_a_name(chat_demo, alice, alice_money, ask):
    answer = talk(alice, ask)[-1]
    today = timezone.localdate()
    assert (_args(answer)["start"], _args(answer)["end"]) == (date(today.year, 1, 1).isoformat(),
                                                              today.isoformat()), _args(answer)


def test_a_polite_turn_of_months_before_each_side_by_side(chat_demo, alice, alice_money):
    """Courtesy around an edit is no filter; "each one, not added up" puts the months side by side."""
    answer = talk(alice, "dining last month", "and the two months before that — each one please, not added up")[-1]
    assert _args(answer)["mode"] == "periods", _args(answer)
    assert [s["start"] for s in _args(answer)["sides"]] == [_month(3).isoformat(), _month(2).isoformat()]
    after = talk(alice, f"groceries in {_month(3):%B}", "and the two months after that, each of them, if it's not too "
                 "much trouble?")[-1]
    assert [s["start"] for s in _args(after)["sides"]] == [_month(2).isoformat(), _month(1).isoformat()], after


def test_what_all_those_came_to_and_what_was_spent_overall(chat_demo, alice, alice_money):
    counted = talk(alice, "how many times did I go to starbucks last month", "Oh dear. And what did all those visits "
                   "come to?")[-1]
    assert _args(counted)["measure"] == "total" and "$12.00" in _body(counted), counted["answer"]
    overall = talk(alice, "my biggest whole foods purchase last month", "and what did I spend there overall that "
                   "month")[-1]
    assert _args(overall)["measure"] == "total" and _args(overall)["start"] == _month(1).isoformat(), _args(overall)


def test_from_then_until_now_and_the_whole_year_before(chat_demo, alice, alice_money):
    since = talk(alice, f"amazon in {_month(2):%B}", "and from then until now, all together?")[-1]
    today = timezone.localdate()
    assert (_args(since)["start"], _args(since)["end"]) == (_month(2).isoformat(), today.isoformat()), _args(since)
    before = talk(alice, "my biggest purchase this year", "and the biggest the year before?")[-1]
    assert (_args(before)["start"], _args(before)["end"]) == (f"{today.year - 1}-01-01", f"{today.year - 1}-12-31")


def test_another_measure_of_the_same_rows_pointed_at(chat_demo, alice, alice_money):
    """"how many times did I go there" after a total: the count of those rows, period and name kept."""
    counted = talk(alice, "what did I spend at whole foods last month", "how many times did I go there")[-1]
    args = _args(counted)
    assert args["measure"] == "count" and args["start"] == _month(1).isoformat(), args
    assert "1 purchase" in _body(counted) or "1 transaction" in _body(counted), counted["answer"]


def test_one_of_two_names_added_up_picked_with_a_measure(chat_demo, alice, alice_money):
    answer = talk(alice, "Starbucks and Uber together last month", "just the second one: how many rides?")[-1]
    args = _args(answer)
    assert args["measure"] == "count" and args["merchants"] == ["Uber"], args
    assert args["start"] == _month(1).isoformat() and confident(alice, answer), answer["answer"]


def test_all_of_those_months_added_up(chat_demo, alice, alice_money):
    answer = talk(alice, f"dining in {_month(3):%B}", "the two months after that?",
                  "now all three of those months added up")[-1]
    assert (_args(answer)["start"], _args(answer)["end"]) == (_month(3).isoformat(),
                                                              _last_day(_month(1)).isoformat()), _args(answer)
    assert "$228.00" in _body(answer), answer["answer"]  # 76.00 a month


def test_some_places_of_a_ranking_added_up_or_listed(chat_demo, alice, alice_money):
    top_two = talk(alice, "top 5 merchants last month", "add up the top two")[-1]
    assert _args(top_two)["measure"] == "total" and len(_args(top_two)["merchants"]) == 2, _args(top_two)
    assert "$1,496.40" in _body(top_two), top_two["answer"]  # rent 1400 + Whole Foods 96.40, not all five
    listed = talk(alice, "top 3 categories last month", "list the transactions for the second one")[-1]
    assert _args(listed)["measure"] == "list" and _args(listed)["categories"] == ["Groceries"], _args(listed)


def test_everything_since_and_a_share_of_the_last_total(chat_demo, alice, alice_money):
    since = talk(alice, f"dining in {_month(2):%B}", "and everything since?")[-1]
    today = timezone.localdate()
    assert (_args(since)["start"], _args(since)["end"]) == (_month(2).isoformat(), today.isoformat()), _args(since)
    share = talk(alice, "what did I spend last month", "how much of that was starbucks, as a percentage?")[-1]
    assert share["tool_calls"][-1]["name"] == "compare_spending", share["tool_calls"]
    assert "0.7%" in _body(share) and "$1,672.48" in _body(share), share["answer"]  # 12.00 of 1672.48


def test_the_same_for_another_period_keeps_the_names(chat_demo, alice, alice_money):
    """"all told" is no name: the names of the last question stay, over the period named."""
    answer = talk(alice, "how much went to netflix this year", "And the same for last year, all told?")[-1]
    today = timezone.localdate()
    assert _args(answer)["merchants"] == ["Netflix"], _args(answer)
    assert (_args(answer)["start"], _args(answer)["end"]) == (f"{today.year - 1}-01-01", f"{today.year - 1}-12-31")


def test_a_typical_month_of_the_same_names_over_the_months_said(chat_demo, alice, alice_money):
    answer = talk(alice, "netflix plus uber together since the start of the year",
                  "What does the pair of them cost in an ordinary month, going by the last three?")[-1]
    args = _args(answer)
    assert args["measure"] == "monthly_average" and sorted(args["merchants"]) == ["Netflix", "Uber"], args
    assert "$38.59" in _body(answer), answer["answer"]  # 15.49 + 23.10 each of the 3 full months
