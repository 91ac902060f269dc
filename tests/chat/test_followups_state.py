"""Follow-ups on the conversation state (issue 21, kind 4: transactions/query/state.py, followups*.py): the row
before the one shown, the same days a month back, one of two periods by its time or its figure, the place the
last answer was about, a ranking's window moved with an aside, the whole a share was taken of, two averages
together, the merchants a request to act named, a corrected subject keeping its period. Through chat_turn on the
chat fixture statement (each month: salary 3200 on the 1st; rent 1400 on the 2nd, Starbucks 5.75 on the 3rd and
6.25 on the 9th, Amazon 42.99 (Shopping) on the 5th and 18.50 (Groceries) on the 12th, Whole Foods 96.40 on the
6th, Uber 23.10 on the 8th, Netflix 15.49 on the 10th, The Good Plate 64.00 on the 11th). Last month: 1672.48
out; Rent 1400, Groceries 114.90, Dining 76.00, Shopping 42.99."""
from __future__ import annotations

import pytest
from django.utils import timezone

from core.periods import add_months
from tests.chat.conftest import answer_body as _body
from tests.chat.conftest import confident, statement_csv, talk
from tests.chat.conftest import last_args as _args
from tests.chat.conftest import months_back as _month

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice_bigger_month(alice):
    """The fixture statement with one more Whole Foods shop two months ago: that month's groceries are bigger."""
    from transactions.services import transactions_import

    today = timezone.localdate()
    extra = [(_month(2).replace(day=15), "WHOLE FOODS MARKET #102", "-150.00", "Groceries")]
    return transactions_import(user=alice, file_name="alice.csv", content=statement_csv(today=today, extra=extra))


def test_the_one_before_the_latest_row_is_the_row_before_it(chat_demo, alice, alice_money):
    answers = talk(alice, "when was my most recent uber ride", "ok and the one before that one?", "and the one after?")
    before, after = answers[1], answers[2]
    assert _args(before)["measure"] == "list" and _args(before)["offset"] == 1 and _args(before)["limit"] == 1
    assert f"{_month(1).replace(day=8):%-d %b %Y}" in _body(before) and "$23.10" in _body(before), before["answer"]
    assert confident(alice, before), before["grounding"]
    assert not _args(after).get("offset") and "Your most recent transaction" in _body(after), after["answer"]


def test_the_same_days_last_month_keeps_the_days(chat_demo, alice, alice_money):
    today = timezone.localdate()
    answer = talk(alice, "what did dining cost me this month", "and over the same days last month?")[-1]
    assert _args(answer)["start"] == add_months(today.replace(day=1), -1).isoformat()
    assert _args(answer)["end"] == add_months(today, -1).isoformat(), answer["tool_calls"]
    assert confident(alice, answer), answer["grounding"]


def test_the_earliest_of_two_months_compared(chat_demo, alice, alice_money):
    answer = talk(alice, f"dining in {_month(2):%B} and {_month(1):%B}", "only the earliest one please")[-1]
    assert _args(answer)["start"] == _month(2).isoformat() and _args(answer)["measure"] == "total"
    assert "$76.00" in _body(answer) and confident(alice, answer), answer["answer"]


def test_the_bigger_of_two_months_against_itself_a_year_back(chat_demo, alice, alice_bigger_month):
    first = f"groceries {_month(2):%B} vs {_month(1):%B}"
    answer = talk(alice, first, "how does the bigger one stack up against the same month a year earlier?")[-1]
    sides = _args(answer)["sides"]
    bigger = _month(2)
    assert [s["start"] for s in sides] == [bigger.isoformat(), bigger.replace(year=bigger.year - 1).isoformat()], sides
    assert "$264.90" in _body(answer), answer["answer"]  # 114.90 + the extra 150.00


def test_paid_that_company_ever_is_the_merchant_of_the_last_answer(chat_demo, alice, alice_money):
    answer = talk(alice, "amazon last month?", "how much have i paid that company overall since forever")[-1]
    assert _args(answer)["merchants"] == ["Amazon"] and not _args(answer).get("start"), answer["tool_calls"]
    assert "$245.96" in _body(answer) and confident(alice, answer), answer["answer"]  # 4 months of 61.49


def test_dropping_the_first_of_a_ranking_with_an_aside_moves_its_window(chat_demo, alice, alice_money):
    """"drop the first one, it's obviously rent": the ranking from its second place, nothing deleted."""
    answer = talk(alice, "top 3 categories last month",
                  "drop the first one, it's obviously rent. what are the next two?")[-1]
    assert not any(n.startswith("propose_") for n in answer["tools_used"]), answer["tools_used"]
    args = _args(answer)
    assert (args["measure"], args["offset"], args["limit"]) == ("top_categories", 1, 2), args
    assert "Groceries" in _body(answer) and "Dining" in _body(answer) and confident(alice, answer), answer["answer"]


def test_after_a_share_the_turn_is_about_the_whole(chat_demo, alice, alice_money):
    """After "what % of everything is that": "<month> total without rent" is all spending less rent (not rent less
    rent), "and groceries?" is groceries' share of the same whole."""
    share, whole = talk(alice, f"rent in {_month(1):%B}", "what % of my total spending that month is that",
                        f"{_month(1):%B} total without rent")[1:]
    assert "83.7%" in _body(share) and confident(alice, share), share["answer"]  # 1400 of 1672.48
    args = _args(whole)
    left_out = (args.get("exclude_categories") or []) + (args.get("exclude_merchants") or [])
    assert args["measure"] == "total" and len(left_out) == 1 and "Rent" in left_out[0], args
    assert args["start"] == _month(1).isoformat() and not args.get("merchants") and not args.get("categories"), args
    assert "$272.48" in _body(whole) and confident(alice, whole), whole["answer"]
    groceries = talk(alice, f"rent in {_month(1):%B}", "what percent of everything is that", "and groceries?")[-1]
    assert _args(groceries).get("ask") == "share" and "6.9%" in _body(groceries), groceries["answer"]


def test_two_monthly_averages_put_together(chat_demo, alice, alice_money):
    answer = talk(alice, "dining a month on average over the last 3 months", "and groceries",
                  "put the two together")[-1]
    args = _args(answer)
    assert args["measure"] == "monthly_average" and sorted(args["categories"]) == ["Dining", "Groceries"], args
    assert "$190.90" in _body(answer) and confident(alice, answer), answer["answer"]  # 76.00 + 114.90


def test_they_after_a_request_to_act_are_its_merchants(chat_demo, alice, alice_money):
    from transactions.models import Category

    answer = talk(alice, "can you put all my uber rides in a new Commute category?",
                  "fine, then just tell me what they cost last month")[-1]
    assert _args(answer)["merchants"] == ["Uber"] and "$23.10" in _body(answer), answer["answer"]
    assert confident(alice, answer), answer["grounding"]
    assert not Category.objects.filter(user=alice, name__icontains="commute").exists()  # nothing confirmed


def test_a_corrected_subject_keeps_the_period(chat_demo, alice, alice_money):
    answer = talk(alice, f"starbucks and uber in {_month(2):%B}", "oh wait only uber, not starbucks")[-1]
    assert _args(answer)["merchants"] == ["Uber"] and _args(answer)["start"] == _month(2).isoformat()
    assert "$23.10" in _body(answer) and confident(alice, answer), answer["answer"]


def test_the_next_two_after_a_summary_follow_the_three_it_led_with(chat_demo, alice, alice_money):
    """A spending summary lists every category and leads with the biggest 3: "the two after those" are 4th and 5th."""
    first = talk(alice, "what were my biggest categories last month")[0]
    assert first["tool_calls"][-1]["name"] == "get_spending_summary", first["tool_calls"]
    answer = talk(alice, "what were my biggest categories last month", "right, and the two after those?")[-1]
    args = _args(answer)
    assert (args["measure"], args["offset"], args["limit"]) == ("top_categories", 3, 2), args
    assert confident(alice, answer), answer["grounding"]


def test_that_months_subject_against_the_month_before(chat_demo, alice, alice_money):
    """After the biggest purchase of a month: that month's total against the month before, the subject said again."""
    answer = talk(alice, f"groceries in {_month(1):%B}", "and the biggest single grocery shop?",
                  "how did that month's groceries stack up against the month before")[-1]
    args = _args(answer)
    assert [s["start"] for s in args["sides"]] == [_month(1).isoformat(), _month(2).isoformat()], args
    assert args.get("categories") == ["Groceries"] and confident(alice, answer), answer["answer"]
