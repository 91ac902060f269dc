"""A how-to gets the steps of its own help section: the one whose heading names what it asks to do (the verb and its
object), in English or Vietnamese, never a neighbour sharing one word ("bank", "account", "budget", "jar")."""
from __future__ import annotations

import pytest

from chat.services import chat_turn
from tests.chat.conftest import demo_docs


@pytest.fixture
def help_pages(db):
    return demo_docs(help_pages=("importing-statements.md", "accounts-and-transfers.md", "budget-jars.md",
                                 "budget-suggestions.md", "editing-transactions.md", "categories-and-rules.md"))


@pytest.mark.parametrize("question, heading", [
    ("How do I import a bank statement?", "How to import a statement:"),
    ("làm sao để nhập sao kê ngân hàng vào Moneta?", "Cách nhập sao kê:"),
    # "add my bank account" is also asked by people who expect a bank link: either section's steps answer it
    ("how can I add my bank account", ("How to add an account with its opening balance:",
                                       "How to connect or sync your bank account:")),
    ("làm sao để thanh toán hoá đơn", "Cách thanh toán hoá đơn hoặc chuyển tiền:"),
    ("cách gộp hai hũ", "Cách gộp hai hũ:"),
    ("làm sao khôi phục giao dịch đã xoá", "Cách khôi phục một giao dịch đã xoá:"),
    ("cách đổi tên người nhận", "Cách đổi tên hoặc gộp người nhận:"),
    ("how do I set a monthly budget for groceries", "How to set a monthly budget"),
])
def test_how_to_gets_its_own_sections_steps(chat_demo, alice, alice_money, help_pages, question, heading):
    answer = chat_turn(user=alice, message=question)
    assert answer["tools_used"] == ["get_app_information"], answer["tool_calls"]
    assert answer["answer"].startswith(heading if isinstance(heading, tuple) else (heading,)) \
        and "\n3. " in answer["answer"], answer["answer"]


@pytest.fixture
def jar_and_chat_pages(db):
    return demo_docs(help_pages=("budget-jars.md", "budgets-by-month.md", "categories-and-rules.md",
                                 "auto-categorisation.md", "subscriptions.md", "chat-assistant.md"))


@pytest.mark.parametrize("question, heading", [
    # a heading's topics the question never says count against it: "set up a jar" asks no sinking fund
    ("how do I set up a jar", "How to create a jar:"),
    ("how would I set up a jar for the kids' clothes", "How to create a jar:"),
    # a verb among alternatives ("create, rename, merge or archive") is one topic, said when any one is
    ("how can I make a new category", "How to create, rename, merge or archive a category:"),
    ("how do I see what my subscriptions cost", "How to see your subscriptions and what they cost:"),
    # the section that names the person asked for, though it is not the nearest in meaning
    ("how do i talk to a real person", "How to rate an answer or ask a person:"),
    ("how do I reach a human", "How to rate an answer or ask a person:"),
])
def test_how_to_skips_sections_naming_what_is_not_asked(chat_demo, alice, alice_money, jar_and_chat_pages, question,
                                                        heading):
    answer = chat_turn(user=alice, message=question)
    assert "get_app_information" in answer["tools_used"], answer["tool_calls"]
    assert answer["answer"].startswith(heading) and "\n3. " in answer["answer"], answer["answer"]


def test_a_servers_warm_up_builds_the_headings_a_how_to_is_matched_against(chat_demo, alice, alice_money, help_pages):
    """A web server's warm-up (MONETA_CHAT_WARMUP, chat/apps.py) embeds the help headings before the first how-to
    question, which paid for it (seconds on a busy machine); the answer is the same section's steps."""
    from chat.apps import _warm_help
    from chat.help_steps import EDUCATION_TOPICS, HELP_TOPICS

    _warm_help()
    for topics in (HELP_TOPICS, EDUCATION_TOPICS):
        loaded = topics.load()
        assert loaded._vectors is not None and len(loaded._vectors) == len(loaded.headings), topics.corpus
    assert HELP_TOPICS.headings
    answer = chat_turn(user=alice, message="How do I import a bank statement?")
    assert "How to import a statement:" in answer["answer"], answer["answer"]
