"""Follow-ups are edits of the conversation state (the last query and what its answer showed), through chat_turn,
on the chat fixture statement (3 months + this one, each month: rent 1400, Whole Foods 96.40, Amazon 42.99 as
Shopping and 18.50 as Groceries, The Good Plate 64.00, Starbucks 5.75 + 6.25, Uber 23.10, Netflix 15.49; salary
3200). Last month's ranking: Rent 1400, Groceries 114.90, Dining 76.00, Shopping 42.99, Transport 23.10,
Subscriptions 15.49 — 1672.48 out in all."""
from __future__ import annotations

from datetime import date

import pytest
from django.utils import timezone

from chat.services import chat_turn
from core.errors import NotFound
from core.periods import add_months
from tests.chat.conftest import confident

pytestmark = pytest.mark.django_db


def _args(answer, n=-1):
    return answer["tool_calls"][n]["arguments"]


def _month(k: int) -> date:
    """The first day of the month k months before this one."""
    return add_months(timezone.localdate().replace(day=1), -k)


def _say(user, message, first=None):
    return chat_turn(user=user, message=message, conversation_id=first["conversation_id"] if first else None)


def _body(answer) -> str:
    return answer["answer"].split("_What I looked up")[0]


def test_a_ranking_follow_up_keeps_the_ranking(chat_demo, alice, alice_money):
    top = _say(alice, "top 3 categories last month")
    before = _say(alice, "and the month before?", top)
    assert before["answer"].index("Rent") < before["answer"].index("Groceries") < before["answer"].index("Dining")
    assert _args(before)["start"] == _month(2).isoformat() and "$1,400.00" in before["answer"], before["answer"]
    assert confident(alice, before)

    without = _say(alice, "now leave rent out", _say(alice, "top 3 categories last month"))
    args = _args(without)
    # "rent" is the Rent category or the landlord's name (both the same rows here): either way it is left out
    assert (args.get("exclude_categories") or args.get("exclude_merchants")) and args["limit"] == 3, args
    assert args["measure"] == "top_categories" and args["start"] == _month(1).isoformat(), args
    body = _body(without)
    assert "$1,400.00" not in body and "Groceries ($114.90" in body and "Shopping ($42.99" in body, body
    assert confident(alice, without)


def test_the_items_of_a_ranking_are_state(chat_demo, alice, alice_money):
    top = _say(alice, "top 3 categories last month")
    nxt = _say(alice, "the next two", top)
    args = _args(nxt)
    assert (args["offset"], args["limit"]) == (3, 2), args
    assert "Shopping" in _body(nxt) and "Transport" in _body(nxt) and "Groceries" not in _body(nxt), nxt["answer"]

    top = _say(alice, "top 3 categories last month")
    biggest = _say(alice, "which was the biggest of those", top)
    assert _args(biggest)["measure"] == "top_categories" and _args(biggest)["limit"] == 1, _args(biggest)
    assert "was Rent ($1,400.00" in biggest["answer"], biggest["answer"]

    top = _say(alice, "top 3 categories last month")
    together = _say(alice, "add them up", top)
    assert set(_args(together)["categories"]) == {"Rent", "Groceries", "Dining"}
    assert "$1,590.90" in together["answer"], together["answer"]

    top = _say(alice, "top 5 categories last month")
    shorter = _say(alice, "cut it to 2", top)
    assert _args(shorter)["limit"] == 2 and "Dining" not in _body(shorter), shorter["answer"]


def test_a_total_follow_up_changes_the_measure_over_the_same_rows(chat_demo, alice, alice_money):
    coffee = _say(alice, "starbucks last month")
    times = _say(alice, "how many times that month", coffee)
    args = _args(times)
    assert args["measure"] == "count" and args["merchants"] == ["Starbucks"], args
    assert args["start"] == _month(1).isoformat() and "2 purchases" in times["answer"], times["answer"]

    amazon = _say(alice, "amazon last month")
    most = _say(alice, "which one cost the most?", amazon)
    assert _args(most)["measure"] == "largest" and "$42.99" in most["answer"], most["answer"]
    assert confident(alice, most)

    # a superlative with nothing pointing back is a question of its own, over everything
    fresh = _say(alice, "what was my biggest purchase last month", _say(alice, "amazon last month"))
    assert "merchants" not in _args(fresh) and "$1,400.00" in fresh["answer"], fresh["answer"]

    weekly = _say(alice, "per week?", _say(alice, "amazon last month"))
    assert _args(weekly)["per"] == "week" and "per week" in weekly["answer"] and "days" in weekly["answer"]


def test_the_direction_switches_and_the_period_stays(chat_demo, alice, alice_money):
    income = _say(alice, "how much came in last month")
    out = _say(alice, "and spend?", income)
    args = _args(out)
    assert args["direction"] == "out" and args["start"] == _month(1).isoformat(), args
    assert "$1,672.48" in out["answer"] and confident(alice, out), out["answer"]

    spending = _say(alice, "what did i spend in " + _month(2).strftime("%B"))
    back = _say(alice, "and income?", spending)
    assert _args(back)["direction"] == "in" and "$3,200.00" in back["answer"], back["answer"]
    assert _args(back)["start"] == _month(2).isoformat()


def test_a_period_follow_up_on_a_shop_and_on_a_comparison(chat_demo, alice, alice_money):
    uber = _say(alice, "uber last month")
    year = _say(alice, "same month last year?", uber)
    args = _args(year)
    assert args["merchants"] == ["Uber"] and args["start"] == _month(13).isoformat(), args

    both = _say(alice, "dining last month vs the month before")
    earlier = _say(alice, "just the earlier one", both)
    args = _args(earlier)
    assert args["categories"] == ["Dining"] and args["start"] == _month(2).isoformat(), args
    assert "$76.00" in earlier["answer"] and confident(alice, earlier)

    sides = _say(alice, "compare starbucks and uber last month")
    total = _say(alice, "what do they come to combined?", sides)
    args = _args(total)
    assert set(args["merchants"]) == {"Starbucks", "Uber"} and args["start"] == _month(1).isoformat(), args
    assert "$35.10" in total["answer"], total["answer"]


def test_a_follow_up_that_cannot_be_read_against_the_state_is_not_confident(chat_demo, alice, alice_money):
    coffee = _say(alice, "starbucks last month")
    for message in ("the third one", "and the other thing, the one from before?"):
        answer = _say(alice, message, coffee)
        assert not confident(alice, answer), (message, answer["answer"], answer["confidence"])
        assert "search_knowledge_base" not in answer["tools_used"], message

    income = _say(alice, "how much came in last month")
    # a turn read as the same question again changed something the query does not show
    again = _say(alice, "and what about that month then", income)
    assert not confident(alice, again) or _args(again)["direction"] == "out", again["answer"]


def test_a_pointing_turn_after_a_money_answer_is_never_a_knowledge_search(chat_demo, alice, alice_money):
    coffee = _say(alice, "how many times did i go to starbucks last month")
    total = _say(alice, "and what did all of that add up to", coffee)
    assert "search_knowledge_base" not in total["tools_used"]
    assert _args(total)["measure"] == "total" and "$12.00" in total["answer"], total["answer"]
    # a longer turn with a subject of its own is its own question, even with "one" in it
    concept = _say(alice, "which one is better, a roth or a traditional ira?", coffee)
    assert "search_knowledge_base" in concept["tools_used"] and "last answer (" not in concept["answer"], concept


def test_another_users_conversation_state_is_never_used(chat_demo, alice, alice_money, bob, bob_money):
    top = _say(alice, "top 3 categories last month")
    # bob cannot continue alice's conversation, so her ranking cannot become his state
    with pytest.raises(NotFound):
        chat_turn(user=bob, message="the next two", conversation_id=top["conversation_id"])
    # in his own conversation a follow-up has no state to lean on: no ranking of anyone's, not confident
    mine = _say(bob, "the next two")
    assert not any(c["arguments"].get("offset") for c in mine["tool_calls"]), mine["tool_calls"]
    assert not confident(bob, mine), mine["answer"]
    # his own follow-up reads his own last answer
    his = _say(bob, "shopping last month")
    week = _say(bob, "and the month before?", his)
    assert _args(week)["start"] == _month(2).isoformat() and "PAWN" not in week["answer"].upper()


def test_the_account_of_the_words_is_written_in_the_answers_language(chat_demo, alice, alice_money):
    # one sentence per kind of word, through the catalogue: a loose reading in English and in Vietnamese
    english = chat_turn(user=alice, message="how much at starbuks last month")
    assert "_What I looked up:" in english["answer"] and "I read “starbuks” as Starbucks" in english["answer"]
    vietnamese = chat_turn(user=alice, message="tháng trước tôi tiêu bao nhiêu ở starbuks?")
    note = vietnamese["answer"]
    assert "_Tôi đã tra:" in note and "Tôi hiểu “starbuks” là Starbucks" in note, note
    assert "What I looked up" not in note and "I read" not in note, note


def test_a_kind_of_thing_in_a_follow_up_counts_the_same_things(chat_demo, alice, alice_money):
    from tests.statements import csv_bytes
    from transactions.services import transactions_import

    transactions_import(user=alice, file_name="cafe.csv",
                        content=csv_bytes([(_month(1).replace(day=14), "BLUE BOTTLE COFFEE OAKLAND", "-7.50", "Dining")]))
    starbucks = _say(alice, "starbucks last month")
    coffees = _say(alice, "and how many coffees was that", starbucks)
    args = _args(coffees)
    # "coffees" is what was counted (Starbucks'), not every coffee shop: Blue Bottle stays out
    assert args["measure"] == "count" and args["merchants"] == ["Starbucks"], args
    assert "2 purchases" in coffees["answer"] and "Blue Bottle" not in coffees["answer"], coffees["answer"]


def test_the_same_month_in_another_year(chat_demo, alice, alice_money):
    dining = _say(alice, "dining last month")
    year = _say(alice, f"what about the same month in {_month(1).year - 1}", dining)
    assert _args(year)["start"] == _month(13).isoformat() and _args(year)["categories"] == ["Dining"], _args(year)


def test_a_per_unit_figure_the_answer_cannot_give_is_not_confident(chat_demo, alice, alice_money):
    top = _say(alice, "top 3 categories last month")
    weekly = _say(alice, "per week?", top)
    # a ranking has no weekly figure: answered with the ranking, so not "high"
    assert "per week" not in _body(weekly) and not confident(alice, weekly), weekly["answer"]

    income = _say(alice, "how much came in last month")
    biggest = _say(alice, "which was the biggest", income)
    assert "incoming payment" in biggest["answer"] and "$3,200.00" in biggest["answer"], biggest["answer"]


def test_vietnamese_follow_ups_edit_the_same_state(chat_demo, alice, alice_money):
    top = _say(alice, "top 3 categories last month")
    nxt = _say(alice, "hai cái tiếp theo", top)
    assert (_args(nxt)["offset"], _args(nxt)["limit"]) == (3, 2), _args(nxt)
    without = _say(alice, "bỏ tiền nhà ra", _say(alice, "top 3 categories last month"))
    assert without["tool_calls"] and (_args(without).get("exclude_categories")
                                      or _args(without).get("exclude_merchants")), without["tool_calls"]
    income = _say(alice, "how much came in last month")
    out = _say(alice, "còn tiền ra?", income)
    assert _args(out)["direction"] == "out" and "1.672,48" in out["answer"].replace("$1,672.48", "1.672,48"), out


def test_leaving_something_out_of_a_ranking_deletes_nothing(chat_demo, alice, alice_money):
    from transactions.models import Transaction

    before = Transaction.objects.filter(user=alice).count()
    removed = _say(alice, "remove rent", _say(alice, "top 3 categories last month"))
    assert not removed.get("pending_actions") and removed["tools_used"] == ["search_transactions"], removed
    assert "$1,400.00" not in _body(removed) and "Groceries ($114.90" in _body(removed), removed["answer"]
    assert Transaction.objects.filter(user=alice).count() == before
    # naming a transaction is still a request to delete one, for the user to confirm
    asked = _say(alice, "delete the rent payment", removed)
    assert asked["tools_used"] == ["propose_delete_transaction"], asked["tools_used"]


def test_picking_from_a_list_of_purchases_is_that_purchase(chat_demo, alice, alice_money):
    three = _say(alice, "my 3 biggest purchases last month")
    second = _say(alice, "the second one", three)
    args = _args(second)
    assert (args["measure"], args["offset"], args["limit"]) == ("largest", 1, 1), args
    assert "$96.40" in _body(second) and "$1,400.00" not in _body(second), second["answer"]


def test_a_knowledge_answer_in_between_does_not_end_the_state(chat_demo, alice, alice_money):
    top = _say(alice, "top 3 categories last month")
    concept = _say(alice, "what is compound interest?", top)
    assert "search_transactions" not in concept["tools_used"]
    before = _say(alice, "and the month before?", concept)
    args = _args(before)
    assert args["start"] == _month(2).isoformat() and args["limit"] == 3, args
    assert before["answer"].index("Rent") < before["answer"].index("Groceries"), before["answer"]
    # a bare "why?" right after the knowledge answer is about that answer, not the ranking before it
    concept = _say(alice, "what is compound interest?", _say(alice, "top 3 categories last month"))
    why = _say(alice, "why?", concept)
    assert "last answer (" not in why["answer"], why["answer"]


def test_places_of_a_ranking_and_one_period_of_a_comparison(chat_demo, alice, alice_money):
    places = _say(alice, "numbers 4 and 5?", _say(alice, "top 3 categories last month"))
    assert (_args(places)["offset"], _args(places)["limit"]) == (3, 2), _args(places)
    assert "Shopping" in _body(places) and "Transport" in _body(places) and "Rent" not in _body(places)

    both = _say(alice, "dining last month vs the month before")
    one = _say(alice, f"what about only {_month(2):%B}", both)
    args = _args(one)
    assert args["start"] == _month(2).isoformat() and args["categories"] == ["Dining"], args
    assert "$76.00" in one["answer"] and "compare_spending" not in one["tools_used"], one["answer"]


def test_a_language_models_follow_up_is_judged_against_the_same_state(fake_llm, alice, alice_money):
    def turn(month: date) -> list[dict]:
        return [{"tool_calls": [("search_transactions", {"measure": "total", "merchants": ["Starbucks"],
                                                         "period": f"{month:%Y-%m}"})]},
                {"tool_calls": [("respond", {"answer": "You spent $12.00 at Starbucks.", "cited_fact_ids": []})]}]

    # the model answers the follow-up with last month again, then with the month before
    fake_llm(turn(_month(1)) + turn(_month(1)) + turn(_month(2)), retries=0)
    first = chat_turn(user=alice, message="starbucks last month")
    assert first["provider"] == "openai" and confident(alice, first), first["grounding"]
    again = chat_turn(user=alice, message="and the month before?", conversation_id=first["conversation_id"])
    assert not confident(alice, again), again["grounding"]
    right = chat_turn(user=alice, message="and the month before?", conversation_id=first["conversation_id"])
    assert _args(right)["period"] == f"{_month(2):%Y-%m}" and confident(alice, right), right["grounding"]


def test_a_follow_up_asks_for_a_comparison_or_a_breakdown_of_the_same_rows(chat_demo, alice, alice_money):
    dining = _say(alice, "dining last month")
    compared = _say(alice, "compare that with the month before", dining)
    sides = _args(compared)["sides"]
    assert [s["start"] for s in sides] == [_month(1).isoformat(), _month(2).isoformat()], sides
    assert compared["answer"].count("$76.00") >= 2, compared["answer"]

    usual = _say(alice, "is that normal?", _say(alice, "dining last month"))
    assert usual["tools_used"] == ["compare_spending"] and _args(usual)["mode"] == "usual", usual["tool_calls"]

    merchants = _say(alice, "break that down by merchant", _say(alice, "dining last month"))
    args = _args(merchants)
    assert args["measure"] == "top_merchants" and args["categories"] == ["Dining"], args
    assert "The Good Plate" in merchants["answer"] and "Starbucks" in merchants["answer"], merchants["answer"]
