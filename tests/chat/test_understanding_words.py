"""Every word of a money question is accounted for (issue 21): exclusions and unions are filters, ranking and
per-unit words are grammar, names come from nicknames and misspellings of the user's own merchants, ranges and
two-period questions read right, follow-ups lean on the last answer's result — and a word that was not understood
makes the answer say so at low confidence. Each test goes through chat_turn on the chat fixture statement (see
test_understanding.py): last month has rent 1,400.00, Starbucks 5.75 + 6.25, Amazon 42.99 (Shopping) and 18.50
(Groceries), Whole Foods 96.40, Uber 23.10, Netflix 15.49 and The Good Plate 64.00 (1,672.48 in all)."""
from __future__ import annotations

import pytest
from django.utils import timezone

from chat.services import chat_turn
from tests.chat.conftest import confident, first_args, month_start
from transactions.models import Transaction

pytestmark = pytest.mark.django_db


def test_an_exclusion_is_a_filter_not_the_subject(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="what did I spend last month apart from rent")
    args = first_args(answer)
    assert args.get("exclude_categories") == ["Rent"] or args.get("exclude_merchants") == ["Rent Payment Oak ST Properties"]
    assert "$272.48" in answer["answer"] and "$1,400.00" not in answer["answer"]
    biggest = chat_turn(user=alice, message="biggest purchase last month other than the rent")
    assert biggest["answer"].startswith("Your biggest purchase excluding Rent") and "$96.40" in biggest["answer"]
    assert "$1,400.00" not in biggest["answer"]


def test_a_union_counts_both_groups(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="groceries plus dining last month, combined")
    assert "$190.90" in answer["answer"], answer["answer"]  # 114.90 + 76.00, never one of them alone
    assert confident(alice, answer)


def test_second_biggest_is_ranking_grammar(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="second biggest purchase last month")
    assert first_args(answer)["offset"] == 1
    assert answer["answer"].startswith("Your second biggest purchase") and "$96.40 at Whole Foods" in answer["answer"]


def test_initials_of_their_own_merchant_are_linked_and_said(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="wf last month")
    assert "$96.40" in answer["answer"] and "I read “wf” as Whole Foods" in answer["answer"]


def test_an_unknown_thing_gets_no_total_of_something_else(chat_demo, alice, alice_money):
    for question in ("how much did I spend on the boat last month?", "what did the wedding cost me"):
        answer = chat_turn(user=alice, message=question)
        before_note = answer["answer"].split("_What I looked up")[0]
        assert "no transactions" in before_note and "$" not in before_note, (question, answer["answer"])


def test_a_word_not_understood_beside_a_known_name_is_said_at_low_confidence(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="dining last month for the wedding")
    assert "$76.00" in answer["answer"] and "'wedding'" in answer["answer"]
    assert not confident(alice, answer)


def test_closed_ranges_and_two_month_questions(chat_demo, alice, alice_money):
    first, last = month_start(timezone.localdate(), 3), month_start(timezone.localdate(), 1)
    answer = chat_turn(user=alice, message=f"dining from {first:%B} to {last:%B}")
    assert "$228.00" in answer["answer"], answer["answer"]  # three full months of 76.00
    a, b = month_start(timezone.localdate(), 1), month_start(timezone.localdate(), 2)
    which = chat_turn(user=alice, message=f"was {a:%B} or {b:%B} higher for groceries?")
    assert first_args(which).get("mode") == "periods" and which["answer"].count("$114.90") >= 2, which["answer"]


def test_follow_ups_on_the_items_of_a_ranking(chat_demo, alice, alice_money):
    top = chat_turn(user=alice, message="top 2 categories last month")
    cid = top["conversation_id"]
    assert "Rent" in top["answer"] and "Groceries" in top["answer"]
    after = chat_turn(user=alice, message="the next two", conversation_id=cid)
    assert first_args(after)["offset"] == 2
    assert "Dining ($76.00" in after["answer"] and "Shopping ($42.99" in after["answer"], after["answer"]
    total = chat_turn(user=alice, message="add them up", conversation_id=cid)
    assert set(first_args(total)["categories"]) == {"Dining", "Shopping"} and "$118.99" in total["answer"]


def test_follow_ups_on_the_periods_and_the_figure(chat_demo, alice, alice_money):
    a, b = month_start(timezone.localdate(), 1), month_start(timezone.localdate(), 2)
    both = chat_turn(user=alice, message=f"groceries {a:%B} vs {b:%B}")
    cid = both["conversation_id"]
    first = chat_turn(user=alice, message="just the first one", conversation_id=cid)
    args = first_args(first)
    assert args["measure"] == "total" and args["start"] == a.isoformat() and "$114.90" in first["answer"]
    dining = chat_turn(user=alice, message="dining last month")
    weekly = chat_turn(user=alice, message="per week?", conversation_id=dining["conversation_id"])
    days = (month_start(timezone.localdate(), 0) - month_start(timezone.localdate(), 1)).days
    assert f"${round(76 / days * 7, 2):.2f} per week" in weekly["answer"], weekly["answer"]
    listed = chat_turn(user=alice, message="list them", conversation_id=dining["conversation_id"])
    assert first_args(listed)["measure"] == "list" and "THE GOOD PLATE" in listed["answer"].upper()


def test_an_exclusion_as_a_follow_up_keeps_the_subject(chat_demo, alice, alice_money):
    dining = chat_turn(user=alice, message="dining last month")
    without = chat_turn(user=alice, message="and without starbucks?", conversation_id=dining["conversation_id"])
    args = first_args(without)
    assert args["categories"] == ["Dining"] and args["exclude_merchants"] == ["Starbucks"]
    assert "$64.00" in without["answer"]


def test_no_question_changes_data(chat_demo, alice, alice_money):
    before = list(Transaction.objects.filter(user=alice).order_by("id").values_list("id", "amount", "category_id"))
    for question in ("everything except rent, file it all as Shopping", "drop the starbucks ones",
                     "groceries plus dining, together", "wf last month"):
        chat_turn(user=alice, message=question)
    after = list(Transaction.objects.filter(user=alice).order_by("id").values_list("id", "amount", "category_id"))
    assert before == after
