"""Why the last answer was doubted is conversation state (chat/followup_doubt.py): a follow-up that keeps the doubted
part without saying it again inherits the doubt, said plainly and not confident; one that replaces the doubted part is
judged on its own. A follow-up that changes nothing the parser can see is never confident. On the chat fixture
statement (every month: Starbucks 5.75 + 6.25, Whole Foods 96.40, Amazon 42.99 + 18.50, Uber 23.10, Netflix 15.49)."""
from __future__ import annotations

from datetime import date

import pytest
from django.utils import timezone

from tests.chat.conftest import answer_body, confident, months_back, say

pytestmark = pytest.mark.django_db


def _call(measure: str, *, merchants: list[str], month: date, answer: str) -> list[dict]:
    args: dict = {"measure": measure, "merchants": merchants, "period": f"{month:%Y-%m}"}
    return [{"tool_calls": [("search_transactions", args)]},
            {"tool_calls": [("respond", {"answer": answer, "cited_fact_ids": []})]}]


STARBUCKS = "You spent $12.00 at Starbucks."
AMAZON = "You spent $61.49 at Amazon."


def _says(answer: dict, fragment: str) -> bool:
    return any(fragment in r for r in answer["grounding"]["reasons"])


def test_a_follow_up_keeping_a_doubted_subject_inherits_the_doubt(fake_llm, alice, alice_money):
    # the model counts one of the three places asked about; then it keeps that subject for "how many times"
    fake_llm(_call("total", merchants=["Starbucks"], month=months_back(1), answer=STARBUCKS)
             + _call("count", merchants=["Starbucks"], month=months_back(1), answer="That was 2 visits, $12.00 in all."),
             retries=0)
    first = say(alice, "starbucks, uber and netflix last month")
    assert not confident(alice, first), first["grounding"]
    assert "subject" in first["understood"]["doubt"]["parts"], first["understood"]
    again = say(alice, "how many times did I go?", first)
    assert not confident(alice, again) and _says(again, "builds on the last answer's subject"), again["grounding"]
    assert "not sure" in again["answer"], again["answer"]


def test_a_follow_up_replacing_the_doubted_subject_is_judged_on_its_own(fake_llm, alice, alice_money):
    fake_llm(_call("total", merchants=["Starbucks"], month=months_back(1), answer=STARBUCKS)
             + _call("total", merchants=["Netflix"], month=months_back(1), answer="You spent $15.49 at Netflix."), retries=0)
    first = say(alice, "starbucks, uber and amazon last month")
    other = say(alice, "and netflix?", first)
    assert not confident(alice, first) and confident(alice, other), (first["grounding"], other["grounding"])
    assert not _says(other, "builds on the last answer") and "not sure" not in other["answer"], other


def test_a_doubted_period_is_inherited_until_a_period_is_said(fake_llm, alice, alice_money):
    asked = f"{months_back(2):%B %Y}"
    # the model ran last month for a question about the month before it, and only one of the two places
    fake_llm(_call("total", merchants=["Starbucks"], month=months_back(1), answer=STARBUCKS)
             + _call("total", merchants=["Amazon"], month=months_back(1), answer=AMAZON)
             + _call("total", merchants=["Amazon"], month=months_back(2), answer=AMAZON), retries=0)
    first = say(alice, f"starbucks and uber in {asked}")
    assert "period" in first["understood"]["doubt"]["parts"], first["understood"]
    kept = say(alice, "and the amazon ones?", first)  # a subject of its own, the doubted period kept
    assert not confident(alice, kept) and _says(kept, "period"), kept["grounding"]
    said = say(alice, f"amazon in {asked}", first)  # the period said again: judged on its own
    assert confident(alice, said) and not _says(said, "builds on the last answer"), said["grounding"]


def test_an_offline_follow_up_keeps_the_words_it_could_not_place(chat_demo, alice, alice_money):
    first = say(alice, "what did I spend on groceries for the party last month")
    assert not confident(alice, first), first["grounding"]
    kept = say(alice, "how many times this year?", first)
    assert not confident(alice, kept), kept["grounding"]
    replaced = say(alice, "and starbucks this year?", first)
    assert confident(alice, replaced), replaced["grounding"]


@pytest.mark.parametrize("nudge", ["and?", "ok and the other thing", "rồi sao nữa?"])
def test_a_follow_up_that_changes_nothing_is_never_confident(fake_llm, alice, alice_money, nudge):
    # the model answers the nudge by running the last question again
    fake_llm(_call("total", merchants=["Starbucks"], month=months_back(1), answer=STARBUCKS) * 2, retries=0)
    first = say(alice, "starbucks last month")
    assert confident(alice, first), first["grounding"]
    same = say(alice, nudge, first)
    assert not confident(alice, same) and _says(same, "changes nothing"), same["grounding"]


@pytest.mark.parametrize(("said", "amount"), [("how much was the uber one?", "$23.10"),
                                              ("and that restaurant thing", "$64.00"),
                                              ("khoản uber đó bao nhiêu?", "$23.10")])
def test_a_row_of_the_last_answer_named_by_a_word_is_that_row(chat_demo, alice, alice_money, said, amount):
    rows = say(alice, "my 5 biggest purchases last month")
    row = say(alice, said, rows)
    args = row["tool_calls"][-1]["arguments"]
    assert args.get("amount_min") == args.get("amount_max") is not None, args
    body = answer_body(row)
    assert amount in body and "1,400" not in body, body
    assert confident(alice, row), row["grounding"]
    other = say(alice, "and the whole foods one?", row)  # the list is still the state after one of its rows
    assert "96" in answer_body(other) and "23.10" not in answer_body(other) and confident(alice, other), other["answer"]


def test_a_word_no_row_of_the_last_answer_has_is_said_and_not_confident(chat_demo, alice, alice_money):
    rows = say(alice, "my 5 biggest purchases last month")
    missing = say(alice, "how much was the netflix one?", rows)  # Netflix (15.49) is not among the five
    assert not confident(alice, missing) and _says(missing, "none of its rows"), missing["grounding"]
    assert "None of the transactions I just listed" in missing["answer"], missing["answer"]


def test_a_period_said_with_another_measure_of_the_same_rows_applies(chat_demo, alice, alice_money):
    first = say(alice, "starbucks last month")
    count = say(alice, "how many times did I go there this year?", first)
    args = count["tool_calls"][-1]["arguments"]
    assert args["measure"] == "count" and args["start"] == f"{timezone.localdate().year}-01-01", args
