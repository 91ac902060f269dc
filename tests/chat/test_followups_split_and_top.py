"""Follow-ups that split the last figure by month or pick the top of the last list, through chat_turn on the chat
fixture statement (each month: rent 1400, Starbucks 5.75 + 6.25, Amazon 42.99 + 18.50, Whole Foods 96.40, Uber 23.10,
Netflix 15.49, The Good Plate 64.00).

- "month by month?" after a count or a total over several months, of one name or of several: the same subject's figure
  for each month, never the whole figure again;
- "which of those cost the most?", "the cheaper one?" after a ranking of three or more: the top (or bottom) place of
  that list, ranked again over exactly its items."""
from __future__ import annotations

import pytest

from tests.chat.conftest import answer_body, confident, last_args, talk

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("ask", ["month by month?", "split that by month", "and each month separately?"])
def test_a_count_over_months_split_by_month(chat_demo, alice, alice_money, ask):
    answer = talk(alice, "how many times did I go to Starbucks over the last 3 full months", ask)[-1]
    args = last_args(answer)
    assert args["measure"] == "count" and args.get("group_by") == "month" and args.get("merchants") == ["Starbucks"], args
    assert answer_body(answer).count(": 2 ($12.00)") == 3, answer["answer"]
    assert confident(alice, answer), (answer["grounding"]["reasons"], answer["confidence"])


def test_a_total_of_two_names_split_by_month(chat_demo, alice, alice_money):
    answer = talk(alice, "Starbucks and Uber over the last 3 full months", "break that down by month")[-1]
    args = last_args(answer)
    assert set(args.get("merchants") or []) == {"Starbucks", "Uber"} and args.get("group_by") == "month", args
    assert answer_body(answer).count("$35.10") == 3, answer["answer"]  # 12.00 + 23.10 each month
    assert confident(alice, answer), (answer["grounding"]["reasons"], answer["confidence"])


def test_one_month_is_not_split(chat_demo, alice, alice_money):
    answer = talk(alice, "Starbucks last month", "month by month?")[-1]
    assert "By month" not in answer["answer"], answer["answer"]


@pytest.mark.parametrize("ask", ["which of those cost the most?", "the biggest of them?"])
def test_the_top_of_a_ranking_of_four(chat_demo, alice, alice_money, ask):
    answer = talk(alice, "top 4 merchants last month", ask)[-1]
    args = last_args(answer)
    assert args["measure"] == "top_merchants" and args.get("limit") == 1 and len(args.get("merchants") or []) == 4, args
    assert "$1,400.00" in answer_body(answer) and "$96.40" not in answer_body(answer), answer["answer"]
    assert confident(alice, answer), (answer["grounding"]["reasons"], answer["confidence"])


@pytest.mark.parametrize(("ask", "said", "not_said"), [
    ("the bigger one?", "$1,400.00", "$76.00"),
    ("the cheaper one?", "$76.00", "$1,400.00"),  # Dining: The Good Plate 64.00 + Starbucks 12.00
])
def test_the_bigger_or_cheaper_one_of_three_categories(chat_demo, alice, alice_money, ask, said, not_said):
    answer = talk(alice, "top 3 categories last month", ask)[-1]
    assert said in answer_body(answer) and not_said not in answer_body(answer), answer["answer"]
    assert confident(alice, answer), (answer["grounding"]["reasons"], answer["confidence"])


def test_which_purchase_was_pricier_after_a_total_of_two_shops_is_a_row(chat_demo, alice, alice_money):
    answer = talk(alice, "Starbucks and Amazon last month", "which purchase was the pricier one")[-1]
    assert last_args(answer)["measure"] == "largest", last_args(answer)
    assert "$42.99" in answer_body(answer) and "$61.49" not in answer_body(answer), answer["answer"]
