"""What Moneta cannot see, asked in several shapes; places and opening hours; two concepts weighed while a balance is
described; knowledge follow-ups on the last concept ("how is that different from an ETF?", the recovery codes of
2FA); the verbs "wants"/"needs" are not the 50/30/20 split. Through chat_turn: no money tool, the right corpus."""
from __future__ import annotations

import pytest

from chat.assistant import MONEY_TOOLS
from chat.services import chat_turn
from tests.chat.conftest import demo_docs

pytestmark = pytest.mark.django_db


def _no_money(answer) -> None:
    assert not set(answer["tools_used"]) & set(MONEY_TOOLS), (answer["tool_calls"], answer["answer"])


def _corpora(answer) -> set[str]:
    return {c.get("corpus") for c in answer["citations"]}


@pytest.mark.parametrize("message", ["so what can't you actually see?", "ok so what stuff can't you see about my money",
                                     "what are your limitations"])
def test_what_moneta_cannot_see_lists_the_map(chat_demo, alice, alice_money, message):
    answer = chat_turn(user=alice, message=message)
    _no_money(answer)
    assert answer["tools_used"] == ["check_data_available"], answer["tool_calls"]
    text = answer["answer"]
    assert "credit score" in text and "investments" in text and "I can see your transactions" in text, text
    assert not answer["citations"]


def test_what_moneta_cannot_see_in_vietnamese(chat_demo, alice, alice_money):
    text = chat_turn(user=alice, message="bạn không xem được những gì vậy?")["answer"]
    assert text.startswith("Tôi thấy:") and "điểm tín dụng" in text, text


@pytest.mark.parametrize("message", ["is the Walgreens on 5th avenue open at midnight? I need cough syrup",
                                     "what time does the Target near me close on sundays"])
def test_opening_hours_of_a_shop_are_out_of_scope_not_a_total(chat_demo, alice, alice_money, message):
    answer = chat_turn(user=alice, message=message)
    assert answer["tools_used"] == [], (answer["tool_calls"], answer["answer"])
    assert "$" not in answer["answer"], answer["answer"]


def test_money_owed_on_a_card_in_vietnamese_says_moneta_cannot_see_it(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="mình còn nợ thẻ visa bao nhiêu tiền vậy")
    assert answer["tools_used"] == ["check_data_available"], answer["tool_calls"]
    assert "không" in answer["answer"] and "$" not in answer["answer"], answer["answer"]


def test_paid_on_a_card_in_vietnamese_is_still_a_money_question(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="tháng trước tôi trả nợ thẻ bao nhiêu")
    assert answer["tools_used"] != ["check_data_available"], answer["tool_calls"]


@pytest.mark.parametrize("message", ["how much have I got in Fidelity at the moment? it's the pension my old job set up",
                                     "how much money is sitting in my retirement plan with Schwab"])
def test_value_held_at_a_broker_is_data_moneta_lacks(chat_demo, alice, alice_money, message):
    answer = chat_turn(user=alice, message=message)
    assert answer["tools_used"] == ["check_data_available"], answer["tool_calls"]
    assert "investments" in answer["answer"] and not answer["citations"], answer["answer"]


def test_two_methods_weighed_while_describing_a_balance_is_a_concept(chat_demo, alice, alice_money):
    demo_docs(education=("debt-payoff-strategies.md",))
    answer = chat_turn(user=alice, message="avalanche vs snowball — I owe on two cards, a tiny balance and a large one, "
                                           "which method?")
    assert answer["tools_used"] == ["search_knowledge_base"], answer["tool_calls"]
    assert _corpora(answer) == {"finance-education"}, answer["answer"]


def test_wants_as_a_verb_is_not_the_50_30_20_split(chat_demo, alice, alice_money):
    demo_docs(help_pages=("account-security.md",))
    answer = chat_turn(user=alice, message="how can I put the app in Vietnamese? my dad wants to read it too")
    assert "income_breakdown" not in answer["tools_used"], answer["tool_calls"]
    assert "Tiếng Việt" in answer["answer"] and _corpora(answer) == {"moneta-help"}, answer["answer"]


def test_numbered_rule_typed_without_accents_is_the_finance_page(chat_demo, alice):
    demo_docs(education=("budgeting-methods.md", "budgeting-methods.vi.md"),
              help_pages=("budget-suggestions.md", "budget-suggestions.vi.md"))
    answer = chat_turn(user=alice, message="ngan sach 50/30/20 nghia la sao, dung the nao")
    assert _corpora(answer) == {"finance-education"}, answer["answer"]


def test_follow_up_on_an_index_fund_asks_how_an_etf_differs(chat_demo, alice):
    demo_docs(education=("index-funds.md",))
    first = chat_turn(user=alice, message="explain index funds to me")
    answer = chat_turn(user=alice, message="ok and how does that compare to an ETF?",
                       conversation_id=first["conversation_id"])
    assert answer["tools_used"] == ["search_knowledge_base"], answer["tool_calls"]
    assert "exchange-traded fund" in answer["answer"] and _corpora(answer) == {"finance-education"}, answer["answer"]


def test_recovery_codes_after_turning_on_two_factor(chat_demo, alice):
    demo_docs(help_pages=("account-security.md",))
    first = chat_turn(user=alice, message="how do I set up 2FA")
    answer = chat_turn(user=alice, message="what happens if my phone gets stolen, do the backup recovery codes work?",
                       conversation_id=first["conversation_id"])
    assert "type one of your recovery codes" in answer["answer"], answer["answer"]
    assert _corpora(answer) == {"moneta-help"}


@pytest.mark.parametrize("message", ["what's still outstanding on my student loan?",
                                     "what interest rate is on our Mastercard card?",
                                     "tài khoản tiết kiệm của ba mẹ giờ còn bao nhiêu tiền"])
def test_what_a_lender_or_the_parents_bank_holds_is_data_moneta_lacks(chat_demo, alice, alice_money, message):
    answer = chat_turn(user=alice, message=message)
    assert answer["tools_used"] == ["check_data_available"], (answer["tool_calls"], answer["answer"])
    assert not answer["citations"] and "$" not in answer["answer"], answer["answer"]
