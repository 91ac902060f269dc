"""Issue 21 kinds 5-6 through chat_turn: the list of recurring charges asked for in other words ("what gets paid
automatically", "regular payments", "khoản trừ tự động"), with services named only as examples of all of them ("my
autopay things like hulu and so on"), and which of them went up in price; requests to act that were misread (a
jar asked for with "just", a duplicate to delete, a payee to rename) and a question about data Moneta lacks
followed by how it works. Nothing changes without a confirmed proposal, and a second user sees none of it."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from chat.services import chat_turn
from tests.chat.conftest import confident, demo_docs, month_start, statement_csv
from transactions.models import Category, Jar, Transaction
from transactions.services import transactions_import

pytestmark = pytest.mark.django_db
MONEY_TOOLS = {"search_transactions", "compare_spending", "get_spending_summary", "analyze_by_category",
               "analyze_merchant"}


def _state(user) -> tuple:
    return (list(Transaction.objects.filter(user=user).order_by("id").values_list("id", "category_id", "amount")),
            list(Jar.objects.filter(user=user).values_list("name", "monthly_budget")),
            list(Category.objects.filter(user=user).order_by("id").values_list("name", "monthly_budget")))


@pytest.fixture
def tv_plan_rise(alice):
    """Alice's statement plus a TV plan that went from $7.99 to $9.99 two months ago (Netflix stays $15.49)."""
    today = timezone.localdate()
    extra = [(min(month_start(today, back) + timedelta(days=4), today), "HULU 877-8244858 CA", price, "Subscriptions")
             for back, price in ((4, "-7.99"), (3, "-7.99"), (2, "-9.99"), (1, "-9.99"), (0, "-9.99"))]
    return transactions_import(user=alice, file_name="alice.csv", content=statement_csv(today=today, extra=extra))


def _names(answer: dict) -> list[str]:
    return [c["name"] for c in answer["tool_calls"]]


@pytest.mark.parametrize("question", [
    "what gets paid automatically each month for me?",
    "list my regular payments",
    "the monthly stuff they bill me automatically, which are they",
    "khoản trừ tự động hàng tháng của mình gồm những gì",
])
def test_the_listing_asked_in_other_words(chat_demo, alice, tv_plan_rise, bob, bob_money, question):
    answer = chat_turn(user=alice, message=question)
    assert _names(answer) == ["list_subscriptions"], answer["tool_calls"]
    assert "Hulu" in answer["answer"] and "Netflix" in answer["answer"], answer["answer"]
    assert confident(alice, answer), answer["grounding"]
    theirs = chat_turn(user=bob, message=question)  # the second user lists only his own
    assert _names(theirs) == ["list_subscriptions"] and "Hulu" not in theirs["answer"], theirs["answer"]


@pytest.mark.parametrize("question", [
    "What recurring payments come out of my account?",
    "recurring payments?",
])
def test_the_listing_asked_with_a_topic_word(chat_demo, alice, tv_plan_rise, question):
    """Words a finance-education heading holds ("Monthly payments", "Minimum payments") asked of their own account,
    or said bare: the listing of their recurring charges, not the page."""
    demo_docs(education=("loans-and-mortgages.md", "debt-payoff-strategies.md", "credit-cards.md"))
    answer = chat_turn(user=alice, message=question)
    assert _names(answer) == ["list_subscriptions"], answer["tool_calls"]
    assert "Hulu" in answer["answer"] and confident(alice, answer), answer["answer"]


@pytest.mark.parametrize("question", [
    "my autopay things like hulu and so on, show me",
    "video, gym, phone, whatever — what am I charged every month?",
])
def test_services_named_as_examples_narrow_nothing(chat_demo, alice, tv_plan_rise, question):
    answer = chat_turn(user=alice, message=question)
    assert _names(answer) == ["list_subscriptions"], answer["tool_calls"]
    args = answer["tool_calls"][0]["arguments"]
    assert not args.get("merchants") and not args.get("about"), args
    assert "Hulu" in answer["answer"] and "Netflix" in answer["answer"], answer["answer"]
    assert confident(alice, answer), answer["grounding"]


def test_which_one_went_up_then_cancel_it(chat_demo, alice, tv_plan_rise):
    before = _state(alice)
    listed = chat_turn(user=alice, message="what subscriptions have I got")
    assert _names(listed) == ["list_subscriptions"], listed["tool_calls"]
    conv = listed["conversation_id"]
    rose = chat_turn(user=alice, message="ok which of those went up", conversation_id=conv)
    assert _names(rose) == ["list_subscriptions"], rose["tool_calls"]
    assert rose["tool_calls"][0]["arguments"].get("price_changed") is True, rose["tool_calls"]
    body = rose["answer"]
    assert "Hulu" in body and "$7.99" in body and "$9.99" in body, body
    assert "No change" in body and "Netflix" in body, body
    assert confident(alice, rose), rose["grounding"]
    cancel = chat_turn(user=alice, message="cancel that one for me", conversation_id=conv)
    assert _names(cancel) == ["explain_unavailable_action"], cancel["tool_calls"]
    assert cancel["tool_calls"][0]["arguments"].get("subject") == "Hulu", cancel["tool_calls"]
    assert "can't cancel" in cancel["answer"], cancel["answer"]
    assert _state(alice) == before


def test_a_price_rise_asked_without_naming_one(chat_demo, alice, tv_plan_rise):
    answer = chat_turn(user=alice, message="have any of my subscriptions gotten more expensive?")
    assert _names(answer) == ["list_subscriptions"], answer["tool_calls"]
    assert "Hulu" in answer["answer"] and "$9.99" in answer["answer"], answer["answer"]
    assert "went up" in answer["answer"], answer["answer"]


def test_a_jar_asked_for_with_just_after_asking_how_jars_work(chat_demo, alice, alice_money):
    before = _state(alice)
    first = chat_turn(user=alice, message="how do jars work in moneta")
    answer = chat_turn(user=alice, message="could you just set one up for takeout, $90 a month",
                       conversation_id=first["conversation_id"])
    assert _names(answer) == ["propose_create_jar"], answer["tool_calls"]
    assert answer["pending_actions"][0]["params"]["monthly_budget"] in (90, 90.0, "90.00", "90"), answer
    assert _state(alice) == before


def test_the_duplicate_to_delete_is_read_without_the_verb(chat_demo, alice, alice_money):
    before = _state(alice)
    answer = chat_turn(user=alice, message="Please delete the duplicate Netflix charge from last month.")
    assert _names(answer) == ["propose_delete_transaction"], answer["tool_calls"]
    args = answer["tool_calls"][0]["arguments"]
    assert args.get("merchant") == "Netflix" and args.get("duplicate") is True, args
    # one Netflix charge a month: no duplicate, so nothing is proposed
    assert not answer.get("pending_actions") and "no duplicate" in answer["answer"], answer["answer"]
    assert _state(alice) == before


def test_a_double_charge_is_a_duplicate_not_the_only_charge(chat_demo, alice, alice_money):
    before = _state(alice)
    answer = chat_turn(user=alice, message="get rid of the double uber charge from last month")
    args = answer["tool_calls"][0]["arguments"]
    assert args.get("duplicate") is True, args
    assert not answer.get("pending_actions"), answer["answer"]
    assert _state(alice) == before


def test_renaming_a_payee_is_steps_in_the_app(chat_demo, alice, alice_money):
    before = _state(alice)
    answer = chat_turn(user=alice, message="rename AMAZON MKTPLACE PMTS to plain Amazon")
    assert _names(answer) == ["explain_unavailable_action"], answer["tool_calls"]
    assert not set(_names(answer)) & MONEY_TOOLS
    assert "rename" in answer["answer"].lower(), answer["answer"]
    assert _state(alice) == before


def test_advice_about_an_account_is_no_missing_figure(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="is a roth ira worth it when I'm 22 and earn little")
    assert "check_data_available" not in _names(answer), answer["tool_calls"]
    assert "search_knowledge_base" in _names(answer), answer["tool_calls"]


def test_what_moves_the_thing_moneta_cannot_see(chat_demo, alice, alice_money):
    first = chat_turn(user=alice, message="what's my fico score at")
    assert _names(first) == ["check_data_available"], first["tool_calls"]
    answer = chat_turn(user=alice, message="so what even changes it", conversation_id=first["conversation_id"])
    names = _names(answer)  # (the web after it when the knowledge base has nothing: none loaded here)
    assert names[0] == "search_knowledge_base" and "check_data_available" not in names, answer["tool_calls"]
    assert not set(names) & MONEY_TOOLS
    assert "credit" in answer["tool_calls"][0]["arguments"]["query"].lower() or \
        "fico" in answer["tool_calls"][0]["arguments"]["query"].lower(), answer["tool_calls"]


@pytest.mark.parametrize("question", [
    "what happens if I only ever make the minimum payment on my credit card, is that bad",
    "does paying our card off in full every month help our credit score?",
])
def test_what_a_habit_leads_to_is_a_concept_not_a_figure(chat_demo, alice, alice_money, question):
    demo_docs(education=("credit-cards.md", "credit-scores.md"))
    answer = chat_turn(user=alice, message=question)
    names = _names(answer)
    assert names and names[0] == "search_knowledge_base", answer["tool_calls"]
    assert not set(names) & MONEY_TOOLS, answer["tool_calls"]


def test_a_reminder_is_no_category(chat_demo, alice, alice_money):
    before = _state(alice)
    answer = chat_turn(user=alice, message="set a reminder to pay the electric bill on the 5th")
    assert _names(answer) == ["explain_unavailable_action"], answer["tool_calls"]
    assert "reminder" in answer["answer"], answer["answer"]
    assert _state(alice) == before


@pytest.mark.parametrize(("question", "opening"), [
    ("thôi hủy hulu giùm tui đi", "**Hulu**: Moneta không huỷ"),
    ("vậy ngưng netflix dùm mình nha", "**Netflix**: Moneta không huỷ"),
    ("nhắc mình đóng tiền netflix mỗi tháng nha", "Moneta không gửi nhắc nhở"),
])
def test_a_vietnamese_request_moneta_cannot_carry_out_is_declined_in_vietnamese(chat_demo, alice, tv_plan_rise,
                                                                                   question, opening):
    """Cancelling a plan or a reminder asked the Vietnamese way (an opener such as "thôi"/"vậy", the verbs "hủy"/
    "ngưng", "nhắc mình" = remind me): the plain can't, with the steps, in Vietnamese — never a spending figure — and
    nothing changes."""
    before = _state(alice)
    answer = chat_turn(user=alice, message=question)
    assert _names(answer) == ["explain_unavailable_action"], answer["tool_calls"]
    assert answer["answer"].startswith(opening), answer["answer"]
    assert _state(alice) == before
