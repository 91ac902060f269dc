"""Issue 21: long, polite or rambling questions through chat_turn. Greetings, politeness and fillers are function
words; a reason or a remark said beside the question ("bc …", "as I was telling my grandson …", a parenthesis in
the third person) adds no filter; older or descriptive names of kinds of spending ("the filling station", "the
picture show", "the diner") are read as the user's kind of spending. The chat fixture statement (tests/chat/
conftest.py), each month: Rent 1400.00, Starbucks 5.75 + 6.25 (Dining), Amazon 42.99 Shopping + 18.50 Groceries,
Whole Foods 96.40, Uber 23.10, Netflix 15.49, The Good Plate 64.00 (Dining); bob also has a pawn shop 777.77."""
from __future__ import annotations

import pytest

from chat.services import chat_turn
from tests.chat.conftest import answer_body, confident

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("question, figure", [
    # greeting, "I was wondering whether", "if you would be so kind" and a reason clause around a category total
    ("Good afternoon. I was wondering whether you might tell me, if you would be so kind, what I spent on "
     "groceries last month, since my daughter moved away I do the shopping myself", "$114.90"),
    # "bc" opens a reason; the category word in it ("travel") is no filter
    ("basically what did eating out cost me last month bc the travel budget got cut lol", "$76.00"),
    # a remark told to someone else, with a word that could read as a name
    ("kindly tell me what Netflix came to last month, as I was telling my nephew it keeps going up", "$15.49"),
    # a parenthesis in the third person: no period or filter from it ("spring")
    ("what did Uber charge me last month (they put the prices up every spring, the rascals)", "$23.10"),
])
def test_politeness_and_reasons_add_no_filter_and_stay_confident(chat_demo, alice, alice_money, question, figure):
    answer = chat_turn(user=alice, message=question)
    assert figure in answer_body(answer), (question, answer["answer"], answer["tool_calls"])
    assert confident(alice, answer), (question, answer["confidence"], answer["answer"])


@pytest.mark.parametrize("question, figure", [
    ("I reckon the picture show was not cheap last month, how much did I spend there?", None),
    ("what did I leave at the diner last month, dining out I mean", "$76.00"),
    ("how much did the grocer get from me last month", "$114.90"),
])
def test_older_names_of_kinds_of_spending_are_the_users_kind(chat_demo, alice, alice_money, bob, bob_money,
                                                            question, figure):
    answer = chat_turn(user=alice, message=question)
    body = answer_body(answer)
    if figure:
        assert figure in body, (question, answer["answer"], answer["tool_calls"])
    else:  # alice has no Entertainment: it says so, not a total of something else
        assert "$1,400.00" not in body and "$114.90" not in body, (question, answer["answer"])
    theirs = chat_turn(user=bob, message=question)
    assert "alice" not in answer_body(theirs).lower()
    if figure:
        assert figure in answer_body(theirs), (question, theirs["answer"])


def test_a_filling_station_is_the_users_fuel_spending(chat_demo, bob):
    from django.utils import timezone

    from tests.chat.conftest import statement_csv
    from transactions.services import transactions_import

    today = timezone.localdate()
    extra = [(today.replace(day=1), "SHELL OIL 5744 OAKLAND", "-48.20", "Transport")]
    transactions_import(user=bob, file_name="bob.csv", content=statement_csv(today=today, extra=extra))
    answer = chat_turn(user=bob, message="Dear Moneta, what have I paid at the filling station this month?")
    assert "$48.20" in answer_body(answer), (answer["answer"], answer["tool_calls"])
    assert "Shell" in answer["answer"], answer["answer"]


def test_fillers_do_not_cap_a_knowledge_answer(chat_demo, knowledge_docs, alice):
    answer = chat_turn(user=alice, message="I was wondering whether you could basically explain compound interest, "
                                           "if it's no bother")
    assert "interest earned" in answer["answer"], answer["answer"]
    assert "has nothing on" not in answer["answer"], answer["answer"]
    assert confident(alice, answer), (answer["confidence"], answer["answer"])
