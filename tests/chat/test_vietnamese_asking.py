"""Vietnamese asking through chat_turn: a polite preamble and the asker's "em" are set aside, never unknown; "món nào
lớn nhất" is the largest purchase of the period; "hai cái cộng lại" adds the first two items of the last list, and a
chain of follow-ups with no language of their own stays Vietnamese. Last month of the chat fixture statement: rent
1,400.00, Starbucks 5.75 + 6.25, Amazon 42.99 + 18.50, Whole Foods 96.40, Uber 23.10, Netflix 15.49, The Good Plate
64.00 (1,672.48 in all)."""
from __future__ import annotations

import pytest

from chat.services import chat_turn
from tests.chat.conftest import confident, first_args, talk
from transactions.query import grammar

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("question", ["Dạ cho em hỏi tháng trước em tiêu bao nhiêu ạ",
                                      "da cho em hoi thang truoc em tieu bao nhieu a",
                                      "chị ơi tháng trước em tiêu hết bao nhiêu vậy"])
def test_a_polite_preamble_and_the_askers_em_are_set_aside(chat_demo, alice, alice_money, question):
    answer = chat_turn(user=alice, message=question)
    assert "$1,672.48" in answer["answer"], answer["answer"]
    assert not answer["understanding"]["not_understood"], answer["understanding"]
    assert "em" not in answer["answer"].split("không hiểu")[-1][:20] and confident(alice, answer), answer["answer"]


def test_em_is_still_them_in_english():
    assert "add them up" in grammar.normalise("add em up")
    assert " em " in grammar.normalise("da cho em hoi thang truoc em tieu bao nhieu a")


@pytest.mark.parametrize("question", ["Món nào lớn nhất tháng trước?", "mon nao lon nhat thang truoc"])
def test_the_largest_item_of_a_month_is_the_largest_purchase(chat_demo, alice, alice_money, question):
    answer = chat_turn(user=alice, message=question)
    assert first_args(answer)["measure"] == "largest" and not first_args(answer).get("categories"), first_args(answer)
    assert "$1,400.00" in answer["answer"] and confident(alice, answer), answer["answer"]


def test_the_best_dish_in_a_city_is_still_no_money_question(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="món ăn nào ngon nhất Hà Nội?")
    assert not answer["tool_calls"], answer["tool_calls"]


def test_two_of_the_list_added_and_the_chain_stays_vietnamese(chat_demo, alice, alice_money):
    top, two, second = talk(alice, "top 3 danh muc thang truoc", "hai cai cong lai", "con muc thu hai?")
    listed = first_args(top)
    assert listed["measure"] == "top_categories", listed
    assert sorted(first_args(two)["categories"]) == ["Groceries", "Rent"], first_args(two)  # the first two, not all three
    assert "Bạn đã chi" in two["answer"], two["answer"]
    assert first_args(second)["categories"] == ["Groceries"], first_args(second)
    assert "Bạn đã chi" in second["answer"] and "You spent" not in second["answer"], second["answer"]


def test_all_three_of_the_list_added(chat_demo, alice, alice_money):
    _, three = talk(alice, "top 3 danh mục tháng trước", "cả ba cái cộng lại")
    assert len(first_args(three)["categories"]) == 3, first_args(three)


def test_all_time_said_in_vietnamese(chat_demo, alice, alice_money):
    from django.utils import timezone

    months = 4 if timezone.localdate().day >= 8 else 3  # the Uber ride is on the 8th of each month
    for question in ("từ trước tới giờ tôi đi Uber hết bao nhiêu", "tu truoc toi gio toi di Uber het bao nhieu"):
        answer = chat_turn(user=alice, message=question)
        args = first_args(answer)
        assert args.get("merchants") == ["Uber"] and "start" not in args or args["start"] <= "2000-01-01", args
        assert f"${23.10 * months:,.2f}" in answer["answer"] and confident(alice, answer), answer["answer"]
        assert not answer["understanding"]["not_understood"], answer["understanding"]


def test_last_month_up_to_now_is_no_all_time():
    from datetime import date

    from transactions.query.periods import find_periods
    (period, _), = find_periods(grammar.normalise("tháng trước đến nay tôi tiêu bao nhiêu"), date(2026, 11, 29))
    assert period.start == date(2026, 10, 1) and period.grain != "all", period


@pytest.mark.parametrize("question", ["còn tiền nhà của tôi thì sao?", "con tien nha cua toi thi sao"])
def test_and_the_rent_money_is_spending_not_a_balance(chat_demo, alice, alice_money, question):
    answer = chat_turn(user=alice, message=question)
    assert answer["tool_calls"] and answer["tool_calls"][0]["name"] == "search_transactions", answer["tool_calls"]
    assert first_args(answer)["categories"] == ["Rent"], first_args(answer)


def test_money_left_is_still_a_balance_question():
    from chat.holdings import holding_asked

    assert holding_asked("tôi còn tiền không") == ""
    assert holding_asked("mình còn tiền trong tài khoản không") == ""
    assert holding_asked("còn tiền thuốc của tôi thì sao") is None


def test_moving_those_uber_rides_to_a_category_is_a_refile(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="chuyển mấy cái Uber qua mục Ăn uống")
    call = answer["tool_calls"][0]
    assert call["name"] == "propose_set_category", answer["tool_calls"]
    assert call["arguments"]["category"] == "Dining" and call["arguments"].get("merchants") == ["Uber"], call
    assert not call["arguments"].get("text"), call  # the merchant, not every row saying "cái Uber"


def test_yesterday_is_no_target_of_a_refile():
    from chat.actions.verbs import TARGET_SPLIT_RE

    assert [m.group(0).strip() for m in TARGET_SPLIT_RE.finditer("chuyển Uber hôm qua sang mục Đi lại")] == ["sang mục"]


@pytest.fixture
def budget_pages(db):
    from tests.chat.conftest import demo_docs

    return demo_docs(education=("budgeting-basics.md", "budgeting-basics.vi.md"),
                     help_pages=("budget-suggestions.md", "budget-suggestions.vi.md"))


@pytest.mark.parametrize("question", ["Ngân sách là gì?", "ngan sach la gi"])
def test_what_a_budget_is_is_the_finance_concept_first(chat_demo, alice, budget_pages, question):
    answer = chat_turn(user=alice, message=question)
    assert answer["tool_calls"][0]["name"] == "search_knowledge_base", answer["tool_calls"]
    lead = answer["answer"].split("\n")[0]
    assert lead.startswith("Ngân sách là kế hoạch"), answer["answer"]  # the education page, in Vietnamese
    assert "Moneta gợi ý" not in lead, lead


def test_a_how_to_or_the_apps_own_idea_is_no_definition():
    from chat.concept_first import asks_definition, definition_search

    assert asks_definition("ngân sách là gì") and definition_search("budget", "ngan sach la gi") == "what is budget"
    assert not asks_definition("hũ trong Moneta là gì") and not asks_definition("cách đặt ngân sách")
    assert definition_search("budget", "cách đặt ngân sách") == "budget"


@pytest.mark.parametrize("question", ["gửi tiền về quê tháng trước bao nhiêu", "gui tien ve que bao nhieu"])
def test_money_sent_home_is_no_category_said_unsure(chat_demo, alice, alice_money, question):
    answer = chat_turn(user=alice, message=question)
    args = first_args(answer)
    assert args.get("direction") == "out" and args.get("measure") != "income", args  # not "tiền về": money in
    assert args.get("unknown") == ["que"] and not confident(alice, answer), (args, answer["confidence"])
    assert "$3,200.00" not in answer["answer"], answer["answer"]
