"""Every feature has help steps and the everyday finance concepts have pages, in English and Vietnamese (issue 21,
kind 7): sign-up, sign-in and charts are answered as steps; a how-to that names the app is about the app; needs
and wants, irregular income, renting or buying and take-home pay are answered from their pages; an invented concept
still gets "I don't have that". Every answer goes through chat_turn."""
from __future__ import annotations

import re

import pytest

from chat.help_steps import steps_in
from chat.services import chat_turn
from tests.chat.conftest import DEMO_DOCS, demo_docs

pytestmark = pytest.mark.django_db
ENGLISH_RE = re.compile(r"\b(?:the|is|and|of|you|your|with|press|open|from|in English)\b")


def _prose(answer: dict) -> str:
    text = re.sub(r"\[\d+\]|\*[^*]+\*|\[/[^\]]*\]\(/[^)]*\)", "", answer["answer"])
    return "\n".join(line for line in text.splitlines() if not line.startswith("_"))


@pytest.fixture
def help_pages(db):
    return demo_docs(help_pages=("account-security.md", "account-security.vi.md", "charts-and-analytics.md",
                                 "charts-and-analytics.vi.md", "budget-jars.md", "budget-jars.vi.md",
                                 "getting-started.md", "getting-started.vi.md"),
                     education=("sinking-funds.md",))


@pytest.fixture
def concepts(db):
    return demo_docs(education=("needs-and-wants.md", "needs-and-wants.vi.md", "budgeting-basics.md",
                                "budgeting-basics.vi.md", "renting-or-buying.md", "renting-or-buying.vi.md",
                                "income-and-taxes.md", "income-and-taxes.vi.md", "emergency-fund.md"))


def test_creating_an_account_is_answered_with_the_sign_up_steps(chat_demo, alice, help_pages):
    answer = chat_turn(user=alice, message="how would I go about making a new Moneta account for my brother?")
    text = answer["answer"]
    assert answer["tools_used"] == ["get_app_information"], answer["tool_calls"]
    assert text.startswith("How to sign up") and "press Sign Up" in text and "\n3. Open the confirmation link" in text, text
    assert "[/signup/](/signup/)" in text


def test_logging_out_in_vietnamese_is_answered_wholly_in_vietnamese(chat_demo, alice, help_pages):
    answer = chat_turn(user=alice, message="mình muốn đăng xuất thì làm thế nào?")
    text = _prose(answer)
    assert answer["tools_used"] == ["get_app_information"], answer["tool_calls"]
    assert text.startswith("Cách đăng nhập và đăng xuất") and "bấm Đăng xuất" in text, text
    assert not ENGLISH_RE.search(text), text


def test_charts_have_steps(chat_demo, alice, help_pages):
    answer = chat_turn(user=alice, message="where can I look at graphs of my spending over time?")
    assert "How to see your spending in charts" in answer["answer"] and "Show the numbers" in answer["answer"], \
        answer["answer"]


def test_a_how_to_that_names_the_app_gets_the_apps_steps_not_the_nearest_page(chat_demo, alice, help_pages):
    """"…in the app" says where, not what: the concept it names (a sinking fund) does not make it a concept
    question, and the app's name does not pull every page that mentions it (the jars page's own section on a
    sinking fund kept as a jar answers it)."""
    answer = chat_turn(user=alice, message="could I keep a sinking fund as a jar inside the app?")
    assert answer["tools_used"] == ["get_app_information"], answer["tool_calls"]
    assert answer["answer"].startswith("How to set up a sinking fund (saving ahead for a known cost) with a jar"), \
        answer["answer"]


def test_an_english_feature_word_in_a_vietnamese_how_to_is_its_topic(chat_demo, alice, help_pages):
    answer = chat_turn(user=alice, message="lam sao tao jar moi cho tien an uong")
    text = _prose(answer)
    assert text.startswith("Cách tạo hũ"), text
    assert not ENGLISH_RE.search(text), text


def test_everyday_concepts_are_answered_from_their_pages(chat_demo, alice, concepts):
    cases = {"what's the difference between a need and a want?": "Needs and wants",
             "what's a good way to budget on an irregular income?":
                 "Making a budget, including on an irregular income",
             "is it smarter to rent or to buy a home?": "Renting or buying a home",
             "why is my take-home pay less than my gross pay?": "Gross pay, take-home pay and tax brackets"}
    for question, page in cases.items():
        answer = chat_turn(user=alice, message=question)
        cited = {c["document"] for c in answer["citations"]}
        assert "search_knowledge_base" in answer["tools_used"] and page in cited, (question, answer["answer"])
        assert answer["confidence"] >= 0.4, (question, answer["confidence"])


def test_a_vietnamese_concept_answer_is_wholly_vietnamese(chat_demo, alice, concepts):
    answer = chat_turn(user=alice, message="lương gộp với lương thực nhận khác nhau ra sao?")
    text = _prose(answer)
    assert {c["document"] for c in answer["citations"]} == {"Lương gộp, lương thực nhận và bậc thuế"}, answer["answer"]
    assert "gộp hai hũ" not in text and not ENGLISH_RE.search(text), text


def test_an_invented_concept_is_not_in_the_knowledge_base(chat_demo, alice, concepts):
    answer = chat_turn(user=alice, message="what is a florbian yield escalator?")
    assert "I don't have that in" in answer["answer"] and not answer["citations"], answer["answer"]
    assert answer["confidence"] < 0.4


def test_every_page_has_a_vietnamese_version_with_the_same_sections_and_steps():
    for corpus in ("moneta-help", "finance-education"):
        for en in (DEMO_DOCS / corpus).glob("*.md"):
            if en.name.endswith(".vi.md"):
                continue
            vi = en.with_name(f"{en.stem}.vi.md")
            assert vi.exists(), f"{corpus}/{en.name} has no Vietnamese version"
            en_sections, vi_sections = en.read_text().split("\n## "), vi.read_text().split("\n## ")
            assert len(en_sections) == len(vi_sections), f"{corpus}/{en.name}: sections differ from {vi.name}"
            for e, v in zip(en_sections, vi_sections):
                assert len(steps_in("## " + e)) == len(steps_in("## " + v)), f"{en.name}: {e.splitlines()[0]!r}"


def test_advice_naming_a_pages_section_is_that_concept_not_their_figures(chat_demo, alice, alice_money, concepts):
    """"How should a gig worker with irregular income budget?" names a section of a page (budgeting on an irregular
    income): the page answers, not a total of their income with 'irregular' left out."""
    answer = chat_turn(user=alice, message="how should a gig worker with an irregular income do a budget?")
    assert answer["tools_used"] == ["search_knowledge_base"], answer["tool_calls"]
    assert "Making a budget, including on an irregular income" in {c["document"] for c in answer["citations"]}
    assert "lowest" in answer["answer"], answer["answer"]


def test_a_vietnamese_which_is_better_question_is_a_concept(chat_demo, alice, alice_money, concepts):
    """"X hay Y thì lợi hơn?" asks which choice is better in general: the page that compares them, in Vietnamese."""
    answer = chat_turn(user=alice, message="thuê căn hộ hay mua nhà thì lợi hơn?")
    assert answer["tools_used"] == ["search_knowledge_base"], answer["tool_calls"]
    assert "Thuê nhà hay mua nhà" in {c["document"] for c in answer["citations"]}, answer["answer"]
    assert not ENGLISH_RE.search(_prose(answer)), answer["answer"]
