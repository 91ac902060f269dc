"""Follow-ups that join, swap or widen the last answer's subject (issue 21, kinds 3-4), through chat_turn, on the chat
fixture statement (each month: rent 1400, Whole Foods 96.40 and Amazon 18.50 (Groceries), Amazon 42.99 (Shopping),
The Good Plate 64.00 and Starbucks 5.75 + 6.25 (Dining), Uber 23.10 (Transport), Netflix 15.49 (Subscriptions)).
Last month: Uber 23.10, Netflix 15.49 (together 38.59), Amazon 61.49, Whole Foods 96.40."""
from __future__ import annotations

import pytest
from django.utils import timezone

from core.periods import add_months
from tests.chat.conftest import answer_body, confident, last_args, say

pytestmark = pytest.mark.django_db


def test_a_name_said_with_a_union_cue_joins_the_last_subject(chat_demo, alice, alice_money):
    for first, then in (("what did Uber cost me last month", "and with Netflix too?"),
                        ("how much did I pay Uber last month", "plus Netflix, what's the total for both"),
                        ("transport spending last month", "put those together with subscriptions")):
        joined = say(alice, then, say(alice, first))
        assert "$38.59" in answer_body(joined), (then, joined["answer"])
        assert confident(alice, joined), (then, joined["answer"])


def test_adding_up_two_answers_keeps_an_exclusion_to_the_one_it_was_said_for(chat_demo, alice, alice_money):
    amazon = say(alice, "Amazon spending last month")
    assert "$61.49" in answer_body(amazon), amazon["answer"]
    grocer = say(alice, "and Whole Foods, leaving out shopping", amazon)
    assert "$96.40" in answer_body(grocer), grocer["answer"]
    both = say(alice, "ok sum them up", grocer)
    assert "$157.89" in answer_body(both), both["answer"]  # Amazon's shopping order is Amazon's, counted


def test_a_swap_word_keeps_the_subject_and_changes_only_the_period(chat_demo, alice, alice_money):
    before = add_months(timezone.localdate().replace(day=1), -2)
    first = say(alice, "how much at Starbucks last month")
    swapped = say(alice, f"and in {before:%B} instead", first)
    assert last_args(swapped).get("merchants") == ["Starbucks"], last_args(swapped)
    assert "$12.00" in answer_body(swapped) and confident(alice, swapped), swapped["answer"]
    assert "instead" not in swapped["answer"].lower()


def test_both_brings_back_the_two_names_the_last_turn_narrowed(chat_demo, alice, alice_money):
    two = say(alice, "Uber and Netflix last month")
    one = say(alice, "only Netflix", two)
    assert "$15.49" in answer_body(one), one["answer"]
    both = say(alice, "now both services again", one)
    assert sorted(last_args(both).get("merchants") or []) == ["Netflix", "Uber"], last_args(both)
    assert "$38.59" in answer_body(both) and confident(alice, both), both["answer"]


def test_how_many_that_was_overall_counts_the_set_the_biggest_was_drawn_from(chat_demo, alice, alice_money):
    direct = say(alice, "how many purchases last month not counting rent")
    biggest = say(alice, "biggest purchase last month not counting rent")
    counted = say(alice, "and how many purchases was that overall", biggest)
    assert last_args(counted)["measure"] == "count", last_args(counted)
    assert last_args(counted).get("start") == last_args(direct).get("start"), (last_args(counted), last_args(direct))
    assert answer_body(counted).split(" purchases")[0] == answer_body(direct).split(" purchases")[0], (counted["answer"],
                                                                                          direct["answer"])


def test_what_was_spent_there_overall_after_the_biggest_is_a_total(chat_demo, alice, alice_money):
    biggest = say(alice, "my biggest Amazon purchase last month")
    overall = say(alice, "and what did I spend there overall", biggest)
    assert last_args(overall)["measure"] == "total" and last_args(overall).get("merchants") == ["Amazon"], last_args(overall)


def test_a_join_to_the_last_subject_that_is_not_made_is_not_confident(chat_demo, alice, alice_money):
    first = say(alice, "how much did Uber cost last month")
    joined = say(alice, "plus all the petco runs, both together", first)
    assert not confident(alice, joined), joined["answer"]


def test_swap_the_month_keeps_the_shop(chat_demo, alice, alice_money):
    before = add_months(timezone.localdate().replace(day=1), -3)
    first = say(alice, "Netflix last month")
    moved = say(alice, f"swap the month for {before:%B}", first)
    assert last_args(moved).get("merchants") == ["Netflix"] and "$15.49" in answer_body(moved), moved["answer"]
    assert confident(alice, moved), moved["answer"]
