"""Issue 21 (kinds 2, 5) through chat_turn: names and things the user never had are answered "nothing found", and no
everyday word or unknown brand is linked to one of their names by its letters.

- an everyday word is itself, not a misspelling of a name or category word it resembles ("plane" is no Planet
  Fitness, "shipping" no Shopping) — transactions/query/linking.py (`respelt`, `_kin`);
- a nickname of theirs is read beside another merchant of the same kind ("shell or chevy": Chevron), and said;
- a brand they don't have before a word for a kind of spending ("safeway groceries") is that brand: nothing found,
  never the category's total;
- money in from a source they never had ("social security", "alimony", "dividends") is nothing found, never all
  their pay; pay in general ("my job", "a raise") stays their pay — transactions/query/things.py (`earning_word`);
- a name in brackets that is none of theirs ("climbing gym passes (Mission Cliffs)") is that shop, not their gym;
- "planet hollywood" is another business than their Planet Fitness (nicknames.partial_names);
- an event with its parts in brackets ("my sister's wedding (gift + hotel + the suit)") is nothing found.
Data: the chat fixture statement plus, for Fern, Planet Fitness, Shell, Chevron and Delta last month; Bob sees none."""
from __future__ import annotations

from datetime import timedelta

import pytest

from chat.services import chat_turn
from tests.chat.conftest import answer_body, last_args, month_start, statement_csv, talk

pytestmark = pytest.mark.django_db


@pytest.fixture
def fern(user_factory):
    from django.utils import timezone

    from transactions.services import transactions_import

    user = user_factory("fern")
    first = month_start(timezone.localdate(), 1)
    extra = [(first + timedelta(days=16), "PLANET FITNESS CLUB FEES 844-880-7180 NH", "-24.99", "Health"),
             (first + timedelta(days=4), "SHELL OIL 57444 OAKLAND CA", "-51.20", "Transport"),
             (first + timedelta(days=13), "CHEVRON 0204567 BERKELEY CA", "-48.30", "Transport"),
             (first + timedelta(days=6), "DELTA AIR LINES 0067712093384 ATLANTA GA", "-387.30", "Travel")]
    transactions_import(user=user, file_name="fern.csv", content=statement_csv(today=timezone.localdate(), extra=extra))
    return user


def says_nothing(answer: dict) -> bool:
    body = answer_body(answer).lower()
    return "no transactions" in body and "$" not in body


@pytest.mark.parametrize("question", [
    "what did the plane tickets home cost me last month",
    "plane fare last month, how much",
])
def test_an_everyday_word_is_no_misspelt_name(chat_demo, fern, bob_money, question):
    answer = chat_turn(user=fern, message=question)
    args = last_args(answer)
    assert not any("Planet" in m for m in args.get("merchants") or []), args
    assert "24.99" not in answer["answer"], answer["answer"]
    assert "777.77" not in answer["answer"]


def test_an_everyday_word_is_no_category_it_resembles(chat_demo, fern, bob_money):
    answer = chat_turn(user=fern, message="how much did shipping cost me last month")
    assert "Shopping" not in (last_args(answer).get("categories") or []), last_args(answer)
    assert "as Shopping" not in answer["answer"], answer["answer"]


@pytest.mark.parametrize("question", ["how much at shell or chevy last month", "chevy and shell last month, total?"])
def test_a_nickname_beside_a_merchant_of_its_kind(chat_demo, fern, bob_money, question):
    answer = chat_turn(user=fern, message=question)
    assert set(last_args(answer).get("merchants") or []) >= {"Chevron"}, last_args(answer)
    assert "99.50" in answer_body(answer), answer["answer"]
    assert "“chevy” as Chevron" in answer["answer"], answer["answer"]  # a guess, said


@pytest.mark.parametrize("question", ["safeway groceries last month", "how much were my kroger groceries last month"])
def test_a_brand_they_never_had_before_a_kind_of_spending(chat_demo, fern, bob_money, question):
    answer = chat_turn(user=fern, message=question)
    assert says_nothing(answer), answer["answer"]
    assert "96.40" not in answer["answer"]


@pytest.mark.parametrize("question", [
    "how much did social security pay me last month",
    "did my ex send the alimony last month",
    "dividends received last month?",
])
def test_money_in_from_a_source_they_never_had(chat_demo, fern, bob_money, question):
    answer = chat_turn(user=fern, message=question)
    assert says_nothing(answer), answer["answer"]
    assert "3,200.00" not in answer["answer"]
    assert "BOBCORP" not in answer["answer"].upper()


def test_pay_in_general_stays_their_pay(chat_demo, fern, bob_money):
    first, second = talk(fern, "what did my job pay me last month", "and did I get a raise?")
    assert "3,200.00" in answer_body(first), first["answer"]
    assert "no transactions" not in second["answer"].lower(), second["answer"]
    assert "3,200.00" in answer_body(second), second["answer"]


def test_a_bracketed_name_they_never_had(chat_demo, fern, bob_money):
    answer = chat_turn(user=fern, message="how much did the trampoline gym passes (Sky High) cost me last month")
    assert says_nothing(answer), answer["answer"]
    assert "Sky High" in answer["answer"], answer["answer"]
    assert "24.99" not in answer["answer"]


def test_an_event_with_its_parts_in_brackets(chat_demo, fern, bob_money):
    answer = chat_turn(user=fern, message="my sister's wedding last month (gift + hotel + the suit I rented), total?")
    assert says_nothing(answer), answer["answer"]
    assert "wedding" in answer_body(answer), answer["answer"]
    assert "1,400.00" not in answer["answer"]


@pytest.mark.parametrize("question", ["how much at planet hollywood last month", "planet hollywood tab last month?"])
def test_a_name_sharing_one_word_with_theirs_beside_an_everyday_word_is_another_business(chat_demo, fern, bob_money,
                                                                                       question):
    answer = chat_turn(user=fern, message=question)
    assert says_nothing(answer), answer["answer"]
    assert "24.99" not in answer["answer"] and "Planet Fitness" not in (last_args(answer).get("merchants") or [])
