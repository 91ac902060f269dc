"""A proposal card's answer ends with where the user can make the change themselves: the help page's numbered steps,
the page named in words and not cited (an act is not a knowledge answer: no moneta-help citation); in Vietnamese from the Vietnamese page; no help page on that topic → no
line and no citation. What Moneta can't do gives the help page's steps for what to do instead, the page named in words
and not cited (that answer says it is not possible here)."""
from __future__ import annotations

import pytest

from chat.models import PendingAction
from chat.services import chat_turn
from tests.chat.conftest import demo_docs
from transactions.models import Jar

pytestmark = pytest.mark.django_db
LEAD = "You can also do this yourself:"


@pytest.fixture
def action_help(db):
    return demo_docs(help_pages=("budget-jars.md", "budget-jars.vi.md", "manual-transactions.md",
                                 "manual-transactions.vi.md", "subscriptions.md", "documents-and-notes.md"))


def test_a_jar_proposal_ends_with_the_steps_of_the_help_page_named_not_cited(chat_demo, alice, alice_money,
                                                                              action_help):
    answer = chat_turn(user=alice, message="please set up a holiday jar with 150 dollars each month")
    assert answer["tools_used"] == ["propose_create_jar"] and len(answer["pending_actions"]) == 1, answer
    tail = answer["answer"].split(LEAD)[1]
    assert "1. " in tail and "jar" in tail.lower() and "(help page *" in tail, answer["answer"]
    assert not answer["citations"] and "[1]" not in tail, answer["citations"]
    assert not Jar.objects.filter(user=alice, name__icontains="holiday").exists()  # nothing before confirmation


def test_a_cash_entry_proposal_gives_the_transactions_page_steps(chat_demo, alice, alice_money, action_help):
    answer = chat_turn(user=alice, message="log a cash taxi ride of $18 yesterday")
    assert answer["tools_used"] == ["propose_add_transaction"], answer
    tail = answer["answer"].split(LEAD)[1]
    assert "Add a transaction" in tail, answer["answer"]
    assert not answer["citations"], answer["citations"]


def test_no_help_page_on_the_topic_means_no_line_and_no_citation(chat_demo, alice, alice_money, db):
    demo_docs(help_pages=("documents-and-notes.md",))  # help pages, but none about jars
    answer = chat_turn(user=alice, message="please set up a holiday jar with 150 dollars each month")
    assert len(answer["pending_actions"]) == 1, answer
    assert LEAD not in answer["answer"] and not answer["citations"], answer


def test_a_vietnamese_proposal_gets_the_vietnamese_help_steps(chat_demo, alice, alice_money, action_help):
    answer = chat_turn(user=alice, message="tạo hũ du lịch 2 triệu mỗi tháng")
    assert answer["tools_used"] == ["propose_create_jar"], answer
    assert "Bạn cũng có thể tự làm việc này:" in answer["answer"], answer["answer"]
    tail = answer["answer"].split("tự làm việc này:")[1]
    assert "Hũ" in tail and "(trang trợ giúp *" in tail and "help page" not in tail, answer["answer"]
    assert not answer["citations"], answer["citations"]
    assert PendingAction.objects.filter(user=alice, status=PendingAction.Status.PENDING).count() == 1


def test_what_moneta_cannot_do_gives_the_help_steps_with_their_page(chat_demo, alice, alice_money, action_help):
    answer = chat_turn(user=alice, message="unsubscribe me from my streaming plan please")
    assert answer["tools_used"] == ["explain_unavailable_action"], answer
    assert "provider" in answer["answer"] and not answer.get("pending_actions"), answer
    assert "Subscriptions" in answer["answer"] and "(help page *" in answer["answer"], answer["answer"]
    assert not answer["citations"]
