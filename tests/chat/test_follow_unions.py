"""Follow-ups that join, swap or widen the last answer's subject (issue 21, kinds 3-4), through chat_turn, on the chat
fixture statement (each month: rent 1400, Whole Foods 96.40 and Amazon 18.50 (Groceries), Amazon 42.99 (Shopping),
The Good Plate 64.00 and Starbucks 5.75 + 6.25 (Dining), Uber 23.10 (Transport), Netflix 15.49 (Subscriptions)).
Last month: Uber 23.10, Netflix 15.49 (together 38.59), Amazon 61.49, Whole Foods 96.40."""
from __future__ import annotations

import pytest
from django.utils import timezone

from chat.services import chat_turn
from core.periods import add_months
from tests.chat.conftest import confident

pytestmark = pytest.mark.django_db


def _say(user, message, first=None):
    return chat_turn(user=user, message=message, conversation_id=first["conversation_id"] if first else None)


def _args(answer) -> dict:
    return answer["tool_calls"][-1]["arguments"]


def _body(answer) -> str:
    return answer["answer"].split("_What I looked up")[0]


def test_a_name_said_with_a_union_cue_joins_the_last_subject(chat_demo, alice, alice_money):
    for first, then in (("what did Uber cost me last month", "and with Netflix too?"),
                        ("how much did I pay Uber last month", "plus Netflix, what's the total for both"),
                        ("transport spending last month", "put those together with subscriptions")):
        joined = _say(alice, then, _say(alice, first))
        assert "$38.59" in _body(joined), (then, joined["answer"])
        assert confident(alice, joined), (then, joined["answer"])


def test_adding_up_two_answers_keeps_an_exclusion_to_the_one_it_was_said_for(chat_demo, alice, alice_money):
    amazon = _say(alice, "Amazon spending last month")
    assert "$61.49" in _body(amazon), amazon["answer"]
    grocer = _say(alice, "and Whole Foods, leaving out shopping", amazon)
    assert "$96.40" in _body(grocer), grocer["answer"]
    both = _say(alice, "ok sum them up", grocer)
    assert "$157.89" in _body(both), both["answer"]  # Amazon's shopping order is Amazon's, counted


def test_a_swap_word_keeps_the_subject_and_changes_only_the_period(chat_demo, alice, alice_money):
    before = add_months(timezone.localdate().replace(day=1), -2)
    first = _say(alice, "how much at Starbucks last month")
    swapped = _say(alice, f"and in {before:%B} instead", first)
    assert _args(swapped).get("merchants") == ["Starbucks"], _args(swapped)
    assert "$12.00" in _body(swapped) and confident(alice, swapped), swapped["answer"]
    assert "instead" not in swapped["answer"].lower()


def test_both_brings_back_the_two_names_the_last_turn_narrowed(chat_demo, alice, alice_money):
    two = _say(alice, "Uber and Netflix last month")
    one = _say(alice, "only Netflix", two)
    assert "$15.49" in _body(one), one["answer"]
    both = _say(alice, "now both services again", one)
    assert sorted(_args(both).get("merchants") or []) == ["Netflix", "Uber"], _args(both)
    assert "$38.59" in _body(both) and confident(alice, both), both["answer"]


def test_how_many_that_was_overall_counts_the_set_the_biggest_was_drawn_from(chat_demo, alice, alice_money):
    direct = _say(alice, "how many purchases last month not counting rent")
    biggest = _say(alice, "biggest purchase last month not counting rent")
    counted = _say(alice, "and how many purchases was that overall", biggest)
    assert _args(counted)["measure"] == "count", _args(counted)
    assert _args(counted).get("start") == _args(direct).get("start"), (_args(counted), _args(direct))
    assert _body(counted).split(" purchases")[0] == _body(direct).split(" purchases")[0], (counted["answer"],
                                                                                          direct["answer"])


def test_what_was_spent_there_overall_after_the_biggest_is_a_total(chat_demo, alice, alice_money):
    biggest = _say(alice, "my biggest Amazon purchase last month")
    overall = _say(alice, "and what did I spend there overall", biggest)
    assert _args(overall)["measure"] == "total" and _args(overall).get("merchants") == ["Amazon"], _args(overall)


def test_a_join_to_the_last_subject_that_is_not_made_is_not_confident(chat_demo, alice, alice_money):
    first = _say(alice, "how much did Uber cost last month")
    joined = _say(alice, "plus all the petco runs, both together", first)
    assert not confident(alice, joined), joined["answer"]


def test_swap_the_month_keeps_the_shop(chat_demo, alice, alice_money):
    before = add_months(timezone.localdate().replace(day=1), -3)
    first = _say(alice, "Netflix last month")
    moved = _say(alice, f"swap the month for {before:%B}", first)
    assert _args(moved).get("merchants") == ["Netflix"] and "$15.49" in _body(moved), moved["answer"]
    assert confident(alice, moved), moved["answer"]
