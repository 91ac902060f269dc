"""Follow-ups on the last answer's result (issue 21, kind 4), through chat_turn on the chat fixture statement (each
month: rent 1400, Starbucks 5.75 + 6.25, Amazon 42.99 + 18.50, Whole Foods 96.40, Uber 23.10, Netflix 15.49, The Good
Plate 64.00). Last month by merchant: Rent 1400, Whole Foods 96.40, The Good Plate 64.00, Amazon 61.49, Uber 23.10,
Netflix 15.49, Starbucks 12.00 (1672.48 out).

- "apart from that one" after a ranking: the ranking without its top item ("that one" is the answer's first item);
- "the bigger one?" after a ranking or two things side by side: the bigger of them;
- "# of payments?": the count of the same subject;
- "the 2nd one, monthly avg over those 3": item 2's monthly average over the three months the ranking covered;
- "split by month" after a total over months: the same subject per month;
- "last month on its own" after a total over months: that month, every word read;
- "Shell same period?" after the biggest purchase: that name's total over the period, not its biggest purchase;
- "and excl. sbux?" after a ranking that does not show Starbucks: the total without it (a new ranking would be the
  same ranking)."""
from __future__ import annotations

import pytest

from tests.chat.conftest import answer_body as _body
from tests.chat.conftest import confident, last_month_iso, talk
from tests.chat.conftest import last_args as _args
from tests.chat.conftest import months_back as _month

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("ask", ["apart from that one?", "and other than that one?", "besides that one"])
def test_apart_from_that_one_after_a_ranking_leaves_its_top_item_out(chat_demo, alice, alice_money, ask):
    answer = talk(alice, "top 3 merchants last month", ask)[-1]
    args = _args(answer)
    assert args["measure"] == "top_merchants" and any("Rent" in n for n in args.get("exclude_merchants") or []), args
    assert "$1,400.00" not in _body(answer) and "Whole Foods" in _body(answer), answer["answer"]
    assert confident(alice, answer), (answer["answer"], answer["grounding"]["reasons"], answer["confidence"])


def test_apart_from_that_one_the_total_is_the_other_items(chat_demo, alice, alice_money):
    answer = talk(alice, "top 3 merchants last month", "apart from that one, what's the total?")[-1]
    assert _args(answer)["measure"] == "total" and "$160.40" in _body(answer), answer["answer"]  # 96.40 + 64.00
    assert confident(alice, answer), (answer["answer"], answer["grounding"]["reasons"], answer["confidence"])


@pytest.mark.parametrize(("first", "said"), [
    ("top 2 merchants last month", "$1,400.00"),
    ("Uber vs Starbucks last month", "$23.10"),
])
def test_the_bigger_one_is_the_bigger_of_the_last_answers_things(chat_demo, alice, alice_money, first, said):
    answer = talk(alice, first, "the bigger one?")[-1]
    assert answer["tool_calls"], answer["answer"]
    assert said in _body(answer) and confident(alice, answer), answer["answer"]


@pytest.mark.parametrize("ask", ["# of payments?", "no. of payments?", "number of payments?"])
def test_a_count_of_the_same_subject(chat_demo, alice, alice_money, ask):
    answer = talk(alice, "Starbucks last month", ask)[-1]
    args = _args(answer)
    assert args["measure"] == "count" and args.get("merchants") == ["Starbucks"], args
    assert (args["start"], args["end"]) == last_month_iso(), args
    assert confident(alice, answer), (answer["answer"], answer["grounding"]["reasons"], answer["confidence"])


def test_the_nth_item_monthly_average_over_the_months_shown(chat_demo, alice, alice_money):
    answer = talk(alice, "top 3 merchants over the last 3 full months", "the 2nd one, monthly avg over those 3")[-1]
    args = _args(answer)
    assert args["measure"] == "monthly_average" and "Whole Foods" in str(args), args
    assert "$96.40" in _body(answer) and confident(alice, answer), answer["answer"]


@pytest.mark.parametrize("ask", ["split by month", "break it down by month", "split it up by month"])
def test_split_by_month_after_a_total_over_months(chat_demo, alice, alice_money, ask):
    answer = talk(alice, "Starbucks over the last 3 full months", ask)[-1]
    args = _args(answer)
    assert answer["tool_calls"] and "Starbucks" in str(args), args
    assert _body(answer).count("$12.00") >= 3 and confident(alice, answer), (answer["grounding"]["reasons"], answer["confidence"])


@pytest.mark.parametrize("ask", ["last month on its own", "just last month by itself", "last month alone?"])
def test_one_month_of_a_total_over_months(chat_demo, alice, alice_money, ask):
    answer = talk(alice, "Starbucks over the last 3 full months", ask)[-1]
    args = _args(answer)
    assert (args["start"], args["end"]) == last_month_iso() and args.get("merchants") == ["Starbucks"], args
    assert "$12.00" in _body(answer) and confident(alice, answer), answer["answer"]


@pytest.mark.parametrize("ask", ["Uber same period?", "and Uber over the same period?"])
def test_a_name_same_period_after_the_biggest_purchase_is_its_total(chat_demo, alice, alice_money, ask):
    answer = talk(alice, "biggest one last month?", ask)[-1]
    args = _args(answer)
    assert args["measure"] == "total" and args.get("merchants") == ["Uber"], args
    assert (args["start"], args["end"]) == last_month_iso(), args
    assert "$23.10" in _body(answer) and confident(alice, answer), answer["answer"]


def test_excluding_a_name_the_ranking_did_not_show_is_the_total_without_it(chat_demo, alice, alice_money):
    answer = talk(alice, "top 2 merchants last month", "and excl. sbux?")[-1]
    args = _args(answer)
    assert args["measure"] == "total" and "Starbucks" in (args.get("exclude_merchants") or []), args
    assert "$1,660.48" in _body(answer), answer["answer"]  # 1672.48 - 12.00
    assert confident(alice, answer), (answer["grounding"]["reasons"], answer["confidence"])


def test_so_which_was_higher_compares_the_two_things_just_answered(chat_demo, alice, alice_money):
    answer = talk(alice, "Netflix vs Amazon last month", "and Uber vs Starbucks?", "so which was higher")[-1]
    sides = [s.get("merchants") for s in _args(answer)["sides"]]
    assert sides == [["Uber"], ["Starbucks"]], _args(answer)
    assert "Uber was more" in _body(answer), answer["answer"]


def test_a_ranking_with_its_own_period_after_two_months_compared_is_that_ranking(chat_demo, alice, alice_money):
    """Not the comparison again at high confidence; and "so which was higher" then asks of the ranking's two places."""
    months = " and ".join(_month(k).strftime("%B") for k in (2, 1))
    answers = talk(alice, f"what did I spend on groceries in {months}", "top 2 merchants last month",
                   "so which was higher")
    args = _args(answers[1])
    assert args["measure"] == "top_merchants" and not args.get("compare"), args
    assert (args["start"], args["end"]) == last_month_iso(), args
    assert " vs " not in _body(answers[1]), answers[1]["answer"]
    assert "vs" not in _body(answers[2]) or "Whole Foods" in _body(answers[2]), answers[2]["answer"]


def test_which_was_higher_of_a_period_and_a_part_of_it_is_not_answered_confidently(chat_demo, alice, alice_money):
    """"the last 3 full months" then "last month on its own": a whole and its part are no pair to rank."""
    answer = talk(alice, "Starbucks over the last 3 full months", "last month on its own", "so which was higher")[-1]
    assert not confident(alice, answer), answer["answer"]
