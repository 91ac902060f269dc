"""Knowledge answers in the question's language, concepts the knowledge base covers, and questions about the
user's own data that look like concept questions (issue 21: kinds 5 and 7). Every test goes through chat_turn."""
from __future__ import annotations

import re

import pytest

from chat.services import chat_turn
from tests.chat.conftest import demo_docs

pytestmark = pytest.mark.django_db

# words an English passage has and a Vietnamese answer must not ("the", "is", "and", "of"...)
ENGLISH_RE = re.compile(r"\b(?:the|is|and|of|you|your|with|money|from|in English)\b")


def _prose(answer: dict) -> str:
    """The answer without its citation markers, file titles and the sources line."""
    text = re.sub(r"\[\d+\]|\*[^*]+\*", "", answer["answer"])
    return "\n".join(line for line in text.splitlines() if not line.startswith("_"))


@pytest.fixture
def education(db):
    return demo_docs(education=("emergency-fund.md", "emergency-fund.vi.md", "retirement-accounts.md",
                                "retirement-accounts.vi.md", "debt-to-income.md", "debt-to-income.vi.md",
                                "pay-off-debt-or-invest.md", "index-funds.md", "credit-cards.md", "insurance-basics.md"))


@pytest.fixture
def help_pages(db):
    return demo_docs(help_pages=("budget-jars.md", "budget-jars.vi.md", "subscriptions.md", "subscriptions.vi.md",
                                 "importing-statements.md"))


def test_a_vietnamese_concept_question_is_answered_from_the_vietnamese_page(chat_demo, alice, education):
    answer = chat_turn(user=alice, message="quỹ khẩn cấp là gì vậy?")
    assert answer["tools_used"] == ["search_knowledge_base"], answer["tool_calls"]
    assert answer["citations"] and {c["document"] for c in answer["citations"]} == {"Quỹ khẩn cấp"}, answer["citations"]
    assert {c["corpus"] for c in answer["citations"]} == {"finance-education"}
    prose = _prose(answer)
    assert "chi phí bất ngờ" in prose and not ENGLISH_RE.search(prose), answer["answer"]
    assert "*Quỹ khẩn cấp*, tr. 1" in answer["answer"] and ", p. " not in answer["answer"], answer["answer"]
    # the same page asked in English is the English page
    english = chat_turn(user=alice, message="what is an emergency fund?")
    assert {c["document"] for c in english["citations"]} == {"Emergency funds"}, english["citations"]
    assert "unexpected" in english["answer"] and "bất ngờ" not in english["answer"]


def test_a_vietnamese_section_is_the_one_the_question_asks(chat_demo, alice, education):
    answer = chat_turn(user=alice, message="quỹ khẩn cấp nên để ở đâu?")
    assert "tài khoản tiết kiệm lãi suất cao" in answer["answer"], answer["answer"]
    assert not ENGLISH_RE.search(_prose(answer)), answer["answer"]


@pytest.mark.parametrize("question", ["roth ira với 401k khác gì nhau", "ira va 401k khac nhau the nao"])
def test_english_terms_inside_a_vietnamese_question_carry_its_topic(chat_demo, alice, education, question):
    """The embedding model reads English: the question's own English words ("roth ira", "401k", written lowercase and
    in no glossary) are what the knowledge base is searched with, beside the glossary's terms."""
    answer = chat_turn(user=alice, message=question)
    assert answer["citations"] and all(c["document"].startswith("Tài khoản hưu trí") for c in answer["citations"]), \
        (answer["answer"], answer["citations"])
    assert "401(k)" in answer["answer"] and not ENGLISH_RE.search(_prose(answer)), answer["answer"]


def test_a_concept_question_with_a_second_clause_is_still_a_concept(chat_demo, alice, education):
    answer = chat_turn(user=alice, message="what's a roth ira and who is it actually good for")
    assert "search_knowledge_base" in answer["tools_used"], answer["tool_calls"]
    assert any(c["document"].startswith("Retirement accounts") for c in answer["citations"]), answer["answer"]
    assert "Roth" in answer["answer"] and "personal-finance assistant" not in answer["answer"]


@pytest.mark.parametrize(("question", "title", "words"), [
    ("debt to income ratio - what is it and what's considered good?", "Debt-to-income ratio", "36%"),
    ("should i pay off my student loans early or invest the extra $$ instead", "Paying off loans early or investing",
     "interest"),
    ("tỷ lệ nợ trên thu nhập (DTI) là gì vậy?", "Tỷ lệ nợ trên thu nhập (DTI)", "thu nhập gộp"),
    ("what's a deductible?", "Insurance basics: premiums, deductibles and what to cover", "before the insurer pays"),
    ("is a credit card or debit card better for groceries", "How credit cards work", "debit card"),
])
def test_common_concepts_are_in_the_knowledge_base(chat_demo, alice, education, question, title, words):
    answer = chat_turn(user=alice, message=question)
    assert "search_knowledge_base" in answer["tools_used"], answer["tool_calls"]
    assert title in {c["document"] for c in answer["citations"]}, (answer["citations"], answer["answer"])
    assert words in answer["answer"], answer["answer"]


def test_a_concept_the_knowledge_base_lacks_cites_nothing(chat_demo, alice, education):
    answer = chat_turn(user=alice, message="what is a reverse mortgage annuity ladder?")
    assert "I don't have that in" in answer["answer"] and not answer["citations"], answer["answer"]


def test_how_jars_work_in_vietnamese_is_wholly_vietnamese(chat_demo, alice, help_pages):
    answer = chat_turn(user=alice, message="hũ tiêu lố thì chuyển dư hoạt động thế nào?")
    assert answer["citations"] and all(c["corpus"] == "moneta-help" for c in answer["citations"]), answer
    assert "Hũ ngân sách" in {c["document"] for c in answer["citations"]}, answer["citations"]
    prose = _prose(answer)
    assert not ENGLISH_RE.search(prose), answer["answer"]


def test_vietnamese_how_to_steps_stay_vietnamese_with_a_translated_page(chat_demo, alice, help_pages):
    answer = chat_turn(user=alice, message="cách xác nhận hoặc bỏ qua một gói đăng ký")
    text = answer["answer"]
    assert answer["tools_used"] == ["get_app_information"], answer["tool_calls"]
    assert text.startswith("Cách xác nhận hoặc bỏ qua một gói đăng ký:") and "\n1. Mở Gói đăng ký" in text, text
    assert not ENGLISH_RE.search(_prose(answer)), text


def test_a_vietnamese_question_about_their_own_balance_is_not_a_knowledge_search(chat_demo, alice, alice_money,
                                                                                 education):
    answer = chat_turn(user=alice, message="tài khoản tiết kiệm của tôi hiện còn bao nhiêu tiền vậy?")
    assert "search_knowledge_base" not in answer["tools_used"], answer["tool_calls"]
    assert set(answer["tools_used"]) & {"check_data_available", "get_account_balances"}, answer["tool_calls"]
    assert not answer["citations"] and "số dư" in answer["answer"], answer["answer"]


def test_their_own_recurring_bills_asked_in_vietnamese_are_listed(chat_demo, alice, alice_money, education):
    answer = chat_turn(user=alice, message="hóa đơn định kỳ của tôi là gì?")
    assert answer["tools_used"] == ["list_subscriptions"], answer["tool_calls"]
    # recurring bills are every recurring charge, the subscriptions and the bills said apart
    assert "Netflix" in answer["answer"] and "**Đăng ký**" in answer["answer"] and "**Hoá đơn cố định**" in \
        answer["answer"], answer["answer"]


def test_a_tool_problem_inside_a_vietnamese_answer_is_vietnamese(chat_demo, alice, settings):
    settings.MONETA_WEB_SEARCH = False  # the server's own switch: the tool reports why it cannot search
    answer = chat_turn(user=alice, message="tìm trên mạng lãi suất tiết kiệm mới nhất hôm nay")
    assert "search_online" in answer["tools_used"], answer["tool_calls"]
    assert "Không tìm được trên mạng" in answer["answer"] and "unavailable" not in answer["answer"], answer["answer"]


def test_their_own_subscriptions_asked_without_accents_are_listed(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="cac khoan dang ky hang thang cua toi gom nhung gi")
    assert answer["tools_used"] == ["list_subscriptions"], answer["tool_calls"]
    assert "Netflix" in answer["answer"] and "Đăng ký" in answer["answer"], answer["answer"]


def test_a_rule_applied_to_their_income_gives_the_figures_and_the_rules_page(chat_demo, alice, alice_money):
    demo_docs(education=("budgeting-methods.md",))
    answer = chat_turn(user=alice, message="I take home about $5,400 a month. What would the 50/30/20 rule look like "
                                           "for me?")
    assert answer["tools_used"] == ["income_breakdown", "search_knowledge_base"], answer["tool_calls"]
    assert "$2,700.00" in answer["answer"] and "$1,080.00" in answer["answer"], answer["answer"]
    assert {c["document"] for c in answer["citations"]} == {"Budgeting methods"}, answer["citations"]


def test_how_moneta_does_something_is_explained_not_answered_with_steps(chat_demo, alice, help_pages):
    """"… như thế nào" about what Moneta does asks how it works: the section that explains it, in Vietnamese."""
    answer = chat_turn(user=alice, message="moneta phát hiện gói đăng ký như thế nào?")
    text = answer["answer"]
    assert "cùng một người bán" in text and not text.startswith("Cách "), text
    assert not ENGLISH_RE.search(_prose(answer)), text


@pytest.mark.parametrize(("question", "heading"), [
    ("có chuyển app sang tiếng Anh được không", "Cách đổi ngôn ngữ"),
    ("tui có thể xoá tài khoản được ko", "Cách xoá tài khoản"),
    ("co xoa tai khoan duoc khong", "Cách xoá tài khoản"),
])
def test_can_i_do_something_in_the_app_asked_in_vietnamese_gets_the_steps(chat_demo, alice, question, heading):
    """"có <a verb of doing> … được không" is Vietnamese for "can I …?" about the app: the help page's steps, in
    Vietnamese — never a decline of a request to act."""
    demo_docs(help_pages=("account-security.md", "account-security.vi.md", "your-data.md", "your-data.vi.md"))
    answer = chat_turn(user=alice, message=question)
    assert answer["tools_used"] == ["get_app_information"], answer["tool_calls"]
    assert answer["answer"].startswith(heading) and "\n1. " in answer["answer"], answer["answer"]
    assert not ENGLISH_RE.search(_prose(answer)), answer["answer"]
