"""Issue 21 ("high" must mean right): chat/reading_signals.py through chat_turn. A model (the fake LLM server) reads
the turn as another kind of turn — a request to move money answered by a passage about the thing, one shop set
against all their spending when the turn compares two shops, a Vietnamese "how do I …" answered by proposing the
change — and the turn comes out below the escalation threshold with the reason in words; the same tools for the
turn they fit stay clear of that reason. And "the priciest one of those" after an answer over all time points at the
items shown, not at a period no tool covered.

Each month of the chat fixture statement: Whole Foods 96.40, Uber 23.10, Netflix 15.49, Starbucks 5.75 + 6.25."""
from __future__ import annotations

import pytest

from chat.services import chat_turn
from knowledge.models import Fact
from tests.chat.conftest import confident, demo_docs, last_month_iso, reasons, reply

pytestmark = pytest.mark.django_db


def _passage_script(fact_id: int) -> list[dict]:
    return [{"tool_calls": [("search_knowledge_base", {"query": "emergency fund"})]},
            {"tool_calls": [("respond", {"answer": f"An emergency fund is money set aside for surprises [#{fact_id}].",
                                         "cited_fact_ids": [fact_id]})]}]


@pytest.mark.parametrize("question", [
    "could you move 400 dollars into my emergency fund for me",
    "please send $250 over to my rainy day savings",
    "chuyen giup minh 300 do vao quy khan cap nhe",
])
def test_a_request_to_move_money_answered_by_a_passage_is_not_confident(fake_llm, alice, alice_money, question):
    docs = demo_docs(education=("emergency-fund.md",))
    fact_id = Fact.objects.filter(document=docs[0]).order_by("id").values_list("id", flat=True)[0]
    fake_llm(_passage_script(fact_id))
    answer = chat_turn(user=alice, message=question)
    assert not confident(alice, answer), reasons(answer)
    assert "only quoted a passage" in reasons(answer)


def test_a_question_about_the_thing_answered_by_the_passage_has_no_such_reason(fake_llm, alice, alice_money):
    docs = demo_docs(education=("emergency-fund.md",))
    fact_id = Fact.objects.filter(document=docs[0]).order_by("id").values_list("id", flat=True)[0]
    fake_llm(_passage_script(fact_id))
    answer = chat_turn(user=alice, message="could you explain how an emergency fund works, should I move money in?")
    assert "only quoted a passage" not in reasons(answer)


def _compare(sides: list[dict]) -> list[dict]:
    return [{"tool_calls": [("compare_spending", {"sides": sides, "mode": "sides"})]},
            reply("Uber: $23.10 vs Netflix: $15.49 last month.")]


def test_one_shop_set_against_all_their_spending_is_not_confident(fake_llm, alice, alice_money):
    start, end = last_month_iso()
    fake_llm(_compare([{"label": "last month", "start": start, "end": end},
                       {"label": "Uber", "merchants": ["Uber"], "start": start, "end": end}]))
    answer = chat_turn(user=alice, message="between uber and netflix last month, where did more go?")
    assert not confident(alice, answer), reasons(answer)
    assert "a side lost its subject" in reasons(answer)


@pytest.mark.parametrize(("question", "sides"), [
    ("between uber and netflix last month, where did more go?", [{"merchants": ["Uber"]}, {"merchants": ["Netflix"]}]),
    ("uber against all my spending last month", [{}, {"merchants": ["Uber"]}]),
])
def test_sides_that_each_keep_their_subject_have_no_such_reason(fake_llm, alice, alice_money, question, sides):
    start, end = last_month_iso()
    fake_llm(_compare([{"label": s.get("merchants", ["everything"])[0], "start": start, "end": end, **s}
                       for s in sides]))
    answer = chat_turn(user=alice, message=question)
    assert "a side lost its subject" not in reasons(answer)


@pytest.mark.parametrize("question", ["lo xoa nham giao dich roi, lay lai sao vay", "tao hu tiet kiem nhu the nao"])
def test_a_vietnamese_how_to_answered_by_a_change_is_not_confident(fake_llm, alice, alice_money, question):
    fake_llm([{"tool_calls": [("propose_create_jar", {"name": "Tiết kiệm", "monthly_budget": 100})]},
              reply("Here is what I'll do once you confirm: create the jar Tiết kiệm.")])
    answer = chat_turn(user=alice, message=question)
    assert not confident(alice, answer), reasons(answer)
    assert "proposed the change instead of the steps" in reasons(answer)


def test_of_those_after_an_answer_over_all_time_is_no_period(fake_llm, alice, alice_money):
    fake_llm([{"tool_calls": [("search_transactions", {"measure": "total", "merchants": ["Whole Foods"]})]},
              reply("You spent $385.60 at Whole Foods, across 4 transactions."),
              {"tool_calls": [("search_transactions", {"measure": "largest", "merchants": ["Whole Foods"],
                                                       "limit": 1})]},
              reply("Your biggest purchase at Whole Foods was $96.40.")])
    first = chat_turn(user=alice, message="whole foods, all told?")
    answer = chat_turn(user=alice, message="the priciest one of those", conversation_id=first["conversation_id"])
    assert "no tool that ran covered any period" not in reasons(answer)


def _periods(sides: list[tuple[str, str]]) -> list[dict]:
    return [{"tool_calls": [("compare_spending", {"sides": [{"label": a, "start": a, "end": b} for a, b in sides],
                                                  "mode": "periods", "merchants": ["Whole Foods"]})]},
            reply("Whole Foods: more this year than last.")]


def test_like_spans_asked_but_a_year_so_far_set_against_a_whole_year_is_not_confident(fake_llm, alice, alice_money):
    fake_llm(_periods([("2026-01-01", "2026-05-10"), ("2025-01-01", "2025-12-31")]))
    answer = chat_turn(user=alice, message="would you mind putting my whole foods bill for this year next to the "
                                           "equivalent stretch of last year?")
    assert not confident(alice, answer), reasons(answer)
    assert "asks for like spans" in reasons(answer)


def test_like_spans_asked_and_run_have_no_such_reason(fake_llm, alice, alice_money):
    fake_llm(_periods([("2026-01-01", "2026-05-10"), ("2025-01-01", "2025-05-10")]))
    answer = chat_turn(user=alice, message="whole foods this year vs the same months last year")
    assert "asks for like spans" not in reasons(answer)
