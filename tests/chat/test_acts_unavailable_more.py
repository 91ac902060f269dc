"""Requests to act that the chat can't carry out — deleting, renaming or pausing a jar, editing a transaction's own
fields, splitting one, creating an empty category, exporting data, changing settings, undoing from the chat, marking
a charge as no subscription — through chat_turn: said plainly with the app's steps, at a confidence that is neither
"high" nor below 0.4, and nothing changes (never a transaction deleted for "delete my coffee jar")."""
from __future__ import annotations

import pytest

from chat.models import PendingAction
from chat.services import chat_turn
from transactions.models import Category, Jar, Transaction
from transactions.services import jar_create

pytestmark = pytest.mark.django_db


def _state(user) -> tuple:
    return (list(Transaction.objects.filter(user=user).order_by("id").values_list("id", "amount", "category_id",
                                                                                   "date", "description")),
            list(Jar.objects.filter(user=user).values_list("name", "monthly_budget")),
            list(Category.objects.filter(user=user).order_by("id").values_list("name", "monthly_budget")))


@pytest.mark.parametrize("wording, says", [
    ("delete my coffee jar", "can't delete, rename"),
    ("please get rid of the coffee jar", "can't delete, rename"),
    ("rename my coffee jar to Caffeine", "can't delete, rename"),
    ("pause the coffee jar for now", "can't delete, rename"),
    ("xoá hũ cà phê giúp mình", "không xoá, đổi tên"),
    ("change the amount of my last starbucks charge to $5", "can't edit a transaction"),
    ("fix the date on that uber transaction", "can't edit a transaction"),
    ("can you edit the description of the costco purchase", "can't edit a transaction"),
    ("split the costco charge into groceries and household", "can't split a transaction"),
    ("create a category called Pets", "can't create an empty category"),
    ("add a new category for my dog", "can't create an empty category"),
    ("tạo danh mục mới tên Thú cưng", "không tạo danh mục trống"),
    ("export my transactions to a spreadsheet", "can't export"),
    ("download all my data as csv", "can't export"),
    ("change my currency to euros", "can't change your settings"),
    ("switch the language to vietnamese", "can't change your settings"),
    ("undo that", "Undo"),
    ("mark netflix as not a subscription", "take a subscription off your list"),
    # text written or translated for them: no figure, no help page about changing the account's email
    ("write me a letter to my landlord about the deposit", "can't write emails"),
    ("could you draft a short email to my bank asking about the fee", "can't write emails"),
    ("soạn giùm mình tin nhắn nhắc bạn cùng phòng trả tiền điện", "không viết email"),
    ("viết hộ tôi một lá thư cho công ty bảo hiểm", "không viết email"),
    ("dịch câu này sang tiếng Anh giùm em", "không viết email"),
    # any text composed for them, not only a letter: the same decline, never the out-of-scope note
    ("compose a haiku about autumn leaves", "can't write emails"),
    ("can you write me a funny birthday toast for my brother", "can't write emails"),
])
def test_a_request_the_chat_cannot_do_is_said_with_the_steps(chat_demo, alice, alice_money, wording, says):
    jar_create(user=alice, name="Coffee", monthly_budget="60")
    before = _state(alice)
    answer = chat_turn(user=alice, message=wording)
    assert answer["tools_used"] == ["explain_unavailable_action"], (wording, answer["tool_calls"])
    assert says in answer["answer"] and "\n1. " in answer["answer"], answer["answer"]
    assert 0.4 <= answer["confidence"] < 0.8, answer["confidence"]
    assert _state(alice) == before and not PendingAction.objects.filter(user=alice).exists()


def test_a_jar_amount_and_a_re_filing_stay_proposals(chat_demo, alice, alice_money):
    jar_create(user=alice, name="Coffee", monthly_budget="60")
    lower = chat_turn(user=alice, message="drop my coffee jar to $50")
    assert lower["tools_used"] == ["propose_set_jar_budget"], lower["tool_calls"]
    refile = chat_turn(user=alice, message="change the category of my uber rides to Travel")
    assert refile["tools_used"] == ["propose_set_category"], refile["tool_calls"]
    asked = chat_turn(user=alice, message="how do I delete a jar?")
    assert "explain_unavailable_action" not in asked["tools_used"], asked["tool_calls"]
