"""Issue 21 ("high" must mean right), more general signals of chat/turn_signals.py through chat_turn: a request to
change something answered with a figure, a change wider than the one row asked, a duplicate never looked for, a
follow-up that lost the last answer's period, spending over a period answered by a capability note; and in
chat/grounding.py, "nothing at <a shop they never used>" is a medium answer, not an escalation.

Each month of the chat fixture statement: Whole Foods 96.40, Uber 23.10, Netflix 15.49, Starbucks 5.75 + 6.25."""
from __future__ import annotations

import pytest
from django.utils import timezone

from chat.services import chat_turn
from tests.chat.conftest import confident, last_month_iso, month_start, reasons, reply

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("question", [
    "great, could you make me one for the rent then",
    "pls log a $12 cash lunch from today",
    "delete that netflix charge from last month",
    "ok can u set one up for my rent",
])
def test_a_request_to_change_answered_with_a_figure_is_not_confident(fake_llm, alice, alice_money, question):
    start, end = last_month_iso()
    fake_llm([{"tool_calls": [("search_transactions", {"measure": "total", "categories": ["Rent"], "start": start,
                                                       "end": end})]},
              reply("You spent $1,400.00 on Rent last month, across 1 transaction.")])
    answer = chat_turn(user=alice, message=question)
    assert not confident(alice, answer), reasons(answer)
    assert "asks for a change" in reasons(answer)


@pytest.mark.parametrize("question", ["could you make a list of what uber cost me last month",
                                      "can you add up my uber rides for last month"])
def test_a_request_to_read_answered_with_a_figure_stays_confident(fake_llm, alice, alice_money, question):
    start, end = last_month_iso()
    fake_llm([{"tool_calls": [("search_transactions", {"measure": "total", "merchants": ["Uber"], "start": start,
                                                       "end": end})]},
              reply("You spent $23.10 at Uber last month, across 1 transaction.")])
    answer = chat_turn(user=alice, message=question)
    assert "asks for a change" not in reasons(answer)
    assert confident(alice, answer), reasons(answer)


@pytest.mark.parametrize("question", ["move my latest uber ride to Travel", "file the last uber charge as Travel please"])
def test_one_row_asked_but_every_row_changed_is_not_confident(fake_llm, alice, alice_money, question):
    fake_llm([{"tool_calls": [("propose_set_category", {"category": "Travel", "merchants": ["Uber"]})]},
              reply("Here is what I'll do once you confirm: file the Uber transactions under Travel.")])
    answer = chat_turn(user=alice, message=question)
    assert not confident(alice, answer), reasons(answer)
    assert "names one row" in reasons(answer)


def test_every_row_asked_and_changed_has_no_one_row_signal(fake_llm, alice, alice_money):
    fake_llm([{"tool_calls": [("propose_set_category", {"category": "Travel", "merchants": ["Uber"]})]},
              reply("Here is what I'll do once you confirm: file the Uber transactions under Travel.")])
    answer = chat_turn(user=alice, message="move all my uber rides to Travel")
    assert "names one row" not in reasons(answer)


@pytest.mark.parametrize("question", ["remove the double netflix charge from last month",
                                      "delete the duplicated netflix payment last month"])
def test_a_duplicate_asked_but_never_looked_for_is_not_confident(fake_llm, alice, alice_money, question):
    start, end = last_month_iso()
    fake_llm([{"tool_calls": [("propose_delete_transaction", {"merchant": "Netflix", "start": start, "end": end})]},
              reply("Here is what I'll do once you confirm: delete the Netflix charge.")])
    answer = chat_turn(user=alice, message=question)
    assert not confident(alice, answer), reasons(answer)
    assert "duplicate" in reasons(answer)


def test_a_follow_up_that_lost_the_last_answers_period_is_not_confident(fake_llm, alice, alice_money):
    start, end = last_month_iso()
    fake_llm([{"tool_calls": [("search_transactions", {"measure": "total", "merchants": ["Starbucks"], "start": start,
                                                       "end": end})]},
              reply("You spent $12.00 at Starbucks last month, across 2 transactions."),
              {"tool_calls": [("search_transactions", {"measure": "count", "merchants": ["Starbucks"]})]},
              reply("You made 8 purchases at Starbucks.")])
    first = chat_turn(user=alice, message="starbucks last month?")
    answer = chat_turn(user=alice, message="ok how many visits was that", conversation_id=first["conversation_id"])
    assert not confident(alice, answer), reasons(answer)
    assert "kept that period" in reasons(answer)


def test_a_follow_up_that_lost_the_period_of_a_comparison_is_not_confident(fake_llm, alice, alice_money):
    start, end = last_month_iso()
    sides = [{"label": n, "merchants": [n], "start": start, "end": end} for n in ("Starbucks", "Uber")]
    fake_llm([{"tool_calls": [("compare_spending", {"mode": "sides", "sides": sides})]},
              reply("Starbucks: $12.00 vs Uber: $23.10 last month."),
              {"tool_calls": [("search_transactions", {"measure": "count", "merchants": ["Uber"]})]},
              reply("You made 4 purchases at Uber.")])
    first = chat_turn(user=alice, message="starbucks vs uber last month")
    answer = chat_turn(user=alice, message="so how many uber rides was that", conversation_id=first["conversation_id"])
    assert not confident(alice, answer), reasons(answer)
    assert "kept that period" in reasons(answer)


def test_a_follow_up_that_kept_the_last_answers_period_has_no_such_signal(fake_llm, alice, alice_money):
    start, end = last_month_iso()
    query = {"merchants": ["Starbucks"], "start": start, "end": end}
    fake_llm([{"tool_calls": [("search_transactions", {"measure": "total", **query})]},
              reply("You spent $12.00 at Starbucks last month, across 2 transactions."),
              {"tool_calls": [("search_transactions", {"measure": "count", **query})]},
              reply("You made 2 purchases at Starbucks last month.")])
    first = chat_turn(user=alice, message="starbucks last month?")
    answer = chat_turn(user=alice, message="and how many visits was that", conversation_id=first["conversation_id"])
    assert "kept that period" not in reasons(answer)


@pytest.mark.parametrize("question", ["3 tuần vừa rồi mình ăn ngoài hết bao nhiêu?",
                                      "how much did I spend eating out the past two weeks"])
def test_spending_over_a_period_answered_by_a_capability_note_is_not_confident(fake_llm, alice, alice_money, question):
    fake_llm([{"tool_calls": [("check_data_available", {"question": "account balance"})]},
              reply("I can't see that: none of your accounts has an opening balance in Moneta.")])
    answer = chat_turn(user=alice, message=question)
    assert not confident(alice, answer), reasons(answer)
    assert "asks what was spent" in reasons(answer)


@pytest.mark.parametrize("question", ["any costco runs last month?", "did I buy anything at home depot last month",
                                      "how much at sephora last month"])
def test_nothing_at_a_shop_they_never_used_is_a_medium_answer(alice, alice_money, question):
    answer = chat_turn(user=alice, message=question)
    assert confident(alice, answer), reasons(answer)
    assert answer["confidence"] < 0.7, reasons(answer)


@pytest.mark.parametrize("question", ["did they drive anywhere last month"])
def test_nothing_about_words_that_are_no_shop_name_stays_unsure(alice, alice_money, question):
    answer = chat_turn(user=alice, message=question)
    assert not confident(alice, answer), reasons(answer)


def test_a_deletion_read_from_words_that_leave_rows_out_is_not_confident(fake_llm, alice, alice_money):
    start, end = last_month_iso()
    fake_llm([{"tool_calls": [("search_transactions", {"measure": "total", "merchants": ["Amazon"], "start": start,
                                                       "end": end})]},
              reply("You spent $61.49 at Amazon last month, across 2 transactions."),
              {"tool_calls": [("propose_delete_transaction", {"merchant": "Amazon", "amount_min": 40})]},
              reply("Here is what I'll do once you confirm: delete the Amazon charge of $42.99.")])
    first = chat_turn(user=alice, message="amazon last month?")
    answer = chat_turn(user=alice, message="now take out anything over $40", conversation_id=first["conversation_id"])
    assert not confident(alice, answer), reasons(answer)
    assert "read as deleting" in reasons(answer)


def test_the_same_two_months_answered_over_two_months_is_understood(alice, alice_money):
    today = timezone.localdate()
    months = [month_start(today, n).strftime("%B").lower() for n in (2, 1)]
    first = chat_turn(user=alice, message=f"uber in {months[0]} vs {months[1]}")
    answer = chat_turn(user=alice, message="and netflix for those two months", conversation_id=first["conversation_id"])
    assert "words not understood" not in reasons(answer)


def test_a_kind_of_shop_said_beside_an_aside_is_not_set_aside(alice, alice_money):
    answer = chat_turn(user=alice, message="coffee last month? be honest")
    assert "aside" not in reasons(answer).replace("set aside “be honest”", "")
    assert confident(alice, answer), reasons(answer)
