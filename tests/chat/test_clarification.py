"""Clarifying questions (issue 21): a word that could change the answer and that understanding cannot settle
gets one question with up to three choices instead of a confident wrong figure; picking a choice answers the
question with it applied and teaches the user's alias table, so the same word is understood next time — for that
user only. Every test goes through chat_turn on the chat fixture statement (test_understanding.py), where "ubr"
fits both Uber (Transport, 23.10 a month) and Uber Eats (added here, Dining, 31.00 a month)."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from chat.models import Escalation, Message
from chat.services import chat_turn
from core.errors import DomainError, NotFound
from tests.chat.conftest import confident, statement_csv
from transactions.models import NameAlias
from transactions.selectors import alias_list
from transactions.services import alias_delete, transactions_import

pytestmark = pytest.mark.django_db


def _last_month_day(n: int):
    first = timezone.localdate().replace(day=1)
    return (first - timedelta(days=1)).replace(day=n)


def _import(user, name: str):
    today = timezone.localdate()
    extra = [(_last_month_day(14), "UBER EATS ORDER HELP.UBER.COM", "-31.00", "Dining")]
    transactions_import(user=user, file_name=name, content=statement_csv(today=today, extra=extra))


@pytest.fixture
def two_ubers(alice):
    _import(alice, "alice.csv")


@pytest.fixture
def bob_two_ubers(bob):
    _import(bob, "bob.csv")


def test_a_nickname_of_two_merchants_gets_a_question_not_a_figure(chat_demo, alice, two_ubers):
    answer = chat_turn(user=alice, message="how much on ubr last month?")
    clarification = answer["clarification"]
    assert clarification["word"] == "ubr" and clarification["ask_only"] is True
    assert [c["value"] for c in clarification["choices"]] == ["merchant:Uber", "merchant:Uber Eats"]
    assert "did you mean Uber or Uber Eats?" in answer["answer"] and "$" not in answer["answer"]
    assert answer["tool_calls"] == []  # nothing answered for both of them
    # a question to the user: low confidence, never sent to the team's queue
    assert not confident(alice, answer) and answer["escalated"] is False
    assert not Escalation.objects.filter(conversation_id=answer["conversation_id"]).exists()


def test_picking_a_choice_answers_the_question_and_learns_the_word(chat_demo, alice, two_ubers):
    asked = chat_turn(user=alice, message="how much on ubr last month?")
    answer = chat_turn(user=alice, conversation_id=asked["conversation_id"], choice="merchant:Uber Eats")
    assert "$31.00" in answer["answer"] and "Uber Eats" in answer["answer"], answer["answer"]
    assert answer["clarification"] is None and confident(alice, answer)
    # the pick is the user's message in the conversation; the question answered is the one asked
    user_messages = list(Message.objects.filter(conversation_id=asked["conversation_id"], role="user")
                         .values_list("content", flat=True))
    assert user_messages == ["how much on ubr last month?", "Uber Eats"]
    assert [(a.word, a.target_name) for a in alias_list(user=alice)] == [("ubr", "Uber Eats")]
    # next time, in a new conversation, the same word is understood at once, with high confidence
    again = chat_turn(user=alice, message="ubr last month")
    assert again["clarification"] is None and "$31.00" in again["answer"] and confident(alice, again)
    assert again["tool_calls"][0]["arguments"]["merchants"] == ["Uber Eats"]
    assert "You told me “ubr” means Uber Eats" in again["answer"]  # said, so a wrong one can be forgotten


def test_typing_a_choice_is_the_same_as_clicking_it(chat_demo, alice, two_ubers):
    asked = chat_turn(user=alice, message="how much on ubr last month?")
    answer = chat_turn(user=alice, conversation_id=asked["conversation_id"], message="uber")
    assert "$23.10" in answer["answer"] and answer["tool_calls"][0]["arguments"]["merchants"] == ["Uber"]
    assert [(a.word, a.target_name) for a in alias_list(user=alice)] == [("ubr", "Uber")]


def test_an_alias_is_one_users_own(chat_demo, alice, bob, two_ubers, bob_two_ubers):
    asked = chat_turn(user=alice, message="how much on ubr last month?")
    chat_turn(user=alice, conversation_id=asked["conversation_id"], choice="merchant:Uber Eats")
    # bob has the same two merchants and is still asked
    theirs = chat_turn(user=bob, message="how much on ubr last month?")
    assert theirs["clarification"] is not None and theirs["tool_calls"] == []
    assert alias_list(user=bob) == []
    # bob can neither pick in alice's conversation nor delete alice's alias
    with pytest.raises(NotFound):
        chat_turn(user=bob, conversation_id=asked["conversation_id"], choice="merchant:Uber")
    with pytest.raises(NotFound):
        alias_delete(user=bob, alias_id=NameAlias.objects.get(user=alice).pk)
    assert NameAlias.objects.filter(user=alice).count() == 1


def test_a_choice_that_was_not_offered_is_refused_in_words(chat_demo, alice, two_ubers):
    asked = chat_turn(user=alice, message="how much on ubr last month?")
    with pytest.raises(DomainError, match="not one of the choices offered"):
        chat_turn(user=alice, conversation_id=asked["conversation_id"], choice="merchant:Netflix")
    plain = chat_turn(user=alice, message="dining last month")
    with pytest.raises(DomainError, match="asked no question"):
        chat_turn(user=alice, conversation_id=plain["conversation_id"], choice="merchant:Uber")
    assert alias_list(user=alice) == []


def test_a_misspelled_name_is_answered_honestly_and_offers_the_close_one(chat_demo, alice, two_ubers):
    answer = chat_turn(user=alice, message="how much did I spend at amazom last month")
    assert answer["clarification"]["choices"][0]["value"] == "merchant:Amazon"
    assert "no transactions" in answer["answer"] and "Did you mean Amazon?" in answer["answer"]
    assert answer["escalated"] is False and not confident(alice, answer)
    picked = chat_turn(user=alice, conversation_id=answer["conversation_id"], choice="merchant:Amazon")
    assert "$61.49" in picked["answer"], picked["answer"]  # 42.99 + 18.50


def test_the_account_of_every_word_is_in_the_answer(chat_demo, alice, two_ubers):
    answer = chat_turn(user=alice, message="dining last month for the wedding")
    words = {w["word"]: w["role"] for w in answer["understanding"]["words"]}
    assert words["dining"] == "category" and words["last"] == "period" and words["month"] == "period"
    assert words["wedding"] == "unknown" and words["the"] == "function"
    assert answer["understanding"]["not_understood"] == ["wedding"]
    clean = chat_turn(user=alice, message="groceries last month except amazon")
    roles = {w["word"]: w for w in clean["understanding"]["words"]}
    assert roles["amazon"]["role"] == "excluded" and roles["except"]["role"] == "grammar"
    assert clean["understanding"]["not_understood"] == []
    concept = chat_turn(user=alice, message="hello there")
    assert concept["understanding"] is None  # not read as a money question


def test_the_api_asks_takes_a_choice_and_lists_what_it_learned(chat_demo, alice_client, bob_client, two_ubers,
                                                                bob_two_ubers):
    asked = alice_client.post("/api/v1/chat/", {"message": "how much on ubr last month?"}, format="json").json()
    assert asked["clarification"]["choices"][1] == {"label": "Uber Eats", "value": "merchant:Uber Eats",
                                                     "kind": "merchant", "name": "Uber Eats"}
    wrong = alice_client.post("/api/v1/chat/", {"choice": "merchant:Uber"}, format="json")
    assert wrong.status_code == 400 and "conversation_id" in wrong.json()["error"]["message"]
    foreign = bob_client.post("/api/v1/chat/", {"choice": "merchant:Uber",
                                                "conversation_id": asked["conversation_id"]}, format="json")
    assert foreign.status_code == 404
    picked = alice_client.post("/api/v1/chat/", {"choice": "merchant:Uber Eats",
                                                 "conversation_id": asked["conversation_id"]}, format="json")
    assert picked.status_code == 200 and "$31.00" in picked.json()["answer"]
    learned = alice_client.get("/api/v1/transactions/aliases/").json()
    assert [(a["word"], a["kind"], a["name"]) for a in learned] == [("ubr", "merchant", "Uber Eats")]
    assert bob_client.get("/api/v1/transactions/aliases/").json() == []
    assert bob_client.delete(f"/api/v1/transactions/aliases/{learned[0]['id']}/").status_code == 404
    assert alice_client.delete(f"/api/v1/transactions/aliases/{learned[0]['id']}/").status_code == 204
    again = alice_client.post("/api/v1/chat/", {"message": "ubr last month"}, format="json").json()
    assert again["clarification"] is not None  # forgotten: asked again


def test_the_schema_documents_the_clarification_and_the_choice():
    from drf_spectacular.generators import SchemaGenerator

    components = SchemaGenerator().get_schema(request=None, public=True)["components"]["schemas"]
    assert "choice" in components["ChatRequestRequest"]["properties"]
    assert {"question", "choices", "word"} <= set(components["Clarification"]["properties"])
    assert "understanding" in components["Answer"]["properties"]


def test_the_chat_page_shows_choice_buttons_that_work_without_javascript(chat_demo, alice, two_ubers):
    from django.test import Client

    web = Client()
    web.force_login(alice)
    asked = web.post("/chat/", {"message": "how much on ubr last month?"})
    page = web.get(asked["Location"], HTTP_ACCEPT_LANGUAGE="vi")
    html = page.content.decode()
    # buttons of the question form itself (form="chat-form"), labelled in the page's language
    assert 'name="choice" value="merchant:Uber Eats"' in html and 'form="chat-form"' in html
    assert "Chọn ý bạn muốn nói" in html
    picked = web.post(asked["Location"].split("#")[0], {"choice": "merchant:Uber Eats", "message": ""})
    after = web.get(picked["Location"]).content.decode()
    assert "$31.00" in after and 'name="choice"' not in after  # answered: the choices are gone


@pytest.mark.parametrize("follow_up, figure, args", [
    ("list them", "THE GOOD PLATE", {"measure": "list"}),
    ("per week?", "per week", {"per": "week"}),
    ("and before that?", "$76.00", {"measure": "total"}),  # the month before last: the same 76.00 of dining
    ("add them up", "$76.00", {"measure": "total"}),
])
def test_short_follow_ups_of_a_money_answer_stay_on_the_money(chat_demo, alice, alice_money, follow_up, figure, args):
    dining = chat_turn(user=alice, message="dining last month")
    answer = chat_turn(user=alice, message=follow_up, conversation_id=dining["conversation_id"])
    assert answer["tools_used"] == ["search_transactions"], (follow_up, answer["tools_used"])
    call = answer["tool_calls"][0]["arguments"]
    assert call["categories"] == ["Dining"] and all(call.get(k) == v for k, v in args.items()), call
    assert figure in answer["answer"].upper() if figure.isupper() else figure in answer["answer"], answer["answer"]
    if follow_up == "and before that?":
        before = (timezone.localdate().replace(day=1) - timedelta(days=1)).replace(day=1) - timedelta(days=1)
        assert call["start"] == before.replace(day=1).isoformat() and call["end"] == before.isoformat()


def test_a_short_turn_that_asks_nothing_of_its_own_is_asked_back_never_searched(chat_demo, alice, alice_money,
                                                                                 knowledge_docs):
    dining = chat_turn(user=alice, message="dining last month")
    cid = dining["conversation_id"]
    # ("what does that mean?" restates the last answer in plainer words: tests/chat/test_knowledge_restate_simply.py)
    for turn in ("why?", "is that a lot?"):
        answer = chat_turn(user=alice, message=turn, conversation_id=cid)
        assert answer["tools_used"] == [] and answer["clarification"]["ask_only"], (turn, answer["tools_used"])
        assert "last answer (Dining)" in answer["answer"] and answer["escalated"] is False
    thanks = chat_turn(user=alice, message="ok thanks", conversation_id=cid)
    assert thanks["tools_used"] == [] and thanks["answer"].startswith("You're welcome")
    # a concept is still a knowledge question, even right after a money answer
    concept = chat_turn(user=alice, message="what is compound interest?", conversation_id=cid)
    assert concept["tools_used"] == ["search_knowledge_base"] and concept["citations"]


def test_the_llm_path_attaches_the_question_and_is_never_confident_about_an_unsettled_word(fake_llm, alice,
                                                                                          two_ubers):
    start, end = _last_month_day(1).isoformat(), (timezone.localdate().replace(day=1) - timedelta(days=1)).isoformat()
    fake_llm([
        # a model that adds both merchants up for "ubr"
        {"tool_calls": [("search_transactions", {"measure": "total", "merchants": ["Uber", "Uber Eats"],
                                                 "start": start, "end": end})]},
        {"tool_calls": [("respond", {"answer": "You spent $54.10 at Uber and Uber Eats last month.",
                                     "cited_fact_ids": []})]},
        # after the pick, the question again
        {"tool_calls": [("search_transactions", {"measure": "total", "merchants": ["Uber Eats"],
                                                 "start": start, "end": end})]},
        {"tool_calls": [("respond", {"answer": "You spent $31.00 at Uber Eats last month.", "cited_fact_ids": []})]},
    ], retries=0)
    answer = chat_turn(user=alice, message="how much on ubr last month?")
    assert answer["provider"] == "openai" and answer["clarification"]["ask_only"]
    assert answer["answer"].endswith("did you mean Uber or Uber Eats?")
    assert not confident(alice, answer) and answer["escalated"] is False
    picked = chat_turn(user=alice, conversation_id=answer["conversation_id"], choice="merchant:Uber Eats")
    assert picked["clarification"] is None and "$31.00" in picked["answer"] and confident(alice, picked)
    words = {w["word"]: w for w in picked["understanding"]["words"]}
    assert words["ubr"]["role"] == "merchant" and words["ubr"]["names"] == ["Uber Eats"]


def test_the_transactions_page_lists_the_learned_words_and_forgets_one(chat_demo, alice, bob, two_ubers):
    from django.test import Client

    asked = chat_turn(user=alice, message="how much on ubr last month?")
    chat_turn(user=alice, conversation_id=asked["conversation_id"], choice="merchant:Uber Eats")
    alias = NameAlias.objects.get(user=alice)
    web, other = Client(), Client()
    web.force_login(alice)
    other.force_login(bob)
    page = web.get("/transactions/", HTTP_ACCEPT_LANGUAGE="vi").content.decode()
    assert "Những từ Moneta học được từ bạn" in page and "“ubr”" in page and "Uber Eats" in page
    assert "“ubr”" not in other.get("/transactions/").content.decode()
    assert other.post(f"/transactions/words/{alias.pk}/forget/").status_code == 404
    assert web.post(f"/transactions/words/{alias.pk}/forget/").status_code == 302
    assert alias_list(user=alice) == []
    assert chat_turn(user=alice, message="ubr last month")["clarification"] is not None


def test_learned_words_are_in_the_export_and_go_with_the_account(chat_demo, alice, alice_client, two_ubers):
    import io
    import json
    import zipfile

    asked = chat_turn(user=alice, message="how much on ubr last month?")
    chat_turn(user=alice, conversation_id=asked["conversation_id"], choice="merchant:Uber Eats")
    zf = zipfile.ZipFile(io.BytesIO(alice_client.get("/api/v1/account/export/").content))
    rows = json.loads(zf.read("learned_words.json"))
    assert [(r["word"], r["merchant__name"]) for r in rows] == [("ubr", "Uber Eats")]
    from accounts.services import account_delete

    account_delete(user=alice)
    assert not NameAlias.objects.exists()


def test_a_short_everyday_verb_is_never_the_thing_asked_about(chat_demo, alice, alice_money):
    advice = chat_turn(user=alice, message="How can I cut my spending?")
    assert advice["tools_used"] == ["suggest_budgets"], advice["tool_calls"]
    assert "cut" not in str([c["arguments"] for c in advice["tool_calls"]])
    # a short word where a noun stands is still what is asked about: nothing of theirs, no total of everything
    pet = chat_turn(user=alice, message="money spent on my dog last month?")
    assert pet["tool_calls"][0]["arguments"].get("unknown") == ["dog"]
    assert "no transactions" in pet["answer"] and "$1,672.48" not in pet["answer"]


def test_a_correction_teaches_the_word_and_answers_again(chat_demo, alice, alice_money):
    first = chat_turn(user=alice, message="wf last month")
    assert "$96.40" in first["answer"]  # read as Whole Foods (its initials)
    fixed = chat_turn(user=alice, message="no, I meant the good plate", conversation_id=first["conversation_id"])
    assert "$64.00" in fixed["answer"] and "$96.40" not in fixed["answer"], fixed["answer"]
    learned = alias_list(user=alice)
    assert [(a.word, a.kind) for a in learned] == [("wf", "merchant")] and "Good Plate" in learned[0].target_name
    again = chat_turn(user=alice, message="wf last month")
    assert "$64.00" in again["answer"] and confident(alice, again)
    # "I meant" with nothing of theirs is an ordinary turn and learns nothing
    other = chat_turn(user=alice, message="dining last month")
    chat_turn(user=alice, message="no, I meant the boat", conversation_id=other["conversation_id"])
    assert len(alias_list(user=alice)) == 1


def test_a_vietnamese_question_is_asked_back_in_vietnamese(chat_demo, alice, two_ubers):
    answer = chat_turn(user=alice, message="tháng trước tôi tiêu bao nhiêu cho ubr?")
    assert answer["clarification"]["ask_only"] and answer["tool_calls"] == []
    assert "Bạn nói “ubr” là Uber hay Uber Eats?" in answer["answer"], answer["answer"]


@pytest.mark.parametrize(("reply", "said", "other"), [
    ("the rides I mean, not the food", "$23.10", "$31.00"),  # Uber is filed as Transport, Uber Eats as Dining
    ("no, not the food one", "$23.10", "$31.00"),
    ("the food one", "$31.00", "$23.10"),
])
def test_a_reply_that_describes_a_choice_picks_it(chat_demo, alice, two_ubers, reply, said, other):
    asked = chat_turn(user=alice, message="ubr last month?")
    answer = chat_turn(user=alice, message=reply, conversation_id=asked["conversation_id"])
    assert said in answer["answer"] and other not in answer["answer"], answer["answer"]
    assert confident(alice, answer), answer["grounding"]["reasons"]


def test_a_reply_that_fits_both_choices_picks_none(chat_demo, alice, two_ubers):
    asked = chat_turn(user=alice, message="ubr last month?")
    answer = chat_turn(user=alice, message="the one I use most", conversation_id=asked["conversation_id"])
    assert not NameAlias.objects.filter(user=alice).exists(), answer["answer"]
