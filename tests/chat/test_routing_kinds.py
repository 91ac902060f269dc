"""Where a turn goes and what it answers, for the kinds outsiders' questions showed (issue 21): Vietnamese typed
without accents, concept comparisons, questions the knowledge base does not cover, data Moneta lacks, and
reasoning over the user's own figures. Every test goes through chat_turn."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from chat.services import chat_turn
from tests.chat.conftest import knowledge_doc

MONEY_TOOLS = {"search_transactions", "compare_spending", "get_spending_summary", "analyze_by_category",
               "analyze_merchant"}

pytestmark = pytest.mark.django_db
HELP = Path(__file__).resolve().parents[2] / "knowledge" / "demo_docs" / "moneta-help"
EDUCATION = Path(__file__).resolve().parents[2] / "knowledge" / "demo_docs" / "finance-education"


@pytest.fixture
def help_and_education(db):
    docs = [knowledge_doc(corpus_slug="moneta-help", corpus_name="Moneta help", file_name=name,
                          text=(HELP / name).read_text())
            for name in ("accounts-and-transfers.md", "importing-statements.md", "budget-jars.md",
                         "account-security.md")]
    docs += [knowledge_doc(corpus_slug="finance-education", corpus_name="Finance education", file_name=name,
                           text=(EDUCATION / name).read_text())
             for name in ("debt-payoff-strategies.md", "retirement-accounts.md", "credit-cards.md")]
    return docs


def test_vietnamese_how_to_typed_without_accents_gets_vietnamese_steps(chat_demo, alice, alice_money,
                                                                       help_and_education):
    for question, step in (("lam sao de xoa giao dich", "xoá"), ("lam the nao de nhap sao ke ngan hang", "nhập"),
                           ("cach tao hu chi tieu moi", "tạo hũ")):
        answer = chat_turn(user=alice, message=question)
        text = answer["answer"]
        assert answer["tools_used"] == ["get_app_information"], (question, answer["tool_calls"])
        assert "\n1. " in text and "\n2. " in text and step in text.lower(), (question, text)
        assert "tiếng Anh" not in text and "Sources" not in text and "Nguồn" in text, (question, text)
        assert answer["confidence"] >= 0.6 and not answer["escalated"], (question, answer["grounding"])


def test_two_ideas_weighed_against_each_other_are_a_knowledge_question(chat_demo, alice, alice_money,
                                                                        help_and_education):
    """"X or Y better", "X vs Y" about ideas went to a comparison of their spending ("credit: $0.00 vs debit: …")."""
    for question in ("is a credit card or debit card better for groceries", "roth vs traditional ira",
                     "debt snowball versus avalanche"):
        answer = chat_turn(user=alice, message=question)
        assert not set(answer["tools_used"]) & MONEY_TOOLS, (question, answer["tool_calls"])
        assert "search_knowledge_base" in answer["tools_used"], (question, answer["tool_calls"])
    # their own merchants or categories side by side stay a comparison of their money
    own = chat_turn(user=alice, message="starbucks vs uber")
    assert own["tools_used"] == ["compare_spending"], own["tool_calls"]


def test_a_concept_with_a_year_that_names_nothing_of_theirs_is_not_their_spending(chat_demo, alice, alice_money,
                                                                                   help_and_education):
    """"what is the generation-skipping transfer tax exemption in 2026" was answered with all of 2026's spending
    (excluding Transfers); a niche tax rule the knowledge base lacks is said to be missing, at low confidence."""
    answer = chat_turn(user=alice, message="what is the generation-skipping transfer tax exemption in 2026")
    assert not set(answer["tools_used"]) & MONEY_TOOLS, answer["tool_calls"]
    assert "I don't have that in the knowledge base" in answer["answer"] and not answer["citations"], answer["answer"]
    assert answer["confidence"] < 0.4
    for question in ("how is stamp duty land tax calculated for a second home in England",
                     "how does the Portuguese NHR regime tax foreign pensions"):
        niche = chat_turn(user=alice, message=question)
        assert "I don't have that in the knowledge base" in niche["answer"], (question, niche["answer"])
        assert not niche["citations"] and niche["confidence"] < 0.4, (question, niche["citations"])
    money = chat_turn(user=alice, message="what was the total in " + _last_month_name())
    assert set(money["tools_used"]) & MONEY_TOOLS, money["tool_calls"]


def _last_month_name() -> str:
    from django.utils import timezone

    from core.periods import add_months

    return f"{add_months(timezone.localdate().replace(day=1), -1):%B}"


@pytest.mark.parametrize("question, topic", [
    ("401k this yr", "investments"), ("my retirement account", "investments"), ("net worth?", "net worth"),
    ("credit score", "credit score"), ("my brokerage account", "investments"),
    ("how much did I put into my 401k this year", "investments"), ("my wife's spending", "other people's money"),
])
def test_a_thing_moneta_cannot_see_named_alone_is_said_plainly(chat_demo, alice, alice_money, question, topic):
    """A bare name of it ("401k this yr") was answered with a total of all spending or a knowledge passage."""
    answer = chat_turn(user=alice, message=question)
    assert answer["tools_used"] == ["check_data_available"], (question, answer["tool_calls"])
    assert re.match(r"I (?:can.t see|have no access to) that", answer["answer"]), answer["answer"]
    assert "$" not in answer["answer"] and not answer["escalated"], answer["answer"]


def test_a_concept_about_such_a_thing_is_still_knowledge(chat_demo, alice, alice_money, help_and_education):
    for question in ("what is a roth ira", "how do I open a roth ira", "what affects my credit score"):
        answer = chat_turn(user=alice, message=question)
        assert "check_data_available" not in answer["tools_used"], (question, answer["tool_calls"])


def test_a_stated_monthly_income_is_the_income_the_split_is_of(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="if I make 4500 a month how should I split it 50/30/20")
    assert answer["tool_calls"][0]["arguments"] == {"monthly_income": 4500.0}, answer["tool_calls"]
    text = answer["answer"]
    assert "$2,250.00 (50%) to needs, $1,350.00 (30%) to wants and $900.00 (20%) to savings" in text, text
    assert "(unverified)" not in text


def test_affordability_says_it_is_an_estimate(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="can I afford a $900 sofa next month")
    assert answer["tools_used"] == ["check_affordability"]
    assert "usual income" in answer["answer"] and "This is an estimate" in answer["answer"], answer["answer"]


def test_a_vietnamese_question_about_no_ones_money_is_knowledge(chat_demo, alice, alice_money, help_and_education):
    """It named nothing of theirs and no period, yet was answered with a total of their spending."""
    for question in ("quỹ khẩn cấp nên bằng mấy tháng chi tiêu?",
                     "mức giảm trừ gia cảnh cho người phụ thuộc ở VN hiện là bao nhiêu?"):
        answer = chat_turn(user=alice, message=question)
        assert not set(answer["tools_used"]) & MONEY_TOOLS, (question, answer["tool_calls"])
        assert "search_knowledge_base" in answer["tools_used"], (question, answer["tool_calls"])
    niche = chat_turn(user=alice, message="mức giảm trừ gia cảnh cho người phụ thuộc ở VN hiện là bao nhiêu?")
    assert niche["answer"].startswith("Tôi không có thông tin này") and not niche["citations"], niche["answer"]
    own = chat_turn(user=alice, message="tháng trước tôi chi bao nhiêu cho ăn uống")
    assert own["tools_used"] == ["search_transactions"], own["tool_calls"]


def test_a_request_unlike_any_family_is_out_of_scope_not_a_jar_status(chat_demo, alice, alice_money):
    # (a text to write for them is a request Moneta can't carry out: the plain "can't write … for you" with what it
    # can do instead, at medium, never jar status nor the out-of-scope note)
    answer = chat_turn(user=alice, message="write me a cover letter for a barista job")
    assert answer["tools_used"] == ["explain_unavailable_action"], answer["tool_calls"]
    assert answer["answer"].startswith("Moneta can't write") and "What you can do:" in answer["answer"], answer
    assert 0.4 <= answer["confidence"] < 0.75 and not answer["escalated"], answer["confidence"]


def test_their_subscriptions_asked_as_what_are_or_by_a_short_name_are_listed(chat_demo, alice, alice_money):
    for question in ("what are my subscriptions rn", "subs?"):
        answer = chat_turn(user=alice, message=question)
        assert answer["tools_used"] == ["list_subscriptions"], (question, answer["tool_calls"])
        assert "Netflix" in answer["answer"], answer["answer"]


def test_did_i_spend_more_than_i_earned_is_that_periods_income_against_spending(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="did i spend more than i earned last month?")
    assert answer["tools_used"] == ["income_breakdown"], answer["tool_calls"]
    # last month of the fixture statement: 3,200.00 in, 1,672.48 out
    text = answer["answer"]
    assert text.startswith("No.") and "$3,200.00" in text and "$1,672.48" in text, text


def test_months_to_a_savings_goal_at_the_usual_rate(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="how many months till i have 10k saved?")
    assert answer["tool_calls"][0]["arguments"] == {"goal": 10000.0}, answer["tool_calls"]
    result_kept = next(line for line in answer["answer"].splitlines() if line.startswith("At your usual rate"))
    assert "$10,000.00" in result_kept and "÷" in result_kept and "(unverified)" not in answer["answer"], answer
