"""Knowledge answers: how-to questions get the help page's numbered steps; a question the knowledge base has
no fitting passage for says so instead of quoting the nearest unrelated one."""
from __future__ import annotations

import pytest
from django.urls import get_resolver, reverse

from chat.help_steps import PAGE_HELP, steps_in
from chat.services import chat_turn
from knowledge.models import Document
from tests.chat.conftest import DEMO_DOCS, EDU_BUDGET, demo_docs, knowledge_doc
from transactions.models import Category, Jar, Transaction

pytestmark = pytest.mark.django_db
HELP = DEMO_DOCS / "moneta-help"


@pytest.fixture
def help_pages(db):
    return demo_docs(help_pages=("assistant-actions.md", "importing-statements.md"))


def test_how_to_undo_is_answered_as_numbered_steps(chat_demo, alice, help_pages):
    answer = chat_turn(user=alice, message="how do I undo a change the assistant made?")
    assert answer["tools_used"] == ["get_app_information"]
    text = answer["answer"]
    assert "1. Open the conversation" in text and "\n2. " in text and "\n3. Press Undo" in text, text
    assert answer["citations"] and answer["citations"][0]["document"]


def test_how_to_import_is_answered_as_numbered_steps(chat_demo, alice, help_pages):
    text = chat_turn(user=alice, message="how do I import a bank statement?")["answer"]
    assert "1. Open Transactions, then Import." in text and "\n4. Press Confirm import." in text, text


def test_help_corpus_has_steps_for_every_feature():
    from chat.help_steps import steps_in

    how_tos = {}
    for path in HELP.glob("*.md"):
        for section in path.read_text().split("\n## ")[1:]:
            if section.lower().startswith("how to"):
                how_tos[section.splitlines()[0]] = steps_in(section)
    for feature in ("undo", "import", "jar", "categor", "budget", "cash transaction", "duplicate", "change"):
        assert any(feature in title.lower() and len(steps) >= 2 for title, steps in how_tos.items()), feature


def test_no_fitting_passage_says_so(chat_demo, alice, knowledge_docs):
    answer = chat_turn(user=alice, message="what is a reverse mortgage annuity ladder?")
    assert "I don't have that in" in answer["answer"], answer["answer"]
    assert not answer["citations"] and answer["confidence"] < 0.75


@pytest.fixture
def account_help(db):
    """The help pages about the account and editing, and one finance-education page (budgeting)."""
    docs = demo_docs(help_pages=("account-security.md", "your-data.md", "editing-transactions.md",
                                 "budget-jars.md", "accounts-and-transfers.md"))
    docs.append(knowledge_doc(corpus_slug="finance-education", corpus_name="Finance education",
                              file_name="budgeting.md", text=EDU_BUDGET))
    return docs


def _written(user) -> tuple:
    return (list(Transaction.objects.filter(user=user).values_list("id", "amount", "category_id")),
            list(Jar.objects.filter(user=user).values_list("name")),
            list(Category.objects.filter(user=user).values_list("name", "monthly_budget")),
            Document.objects.filter(corpus__owner=user).count())


def test_two_how_tos_in_one_turn_get_both_sets_of_steps(chat_demo, alice, alice_money, account_help):
    before = _written(alice)
    answer = chat_turn(user=alice, message="how do i turn on 2FA and change my password")
    text = answer["answer"]
    assert answer["tools_used"] == ["get_app_information"] and len(answer["tool_calls"]) == 2, answer["tool_calls"]
    assert "Turn on (authenticator app)" in text and "\n3. Type your current password" in text, text
    assert {c["corpus"] for c in answer["citations"]} == {"moneta-help"}
    assert _written(alice) == before and not answer["escalated"]


def test_forgotten_password_and_export_are_steps_not_money(chat_demo, alice, alice_money, account_help):
    forgot = chat_turn(user=alice, message="forgot my password what do i do")
    assert forgot["tools_used"] == ["get_app_information"], forgot["tool_calls"]
    assert "1. On the sign-in page press Forgot your password?" in forgot["answer"], forgot["answer"]
    export = chat_turn(user=alice, message="can i download all my data")
    assert "Download my data (.zip)" in export["answer"], export["answer"]
    deleting = chat_turn(user=alice, message="how do you delete a transaction")
    assert deleting["tools_used"] == ["get_app_information"] and "Delete this transaction" in deleting["answer"]


def test_budgeting_advice_is_not_taken_for_app_help(chat_demo, alice, alice_money, account_help):
    """"How do I…" about a money habit is a concept: it never gets the app's steps for a look-alike word."""
    answer = chat_turn(user=alice, message="how do I balance my budget between needs and wants")
    assert "get_app_information" not in answer["tools_used"], answer["tool_calls"]


def test_vietnamese_how_to_gets_the_steps_in_vietnamese(chat_demo, alice, alice_money, account_help):
    answer = chat_turn(user=alice, message="cách bật xác thực hai lớp")
    text = answer["answer"]
    assert answer["tools_used"] == ["get_app_information"], answer["tool_calls"]
    assert text.startswith("Cách bật xác thực hai lớp (2FA):") and "\n2. Cạnh Xác thực hai lớp" in text, text
    assert "Next to" not in text and "tiếng Anh" not in text and "From " not in text and "Also:" not in text
    assert "Nguồn" in text and "Sources" not in text and answer["citations"]


def test_every_how_to_of_the_help_pages_has_vietnamese_steps():
    """A how-to asked in Vietnamese is answered in Vietnamese: the catalogue has every heading and step."""
    from django.utils.translation import gettext, override

    with override("vi"):
        for path in HELP.glob("*.md"):
            for section in path.read_text().split("\n## ")[1:]:
                title = section.splitlines()[0].strip()
                if not title.lower().startswith("how to"):
                    continue
                assert gettext(title) != title, f"{path.name}: no Vietnamese heading for {title!r}"
                for step in steps_in("## " + section):
                    assert gettext(step) != step, f"{path.name} / {title}: no Vietnamese for step {step[:60]!r}"


def test_money_question_opening_with_can_i_stays_a_money_question(chat_demo, alice, alice_money, account_help):
    answer = chat_turn(user=alice, message="can i see my uber rides from last month")
    assert "get_app_information" not in answer["tools_used"], answer["tool_calls"]


def _help_sections() -> dict[str, list[str]]:
    sections = {}
    for path in HELP.glob("*.md"):
        for section in path.read_text().split("\n## ")[1:]:
            title = section.splitlines()[0]
            if title.lower().startswith("how to"):
                sections[title.lower()] = steps_in(section)
    return sections


def test_every_web_page_has_a_help_section_with_steps():
    web_names = {name for name in get_resolver().reverse_dict if isinstance(name, str)
                 and (name.startswith("web-") or name == "home")}
    assert web_names, "no web URL names found"
    assert not web_names - set(PAGE_HELP), f"pages without a help section: {sorted(web_names - set(PAGE_HELP))}"
    sections = _help_sections()
    for name, topic in PAGE_HELP.items():
        if not name.startswith(("web-", "home")):
            reverse(name)  # the allauth page exists
        found = [steps for title, steps in sections.items() if topic in title]
        assert found and len(found[0]) >= 3, f"{name}: no 'How to' section about {topic!r} with steps"


def test_a_named_plan_the_knowledge_base_never_mentions_is_not_answered_from_a_neighbour(chat_demo, alice,
                                                                                          knowledge_docs):
    """"What's the point of a 529 plan": the budgeting passage is near in meaning but never names it."""
    answer = chat_turn(user=alice, message="what's the point of a 529 plan")
    assert not answer["citations"], answer["answer"]
    assert "I don't have that in" in answer["answer"] and answer["confidence"] < 0.75


def test_fit_needs_the_named_plan_or_acronym_unless_the_fact_is_the_same_in_meaning():
    from chat.offline.knowledge_answer import fits_question

    near = {"text": "A budget is a plan for your money before you spend it.", "score": 0.58}
    assert not fits_question("what's the point of a 529 plan", near)
    assert fits_question("what's the point of a 529 plan", {**near, "text": "A 529 plan saves for education."})
    assert not fits_question("what is a HELOC", {"text": "Credit scores and loans explained.", "score": 0.6})
    assert fits_question("how do I import a CSV", {"text": "How to import a statement: Open Transactions, then "
                                                           "Import.", "score": 0.6})
