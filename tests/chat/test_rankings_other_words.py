"""Issue 21 kinds 1 and 4 through chat_turn: rankings asked in other words. A kind, sort or type of spending ranks the
categories; "who", "which shop", "by store" rank the merchants; "most of my cash", "the bulk of my pay" ask for the
top; "smallest first" reads the ranking from its small end; a ranking noun that names no level ("money pits") is read
as the categories and said to be a guess; "X vs everything else" sets X against all other spending. Names, order and
figures are checked against SQL over the user's own rows (a second user's rows never show)."""
from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

import pytest
from django.db.models import Sum
from django.utils import timezone

from chat.services import chat_turn
from tests.chat.conftest import confident, first_line, last_month_iso
from transactions.models import Transaction

pytestmark = pytest.mark.django_db


def _ranked(user, field: str, start: str, end: str, *, smallest_first: bool = False) -> list[tuple[str, Decimal]]:
    """The user's money out between start and end, per category or merchant name, biggest first: from SQL."""
    rows = (Transaction.objects.filter(user=user, amount__lt=0, date__range=(start, end))
            .values(field).annotate(total=Sum("amount")).order_by("total" if not smallest_first else "-total", field))
    return [(r[field], -r["total"]) for r in rows]


def _money(value: Decimal) -> str:
    return f"${value:,.2f}"


def _in_order(line: str, names: list[str]) -> bool:
    at = [line.find(f"{name} (") for name in names]
    return all(a >= 0 for a in at) and at == sorted(at)


def _this_month() -> tuple[str, str]:
    today = timezone.localdate()
    return today.replace(day=1).isoformat(), today.isoformat()


def test_a_kind_of_spending_ranks_the_categories(chat_demo, alice, alice_money):
    start, end = last_month_iso()
    top = _ranked(alice, "category__name", start, end)
    for question in ("which sort of spending ate most of my money last month",
                     "what kind of stuff did I spend most on last month"):
        answer = chat_turn(user=alice, message=question)
        line = first_line(answer)
        assert f"{top[0][0]} ({_money(top[0][1])}" in line, (question, answer["answer"])
        assert not any(c["name"] in ("search_knowledge_base", "suggest_budgets") for c in answer["tool_calls"])
        assert confident(alice, answer), answer["grounding"]["reasons"]


def test_who_and_which_shop_rank_the_merchants(chat_demo, alice, alice_money, bob, bob_money):
    start, end = last_month_iso()
    top = _ranked(alice, "merchant__name", start, end)
    answer = chat_turn(user=alice, message="who did I pay the most last month, top 3")
    assert _in_order(first_line(answer), [name for name, _ in top[:3]]), answer["answer"]
    one = chat_turn(user=alice, message="which shop got most of my cash last month")
    assert f"{top[0][0]} ({_money(top[0][1])})" in first_line(one), one["answer"]
    assert "cash" not in one["answer"].lower().replace("cash flow", "")  # read, never "didn't understand 'cash'"
    assert confident(alice, one), one["grounding"]["reasons"]
    # the second user's own ranking holds their pawn shop; the first user's never does
    start, end = _this_month()
    bobs = [name for name, _ in _ranked(bob, "merchant__name", start, end)[:2]]
    theirs = chat_turn(user=bob, message="rank my spending by store this month, top 2")
    assert _in_order(first_line(theirs), bobs) and "Pawn" in first_line(theirs), theirs["answer"]
    mine = chat_turn(user=alice, message="rank my spending by store this month, top 2")
    assert "Pawn" not in mine["answer"]


def test_a_ranking_from_its_small_end_and_its_follow_ups(chat_demo, alice, alice_money):
    start, end = last_month_iso()
    small = [name for name, _ in _ranked(alice, "merchant__name", start, end, smallest_first=True)]
    answer = chat_turn(user=alice, message="top 3 places last month, smallest first")
    assert _in_order(first_line(answer), small[:3]), answer["answer"]
    assert "first" not in str(answer["grounding"]["reasons"]), answer["grounding"]["reasons"]
    assert confident(alice, answer), answer["grounding"]["reasons"]
    more = chat_turn(user=alice, message="and the next 2?", conversation_id=answer["conversation_id"])
    assert _in_order(first_line(more), small[3:5]) and small[0] + " (" not in first_line(more), more["answer"]
    third = chat_turn(user=alice, message="which was third?", conversation_id=answer["conversation_id"])
    assert f"{small[2]} (" in first_line(third), third["answer"]


def test_a_ranking_noun_with_no_level_is_a_guess_said(chat_demo, alice, alice_money):
    start, end = last_month_iso()
    top = [name for name, _ in _ranked(alice, "category__name", start, end)]
    answer = chat_turn(user=alice, message="my 3 biggest money pits last month")
    assert _in_order(first_line(answer), top[:3]), answer["answer"]
    assert "guess" in answer["answer"] and "money pits" in answer["answer"]
    assert not confident(alice, answer)
    besides = chat_turn(user=alice, message="what's my number one expense besides rent last month")
    others = [name for name in top if name != "Rent"]
    assert f"{others[0]} (" in first_line(besides) and "Rent (" not in first_line(besides), besides["answer"]
    assert not confident(alice, besides)


def test_a_ranking_asked_in_vietnamese(chat_demo, alice, alice_money):
    start, end = last_month_iso()
    top = _ranked(alice, "category__name", start, end)
    for question in ("tháng trước cái category nào tốn nhất", "tháng trước chi nhiều nhất vào khoản nào"):
        answer = chat_turn(user=alice, message=question)
        assert any(c["arguments"].get("measure") == "top_categories" or c["name"] == "get_spending_summary"
                   for c in answer["tool_calls"]), answer["tool_calls"]
        assert _money(top[0][1]) in first_line(answer), answer["answer"]
    three = chat_turn(user=alice, message="xếp hạng 3 nhóm chi nhiều nhất tháng trước")
    assert three["tool_calls"][0]["arguments"].get("limit") == 3, three["tool_calls"]
    assert _money(top[2][1]) in first_line(three) and confident(alice, three), three["answer"]


def _spent(user, start: str, end: str, **only) -> Decimal:
    qs = Transaction.objects.filter(user=user, amount__lt=0, date__range=(start, end))
    qs = qs.exclude(category__name=only["but"]) if "but" in only else qs.filter(category__name=only["of"])
    return -(qs.aggregate(total=Sum("amount"))["total"] or Decimal(0))


def test_one_subject_against_everything_else(chat_demo, alice, alice_money, bob, bob_money):
    start, end = last_month_iso()
    answer = chat_turn(user=alice, message="rent vs everything else combined last month")
    line = first_line(answer)
    rent, rest = _spent(alice, start, end, of="Rent"), _spent(alice, start, end, but="Rent")
    assert _money(rent) in line and _money(rest) in line and line.index(_money(rent)) < line.index(_money(rest)), line
    assert "everything else" in line and confident(alice, answer), answer["grounding"]["reasons"]
    # the second user's rest holds their pawn shop; the first user's rest is theirs alone
    start, end = _this_month()
    theirs = chat_turn(user=bob, message="how much went to groceries compared to all my other spending this month")
    assert _money(_spent(bob, start, end, but="Groceries")) in first_line(theirs), theirs["answer"]
    mine = chat_turn(user=alice, message="groceries compared to all my other spending this month")
    assert _money(_spent(alice, start, end, but="Groceries")) in first_line(mine), mine["answer"]
    assert _money(_spent(bob, start, end, but="Groceries")) not in mine["answer"]


def test_everything_else_after_an_answer_sets_its_subject_against_the_rest(chat_demo, alice, alice_money):
    start, end = last_month_iso()
    first = chat_turn(user=alice, message="how much did I spend on rent last month")
    answer = chat_turn(user=alice, message="vs everything else combined?", conversation_id=first["conversation_id"])
    line = first_line(answer)
    assert _money(_spent(alice, start, end, of="Rent")) in line, answer["answer"]
    assert _money(_spent(alice, start, end, but="Rent")) in line and confident(alice, answer), answer["answer"]


def test_more_wordings_of_the_level_and_the_order(chat_demo, alice, alice_money):
    start, end = last_month_iso()
    merchants = [name for name, _ in _ranked(alice, "merchant__name", start, end)]
    whom = chat_turn(user=alice, message="whom did I pay most last month")
    assert whom["tool_calls"][0]["arguments"].get("measure") == "top_merchants", whom["tool_calls"]
    assert _in_order(first_line(whom), merchants[:3]), whom["answer"]
    categories = [name for name, _ in _ranked(alice, "category__name", start, end)]
    for question in ("what did I blow the most money on last month", "my top 3 spending areas last month",
                     "the 3 things I spent the most on last month",
                     "which are the three areas where most of my money went last month"):  # the count in words
        answer = chat_turn(user=alice, message=question)
        assert _in_order(first_line(answer), categories[:3]), (question, answer["answer"])
        assert confident(alice, answer), (question, answer["grounding"]["reasons"])
    upward = [name for name, _ in _ranked(alice, "category__name", start, end, smallest_first=True)]
    ordered = chat_turn(user=alice, message="order my top 3 categories from smallest to biggest for last month")
    assert _in_order(first_line(ordered), upward[:3]), ordered["answer"]


def test_rankings_keep_their_usual_readings(chat_demo, alice, alice_money):
    # single purchases stay purchases; a kind of purchase asked with no ranking is no ranking
    biggest = chat_turn(user=alice, message="what was my biggest purchase last month")
    assert biggest["tool_calls"][0]["arguments"].get("measure") == "largest", biggest["tool_calls"]
    kinds = chat_turn(user=alice, message="what kind of purchases did I make at amazon last month")
    assert kinds["tool_calls"][0]["arguments"].get("measure") != "top_categories", kinds["tool_calls"]
    assert date.fromisoformat(last_month_iso()[0]) < timezone.localdate() + timedelta(days=1)
    # a change ranked is a comparison of periods, never this period's biggest category
    grew = chat_turn(user=alice, message="which kind of spending went up the most last month")
    assert all(c["arguments"].get("measure") != "top_categories" for c in grew["tool_calls"]), grew["tool_calls"]


def test_the_biggest_single_expense_is_one_purchase_not_a_category(chat_demo, alice, alice_money):
    start, end = last_month_iso()
    answer = chat_turn(user=alice, message="what was my biggest single expense last month, not counting rent?")
    args = answer["tool_calls"][-1]["arguments"]
    assert args["measure"] == "largest" and (args.get("exclude_categories") or args.get("exclude_merchants")), args
    row = (Transaction.objects.filter(user=alice, amount__lt=0, date__range=(start, end))
           .exclude(category__name="Rent").order_by("amount").first())
    assert _money(-row.amount) in answer["answer"], answer["answer"]


def test_one_shops_biggest_visit_is_its_biggest_purchase(chat_demo, alice, alice_money):
    """"my biggest whole foods shop last month": a shop as a visit to the one shop named — its biggest purchase, not a
    ranking of merchants holding that shop alone (which answered with its total at 0.95)."""
    for question in ("my biggest whole foods shop last month?", "what was the largest amazon run last month"):
        answer = chat_turn(user=alice, message=question)
        assert answer["tool_calls"][0]["arguments"].get("measure") == "largest", (question, answer["tool_calls"])
