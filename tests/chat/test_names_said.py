"""Names as people say them (issue 21): split into sound-alike words by dictation, spelt out letter by letter,
a name said right followed by the rest of a longer one as heard — each linked to the user's own merchant, guarded:
two names sharing a word stay two, everyday words and questions link to none of their merchants, a loose link is
marked loose in the word account, and a letter run that fits two businesses is a question. Through chat_turn, with
a second user who sees nothing of the first."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from chat.services import chat_turn
from tests.chat.conftest import answer_body, merchants_asked, month_start, statement_csv
from transactions.services import transactions_import

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice_shops(alice):
    first = month_start(timezone.localdate(), 1)
    extra = [(first + timedelta(days=2), "SPOTIFY USA 877-778-1161 NY", "-11.99", "Subscriptions"),
             (first + timedelta(days=4), "CVS/PHARMACY #09876 OAKLAND CA", "-17.35", "Health"),
             (first + timedelta(days=6), "TRADER JOE'S #552 OAKLAND CA", "-58.10", "Groceries"),
             (first + timedelta(days=13), "TARGET 00012345 OAKLAND CA", "-61.20", "Shopping"),
             (first + timedelta(days=14), "UBER EATS 8005928996 CA", "-33.40", "Dining"),
             (first + timedelta(days=19), "COMCAST XFINITY 800-266-2278 CA", "-89.99", "Utilities"),
             (first + timedelta(days=21), "BEST BUY 00012345 EMERYVILLE CA", "-24.99", "Shopping"),
             (first + timedelta(days=22), "SQ *BLUE BOTTLE COFFEE OAKLAND CA", "-7.25", "Dining")]
    return transactions_import(user=alice, file_name="alice.csv",
                               content=statement_csv(today=timezone.localdate(), extra=extra))


@pytest.fixture
def bob_plain(bob):
    """Bob has the plain statement only: none of Alice's extra shops."""
    return transactions_import(user=bob, file_name="bob.csv", content=statement_csv(today=timezone.localdate()))


def _link_hows(answer: dict) -> dict[str, str]:
    return {w.get("mention") or w["word"]: w.get("how", "") for w in (answer.get("understanding") or {})
            .get("words", []) if w.get("role") == "merchant"}


@pytest.mark.parametrize(("said", "amount", "merchant"), [
    ("what did spot if i take from me last month", "$11.99", "Spotify"),
    ("how much went to comb cast last month", "$89.99", "Comcast"),
    ("what did i drop at targay last month", "$61.20", "Target"),
    ("what did com cast charge me last month", "$89.99", "Comcast"),  # the first word of a longer name, split
])
def test_a_name_heard_as_other_words_is_their_merchant(chat_demo, alice, alice_shops, said, amount, merchant):
    answer = chat_turn(user=alice, message=said)
    assert amount in answer_body(answer), answer["answer"]
    assert any(m.startswith(merchant) for m in merchants_asked(answer)), answer["tool_calls"]


@pytest.mark.parametrize(("said", "amount"), [
    ("how much did i spend at see vee ess last month", "$17.35"),
    ("what was the c v s total last month", "$17.35"),
    ("tee jay's last month, how much", "$58.10"),
])
def test_letters_said_one_by_one_are_the_name_they_spell(chat_demo, alice, alice_shops, said, amount):
    answer = chat_turn(user=alice, message=said)
    assert amount in answer_body(answer), answer["answer"]


def test_a_name_then_the_rest_of_a_longer_one_as_heard_is_the_longer_one(chat_demo, alice, alice_shops):
    answer = chat_turn(user=alice, message="what did uber eets cost me last month")
    assert "$33.40" in answer_body(answer) and "$23.10" not in answer_body(answer), answer["answer"]
    assert merchants_asked(answer) == ["Uber Eats"], answer["tool_calls"]
    rides = chat_turn(user=alice, message="what did my uber rides cost me last month")
    assert "$23.10" in answer_body(rides) and "$33.40" not in answer_body(rides), rides["answer"]


def test_a_link_made_by_sound_is_marked_loose_and_less_sure(chat_demo, alice, alice_shops):
    heard = chat_turn(user=alice, message="how much went to spot if i last month")
    named = chat_turn(user=alice, message="how much went to spotify last month")
    assert _link_hows(heard).get("spot if i") not in (None, "", "exact"), heard["understanding"]
    assert heard["confidence"] < named["confidence"], (heard["confidence"], named["confidence"])


def test_letters_that_fit_two_of_their_businesses_are_asked_about(chat_demo, alice, alice_shops):
    answer = chat_turn(user=alice, message="how much at bee bee last month")
    clarification = answer["clarification"]
    assert clarification is not None and clarification["ask_only"], answer["answer"]
    assert {c["value"] for c in clarification["choices"]} == {"merchant:Best Buy", "merchant:Blue Bottle Coffee"}


EVERYDAY = ["is that a lot", "what if i stop it", "can you see it", "so are you sure", "oh i see why",
            "you are the best by far", "which month was the best by far", "thanks, see you", "a bit more detail please",
            "help me plan a trip", "amazing thanks", "what is my net worth", "is it okay if i ask", "what is up",
            "spot on, thank you", "stop it please", "be honest with me", "why not", "all of it", "more or less",
            "what should i do", "what are the fees", "how does interest work", "tell me a joke", "as you see fit",
            "plan it out for me", "the bottom line please", "say it again", "what is a budget", "starting next month",
            "cảm ơn bạn nhiều", "vậy thì sao", "tôi nên tiết kiệm thế nào", "lãi suất là gì", "xin chào bạn"]


def test_everyday_words_and_short_questions_name_none_of_their_merchants(chat_demo, alice, alice_shops):
    for said in EVERYDAY:
        answer = chat_turn(user=alice, message=said)
        assert not merchants_asked(answer) and not _link_hows(answer), (said, answer["tool_calls"], answer["answer"])
        offered = (answer["clarification"] or {}).get("choices") or []
        assert not any(c["kind"] == "merchant" for c in offered), (said, offered)


def test_another_user_gets_nothing_of_those_names(chat_demo, alice, alice_shops, bob, bob_plain):
    for said in ("how much did i spend at see vee ess last month", "what did spot if i take from me last month",
                 "what did uber eets cost me last month"):
        answer = chat_turn(user=bob, message=said)
        body = answer_body(answer)
        assert "$17.35" not in body and "$11.99" not in body and "$33.40" not in body, (said, answer["answer"])
        assert not {"CVS Pharmacy", "Spotify", "Uber Eats"} & set(merchants_asked(answer)), (said, answer["tool_calls"])


def test_all_of_a_brand_takes_its_longer_names_only_when_asked(chat_demo, alice, alice_shops):
    every = chat_turn(user=alice, message="everything uber last month, what did it come to")
    assert "$56.50" in answer_body(every), every["answer"]  # the ride and the Uber Eats order
    both = chat_turn(user=alice, message="uber last month: the trips and the eats together")
    assert "$56.50" in answer_body(both), both["answer"]
    rides = chat_turn(user=alice, message="uber last month, trips only and not eats")
    assert "$23.10" in answer_body(rides) and "$56.50" not in answer_body(rides), rides["answer"]


def test_a_shop_they_name_after_at_is_not_one_of_theirs_by_meaning(chat_demo, alice, alice_shops):
    answer = chat_turn(user=alice, message="how much did i spend at the university bookstore last month")
    body = answer_body(answer)
    assert "$61.49" not in body and "Amazon" not in merchants_asked(answer), answer["answer"]
    assert "no transactions" in body or "nothing" in body.lower(), answer["answer"]


def test_initials_that_are_also_the_start_of_another_name_of_theirs_are_asked_about(chat_demo, alice, alice_shops,
                                                                                     bob):
    first = month_start(timezone.localdate(), 1)
    transactions_import(user=bob, file_name="bob.csv", content=statement_csv(today=timezone.localdate(), extra=[
        (first + timedelta(days=3), "TRADER JOE'S #131 BERKELEY CA", "-44.00", "Groceries"),
        (first + timedelta(days=5), "TJ MAXX #0412 EMERYVILLE CA", "-39.95", "Shopping")]))
    asked = chat_turn(user=bob, message="what did tj's cost me last month")
    assert asked["clarification"] is not None and asked["clarification"]["ask_only"], asked["answer"]
    assert {c["name"].lower() for c in asked["clarification"]["choices"]} == {"trader joe's", "tj maxx"}, \
        asked["clarification"]
    theirs = chat_turn(user=alice, message="what did tj's cost me last month")  # Alice has no TJ Maxx
    assert theirs["clarification"] is None and "$58.10" in answer_body(theirs), theirs["answer"]
