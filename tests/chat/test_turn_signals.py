"""Issue 21 ("high" must mean right): the general signals of chat/turn_signals.py, through chat_turn. A model (the
fake LLM server) answers another question than the one asked — a period, a subject or a number of the question that
no tool used, help text for a figure of theirs, "I can't see that" for an explanation — and the turn must come out
below the escalation threshold, with the reason in words; the same tools used as asked stay confident.

Last month of the chat fixture statement: Whole Foods 96.40, Uber 23.10, Netflix 15.49, Starbucks 5.75 + 6.25."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from chat.services import chat_turn
from tests.chat.conftest import confident, last_month_iso, reasons, reply

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("question", [
    "and what did the uber rides come to during that same month?",
    "how many of those trips were in that?",
    "uber for the first week of that period",
])
def test_a_period_of_the_question_that_no_query_covered_is_not_confident(fake_llm, alice, alice_money, question):
    fake_llm([{"tool_calls": [("search_transactions", {"measure": "total", "merchants": ["Uber"]})]},
              reply("You spent $92.40 at Uber, across 4 transactions.")])
    answer = chat_turn(user=alice, message=question)
    assert not confident(alice, answer), reasons(answer)
    assert "no tool that ran covered any period" in reasons(answer)


def test_the_same_query_over_the_period_named_stays_confident(fake_llm, alice, alice_money):
    start, end = last_month_iso()
    fake_llm([{"tool_calls": [("search_transactions", {"measure": "total", "merchants": ["Uber"], "start": start,
                                                       "end": end})]},
              reply("You spent $23.10 at Uber last month, across 1 transaction.")])
    answer = chat_turn(user=alice, message="what did uber come to last month?")
    assert confident(alice, answer), reasons(answer)


@pytest.mark.parametrize("question", ["start a coffee jar at whatever starbucks cost me last month",
                                      "make a rides jar, same as i paid uber in the past 2 months"])
def test_a_jar_set_from_a_figure_of_a_period_never_computed_is_not_confident(fake_llm, alice, alice_money, question):
    fake_llm([{"tool_calls": [("propose_create_jar", {"name": "Coffee", "monthly_budget": 0})]},
              reply("Here is what I'll do once you confirm: create the jar Coffee.")])
    answer = chat_turn(user=alice, message=question)
    assert not confident(alice, answer), reasons(answer)
    assert "covered any period" in reasons(answer)


@pytest.mark.parametrize("question", [
    "I want to drop my video streaming plan. Before that, what did it cost me last month?",
    "there's a monthly charge from my phone company, how much was it in the last month",
])
def test_a_subject_said_as_a_pronoun_then_dropped_is_not_confident(fake_llm, alice, alice_money, question):
    start, end = last_month_iso()
    fake_llm([{"tool_calls": [("search_transactions", {"measure": "total", "start": start, "end": end})]},
              reply("You spent $1,672.48 last month, across 10 transactions.")])
    answer = chat_turn(user=alice, message=question)
    assert not confident(alice, answer), reasons(answer)
    assert "counted all their spending" in reasons(answer)


def test_a_pronoun_for_all_their_spending_keeps_confidence(fake_llm, alice, alice_money):
    start, end = last_month_iso()
    fake_llm([{"tool_calls": [("search_transactions", {"measure": "total", "start": start, "end": end})]},
              reply("You spent $1,672.48 last month, across 10 transactions.")])
    answer = chat_turn(user=alice, message="what did I spend last month, how much was it altogether?")
    assert "counted all their spending" not in reasons(answer)


@pytest.mark.parametrize(("question", "args"), [
    ("whole foods over the past 45 days", {"measure": "total", "merchants": ["Whole Foods"], "start": "{start}",
                                           "end": "{end}"}),
    ("uber rides over twenty bucks last month", {"measure": "total", "merchants": ["Uber"], "start": "{start}",
                                                 "end": "{end}"}),
    ("my top 7 merchants last month", {"measure": "top_merchants", "limit": 3, "start": "{start}", "end": "{end}"}),
])
def test_a_number_of_the_question_no_tool_used_is_not_confident(fake_llm, alice, alice_money, question, args):
    start, end = last_month_iso()
    call = {k: v.format(start=start, end=end) if isinstance(v, str) else v for k, v in args.items()}
    fake_llm([{"tool_calls": [("search_transactions", call)]}, reply("Here is what you spent.")])
    answer = chat_turn(user=alice, message=question)
    assert not confident(alice, answer), reasons(answer)
    assert "but no tool that ran used it" in reasons(answer)


def test_numbers_the_tools_used_keep_confidence(fake_llm, alice, alice_money):
    start, end = last_month_iso()
    fake_llm([{"tool_calls": [("search_transactions", {"measure": "total", "merchants": ["Uber"], "amount_min": 20,
                                                       "start": start, "end": end})]},
              reply("You spent $23.10 at Uber last month on rides over $20, across 1 transaction.")])
    answer = chat_turn(user=alice, message="uber rides over 20 bucks last month")
    assert "no tool that ran used it" not in reasons(answer)


@pytest.mark.parametrize("question", ["what did my sister's wedding weekend cost me in the end?",
                                      "how much have I spent on the new puppy, is there a way to see it?"])
def test_a_figure_of_theirs_answered_from_help_text_is_not_confident(fake_llm, alice, alice_money, question):
    fake_llm([{"tool_calls": [("get_app_information", {"query": question})]},
              reply("Open Transactions in the menu and search for what you want to see.")])
    answer = chat_turn(user=alice, message=question)
    assert not confident(alice, answer), reasons(answer)
    assert "only help text and knowledge were searched" in reasons(answer)


@pytest.mark.parametrize("question", ["can you explain how a credit score is worked out?",
                                      "what's the difference between net worth and income?"])
def test_an_explanation_answered_with_a_capability_note_is_not_confident(fake_llm, alice, alice_money, question):
    fake_llm([{"tool_calls": [("check_data_available", {"question": question})]},
              reply("I can't see that: Moneta is not connected to a credit bureau or your accounts' balances.")])
    answer = chat_turn(user=alice, message=question)
    assert not confident(alice, answer), reasons(answer)
    assert "asks for an explanation" in reasons(answer)


def test_a_web_search_that_could_not_run_answers_nothing(fake_llm, alice, alice_money, settings):
    fake_llm([{"tool_calls": [("search_online", {"query": "how much is in my savings account"})]},
              reply("Web search unavailable: the internet cannot be reached from this Moneta server.")])
    answer = chat_turn(user=alice, message="how much do I have in savings right now?")
    assert not confident(alice, answer), reasons(answer)
    assert "found nothing to answer with" in reasons(answer)


@pytest.mark.parametrize(("question", "call"), [
    ("how do I set up a jar for the holidays?", ("propose_create_jar", {"name": "Holidays", "monthly_budget": 100})),
    ("is there a way to log a cash purchase myself?", ("propose_add_transaction", {"description": "cash purchase",
                                                                                   "amount": 10, "direction": "out"})),
])
def test_a_how_to_answered_by_proposing_the_change_is_not_confident(fake_llm, alice, alice_money, question, call):
    fake_llm([{"tool_calls": [call]}, reply("Here is what I'll do once you confirm.")])
    answer = chat_turn(user=alice, message=question)
    assert not confident(alice, answer), reasons(answer)
    assert "proposed the change instead of the steps" in reasons(answer)


def test_a_request_to_act_is_not_a_how_to(fake_llm, alice, alice_money):
    fake_llm([{"tool_calls": [("propose_create_jar", {"name": "Holidays", "monthly_budget": 100})]},
              reply("Here is what I'll do once you confirm: create the jar Holidays with $100.00 a month.")])
    answer = chat_turn(user=alice, message="could you make me a holidays jar with 100 a month")
    assert "instead of the steps" not in reasons(answer)


@pytest.mark.parametrize("question", ["how much went to the music streaming one last month?",
                                      "how much has the video rental one charged me this year?"])
def test_a_service_of_theirs_described_by_what_it_is_is_no_thing(chat_demo, alice, alice_money, question):
    # "the music streaming one" is one of their services described, not a thing nothing is about: "no transactions
    # about music" answers another question, never at medium confidence
    answer = chat_turn(user=alice, message=question)
    assert not confident(alice, answer), reasons(answer)
    assert "nothing in their transactions is about" not in reasons(answer)


def test_a_number_word_is_read_whole(fake_llm, alice, alice_money):
    """"forty-five" is 45 (transactions/query/periods_words.py), not the 40 days the query covered."""
    today = timezone.localdate()
    fake_llm([{"tool_calls": [("search_transactions", {"measure": "total", "merchants": ["Starbucks"], "start": (
        today - timedelta(days=39)).isoformat(), "end": today.isoformat()})]}, reply("You spent $12.00 at Starbucks.")])
    answer = chat_turn(user=alice, message="starbucks over the past forty-five days")
    assert "'forty-five' but no tool that ran used it" in reasons(answer)


def test_the_period_arguments_are_read_from_the_tools_schemas():
    """A tool that gains a period argument ("when", "save_period") covers a period without a list kept by hand; a
    figure per unit of time ("per_month") is no period."""
    from chat.turn_signals import PERIOD_KEYS

    assert {"start", "end", "period", "periods", "when", "based_on", "save_period", "usual_months"} <= set(PERIOD_KEYS)
    assert "per_month" not in PERIOD_KEYS and "amount" not in PERIOD_KEYS


@pytest.mark.parametrize("question", ["the two of them together last month", "all three of those, last month",
                                      "those thirteen charges last month, in total"])
def test_a_count_of_items_in_words_is_no_number_to_use(fake_llm, alice, alice_money, question):
    start, end = last_month_iso()
    fake_llm([{"tool_calls": [("search_transactions", {"measure": "total", "start": start, "end": end})]},
              reply("You spent $147.04 last month, across 5 transactions.")])
    answer = chat_turn(user=alice, message=question)
    assert "no tool that ran used it" not in reasons(answer)
