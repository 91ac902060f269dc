"""Issue 21 kind 2: "rides" said with no name before it is the user's ride-hailing (their Uber), never dropped so that
all spending is answered at high confidence; after a name it stays that name's ("uber rides"), and Uber Eats is no
ride. "The biggest single item" is one row of the statement, the rent too; "the priciest item I bought" still leaves
the bills out. The chat fixture statement (tests/chat/conftest.py) has, each month: Uber 23.10, Uber Eats none, rent
1400.00, Whole Foods 96.40, The Good Plate 64.00, Amazon 42.99 + 18.50, Netflix 15.49, Starbucks 5.75 + 6.25."""
from __future__ import annotations

import pytest

from tests.chat.conftest import confident, first_line, last_args, talk

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("said", ["what did rides cost me last month", "last month - rides?",
                                  "how much went on car rides last month"])
def test_rides_alone_are_their_ride_hailing(chat_demo, alice, alice_money, said):
    [answer] = talk(alice, said)
    args = last_args(answer)
    assert "$23.10" in first_line(answer), answer["answer"]
    assert args.get("merchants"), args  # a subject, never all spending
    assert confident(alice, answer)


def test_rides_counted(chat_demo, alice, alice_money):
    [answer] = talk(alice, "how many rides did I take last month?")
    args = last_args(answer)
    assert args["measure"] == "count" and args.get("merchants"), args
    assert "1 " in first_line(answer), answer["answer"]


@pytest.mark.parametrize("said", ["biggest single item last month?", "what was the largest single item from last month"])
def test_a_single_item_is_any_row_even_the_rent(chat_demo, alice, alice_money, said):
    # "single item": one row of the statement, whatever it paid (the rent too), not a thing bought
    [answer] = talk(alice, said)
    args = last_args(answer)
    assert args["measure"] == "largest" and not args.get("exclude_categories"), args
    assert "$1,400.00" in first_line(answer), answer["answer"]


def test_a_thing_bought_still_leaves_the_bills_out(chat_demo, alice, alice_money):
    [answer] = talk(alice, "priciest item I bought last month")
    assert "$1,400.00" not in first_line(answer), answer["answer"]
