"""Issue 21 kinds 2–3 through chat_turn: what a question is about. A thing nothing of theirs is called, said first and
followed by what it costs ("the boat – slip fees, fuel"), is the subject: the listed words are its parts, never a
category total; months the user spells out beside a named season win over the season's own span; Vietnamese month
phrases; nicknames made of the first letters of each word of a merchant's name. The chat fixture statement
(tests/chat/conftest.py), each month: rent 1,400.00, Starbucks 5.75 + 6.25, Amazon 42.99 (Shopping) + 18.50
(Groceries), Whole Foods 96.40, Uber 23.10, Netflix 15.49, The Good Plate 64.00 (Dining)."""
from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.utils import timezone

from chat.services import chat_turn
from tests.chat.conftest import confident, first_args, month_start
from transactions.services import transactions_import

pytestmark = pytest.mark.django_db


def _roles(answer) -> dict[str, str]:
    return {w["word"]: w["role"] for w in answer["understanding"]["words"]}


@pytest.mark.parametrize("question, thing, parts", [
    ("what does the cat cost me a month, food and vet", "cat", ["food", "vet"]),
    ("my dog — food, vet", "dog", ["food", "vet"]),
    ("the boat – slip fees, fuel", "boat", ["slip", "fees", "fuel"]),
    ("what did the wedding set me back: flowers, venue", "wedding", ["flowers", "venue"]),
])
def test_a_thing_then_what_it_costs_is_the_thing_not_a_category(chat_demo, alice, alice_money, question, thing,
                                                                 parts):
    answer = chat_turn(user=alice, message=question)
    body = answer["answer"].split("_What I looked up")[0]
    assert f"no transactions about “{thing}”" in body and "$" not in body, answer["answer"]
    args = first_args(answer)
    assert answer["tool_calls"][0]["name"] == "search_transactions", answer["tool_calls"]
    assert not args.get("categories") and not args.get("merchants"), args  # no Dining total for the cat's food
    roles = _roles(answer)
    assert all(roles[p] == "concept" for p in parts), roles  # each a part of the thing, none left unread
    assert answer["understanding"]["not_understood"] == [thing]


def test_real_categories_joined_are_still_both_categories(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="groceries and dining last month")
    assert sorted(first_args(answer)["categories"]) == ["Dining", "Groceries"]
    assert "$190.90" in answer["answer"] and confident(alice, answer), answer["answer"]  # 114.90 + 76.00


def test_a_merchant_named_by_its_own_name_after_a_thing_is_what_it_cost(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="the car: uber last month")
    assert first_args(answer)["merchants"] == ["Uber"] and "$23.10" in answer["answer"], answer["answer"]


def test_a_pronoun_or_for_the_thing_ties_the_list_to_it(chat_demo, alice, alice_money):
    told = chat_turn(user=alice, message="the cat is costing me a fortune. how much on her food and vet visits this year?")
    assert "no transactions about “cat”" in told["answer"].split("_What I looked up")[0], told["answer"]
    assert not first_args(told).get("categories"), first_args(told)
    before = chat_turn(user=alice, message="between the slip fees and fuel for the boat, what has it run me since may?")
    assert "no transactions about “boat”" in before["answer"], before["answer"]


@pytest.mark.parametrize("question, start, end", [
    ("what did I spend over the holidays last year, november and december together", (-1, 11, 1), (-1, 12, 31)),
    ("spending in the holiday season in {last}, November and December together", (-1, 11, 1), (-1, 12, 31)),
    ("shopping over christmas last year, dec 20th to the 31st?", (-1, 12, 20), (-1, 12, 31)),
])
def test_months_the_user_spells_out_win_over_a_named_season(chat_demo, alice, alice_money, question, start, end):
    today = timezone.localdate()
    answer = chat_turn(user=alice, message=question.format(last=today.year - 1))
    args = first_args(answer)
    assert args["start"] == date(today.year + start[0], *start[1:]).isoformat(), args  # not Thanksgiving
    assert args["end"] == date(today.year + end[0], *end[1:]).isoformat(), args


def test_vietnamese_month_phrases_are_the_periods_they_say(chat_demo, alice, alice_money):
    today = timezone.localdate()
    two_back = month_start(today, 2)
    since = chat_turn(user=alice, message=f"từ đầu tháng {two_back:%B} tôi tiêu bao nhiêu cho ăn uống")
    assert first_args(since)["start"] == two_back.isoformat() and first_args(since)["end"] == today.isoformat(), first_args(since)
    assert "Dining" in first_args(since)["categories"] and "Ăn uống" in since["answer"], since["answer"]
    early = chat_turn(user=alice, message=f"đầu tháng {two_back.month} tôi chi bao nhiêu")
    assert (first_args(early)["start"], first_args(early)["end"]) == (two_back.isoformat(),
                                                            two_back.replace(day=10).isoformat())
    year = chat_turn(user=alice, message="đầu năm đến giờ tôi tiêu bao nhiêu")
    assert first_args(year)["start"] == date(today.year, 1, 1).isoformat() and "Nam Den Gio" not in year["answer"]
    end = chat_turn(user=alice, message="cuối năm ngoái tôi chi bao nhiêu")
    assert (first_args(end)["start"], first_args(end)["end"]) == (f"{today.year - 1}-12-01", f"{today.year - 1}-12-31")
    assert not since["understanding"]["not_understood"] and not year["understanding"]["not_understood"]


def test_a_nickname_made_of_the_starts_of_each_word_links(chat_demo, alice, alice_money):
    day = (timezone.localdate() - timedelta(days=1)).isoformat()
    transactions_import(user=alice, file_name="bb.csv",
                        content=f"Date,Description,Amount,Category\n{day},BEST BUY #1234,-199.99,Shopping\n".encode())
    answer = chat_turn(user=alice, message="how much at bby this year")
    assert first_args(answer)["merchants"] == ["Best Buy"] and "$199.99" in answer["answer"], answer["answer"]


def test_names_listed_with_commas_are_each_their_own(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="Whole Foods, ntflx and uber last month - add those up")
    merchants = first_args(answer)["merchants"]
    assert sorted(merchants) == ["Netflix", "Uber", "Whole Foods Market"], merchants  # not "whole foods ntflx"
    assert "$134.99" in answer["answer"], answer["answer"]  # 96.40 + 15.49 + 23.10


def test_a_thing_after_a_vietnamese_classifier_is_the_subject(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="tháng trước tôi tiêu bao nhiêu cho con mèo? tiền thức ăn với đi bác sĩ thú y")
    assert "không tìm thấy giao dịch nào về" in answer["answer"], answer["answer"]
    assert first_args(answer).get("unknown") == ["meo"] and not first_args(answer).get("categories"), first_args(answer)


def test_one_name_not_another_leaves_the_second_out(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="groceries not amazon last month")
    assert first_args(answer)["exclude_merchants"] and "$96.40" in answer["answer"], answer["answer"]  # 114.90 − 18.50


def test_a_kind_of_service_is_their_merchant_of_that_kind(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="rideshare last month")
    assert "(Uber)" in answer["answer"] and "$23.10" in answer["answer"], answer["answer"]


def test_two_vietnamese_months_joined_by_voi_are_compared(chat_demo, alice, alice_money):
    today = timezone.localdate()
    a, b = month_start(today, 2), month_start(today, 1)
    answer = chat_turn(user=alice, message=f"ăn uống tháng {a.month} với tháng {b.month} cái nào nhiều hơn")
    assert answer["tool_calls"][0]["name"] == "compare_spending", answer["tool_calls"]
    assert [s["start"] for s in first_args(answer)["sides"]] == [a.isoformat(), b.isoformat()]
    assert not answer["understanding"]["not_understood"], answer["understanding"]


def test_parts_of_months_inside_a_span_and_counted_days(chat_demo, alice, alice_money):
    today = timezone.localdate()
    a, b = month_start(today, 2), month_start(today, 1)
    span = chat_turn(user=alice, message=f"dining from mid-{a:%B} through {b:%B}")
    assert (first_args(span)["start"], first_args(span)["end"]) == (a.replace(day=15).isoformat(),  # "mid" as a start: the 15th
                                                          (month_start(today, 0) - timedelta(days=1)).isoformat())
    assert "mid" not in str(span["understanding"]["not_understood"]), span["understanding"]
    first = chat_turn(user=alice, message=f"dining the first 10 days of {b:%B}")
    assert (first_args(first)["start"], first_args(first)["end"]) == (b.isoformat(), b.replace(day=10).isoformat())
    assert "$12.00" in first["answer"] and confident(alice, first), first["answer"]  # Starbucks 5.75 + 6.25


def test_initials_that_fit_two_of_their_merchants_ask_which(chat_demo, alice, alice_money):
    day = (timezone.localdate() - timedelta(days=1)).isoformat()
    transactions_import(user=alice, file_name="b.csv", content=(
        f"Date,Description,Amount,Category\n{day},BEST BUY #1234,-199.99,Shopping\n"
        f"{day},BLUE BOTTLE COFFEE OAKLAND,-6.50,Dining\n").encode())
    both = chat_turn(user=alice, message="bb this month")
    labels = [c["label"] for c in (both.get("clarification") or {}).get("choices") or []]
    assert len(labels) == 2 and any("Best Buy" in x for x in labels) and any("Blue Bottle" in x for x in labels), both
    assert not confident(alice, both)
    coffee = chat_turn(user=alice, message="sbux and bb coffee this month")  # the last word spelled out: one name
    merchants = first_args(coffee)["merchants"]
    assert any(m.startswith("Blue Bottle") for m in merchants) and "Best Buy" not in merchants, merchants


def test_leaving_out_a_part_of_the_subject_it_cannot_pick_out_is_not_zero(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="dining last month minus the work lunches")
    assert "$0.00" not in answer["answer"] and "$76.00" in answer["answer"], answer["answer"]  # 5.75 + 6.25 + 64.00
    assert not first_args(answer).get("exclude_categories") and not confident(alice, answer), answer


def test_a_weekday_is_no_subject_for_a_hobby_they_have_no_name_for(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="how much has my knitting cost this year, the yarn and the Thursday lessons")
    body = answer["answer"].split("_What I looked up")[0]
    assert "no transactions about “knitting”" in body and "Thursday" not in body, answer["answer"]
    assert not first_args(answer).get("weekdays"), first_args(answer)  # the answer the boat gets
