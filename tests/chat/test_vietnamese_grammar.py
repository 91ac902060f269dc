"""Issue 21 kinds 1–3 and 7 in Vietnamese through chat_turn: exclusions ("ngoài", "chưa tính", "không bao gồm", "bỏ
qua") leave the thing out instead of answering for it; rankings ("top 3 danh mục", "lớn thứ hai"), unions ("cả hai",
"tính chung") and "X hay Y … nhiều hơn" comparisons; a concept typed without accents ("lai kep la gi vay") goes to
the knowledge base. Last month of the chat fixture statement: rent 1,400.00, Starbucks 5.75 + 6.25, Amazon 42.99 +
18.50, Whole Foods 96.40, Uber 23.10, Netflix 15.49, The Good Plate 64.00 (1,672.48 in all)."""
from __future__ import annotations

import pytest
from django.utils import timezone

from chat.services import chat_turn
from tests.chat.conftest import confident, first_args, month_start

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("cue", ["ngoài", "chưa tính", "không bao gồm", "bỏ qua", "ngoai"])
def test_a_vietnamese_exclusion_leaves_the_thing_out(chat_demo, alice, alice_money, cue):
    answer = chat_turn(user=alice, message=f"chi tiêu tháng trước {cue} tiền nhà là bao nhiêu?")
    args = first_args(answer)
    assert args.get("exclude_categories") == ["Rent"] and not args.get("categories"), args
    assert "$272.48" in answer["answer"], answer["answer"]  # everything but the 1,400.00 rent
    assert "1,400.00" not in answer["answer"] and confident(alice, answer)


def test_eating_out_and_last_year_are_not_exclusions(chat_demo, alice, alice_money):
    dining = chat_turn(user=alice, message="tháng trước tôi ăn ngoài hết bao nhiêu")
    assert first_args(dining)["categories"] == ["Dining"] and "$76.00" in dining["answer"], dining["answer"]
    last_year = chat_turn(user=alice, message="năm ngoái tôi chi bao nhiêu cho Netflix")
    assert first_args(last_year)["merchants"] == ["Netflix"] and not first_args(last_year).get("exclude_merchants")


def test_vietnamese_rankings(chat_demo, alice, alice_money):
    top = chat_turn(user=alice, message="top 3 danh mục tháng trước")
    assert top["tool_calls"][0]["name"] in ("get_spending_summary", "analyze_by_category", "search_transactions")
    text = top["answer"]
    assert text.index("Tiền nhà") < text.index("Đi chợ") < text.index("Ăn uống"), text  # 1,400; 114.90; 76.00
    second = chat_turn(user=alice, message="khoản chi lớn thứ hai tháng trước")
    assert first_args(second)["measure"] == "largest" and first_args(second).get("offset") == 1, first_args(second)
    assert "$96.40" in second["answer"], second["answer"]  # Whole Foods, after the rent
    shops = chat_turn(user=alice, message="3 cửa hàng tôi chi nhiều nhất tháng trước")
    assert first_args(shops)["measure"] == "top_merchants" and first_args(shops)["limit"] == 3, first_args(shops)


@pytest.mark.parametrize("union", ["cả hai Starbucks và Uber", "tính chung Starbucks và Uber",
                                   "Starbucks và Uber cộng lại"])
def test_vietnamese_unions_are_one_total(chat_demo, alice, alice_money, union):
    answer = chat_turn(user=alice, message=f"tháng trước {union} hết bao nhiêu")
    assert sorted(first_args(answer)["merchants"]) == ["Starbucks", "Uber"]
    assert "$35.10" in answer["answer"], answer["answer"]  # 5.75 + 6.25 + 23.10
    assert not answer["understanding"]["not_understood"] and confident(alice, answer)


def test_which_of_two_months_was_more_in_vietnamese_compares_them(chat_demo, alice, alice_money):
    today = timezone.localdate()
    a, b = month_start(today, 2), month_start(today, 1)
    answer = chat_turn(user=alice, message=f"tháng {a.month} hay tháng {b.month} tôi chi nhiều hơn?")
    assert answer["tool_calls"][0]["name"] == "compare_spending", answer["tool_calls"]
    assert [s["start"] for s in first_args(answer)["sides"]] == [a.isoformat(), b.isoformat()]


def test_a_concept_typed_without_accents_goes_to_the_knowledge_base(chat_demo, alice, alice_money, knowledge_docs):
    answer = chat_turn(user=alice, message="lai kep la gi vay")
    assert [c["name"] for c in answer["tool_calls"]][:1] == ["search_knowledge_base"], answer["tool_calls"]
    assert any(c["corpus"] == "finance-education" for c in answer["citations"]), answer
    assert "I'm Moneta" not in answer["answer"] and "Nguồn" in answer["answer"], answer["answer"]


def test_vietnamese_dates_are_day_then_month(chat_demo, alice, alice_money):
    today = timezone.localdate()
    first, last = month_start(today, 2), month_start(today, 1)
    span = chat_turn(user=alice, message=f"từ ngày 1 tháng {first.month} đến 10/{last.month} Whole Foods hết bao nhiêu")
    assert (first_args(span)["start"], first_args(span)["end"]) == (first.isoformat(), last.replace(day=10).isoformat())
    assert "$192.80" in span["answer"], span["answer"]  # 96.40 on the 6th of each month
    day = chat_turn(user=alice, message=f"ngày 6/{last.month} tôi chi bao nhiêu")
    assert first_args(day)["start"] == first_args(day)["end"] == last.replace(day=6).isoformat()
    since = chat_turn(user=alice, message=f"từ 5/{last.month} đến nay Starbucks hết bao nhiêu")
    assert (first_args(since)["start"], first_args(since)["end"]) == (last.replace(day=5).isoformat(), today.isoformat())


def test_two_things_left_out_are_named_in_vietnamese_and_which_place_ranks(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="tháng trước tôi tiêu bao nhiêu, trừ tiền nhà và Netflix")
    args = first_args(answer)
    assert args.get("exclude_categories") == ["Rent"] and args.get("exclude_merchants") == ["Netflix"], args
    assert "$256.99" in answer["answer"] and " and " not in answer["answer"], answer["answer"]  # 272.48 − 15.49
    where = chat_turn(user=alice, message="nơi nào tôi chi nhiều nhất tháng trước")
    assert first_args(where)["measure"] == "top_merchants" and confident(alice, where), where["understanding"]


# where the money goes, said the Vietnamese way, is a ranking of categories; which shop or eatery ("tiệm", "quán",
# "chỗ") the most is a ranking of merchants
@pytest.mark.parametrize("said", ["tháng trước tiền của tui chạy vào đâu nhiều nhất, top 3",
                                  "tien xai vao khoan nao nhieu nhat thang truoc, top 3"])
def test_where_the_money_goes_ranks_categories(chat_demo, alice, alice_money, said):
    answer = chat_turn(user=alice, message=said)
    args = first_args(answer)
    assert args["measure"] == "top_categories" and args.get("limit") == 3, args
    assert "Rent" in answer["answer"] and confident(alice, answer), answer["answer"]


@pytest.mark.parametrize("said", ["tháng trước quán nào tui ghé nhiều nhất, kể 3 quán",
                                  "tháng trước tiệm nào tốn tiền nhất, top 3"])
def test_which_eatery_or_shop_ranks_merchants(chat_demo, alice, alice_money, said):
    answer = chat_turn(user=alice, message=said)
    args = first_args(answer)
    assert args["measure"] == "top_merchants" and args.get("limit") == 3, args


def test_where_the_money_goes_counted_in_places_ranks_merchants(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="tháng trước tiền chạy vào đâu nhiều nhất, kể 3 chỗ")
    args = first_args(answer)
    assert args["measure"] == "top_merchants" and args.get("limit") == 3, args
