"""Balances and net worth in the chat (chat/balances.py), through chat_turn: the ledger's figures for a user whose
accounts carry an opening balance, a plain "I have no access to that" for one whose accounts do not, and another user's
accounts never seen."""
from __future__ import annotations

import pytest
from django.utils import timezone

from chat.capabilities import balances_available
from chat.services import chat_turn
from core.money import money
from tests.chat.conftest import statement_csv
from transactions.accounts import account_create
from transactions.selectors import account_balances, net_worth
from transactions.services import transactions_import

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice_accounts(alice):
    """An everyday account opened with $2,000 holding alice's statement, and a Visa card owing $350."""
    today = timezone.localdate()
    everyday = account_create(user=alice, name="Everyday", opening_balance="2000.00",
                              opening_date=today.replace(day=1).replace(year=today.year - 1))
    transactions_import(user=alice, file_name="alice.csv", content=statement_csv(today=today), account=everyday)
    account_create(user=alice, name="Visa card", kind="credit_card", opening_balance="-350.00",
                   opening_date=today.replace(day=1))
    return {r["name"]: r for r in account_balances(user=alice)}


def test_balance_of_every_account_and_of_one(chat_demo, alice, alice_accounts):
    answer = chat_turn(user=alice, message="what's my balance?")
    assert answer["tools_used"] == ["get_account_balances"], answer["tools_used"]
    for name, row in alice_accounts.items():
        assert f"{name} (" in answer["answer"] and money(row["balance"], row["currency"]) in answer["answer"]
    assert answer["confidence"] >= 0.75 and not answer["escalated"], answer["grounding"]

    visa = chat_turn(user=alice, message="balance of my Visa")
    assert visa["tools_used"] == ["get_account_balances"]
    assert "Visa card balance is −$350.00" in visa["answer"] and "Everyday" not in visa["answer"], visa["answer"]


def test_net_worth_is_assets_minus_what_is_owed(chat_demo, alice, alice_accounts):
    worth = net_worth(user=alice)
    assert worth["liabilities"] == 350.0
    answer = chat_turn(user=alice, message="what's my net worth?")
    assert answer["tools_used"] == ["get_net_worth"], answer["tools_used"]
    assert (f"Your net worth is {money(worth['net_worth'], 'USD')}: {money(worth['assets'], 'USD')} in your accounts "
            f"minus $350.00 owed.") in answer["answer"], answer["answer"]
    assert answer["confidence"] >= 0.75, (answer["grounding"], answer.get("confidence_reasons"), answer.keys())


def test_without_opening_balances_it_says_so_plainly(chat_demo, alice, alice_money):
    assert not balances_available(alice)  # the import made an account, with no opening balance
    for question, tool in (("what's my balance?", "check_data_available"), ("what's my net worth", None)):
        answer = chat_turn(user=alice, message=question)
        assert answer["answer"].startswith("I have no access to that") and "opening balance" in answer["answer"]
        assert "Accounts" in answer["answer"]  # how to make it possible
        assert 0.4 <= answer["confidence"] < 0.75 and not answer["escalated"], answer["grounding"]
        if tool:
            assert answer["tools_used"] == [tool]


def test_another_user_sees_none_of_them(chat_demo, alice, alice_accounts, bob, bob_money):
    answer = chat_turn(user=bob, message="what's my balance?")
    assert answer["answer"].startswith("I have no access to that"), answer["answer"]
    assert "Everyday" not in answer["answer"] and "Visa" not in answer["answer"]
    # even a tool call naming alice's account, made for bob, reads only bob's accounts
    from chat.assistant import FinanceAssistant

    result = FinanceAssistant(user=bob, config=None).get_account_balances(account="Visa card")
    assert result["available"] is False


def test_envelope_balances_are_jars_not_accounts(chat_demo, alice, alice_accounts):
    answer = chat_turn(user=alice, message="show my envelope balances")
    assert "get_account_balances" not in answer["tools_used"], answer["tools_used"]


def test_llm_path_reads_balances_with_the_same_tool(fake_llm, chat_demo, alice, alice_accounts, bob):  # noqa: F811
    fake_llm([
        {"tool_calls": [("get_account_balances", {"account": "Visa"})]},
        {"tool_calls": [("respond", {"answer": "Your Visa card balance is −$350.00.", "cited_fact_ids": []})]},
    ])
    answer = chat_turn(user=alice, message="balance of my Visa")
    assert answer["provider"] == "openai" and answer["tools_used"] == ["get_account_balances"]
    assert answer["confidence"] >= 0.75, answer["grounding"]
    # the same call made for bob: his accounts only (none with a balance), said plainly, never "high"
    fake_llm([
        {"tool_calls": [("get_account_balances", {"account": "Visa"})]},
        {"tool_calls": [("respond", {"answer": "Your Visa card balance is −$350.00.", "cited_fact_ids": []})]},
    ])
    answer = chat_turn(user=bob, message="balance of my Visa")
    assert answer["confidence"] < 0.75, answer["grounding"]


def test_capability_map_says_balances_are_there_only_with_opening_balances(chat_demo, alice, alice_accounts, bob,
                                                                           bob_money):
    from chat.assistant import FinanceAssistant
    from chat.capabilities import HAS_BALANCES

    for_alice = FinanceAssistant(user=alice, config=None).check_data_available(question="what's my net worth?")
    assert for_alice["available"] is True and for_alice["use_tool"] == "get_net_worth"
    assert HAS_BALANCES in for_alice["moneta_has"]
    for_bob = FinanceAssistant(user=bob, config=None).check_data_available(question="what's my net worth?")
    assert for_bob["available"] is False and "opening balance" in for_bob["message"]
    assert HAS_BALANCES not in for_bob["moneta_has"]
