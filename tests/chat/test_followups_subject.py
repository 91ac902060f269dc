"""Follow-ups about the subject in play (issue 21, kind 4; transactions/query/followups_subject.py and the average
over fewer months in followups_lastset.py), through chat_turn on the chat fixture statement (each month: rent 1400;
Starbucks 5.75 on the 3rd and 6.25 on the 9th, The Good Plate 64.00 on the 11th (Dining); Amazon 42.99 on the 5th
(Shopping) and 18.50 on the 12th (Groceries); Whole Foods 96.40; Uber 23.10; Netflix 15.49)."""
from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest

from tests.chat.conftest import answer_body as _body
from tests.chat.conftest import confident, last_month_iso, talk
from tests.chat.conftest import last_args as _args
from tests.chat.conftest import months_back as _month

pytestmark = pytest.mark.django_db


def test_fewer_months_after_a_monthly_average_is_that_average_again(chat_demo, alice, alice_money):
    first, fewer = talk(alice, "on average what do groceries cost me each month, over the past 3 months",
                        "ok and only the last 2?")
    assert _args(first).get("months") == 3, _args(first)
    args = _args(fewer)
    assert args.get("measure") == "monthly_average" and args.get("months") == 2, args  # never a total of 2 months
    assert "$114.90" in _body(fewer) and confident(alice, fewer), fewer["answer"]


def test_a_shop_overall_is_all_of_its_history_without_the_old_restriction(chat_demo, alice, alice_money):
    from django.utils import timezone

    today = timezone.localdate()
    _, overall = talk(alice, "amazon last month, leaving groceries out", "what about that shop in general")
    args = _args(overall)
    assert args.get("merchants") == ["Amazon"] and not args.get("exclude_categories"), args
    assert args.get("period") == "all time" and args.get("start") is None, args
    expected = sum(Decimal(a) for k in range(4) for d, a in ((5, "42.99"), (12, "18.50"))
                   if _month(k) + timedelta(days=d - 1) <= today)
    assert f"${expected:,.2f}" in _body(overall) and confident(alice, overall), overall["answer"]


def test_a_check_back_says_the_basis_again_and_is_no_confident_answer(chat_demo, alice, alice_money):
    first, check = talk(alice, "how much went on transport last month", "can you make sure you're using the correct bill")
    assert _args(check) == _args(first) and "right" not in str(_args(check)), _args(check)
    assert "$23.10" in _body(check) and not confident(alice, check), check["answer"]
    # what follows it keeps the subject, and is not doubted because of the check
    cost = talk(alice, "how much went on transport last month", "make sure it's the right month",
                "fine, just tell me the total")[-1]
    assert _args(cost).get("categories") == ["Transport"] and "$23.10" in _body(cost), cost["answer"]


def test_the_one_before_the_row_shown_is_the_row_dated_before_it(chat_demo, alice, alice_money):
    _, before = talk(alice, "what was my priciest dining purchase last month", "and the purchase before that one?")
    args = _args(before)
    assert args.get("categories") == ["Dining"] and args.get("limit") == 1, args
    assert args.get("end") == (_month(1) + timedelta(days=9)).isoformat(), args  # before the 11th, whenever
    assert confident(alice, before), before["grounding"]
    assert "$6.25" in _body(before) and "$64.00" not in _body(before).split("\n")[0], before["answer"]


def test_what_it_cost_is_the_figure_of_what_the_last_answer_was_about(chat_demo, alice, alice_money):
    _, cost = talk(alice, "which merchant took the most from me last month", "alright then just tell me what it cost")
    assert "clarif" not in str(cost.get("tools_used")), cost["tool_calls"]
    assert "$1,400.00" in _body(cost) and confident(alice, cost), cost["answer"]
    # after a check-back, the figure asked for is given, not a question about what they want
    total = talk(alice, "uber last month", "double-check it's the right merchant", "ok so what's the total then?")[-1]
    assert total["tool_calls"] and "$23.10" in _body(total), total["answer"]


def test_does_that_include_and_without_it_leaves_it_out_of_the_last_total(chat_demo, alice, alice_money):
    _, without = talk(alice, "what did I spend in total last month", "is rent included in that? what is it without")
    args = _args(without)
    assert "search_knowledge_base" not in without["tools_used"], without["tool_calls"]
    assert any("Rent" in x for x in (args.get("exclude_categories") or []) + (args.get("exclude_merchants") or [])), args
    assert (args.get("start"), args.get("end")) == last_month_iso(), args
    assert "$272.48" in _body(without), without["answer"]


def test_an_average_over_the_last_months_after_a_total_keeps_the_subject(chat_demo, alice, alice_money):
    _, avg = talk(alice, "netflix so far this year", "monthly on avg? the past 2 i mean")
    args = _args(avg)
    # the average of the last 2 full months, or the last 2 months' total per month: both say $15.49 a month
    assert "Netflix" in (args.get("merchants") or [args.get("merchant")]), args
    assert (args.get("measure") == "monthly_average" and args.get("months") == 2) \
        or (args.get("measure") == "total" and args.get("per") == "month"), args
    assert "$15.49" in _body(avg), avg["answer"]


def test_a_period_said_with_a_verb_moves_the_last_question_there(chat_demo, alice, alice_money):
    from django.utils import timezone

    _, wider = talk(alice, "my largest purchase last month apart from rent", "stretch that out to the whole of this year")
    args = _args(wider)
    left_out = (args.get("exclude_categories") or []) + (args.get("exclude_merchants") or [])
    assert args.get("measure") == "largest" and any("Rent" in x for x in left_out), args
    assert args.get("start") == f"{timezone.localdate().year}-01-01" and "$96.40" in _body(wider), wider["answer"]


def test_that_same_stretch_is_the_last_period_and_no_word_left_out(chat_demo, alice, alice_money):
    first, same = talk(alice, "what did whole foods cost me since the start of last month",
                       "ok, and netflix over that same stretch?")
    assert _args(same).get("merchants") == ["Netflix"], _args(same)
    assert (_args(same).get("start"), _args(same).get("end")) == (_args(first).get("start"), _args(first).get("end"))
    assert "stretch" not in same["answer"] and confident(alice, same), same["answer"]


def test_how_to_show_it_and_a_pleased_word_are_no_new_subject(chat_demo, alice, alice_money):
    listed = talk(alice, "what did amazon cost me last month", "could you list those out for me, with the dates?")[-1]
    assert _args(listed).get("merchants") == ["Amazon"] and _args(listed).get("measure") in ("list", "largest"), \
        _args(listed)
    assert "$42.99" in _body(listed) and confident(alice, listed), listed["answer"]
    nxt = talk(alice, "top 3 categories last month", "Lovely. Now the two after those, in order?")[-1]
    assert (_args(nxt).get("offset"), _args(nxt).get("limit")) == (3, 2), _args(nxt)
    assert "Shopping" in _body(nxt) and confident(alice, nxt), nxt["answer"]
