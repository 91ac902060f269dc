"""Follow-ups are edits of the conversation state (the last query and what its answer showed), through chat_turn,
on the chat fixture statement (3 months + this one, each month: rent 1400, Whole Foods 96.40, Amazon 42.99 as
Shopping and 18.50 as Groceries, The Good Plate 64.00, Starbucks 5.75 + 6.25, Uber 23.10, Netflix 15.49; salary
3200). Last month's ranking: Rent 1400, Groceries 114.90, Dining 76.00, Shopping 42.99, Transport 23.10,
Subscriptions 15.49 — 1672.48 out in all."""
from __future__ import annotations

from datetime import date

import pytest

from chat.services import chat_turn
from core.errors import NotFound
from tests.chat.conftest import answer_body, confident, last_args, months_back, say

pytestmark = pytest.mark.django_db


def test_a_ranking_follow_up_keeps_the_ranking(chat_demo, alice, alice_money):
    top = say(alice, "top 3 categories last month")
    before = say(alice, "and the month before?", top)
    assert before["answer"].index("Rent") < before["answer"].index("Groceries") < before["answer"].index("Dining")
    assert last_args(before)["start"] == months_back(2).isoformat() and "$1,400.00" in before["answer"], before["answer"]
    assert confident(alice, before)

    without = say(alice, "now leave rent out", say(alice, "top 3 categories last month"))
    args = last_args(without)
    # "rent" is the Rent category or the landlord's name (both the same rows here): either way it is left out
    assert (args.get("exclude_categories") or args.get("exclude_merchants")) and args["limit"] == 3, args
    assert args["measure"] == "top_categories" and args["start"] == months_back(1).isoformat(), args
    body = answer_body(without)
    assert "$1,400.00" not in body and "Groceries ($114.90" in body and "Shopping ($42.99" in body, body
    assert confident(alice, without)


def test_the_items_of_a_ranking_are_state(chat_demo, alice, alice_money):
    top = say(alice, "top 3 categories last month")
    nxt = say(alice, "the next two", top)
    args = last_args(nxt)
    assert (args["offset"], args["limit"]) == (3, 2), args
    assert "Shopping" in answer_body(nxt) and "Transport" in answer_body(nxt) and "Groceries" not in answer_body(nxt), nxt["answer"]

    top = say(alice, "top 3 categories last month")
    biggest = say(alice, "which was the biggest of those", top)
    assert last_args(biggest)["measure"] == "top_categories" and last_args(biggest)["limit"] == 1, last_args(biggest)
    assert "was Rent ($1,400.00" in biggest["answer"], biggest["answer"]

    top = say(alice, "top 3 categories last month")
    together = say(alice, "add them up", top)
    assert set(last_args(together)["categories"]) == {"Rent", "Groceries", "Dining"}
    assert "$1,590.90" in together["answer"], together["answer"]

    top = say(alice, "top 5 categories last month")
    shorter = say(alice, "cut it to 2", top)
    assert last_args(shorter)["limit"] == 2 and "Dining" not in answer_body(shorter), shorter["answer"]


def test_a_total_follow_up_changes_the_measure_over_the_same_rows(chat_demo, alice, alice_money):
    coffee = say(alice, "starbucks last month")
    times = say(alice, "how many times that month", coffee)
    args = last_args(times)
    assert args["measure"] == "count" and args["merchants"] == ["Starbucks"], args
    assert args["start"] == months_back(1).isoformat() and "2 purchases" in times["answer"], times["answer"]

    amazon = say(alice, "amazon last month")
    most = say(alice, "which one cost the most?", amazon)
    assert last_args(most)["measure"] == "largest" and "$42.99" in most["answer"], most["answer"]
    assert confident(alice, most)

    # a superlative with nothing pointing back is a question of its own, over everything
    fresh = say(alice, "what was my biggest purchase last month", say(alice, "amazon last month"))
    assert "merchants" not in last_args(fresh) and "$1,400.00" in fresh["answer"], fresh["answer"]

    weekly = say(alice, "per week?", say(alice, "amazon last month"))
    assert last_args(weekly)["per"] == "week" and "per week" in weekly["answer"] and "days" in weekly["answer"]


def test_the_direction_switches_and_the_period_stays(chat_demo, alice, alice_money):
    income = say(alice, "how much came in last month")
    out = say(alice, "and spend?", income)
    args = last_args(out)
    assert args["direction"] == "out" and args["start"] == months_back(1).isoformat(), args
    assert "$1,672.48" in out["answer"] and confident(alice, out), out["answer"]

    spending = say(alice, "what did i spend in " + months_back(2).strftime("%B"))
    back = say(alice, "and income?", spending)
    assert last_args(back)["direction"] == "in" and "$3,200.00" in back["answer"], back["answer"]
    assert last_args(back)["start"] == months_back(2).isoformat()


def test_a_period_follow_up_on_a_shop_and_on_a_comparison(chat_demo, alice, alice_money):
    uber = say(alice, "uber last month")
    year = say(alice, "same month last year?", uber)
    args = last_args(year)
    assert args["merchants"] == ["Uber"] and args["start"] == months_back(13).isoformat(), args

    both = say(alice, "dining last month vs the month before")
    earlier = say(alice, "just the earlier one", both)
    args = last_args(earlier)
    assert args["categories"] == ["Dining"] and args["start"] == months_back(2).isoformat(), args
    assert "$76.00" in earlier["answer"] and confident(alice, earlier)

    sides = say(alice, "compare starbucks and uber last month")
    total = say(alice, "what do they come to combined?", sides)
    args = last_args(total)
    assert set(args["merchants"]) == {"Starbucks", "Uber"} and args["start"] == months_back(1).isoformat(), args
    assert "$35.10" in total["answer"], total["answer"]


def test_a_follow_up_that_cannot_be_read_against_the_state_is_not_confident(chat_demo, alice, alice_money):
    coffee = say(alice, "starbucks last month")
    for message in ("the third one", "and the other thing, the one from before?"):
        answer = say(alice, message, coffee)
        assert not confident(alice, answer), (message, answer["answer"], answer["confidence"])
        assert "search_knowledge_base" not in answer["tools_used"], message

    income = say(alice, "how much came in last month")
    # a turn read as the same question again changed something the query does not show
    again = say(alice, "and what about that month then", income)
    assert not confident(alice, again) or last_args(again)["direction"] == "out", again["answer"]


def test_a_pointing_turn_after_a_money_answer_is_never_a_knowledge_search(chat_demo, alice, alice_money):
    coffee = say(alice, "how many times did i go to starbucks last month")
    total = say(alice, "and what did all of that add up to", coffee)
    assert "search_knowledge_base" not in total["tools_used"]
    assert last_args(total)["measure"] == "total" and "$12.00" in total["answer"], total["answer"]
    # a longer turn with a subject of its own is its own question, even with "one" in it
    concept = say(alice, "which one is better, a roth or a traditional ira?", coffee)
    assert "search_knowledge_base" in concept["tools_used"] and "last answer (" not in concept["answer"], concept


def test_another_users_conversation_state_is_never_used(chat_demo, alice, alice_money, bob, bob_money):
    top = say(alice, "top 3 categories last month")
    # bob cannot continue alice's conversation, so her ranking cannot become his state
    with pytest.raises(NotFound):
        chat_turn(user=bob, message="the next two", conversation_id=top["conversation_id"])
    # in his own conversation a follow-up has no state to lean on: no ranking of anyone's, not confident
    mine = say(bob, "the next two")
    assert not any(c["arguments"].get("offset") for c in mine["tool_calls"]), mine["tool_calls"]
    assert not confident(bob, mine), mine["answer"]
    # his own follow-up reads his own last answer
    his = say(bob, "shopping last month")
    week = say(bob, "and the month before?", his)
    assert last_args(week)["start"] == months_back(2).isoformat() and "PAWN" not in week["answer"].upper()


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
                        content=csv_bytes([(months_back(1).replace(day=14), "BLUE BOTTLE COFFEE OAKLAND", "-7.50", "Dining")]))
    starbucks = say(alice, "starbucks last month")
    coffees = say(alice, "and how many coffees was that", starbucks)
    args = last_args(coffees)
    # "coffees" is what was counted (Starbucks'), not every coffee shop: Blue Bottle stays out
    assert args["measure"] == "count" and args["merchants"] == ["Starbucks"], args
    assert "2 purchases" in coffees["answer"] and "Blue Bottle" not in coffees["answer"], coffees["answer"]


def test_the_same_month_in_another_year(chat_demo, alice, alice_money):
    dining = say(alice, "dining last month")
    year = say(alice, f"what about the same month in {months_back(1).year - 1}", dining)
    assert last_args(year)["start"] == months_back(13).isoformat() and last_args(year)["categories"] == ["Dining"], last_args(year)


def test_a_per_unit_figure_the_answer_cannot_give_is_not_confident(chat_demo, alice, alice_money):
    top = say(alice, "top 3 categories last month")
    weekly = say(alice, "per week?", top)
    # a ranking has no weekly figure: answered with the ranking, so not "high"
    assert "per week" not in answer_body(weekly) and not confident(alice, weekly), weekly["answer"]

    income = say(alice, "how much came in last month")
    biggest = say(alice, "which was the biggest", income)
    assert "incoming payment" in biggest["answer"] and "$3,200.00" in biggest["answer"], biggest["answer"]


def test_vietnamese_follow_ups_edit_the_same_state(chat_demo, alice, alice_money):
    top = say(alice, "top 3 categories last month")
    nxt = say(alice, "hai cái tiếp theo", top)
    assert (last_args(nxt)["offset"], last_args(nxt)["limit"]) == (3, 2), last_args(nxt)
    without = say(alice, "bỏ tiền nhà ra", say(alice, "top 3 categories last month"))
    assert without["tool_calls"] and (last_args(without).get("exclude_categories")
                                      or last_args(without).get("exclude_merchants")), without["tool_calls"]
    income = say(alice, "how much came in last month")
    out = say(alice, "còn tiền ra?", income)
    assert last_args(out)["direction"] == "out" and "1.672,48" in out["answer"].replace("$1,672.48", "1.672,48"), out


def test_leaving_something_out_of_a_ranking_deletes_nothing(chat_demo, alice, alice_money):
    from transactions.models import Transaction

    before = Transaction.objects.filter(user=alice).count()
    removed = say(alice, "remove rent", say(alice, "top 3 categories last month"))
    assert not removed.get("pending_actions") and removed["tools_used"] == ["search_transactions"], removed
    assert "$1,400.00" not in answer_body(removed) and "Groceries ($114.90" in answer_body(removed), removed["answer"]
    assert Transaction.objects.filter(user=alice).count() == before
    # naming a transaction is still a request to delete one, for the user to confirm
    asked = say(alice, "delete the rent payment", removed)
    assert asked["tools_used"] == ["propose_delete_transaction"], asked["tools_used"]


def test_picking_from_a_list_of_purchases_is_that_purchase(chat_demo, alice, alice_money):
    three = say(alice, "my 3 biggest purchases last month")
    second = say(alice, "the second one", three)
    args = last_args(second)
    assert (args["measure"], args["offset"], args["limit"]) == ("largest", 1, 1), args
    assert "$96.40" in answer_body(second) and "$1,400.00" not in answer_body(second), second["answer"]


def test_a_knowledge_answer_in_between_does_not_end_the_state(chat_demo, alice, alice_money):
    top = say(alice, "top 3 categories last month")
    concept = say(alice, "what is compound interest?", top)
    assert "search_transactions" not in concept["tools_used"]
    before = say(alice, "and the month before?", concept)
    args = last_args(before)
    assert args["start"] == months_back(2).isoformat() and args["limit"] == 3, args
    assert before["answer"].index("Rent") < before["answer"].index("Groceries"), before["answer"]
    # a bare "why?" right after the knowledge answer is about that answer, not the ranking before it
    concept = say(alice, "what is compound interest?", say(alice, "top 3 categories last month"))
    why = say(alice, "why?", concept)
    assert "last answer (" not in why["answer"], why["answer"]


def test_places_of_a_ranking_and_one_period_of_a_comparison(chat_demo, alice, alice_money):
    places = say(alice, "numbers 4 and 5?", say(alice, "top 3 categories last month"))
    assert (last_args(places)["offset"], last_args(places)["limit"]) == (3, 2), last_args(places)
    assert "Shopping" in answer_body(places) and "Transport" in answer_body(places) and "Rent" not in answer_body(places)

    both = say(alice, "dining last month vs the month before")
    one = say(alice, f"what about only {months_back(2):%B}", both)
    args = last_args(one)
    assert args["start"] == months_back(2).isoformat() and args["categories"] == ["Dining"], args
    assert "$76.00" in one["answer"] and "compare_spending" not in one["tools_used"], one["answer"]


def test_a_language_models_follow_up_is_judged_against_the_same_state(fake_llm, alice, alice_money):
    def turn(month: date) -> list[dict]:
        return [{"tool_calls": [("search_transactions", {"measure": "total", "merchants": ["Starbucks"],
                                                         "period": f"{month:%Y-%m}"})]},
                {"tool_calls": [("respond", {"answer": "You spent $12.00 at Starbucks.", "cited_fact_ids": []})]}]

    # the model answers the follow-up with last month again, then with the month before
    fake_llm(turn(months_back(1)) + turn(months_back(1)) + turn(months_back(2)), retries=0)
    first = chat_turn(user=alice, message="starbucks last month")
    assert first["provider"] == "openai" and confident(alice, first), first["grounding"]
    again = chat_turn(user=alice, message="and the month before?", conversation_id=first["conversation_id"])
    assert not confident(alice, again), again["grounding"]
    right = chat_turn(user=alice, message="and the month before?", conversation_id=first["conversation_id"])
    assert last_args(right)["period"] == f"{months_back(2):%Y-%m}" and confident(alice, right), right["grounding"]


def test_a_follow_up_asks_for_a_comparison_or_a_breakdown_of_the_same_rows(chat_demo, alice, alice_money):
    dining = say(alice, "dining last month")
    compared = say(alice, "compare that with the month before", dining)
    sides = last_args(compared)["sides"]
    assert [s["start"] for s in sides] == [months_back(1).isoformat(), months_back(2).isoformat()], sides
    assert compared["answer"].count("$76.00") >= 2, compared["answer"]

    usual = say(alice, "is that normal?", say(alice, "dining last month"))
    assert usual["tools_used"] == ["compare_spending"] and last_args(usual)["mode"] == "usual", usual["tool_calls"]

    merchants = say(alice, "break that down by merchant", say(alice, "dining last month"))
    args = last_args(merchants)
    assert args["measure"] == "top_merchants" and args["categories"] == ["Dining"], args
    assert "The Good Plate" in merchants["answer"] and "Starbucks" in merchants["answer"], merchants["answer"]
