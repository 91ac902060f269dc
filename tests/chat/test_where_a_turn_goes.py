"""Issue 21: where a turn goes, through chat_turn. A money measure with a period, over the user's own things, or
right after a money answer is answered from their transactions, never from the knowledge base; a concept frame
("explain…", "what does … mean") is answered from the knowledge base, whatever spend words it holds."""
from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.utils import timezone

from chat.assistant import KNOWLEDGE_TOOLS, MONEY_TOOLS
from chat.services import chat_turn
from tests.chat.conftest import confident, demo_docs
from transactions.models import Transaction

pytestmark = pytest.mark.django_db


@pytest.fixture
def library(db):
    """The demo's help pages and education articles most likely to be mistaken for a money question's answer."""
    return demo_docs(education=("apr-and-apy.md", "emergency-fund.md", "budgeting-methods.md"),
                     help_pages=("budget-suggestions.md", "manual-transactions.md", "budgets-by-month.md"))


def _spent(user, **filters) -> str:
    from decimal import Decimal

    total = sum((-t.amount for t in Transaction.objects.filter(user=user, amount__lt=0, **filters)), Decimal(0))
    return f"{total:,.2f}"


# ---- kind 1: money measures are money questions ----------------------------------------------------------------
@pytest.mark.parametrize("question", ["top 3 categories overall?", "how many transactions total"])
def test_a_ranking_or_count_of_their_own_things_is_answered_from_their_money(chat_demo, alice, alice_money, library,
                                                                             question):
    answer = chat_turn(user=alice, message=question)
    assert set(answer["tools_used"]) <= MONEY_TOOLS and answer["tools_used"], answer["tool_calls"]
    assert not answer["citations"], answer["answer"]
    if "categories" in question:
        assert "Rent" in answer["answer"] and "Groceries" in answer["answer"], answer["answer"]


def test_a_measure_after_a_money_answer_stays_on_that_answer(chat_demo, alice, alice_money, library):
    today = timezone.localdate()
    first = chat_turn(user=alice, message="how much did I spend last month")
    assert set(first["tools_used"]) <= MONEY_TOOLS
    answer = chat_turn(user=alice, message="what about the total for the year", conversation_id=first["conversation_id"])
    assert set(answer["tools_used"]) <= MONEY_TOOLS and not answer["citations"], answer["tool_calls"]
    year = (today.replace(day=1) - timedelta(days=1)).year  # the year last month lies in, up to today
    assert _spent(alice, date__gte=date(year, 1, 1), date__lte=min(date(year, 12, 31), today)) in answer["answer"], \
        answer["answer"]
    again = chat_turn(user=alice, message="and the average?", conversation_id=first["conversation_id"])
    assert set(again["tools_used"]) <= MONEY_TOOLS and not again["citations"], again["tool_calls"]
    assert "average" in again["answer"].lower()


def test_a_measure_that_changes_nothing_of_the_last_answer_is_not_confident(chat_demo, alice, alice_money, library):
    first = chat_turn(user=alice, message="how much did I spend last month")
    answer = chat_turn(user=alice, message="what's the total then", conversation_id=first["conversation_id"])
    assert set(answer["tools_used"]) <= MONEY_TOOLS and not answer["citations"], answer["tool_calls"]


def test_a_topic_of_its_own_after_a_money_answer_is_not_read_as_that_answer(chat_demo, alice, alice_money, library):
    first = chat_turn(user=alice, message="how much did I spend last month")
    answer = chat_turn(user=alice, message="what's the average credit card APR", conversation_id=first["conversation_id"])
    assert not set(answer["tools_used"]) & MONEY_TOOLS, answer["tool_calls"]


# ---- kind 2: a concept frame wins over spend words -------------------------------------------------------------
@pytest.mark.parametrize("question", ["what does APR mean on a purchase", "explain APR on credit card purchases",
                                      "define APY for me when I buy a savings certificate"])
def test_a_concept_frame_with_spend_words_is_a_knowledge_question(chat_demo, alice, alice_money, library, question):
    answer = chat_turn(user=alice, message=question)
    assert set(answer["tools_used"]) & KNOWLEDGE_TOOLS and not set(answer["tools_used"]) & MONEY_TOOLS, \
        answer["tool_calls"]
    assert answer["citations"] and answer["citations"][0]["document"] == "APR and APY", answer["answer"]


def test_a_concept_the_library_lacks_with_spend_words_runs_no_money_tool(chat_demo, alice, alice_money, library):
    answer = chat_turn(user=alice, message="explain what closing costs are when you purchase a house")
    assert not set(answer["tools_used"]) & MONEY_TOOLS, answer["tool_calls"]
    assert not answer["citations"] and "don't have that" in answer["answer"], answer["answer"]
    assert not confident(alice, answer)


@pytest.mark.parametrize("question", ["what's my biggest category this month", "what was my total spending last month"])
def test_a_concept_frame_about_their_own_money_is_still_a_money_question(chat_demo, alice, alice_money, library,
                                                                         question):
    answer = chat_turn(user=alice, message=question)
    assert set(answer["tools_used"]) <= MONEY_TOOLS and answer["tools_used"], answer["tool_calls"]


# ---- kind 3: a follow-up over a listed set refers to its items ---------------------------------------------------
def _listed(user) -> list[dict]:
    from chat.listings import SHOWN_ROWS
    from transactions.selectors import subscription_list

    return subscription_list(user=user)["rows"][:SHOWN_ROWS]


def test_a_follow_up_over_the_subscriptions_listed_is_about_those_items(chat_demo, alice, bob, alice_money, bob_money):
    rows = _listed(alice)
    subs = [r for r in rows if r["kind"] == "subscription"] or rows
    assert len(rows) >= 2, rows
    first = chat_turn(user=alice, message="what subscriptions do I have")
    assert first["tools_used"] == ["list_subscriptions"], first["tool_calls"]
    conversation = first["conversation_id"]

    most = chat_turn(user=alice, message="which one's the most expensive?", conversation_id=conversation)
    assert most["tools_used"] == ["list_subscriptions"], most["tool_calls"]  # not the category's biggest purchase
    top = max(subs, key=lambda r: r["monthly_cost"])
    assert most["answer"].startswith("The most expensive of them is") and f"**{top['merchant']}**" in most["answer"]
    assert f"{top['amount']:,.2f}" in most["answer"], most["answer"]

    together = chat_turn(user=alice, message="how much are they together?", conversation_id=conversation)
    assert together["tools_used"] == ["list_subscriptions"], together["tool_calls"]
    total = sum(r["monthly_cost"] for r in subs)  # the subscriptions listed, not the rent (a bill)
    assert f"{total:,.2f}" in together["answer"], together["answer"]

    before = list(Transaction.objects.filter(user=alice).values_list("id", "amount", "category_id"))
    cancel = chat_turn(user=alice, message="cancel the cheapest", conversation_id=conversation)
    cheapest = min(subs, key=lambda r: r["monthly_cost"])
    assert cancel["tools_used"] == ["explain_unavailable_action"], cancel["tool_calls"]
    assert cancel["answer"].startswith(f"**{cheapest['merchant']}**: Moneta can't cancel"), cancel["answer"]
    assert list(Transaction.objects.filter(user=alice).values_list("id", "amount", "category_id")) == before

    # bob's conversation has no listing: his "which one" is not about alice's subscriptions
    other = chat_turn(user=bob, message="which one's the most expensive?")
    assert "list_subscriptions" not in other["tools_used"] or "merchants" not in str(other["tool_calls"])
    assert "BOBS SECRET" not in most["answer"]


def test_picking_one_of_the_top_merchants_over_time_gives_its_months(chat_demo, alice, alice_money):
    first = chat_turn(user=alice, message="top 3 merchants this year")
    second = first["data"][0]["rows"][1]["merchant"] if first["data"] else None
    answer = chat_turn(user=alice, message="the second one over time", conversation_id=first["conversation_id"])
    args = answer["tool_calls"][0]["arguments"]  # the query split by month (execute._by_month)
    assert args.get("merchants") == [second] and args.get("group_by") == "month", answer["tool_calls"]
    assert "By month:" in answer["answer"] and confident(alice, answer), answer["answer"]


# ---- kind 5: acts in other phrasings, with the figure from the conversation's state ----------------------------
def _state(user) -> tuple:
    from transactions.models import Jar

    return (list(Transaction.objects.filter(user=user).values_list("id", "amount", "category_id")),
            list(Jar.objects.filter(user=user).values_list("name", "monthly_budget")))


def test_a_budget_with_that_amount_proposes_the_last_answers_figure(chat_demo, alice, alice_money):
    before = _state(alice)
    first = chat_turn(user=alice, message="how much did I spend on dining last month")
    assert first["tools_used"] == ["search_transactions"], first["tool_calls"]
    figure = first["answer"]
    answer = chat_turn(user=alice, message="set up a budget with that amount", conversation_id=first["conversation_id"])
    assert answer["tools_used"] == ["propose_set_budget"], answer["tool_calls"]
    args = answer["tool_calls"][0]["arguments"]
    assert args["category"] == "Dining" and f"{args['amount']:,.2f}" in figure, (args, figure)
    assert answer["pending_actions"] and answer["pending_actions"][0]["status"] == "pending"
    jar = chat_turn(user=alice, message="start a jar with that", conversation_id=first["conversation_id"])
    assert jar["tools_used"] == ["propose_create_jar"], jar["tool_calls"]
    assert jar["tool_calls"][0]["arguments"]["monthly_budget"] == args["amount"]
    assert jar["tool_calls"][0]["arguments"]["name"] == "Dining"
    assert _state(alice) == before  # nothing changes until the card is confirmed


def test_delete_that_charge_proposes_the_one_transaction_just_shown(chat_demo, alice, bob, alice_money, bob_money):
    before = _state(alice)
    first = chat_turn(user=alice, message="show my last amazon purchase")
    shown = first["data"][0]["rows"][0]
    answer = chat_turn(user=alice, message="delete that charge", conversation_id=first["conversation_id"])
    assert answer["tools_used"] == ["propose_delete_transaction"], answer["tool_calls"]
    assert answer["tool_calls"][0]["arguments"] == {"transaction_id": shown["id"]}
    assert answer["pending_actions"] and _state(alice) == before
    # bob cannot reach alice's transaction through his own conversation
    other = chat_turn(user=bob, message="delete that charge")
    assert other["tool_calls"][0]["arguments"].get("transaction_id") != shown["id"] and not other.get("pending_actions")


@pytest.mark.parametrize("question, amount, words", [
    ("thêm khoản chi 50k cho bữa trưa", 50000.0, "bữa trưa"),
    ("I spent 20 on a taxi, add it", 20.0, "taxi"),
])
def test_adding_an_expense_in_other_words_is_proposed(chat_demo, alice, alice_money, question, amount, words):
    before = _state(alice)
    answer = chat_turn(user=alice, message=question)
    assert answer["tools_used"] == ["propose_add_transaction"], answer["tool_calls"]
    args = answer["tool_calls"][0]["arguments"]
    assert args["amount"] == amount and args["description"] == words, args
    assert answer["pending_actions"] and _state(alice) == before


# ---- kind 4: knowledge fit -----------------------------------------------------------------------------------------
@pytest.fixture
def concepts(db):
    """Education articles that are neighbours of each other, and the help pages nearest to finance words."""
    return demo_docs(education=("emergency-fund.md", "sinking-funds.md", "inflation.md", "compound-interest.md",
                                "retirement-accounts.md"),
                     help_pages=("accounts-and-transfers.md", "budgets-by-month.md"))


@pytest.mark.parametrize("question", ["what is the generation-skipping transfer tax",
                                      "explain the wash sale rule"])
def test_a_concept_outside_the_library_is_not_answered_from_a_help_page(chat_demo, alice, concepts, question):
    answer = chat_turn(user=alice, message=question)
    assert not set(answer["tools_used"]) & MONEY_TOOLS, answer["tool_calls"]
    assert not answer["citations"] and "I don't have that in" in answer["answer"], answer["answer"]
    assert not confident(alice, answer)


@pytest.mark.parametrize("question, document", [
    ("what is a rainy day fund", "Emergency funds"),
    ("why does money lose value over time", "Inflation"),
    ("should I put money in my 401k or an IRA", "Retirement accounts: 401(k) and IRA"),
])
def test_a_paraphrase_of_a_concept_in_the_library_finds_its_article(chat_demo, alice, concepts, question, document):
    answer = chat_turn(user=alice, message=question)
    assert answer["citations"] and answer["citations"][0]["document"] == document, answer["answer"]


def test_a_help_page_still_answers_a_question_about_the_feature_it_describes(chat_demo, alice, concepts):
    answer = chat_turn(user=alice, message="what is safe to spend")
    assert answer["citations"] and answer["citations"][0]["corpus"] == "moneta-help", answer["answer"]


def test_remove_the_duplicate_charge_keeps_the_merchant_it_names(chat_demo, alice, alice_money):
    from tests.statements import csv_bytes
    from transactions.services import transactions_import

    netflix = Transaction.objects.filter(user=alice, description__startswith="NETFLIX").order_by("-date").first()
    copy_day = min(netflix.date + timedelta(days=1), timezone.localdate())
    transactions_import(user=alice, file_name="copy.csv",
                        content=csv_bytes([(copy_day, "NETFLIX.COM CHARGE", "-15.49", "Subscriptions")]))
    before = _state(alice)
    answer = chat_turn(user=alice, message="please remove the duplicate netflix charge")
    assert answer["tools_used"] == ["propose_delete_transaction"], answer["tool_calls"]
    assert answer["tool_calls"][0]["arguments"] == {"merchant": "Netflix", "duplicate": True}
    assert answer["pending_actions"], answer["answer"]
    assert _state(alice) == before


def test_a_vietnamese_concept_question_with_a_spend_word_is_answered_from_its_article(chat_demo, alice, alice_money,
                                                                                     library):
    answer = chat_turn(user=alice, message="APR là gì khi mua hàng trả góp")
    assert not set(answer["tools_used"]) & MONEY_TOOLS, answer["tool_calls"]
    assert answer["citations"] and answer["citations"][0]["document"] == "APR and APY", answer["answer"]
