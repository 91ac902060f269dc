"""Issue 21, "high confidence must mean right": doubts a turn must say as well as score (chat/turn_check_said.py) —
words in no language Moneta reads, a request about the last answer left unanswered, the account holder's data answered
as someone else's, a word naming a kind of spending the query dropped. Each turn comes out below the escalation
threshold and its answer says what was not read; the same kind of turn without the doubt keeps its confidence.

Fixture statement: three months and this one of salary, rent, Starbucks and The Good Plate (Dining), Amazon (Shopping
and Groceries), Whole Foods (Groceries), Uber (Transport), Netflix (Subscriptions)."""
from __future__ import annotations

import re

import pytest

from chat.services import chat_turn
from chat.turn_check_said import said_doubts
from chat.unplaced_unread import unread_words
from tests.chat.conftest import answer_body, confident, demo_docs, reasons, talk

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("question", [
    "cuánto dinero gasté en el supermercado durante el mes pasado",
    "wie viel Geld habe ich letzten Monat im Supermarkt ausgegeben",
])
def test_a_question_in_a_language_moneta_does_not_read_is_said_and_not_confident(chat_demo, alice, alice_money,
                                                                                 question):
    answer = chat_turn(user=alice, message=question)
    if answer["tool_calls"]:
        pytest.skip("read by some of its words: the account of the words judges it")
    assert not confident(alice, answer), reasons(answer)
    assert "I couldn't read" in answer_body(answer)


@pytest.mark.parametrize("question, unread", [
    ("quanto ho speso al supermercato", True),
    ("tell me a joke about penguins", False),
    ("who is the president of france", False),
    ("what's the capital of mongolia", False),
    ("tháng trước tôi chi bao nhiêu", False),  # Vietnamese is read by its own grammar
])
def test_unread_words_are_words_of_no_language_moneta_reads(question, unread):
    assert bool(unread_words(question)) is unread


def test_a_request_about_the_last_explanation_left_unanswered_is_not_confident(chat_demo, alice, alice_money):
    demo_docs(education=("emergency-fund.md",))
    first, again = talk(alice, "what is an emergency fund", "say it in plain words")
    if again["tool_calls"]:
        pytest.skip("answered from the knowledge base: the grounding formula judges it")
    assert not confident(alice, again), reasons(again)
    assert "last answer" in answer_body(again)


def test_thanks_after_an_explanation_stays_a_thanks(chat_demo, alice, alice_money):
    demo_docs(education=("emergency-fund.md",))
    _, thanks = talk(alice, "what is an emergency fund", "thanks")
    assert "last answer" not in reasons(thanks)


def test_the_account_holders_data_answered_as_someone_elses_is_said(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="I manage my grandmother's account for her. what did she spend on "
                                           "groceries last month?")
    if not any(c["name"] == "check_data_available" for c in answer["tool_calls"]):
        pytest.skip("answered from the account's data")
    assert not confident(alice, answer), reasons(answer)
    assert "If this is their account" in answer_body(answer)


def test_someone_elses_spending_stays_a_confident_no(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="how much did my girlfriend spend on clothes last month")
    assert "acts for the account holder" not in reasons(answer)


def test_a_kind_of_spending_the_query_dropped_is_said(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="what was my largest Netflix charge in the month I spent most on transport")
    said = {c for call in answer["tool_calls"] for c in call["arguments"].get("categories") or []}
    assert not confident(alice, answer), reasons(answer)  # no ranking of months ran (chat/reading_signals_rows.py)
    if "Transport" not in said:
        assert "I left out 'transport'" in answer["answer"]


def test_a_word_describing_a_name_beside_it_is_not_dropped(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="Amazon shopping last month, how much?")
    assert "kind of spending no query" not in reasons(answer)


def test_a_kind_of_spending_read_as_the_subject_is_not_dropped(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="how much did I spend on groceries last month")
    assert "kind of spending no query" not in reasons(answer)
    assert confident(alice, answer), reasons(answer)


def test_an_item_of_a_list_read_as_nothing_is_said(chat_demo, alice, alice_money):
    # "bills" sits in a list whose other items were read: it was dropped, not a word of asking
    answer = chat_turn(user=alice, message="what went out last month leaving aside rent, bills and groceries")
    left = {c for call in answer["tool_calls"] for c in call["arguments"].get("exclude_categories") or []}
    if len(left) >= 3:
        pytest.skip("every item of the list was read")
    assert not confident(alice, answer), reasons(answer)
    assert "I left out 'bills'" in answer["answer"]


def test_a_list_read_whole_is_not_said(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="starbucks, netflix and uber last month")
    assert "I left out" not in answer["answer"], reasons(answer)


def test_a_word_for_a_kind_of_shop_read_as_nothing_is_said(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="what was the total of my eating outside over the last month")
    said = {c for call in answer["tool_calls"] for c in call["arguments"].get("categories") or []}
    if "Dining" in said:
        pytest.skip("read as Dining")
    assert not confident(alice, answer), reasons(answer)


def test_days_of_the_week_no_query_kept_are_said(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="how much on weekends versus weekdays in the last month")
    kept = [call["arguments"] for call in answer["tool_calls"] if "weekdays" in repr(call["arguments"])]
    if kept:
        pytest.skip("the days of the week were kept")
    assert not confident(alice, answer), reasons(answer)
    assert "I left out" in answer["answer"]


def test_someone_who_uses_this_account_is_no_one_elses_data(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="my partner shares this account with me, what did he spend at Uber last month")
    if not any(c["name"] == "check_data_available" for c in answer["tool_calls"]):
        pytest.skip("answered from the account's data")
    assert not confident(alice, answer), reasons(answer)


LEFT_OUT_PROBES = [
    "what did I spend at Amazon around new year last year, like the whole of january",
    "how much went on starbucks around halloween like the whole month of october",
    "what did uber cost me around thanksgiving this year like the whole month of november",
    "whole foods spending near labor day, basically all of september",
    "starbucks spending for the gala last month",
    "how much on whole foods for the bbq and the picnic",
    "uber rides to the vet last month",
    "how much did the good plate cost me for the anniversary dinner",
    "netflix and hulu together this year",
    "groceries last month minus the zorblax",
]


# the composer's note that the answer leaves words of the question out, as the user reads it
LEFT_OUT_NOTE_RE = re.compile(r"I didn't understand (.{1,240}?), so this answer leaves (?:it|them) out")


def test_an_answer_that_says_it_left_words_out_is_never_confident(chat_demo, alice, alice_money, monkeypatch):
    """Whatever the reading, the score agrees with what the answer says: a turn whose answer says it left words of the
    question out ("I didn't understand …") is below the threshold. The composer hands the check the words its note
    names (TurnContext.left_out), never the check reading them back out of the answer's text."""
    import chat.turn_check

    handed: list[list[str]] = []

    def said_doubts_seen(**kwargs):
        handed.append(list(kwargs["ctx"].left_out))
        return said_doubts(**kwargs)

    monkeypatch.setattr(chat.turn_check, "said_doubts", said_doubts_seen)
    noted = 0
    for question in LEFT_OUT_PROBES:
        answer = chat_turn(user=alice, message=question)
        note = LEFT_OUT_NOTE_RE.search(answer["answer"])
        assert bool(note) == bool(handed[-1]), (question, handed[-1], answer["answer"][:300])
        if note:
            noted += 1
            assert note.group(1) == ", ".join(repr(w) for w in handed[-1]), (note.group(1), handed[-1])
            assert not confident(alice, answer), (question, answer["confidence"], answer["answer"][:300])
    assert noted, "none of the probes left words out: the check is untested"


def test_the_words_the_composer_left_out_doubt_the_turn_whatever_the_text(chat_demo, alice, alice_money):
    """The check reads the composer's field, not the answer's wording: an answer worded otherwise (a model's own
    text) whose composer left words out is doubted; an answer that quotes the note (a help passage about Moneta's
    notes) when nothing was left out is not."""
    from chat.assistant import ToolRecord, TurnRecorder
    from chat.context import TurnContext

    ran = TurnRecorder(records=[ToolRecord(name="search_transactions", arguments={"merchants": ["Starbucks"]},
                                           result={"found": True})])
    quoted = ("Moneta says “I didn't understand 'zorp', so this answer leaves it out” when a word of your question "
              "was not used.")
    text = "how much did I spend at starbucks last month"
    left = TurnContext(left_out=["zorp"])
    why, _ = said_doubts(text=text, answer="You spent $12.00 at Starbucks last month.", recorder=ran, ctx=left,
                         clarification=None)
    assert any("did not understand words" in r and "zorp" in r for r in why), why
    why, _ = said_doubts(text=text, answer=quoted, recorder=ran, ctx=TurnContext(), clarification=None)
    assert not any("did not understand words" in r for r in why), why
