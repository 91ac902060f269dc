"""Issue 21 kind 4 through chat_turn: follow-ups that lean on a ranking's places or on a total's figure. "just the
first two, what did each get" is the first two places with their own figures (never the first alone); "drop the
biggest one" after the biggest purchases or a ranking re-answers without it (nothing is deleted, and the turn asks
for no row); "as a share of my pay?" after a total sets it against their income, not all their spending. The chat
fixture statement (tests/chat/conftest.py), each month: salary 3200.00, Rent 1400.00, Whole Foods 96.40, The Good
Plate 64.00, Amazon 42.99 + 18.50, Uber 23.10, Netflix 15.49, Starbucks 5.75 + 6.25."""
from __future__ import annotations

import pytest

from tests.chat.conftest import answer_body, confident, last_args, talk

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("said", ["just the first two, what did each get", "only the top 2 - how much each?",
                                  "the first two on their own"])
def test_the_first_places_of_a_ranking_with_their_own_figures(chat_demo, alice, alice_money, said):
    answer = talk(alice, "top 4 merchants last month", said)[-1]
    body = answer_body(answer)
    assert "$1,400.00" in body and "$96.40" in body and "$64.00" not in body, answer["answer"]
    assert last_args(answer).get("limit") == 2, answer["tool_calls"]
    assert confident(alice, answer), answer["grounding"]


def test_dropping_the_biggest_purchase_shows_the_ones_after_it(chat_demo, alice, alice_money):
    answer = talk(alice, "my 3 biggest purchases last month", "drop the biggest one")[-1]
    assert [c["name"] for c in answer["tool_calls"]] == ["search_transactions"], answer["tool_calls"]
    body = answer_body(answer)
    assert "$96.40" in body and "$42.99" in body and "$1,400.00" not in body, answer["answer"]
    assert "numbers 2–4" in body, answer["answer"]
    assert confident(alice, answer), answer["grounding"]


def test_dropping_the_biggest_category_is_no_row_asked(chat_demo, alice, alice_money):
    answer = talk(alice, "top 3 categories last month", "drop the biggest one")[-1]
    first = answer["answer"].splitlines()[0]
    assert "Groceries ($114.90" in first and "Rent (" not in first, answer["answer"]
    assert confident(alice, answer), answer["grounding"]


@pytest.mark.parametrize("said", ["as a share of my pay?", "what percent of my income is that?"])
def test_a_share_of_their_pay_is_of_their_income(chat_demo, alice, alice_money, said):
    answer = talk(alice, "how much did I spend on dining last month", said)[-1]
    sides = last_args(answer).get("sides") or []
    assert [s.get("direction") for s in sides][-1:] == ["in"], answer["tool_calls"]
    assert "2.4%" in answer["answer"] and "income" in answer["answer"], answer["answer"]  # 76.00 of 3,200.00
    assert confident(alice, answer), answer["grounding"]


def test_a_share_with_no_whole_said_is_of_all_spending(chat_demo, alice, alice_money):
    answer = talk(alice, "how much did I spend on dining last month", "what percent is that of everything?")[-1]
    sides = last_args(answer).get("sides") or []
    assert sides and not sides[-1].get("direction"), answer["tool_calls"]


def test_a_share_keeps_what_the_total_left_out(chat_demo, alice, alice_money):
    answer = talk(alice, "groceries last month", "and without amazon?", "as a share of my pay?")[-1]
    part = (last_args(answer).get("sides") or [{}])[0]
    assert part.get("exclude_merchants"), answer["tool_calls"]
    assert "3.0%" in answer["answer"] and "$96.40" in answer["answer"], answer["answer"]  # 96.40 of 3,200.00
