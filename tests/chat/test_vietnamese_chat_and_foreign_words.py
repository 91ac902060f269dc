"""Issue 21: Vietnamese typed as it is chatted ("ko", "dc", "j", "r", "mik", "t", "m", "z") reads like the same
question written out, answered wholly in Vietnamese; learner English ("expend", "payed") and Spanish words for what
one pays ("supermercado", "comida", "luz", "cuánto gasté … el mes pasado") read by one small lexicon
(transactions/query/foreign_words.py); English with a loanword ("café") stays English. Last month of the chat fixture
statement: Starbucks 5.75 + 6.25, Whole Foods 96.40 and Amazon 18.50 (Groceries), Uber 23.10, The Good Plate 64.00, rent 1,400.00, Amazon 42.99
and 18.50."""
from __future__ import annotations

import pytest

from chat.services import chat_turn
from tests.chat.conftest import confident
from transactions.query import is_vietnamese, normalise

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("texted", "written_out"), [
    ("thg trc mik xai het bn o starbucks z", " thang truoc minh xai het bao nhieu o starbucks vay "),
    ("t co tieu j o amazon thang truoc ko", " toi co tieu gi o amazon thang truoc khong "),
    ("m xem giup e thang roi dc bn tien r", " minh xem giup em thang roi duoc bao nhieu tien roi "),
])
def test_chat_forms_are_spelled_out_in_vietnamese(texted, written_out):
    assert normalise(texted) == written_out and is_vietnamese(texted)


@pytest.mark.parametrize("english", ["r u sure about j crew", "dc trip in may?", "how much did I pay t mobile last mo",
                                     "what did I spend at the café last month"])
def test_english_keeps_its_own_short_forms(english):
    assert not is_vietnamese(english), normalise(english)


def test_a_texted_question_reads_like_the_written_one(chat_demo, alice, alice_money):
    texted = chat_turn(user=alice, message="thang truoc mik xai bn o starbucks z")
    written = chat_turn(user=alice, message="Tháng trước mình xài bao nhiêu ở Starbucks vậy?")
    for answer in (texted, written):
        assert "$12.00" in answer["answer"] and "Bạn đã chi" in answer["answer"], answer["answer"]
        assert confident(alice, answer) and not answer["understanding"]["not_understood"], answer["understanding"]
    amazon = chat_turn(user=alice, message="thang roi t co mua j o amazon ko")
    assert "$61.49" in amazon["answer"] and "Bạn đã chi" in amazon["answer"], amazon["answer"]
    assert confident(alice, amazon), amazon["understanding"]


def test_a_child_asking_for_their_mother_reads_the_account(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="con muốn biết tháng trước mẹ đi chợ hết bao nhiêu")
    assert "$114.90" in answer["answer"] and not answer["understanding"]["not_understood"], answer["understanding"]


@pytest.mark.parametrize(("question", "figure"), [
    ("how much did I expend on groceries last month", "$114.90"),
    ("how much on comida last month", "$76.00"),
    ("cuánto gasté en supermercado el mes pasado", "$114.90"),
    ("what did I spend at the café last month", "$12.00"),
])
def test_learner_and_spanish_words_read_as_english(chat_demo, alice, alice_money, question, figure):
    answer = chat_turn(user=alice, message=question)
    assert figure in answer["answer"] and "You spent" in answer["answer"], answer["answer"]
    assert confident(alice, answer), answer["understanding"]


@pytest.mark.parametrize(("words", "start", "end"), [
    ("chi tiêu từ 20.12.2025 đến 10.1.2026", (2025, 12, 20), (2026, 1, 10)),  # day first, dotted, years on both
    ("từ 2/2/2026 tới 20/2", (2026, 2, 2), (2026, 2, 20)),  # a year said on one side holds for the other
    ("từ 20/12 tới 10/1/2026", (2025, 12, 20), (2026, 1, 10)),  # the first day runs into the year said after it
    ("từ 5.4 đến 25.4", (2026, 4, 5), (2026, 4, 25)),
])
def test_day_first_ranges_with_or_without_years(words, start, end):
    from datetime import date

    from transactions.query import period_from_words

    found = period_from_words(words, today=date(2026, 11, 28))
    assert found is not None and (found.start, found.end) == (date(*start), date(*end)), found


@pytest.mark.parametrize(("words", "start", "end"), [
    ("1/3 đến 31/3/2026", (2026, 3, 1), (2026, 3, 31)),  # no "từ" before the first date
    ("chi tieu 15.11.2025 toi 5.1.2026", (2025, 11, 15), (2026, 1, 5)),  # without accents
])
def test_two_dates_joined_by_den_are_one_day_first_range(words, start, end):
    from datetime import date

    from transactions.query import period_from_words

    found = period_from_words(words, today=date(2026, 11, 28))
    assert found is not None and (found.start, found.end) == (date(*start), date(*end)), found
