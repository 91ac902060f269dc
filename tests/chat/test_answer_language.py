"""The assistant answers in the UI language when the question has no language of its own ("Netflix?", "200k"),
and in the question's language when it has one, whatever the UI language."""
from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils import translation

from chat.language import answer_language, question_language
from chat.models import Message
from chat.services import chat_turn, chat_turn_events

pytestmark = pytest.mark.django_db
VIETNAMESE = re.compile(r"[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]", re.I)


def _body(answer: dict) -> str:
    return answer["answer"].split("\n\n_")[0]  # without the sources line


def test_which_questions_carry_their_own_language():
    assert question_language("Netflix?") is None
    assert question_language("200k") is None
    assert question_language("How much did I spend on Netflix?") == "en"
    assert question_language("tôi chi bao nhiêu cho Netflix") == "vi"
    assert question_language("an trua") is None  # unaccented Vietnamese words are not English
    assert answer_language("Netflix?", "vi") == "vi" and answer_language("Netflix?", "en") == "en"
    assert answer_language("Netflix?", "") == "en"
    assert answer_language("How much on Netflix?", "vi") == "en"
    assert answer_language("tháng này tôi chi bao nhiêu", "en") == "vi"


@pytest.mark.parametrize("question", ["Netflix?", "200k"])
def test_a_vietnamese_ui_gets_vietnamese_for_a_question_with_no_language(chat_demo, alice, alice_money, question):
    with translation.override("vi"):
        vi = chat_turn(user=alice, message=question)
    with translation.override("en"):
        en = chat_turn(user=alice, message=question)
    assert VIETNAMESE.search(_body(vi)), vi["answer"]
    assert not VIETNAMESE.search(en["answer"]), en["answer"]


def test_a_money_answer_in_a_vietnamese_ui_is_vietnamese_with_vietnamese_amounts(chat_demo, alice, alice_money):
    with translation.override("vi"):
        answer = chat_turn(user=alice, message="Starbucks")
    assert answer["tools_used"] == ["search_transactions"]
    # 8 visits of $5.75 and $6.25 (tests/chat/conftest.py), written the Vietnamese way, and checked as such
    assert answer["answer"].startswith("Bạn đã chi $48.00 tại Starbucks"), answer["answer"]
    assert "(unverified)" not in answer["answer"] and answer["confidence"] >= 0.9
    assert "_Nguồn: giao dịch của bạn._" in answer["answer"]


def test_an_english_ui_gets_english_for_the_same_question(chat_demo, alice, alice_money):
    with translation.override("en"):
        answer = chat_turn(user=alice, message="Starbucks")
    assert answer["answer"].startswith("You spent $48.00 at Starbucks"), answer["answer"]
    assert answer["confidence"] >= 0.9


def test_an_explicit_english_question_stays_english_in_a_vietnamese_ui(chat_demo, alice, alice_money):
    with translation.override("vi"):
        answer = chat_turn(user=alice, message="How much did I spend on Netflix last month?")
    assert not VIETNAMESE.search(_body(answer)), answer["answer"]
    assert "$15.49" in answer["answer"]  # one Netflix charge a month, written the English way


def test_the_streamed_turn_keeps_the_language_it_was_asked_in(chat_demo, alice, alice_money):
    """The SSE view iterates the events after it returned: the language is the one active when it was called."""
    with translation.override("vi"):
        events = chat_turn_events(user=alice, message="Starbucks")
    with translation.override("en"):
        final = [e for e in events if e["type"] == "final"][0]["answer"]
    assert VIETNAMESE.search(_body(final)), final["answer"]


def test_the_language_a_person_chose_in_settings_decides_on_the_web(chat_demo, alice, alice_money):
    from accounts.profiles import profile_update

    profile_update(user=alice, language="vi")
    client = Client()
    client.force_login(alice)
    # The browser asks for English; the person chose Vietnamese in settings, which wins.
    response = client.post("/chat/", {"message": "Starbucks"}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 302
    answer = Message.objects.filter(conversation__user=alice, role=Message.Role.ASSISTANT).latest("id")
    assert answer.content.startswith("Bạn đã chi $48.00"), answer.content


def test_an_api_client_with_a_token_gets_the_language_its_person_chose(chat_demo, alice, bob, alice_money):
    """A token-signed request has no user when middleware runs: the token authentication applies the choice."""
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    from accounts.profiles import profile_update

    profile_update(user=alice, language="vi")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=alice).key}")
    response = client.post("/api/v1/chat/", {"message": "Starbucks"}, format="json")
    assert response.status_code == 200 and response["Content-Language"] == "vi"
    assert response.json()["answer"].startswith("Bạn đã chi $48.00"), response.json()["answer"]
    # bob chose nothing: his token request follows the client's Accept-Language (none: English)
    other = APIClient()
    other.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=bob).key}")
    assert other.post("/api/v1/chat/", {"message": "Starbucks"}, format="json")["Content-Language"] == "en"


def test_amount_style_follows_the_currency_inside_answers_and_the_language_on_pages():
    """Pages in Vietnamese write every amount the Vietnamese way; an answer writes dollars as dollars are
    written ("$1,234.50") and dong the Vietnamese way, so a quoted figure never reads as two numbers."""
    from django.utils import translation

    from core.money import money, written_in_currency_style

    with translation.override("vi"):
        assert money("1234.5", "USD") == "1.234,50 $"
        assert money("1250000", "VND") == "1.250.000 ₫"
        with written_in_currency_style():
            assert money("1234.5", "USD") == "$1,234.50"
            assert money("1250000", "VND") == "1.250.000 ₫"
        assert money("1234.5", "USD") == "1.234,50 $"
    with translation.override("en"), written_in_currency_style():
        assert money("1234.5", "USD") == "$1,234.50"
