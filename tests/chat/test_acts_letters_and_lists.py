"""Requests to act said the long way round, in Vietnamese, or about what the last answer showed, through chat_turn
(and the confirm POST): a request inside a polite letter, a Vietnamese jar named after the English noun, a jar "for
it" after a money answer, the listed rows re-filed under a category named without "as", "take that one off my list"
after transactions or after the subscriptions, raising a jar to less than it has. Nothing changes before Confirm,
and another user can't confirm it."""
from __future__ import annotations

from decimal import Decimal

import pytest

from chat.actions import services as actions
from chat.services import chat_turn
from core.errors import DomainError, NotFound
from transactions.models import Category, Jar, Transaction
from transactions.services import jar_create

pytestmark = pytest.mark.django_db


def _one_action(answer: dict) -> dict:
    assert len(answer.get("pending_actions") or []) == 1, (answer["answer"], answer["tool_calls"])
    return answer["pending_actions"][0]


def test_a_request_in_a_polite_letter_is_proposed_and_only_its_owner_confirms(chat_demo, alice, bob, alice_money):
    answer = chat_turn(user=alice, message="Hello there. I was wondering if you could possibly open me one of those "
                                           "jars for the weekly shop, say $320, if it's not too much trouble")
    action = _one_action(answer)
    assert action["kind"] == "jar_create" and Decimal(action["params"]["monthly_budget"]) == Decimal("320.00")
    assert "Weekly Shop" in action["params"]["name"], action["params"]
    assert not Jar.objects.filter(user=alice).exists()  # nothing before Confirm
    with pytest.raises((DomainError, NotFound)):
        actions.pending_action_confirm(user=bob, action_id=action["id"])
    assert not Jar.objects.filter(user=bob).exists() and not Jar.objects.filter(user=alice).exists()
    actions.pending_action_confirm(user=alice, action_id=action["id"])
    assert Jar.objects.get(user=alice).monthly_budget == Decimal("320.00")


def test_would_you_mind_with_a_gerund_reads_as_the_verb(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="would you mind starting a jar for concert tickets with $90 a month?")
    action = _one_action(answer)
    assert action["params"]["name"] == "Concert Tickets" and Decimal(action["params"]["monthly_budget"]) == 90


def test_a_vietnamese_jar_named_after_the_english_noun_is_not_asked_for_its_name(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="lập giùm em cái jar tiền xăng xe 800 nghìn")
    action = _one_action(answer)
    assert action["params"]["name"] == "Xăng Xe", action["params"]
    assert "tên" not in answer["answer"].split("Xác nhận")[0].lower()  # no question for the name
    assert "Xác nhận" in answer["answer"] and "Confirm" not in answer["answer"]  # Vietnamese to the end
    assert not Jar.objects.filter(user=alice).exists()


def test_a_jar_for_it_after_a_money_answer_is_for_that_answers_subject(chat_demo, alice, alice_money):
    first = chat_turn(user=alice, message="what did I spend on groceries last month?")
    answer = chat_turn(user=alice, message="ok make a jar, cap of $150 for it", conversation_id=first["conversation_id"])
    action = _one_action(answer)
    assert action["params"]["categories"] == ["Groceries"] and Decimal(action["params"]["monthly_budget"]) == 150
    assert not Jar.objects.filter(user=alice).exists()


def test_a_jar_funded_by_a_spending_is_about_that_spending_not_the_jars_name(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="set up a jar for my beach trip 🏖️ and fund it with whatever I spent at "
                                           "starbucks last month")
    action = _one_action(answer)
    assert action["params"]["name"] == "Beach Trip", action["params"]
    assert "$12.00" in answer["answer"]  # the two Starbucks coffees of last month, 5.75 + 6.25
    assert Decimal(action["params"]["monthly_budget"]) == Decimal("12.00")


def test_listed_rows_marked_with_a_bare_category_are_refiled_after_confirm(chat_demo, alice, bob, alice_money):
    first = chat_turn(user=alice, message="list my amazon purchases last month")
    answer = chat_turn(user=alice, message="mark them office supplies", conversation_id=first["conversation_id"])
    action = _one_action(answer)
    assert action["kind"] == "category_set" and action["params"]["category"] == "Office Supplies"
    assert len(action["params"]["transaction_ids"]) == 2  # last month's two Amazon rows, nothing else
    assert answer["confidence"] >= 0.4, answer["grounding"]
    assert not Category.objects.filter(user=alice, name="Office Supplies").exists()
    with pytest.raises((DomainError, NotFound)):
        actions.pending_action_confirm(user=bob, action_id=action["id"])
    actions.pending_action_confirm(user=alice, action_id=action["id"])
    assert Transaction.objects.filter(user=alice, category__name="Office Supplies").count() == 2


def test_taking_one_off_the_list_after_several_asks_which_and_deletes_nothing(chat_demo, alice, alice_money):
    first = chat_turn(user=alice, message="list my amazon purchases last month")
    before = Transaction.objects.filter(user=alice).count()
    answer = chat_turn(user=alice, message="take that one off my list", conversation_id=first["conversation_id"])
    assert answer["tools_used"] == ["propose_delete_transaction"], answer["tool_calls"]
    assert not answer.get("pending_actions") and "which one" in answer["answer"]
    assert "$42.99" in answer["answer"] and "$18.50" in answer["answer"]
    assert Transaction.objects.filter(user=alice).count() == before


def test_taking_the_biggest_one_off_the_list_proposes_deleting_it(chat_demo, alice, alice_client, alice_money):
    first = chat_turn(user=alice, message="what was my biggest amazon purchase last month?")
    answer = chat_turn(user=alice, message="please take that one off my list", conversation_id=first["conversation_id"])
    action = _one_action(answer)
    row = Transaction.objects.get(id=action["params"]["transaction_id"])
    assert row.amount == Decimal("-42.99") and row.user == alice
    confirmed = alice_client.post(action["confirm_url"])
    assert confirmed.status_code == 200, confirmed.content
    assert not Transaction.objects.filter(id=row.id).exists()


def test_taking_a_subscription_off_the_list_says_plainly_it_cant_and_how(chat_demo, alice, alice_money):
    first = chat_turn(user=alice, message="what subscriptions do I have?")
    answer = chat_turn(user=alice, message="take netflix off my list", conversation_id=first["conversation_id"])
    assert answer["tools_used"] == ["explain_unavailable_action"] and not answer.get("pending_actions")
    assert "can't" in answer["answer"] and "Subscriptions" in answer["answer"] and "Netflix" in answer["answer"]


def test_cancelling_a_listed_plan_in_vietnamese_names_it(chat_demo, alice, alice_money):
    first = chat_turn(user=alice, message="tôi đang có những gói đăng ký nào?")
    answer = chat_turn(user=alice, message="huỷ netflix giùm tôi nha", conversation_id=first["conversation_id"])
    assert answer["tools_used"] == ["explain_unavailable_action"]
    assert "Netflix" in answer["answer"] and "không huỷ được" in answer["answer"]


def test_raising_a_jar_to_less_than_it_has_says_so_and_changes_nothing_yet(chat_demo, alice, bob, alice_money):
    jar_create(user=alice, name="Fun", monthly_budget="200")
    answer = chat_turn(user=alice, message="raise my jar to 150")
    action = _one_action(answer)
    assert "less than" in answer["answer"] and "$200.00" in answer["answer"] and "$150.00" in answer["answer"]
    assert Jar.objects.get(user=alice).monthly_budget == Decimal("200.00")
    with pytest.raises((DomainError, NotFound)):
        actions.pending_action_confirm(user=bob, action_id=action["id"])
    actions.pending_action_confirm(user=alice, action_id=action["id"])
    assert Jar.objects.get(user=alice).monthly_budget == Decimal("150.00")


def test_lowering_a_vietnamese_jar_above_its_amount_warns_in_vietnamese(chat_demo, alice, alice_money):
    jar_create(user=alice, name="Ăn uống", monthly_budget="100")
    answer = chat_turn(user=alice, message="giảm hũ ăn uống xuống 300")
    _one_action(answer)
    assert "cao hơn" in answer["answer"] and "Note" not in answer["answer"]


def test_a_jar_set_to_its_average_is_computed_from_the_spending_named(chat_demo, alice, alice_money):
    jar_create(user=alice, name="Coffee", monthly_budget="10")
    answer = chat_turn(user=alice, message="set my coffee jar to what I averaged at starbucks over the last 3 months")
    action = _one_action(answer)
    assert Decimal(action["params"]["amount"]) == Decimal("12.00")  # 5.75 + 6.25 each full month
    assert Jar.objects.get(user=alice).monthly_budget == Decimal("10.00")


def test_a_duplicate_among_the_listed_charges_looks_only_there(chat_demo, alice, alice_money):
    first = chat_turn(user=alice, message="netflix charges in the last 2 months?")
    before = Transaction.objects.filter(user=alice).count()
    answer = chat_turn(user=alice, message="pretty sure one of those is a duplicate, remove it",
                       conversation_id=first["conversation_id"])
    args = answer["tool_calls"][-1]["arguments"]
    assert args.get("merchant") == "Netflix" and args.get("duplicate") and not args.get("text"), args
    assert "no duplicate" in answer["answer"] and Transaction.objects.filter(user=alice).count() == before


def test_a_letter_with_greeting_and_sign_off_is_read_for_its_request(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="Good evening Moneta! I hope this finds you well. If it isn't too much "
                                           "bother, please note down a $18 cash haircut from yesterday. Kind regards, Minh")
    action = _one_action(answer)
    assert action["kind"] == "transaction_add" and Decimal(action["params"]["amount"]) == Decimal("-18.00")
    assert "haircut" in action["params"]["description"] and "regards" not in action["params"]["description"].lower()
    assert not Transaction.objects.filter(user=alice, description__icontains="haircut").exists()


def test_a_limit_on_it_after_a_merchant_answer_is_a_jar_for_that_merchant(chat_demo, alice, alice_money):
    first = chat_turn(user=alice, message="how much went to netflix last month?")
    answer = chat_turn(user=alice, message="ok put a $12 cap on it", conversation_id=first["conversation_id"])
    action = _one_action(answer)
    assert action["kind"] == "jar_create" and action["params"]["name"] == "Netflix"
    assert Decimal(action["params"]["monthly_budget"]) == Decimal("12.00") and not Jar.objects.filter(user=alice).exists()


def test_vietnamese_marking_of_the_listed_rows_is_proposed_wholly_in_vietnamese(chat_demo, alice, bob, alice_money):
    first = chat_turn(user=alice, message="liệt kê các giao dịch uber tháng trước")
    answer = chat_turn(user=alice, message="đánh dấu mấy cái đó là công tác", conversation_id=first["conversation_id"])
    action = _one_action(answer)
    assert action["kind"] == "category_set" and action["params"]["category"] == "Công Tác"
    summary = answer["answer"].split("**")[1]
    assert "money out" not in summary and "Create" not in summary and "Tạo danh mục" in summary, summary
    with pytest.raises((DomainError, NotFound)):
        actions.pending_action_confirm(user=bob, action_id=action["id"])
    assert not Category.objects.filter(user=alice, name="Công Tác").exists()


def test_the_ones_after_a_pointer_are_no_part_of_the_category(chat_demo, alice, alice_money):
    first = chat_turn(user=alice, message="list my starbucks coffees last month")
    answer = chat_turn(user=alice, message="label those ones treats", conversation_id=first["conversation_id"])
    assert _one_action(answer)["params"]["category"] == "Treats"


def test_a_request_corrected_by_a_second_request_keeps_its_subject_and_period(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="recategorize all my amazon from last month as work stuff... actually no, "
                                           "just move them to Groceries. how many is that")
    action = _one_action(answer)
    assert action["params"]["category"] == "Groceries" and len(action["params"]["transaction_ids"]) == 1
    args = answer["tool_calls"][-1]["arguments"]
    assert args.get("merchants") == ["Amazon"] and args.get("measure") == "count", args
    assert Transaction.objects.filter(user=alice, category__name="Groceries", description__icontains="amazon").count() == 4
