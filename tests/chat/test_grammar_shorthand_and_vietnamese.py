"""Issue 21 kinds 1–3, read by the grammar: "btw" / "btwn" before a span of two is "between", "x+y" is a union,
the asker with their household in Vietnamese ("tụi mình", "bọn tôi", "nhà mình") is the user and no word left
unknown, a count before a ranking noun ("ba danh mục … nhiều nhất", "the four stores I spent most at") is the
ranking's length, and "N tháng gần nhất / vừa rồi / trở lại đây" is the last N months. Parser tests on a small
vocabulary, and chat_turn tests on the chat fixture statement (test_understanding.py: last month has rent
1,400.00, Starbucks 5.75 + 6.25, Amazon 42.99 and 18.50, Whole Foods 96.40, Uber 23.10, Netflix 15.49 and The Good
Plate 64.00)."""
from __future__ import annotations

from datetime import date

import pytest

from chat.services import chat_turn
from tests.chat.conftest import confident
from transactions.query.linking import Vocab
from transactions.query.parse import money_query_parse

TODAY = date(2026, 11, 27)
SHOPS = {"Starbucks": "Dining", "Chipotle": "Dining", "Whole Foods Mkt": "Groceries", "Uber": "Transport",
         "Shell": "Transport", "Chevron": "Transport", "Target": "Shopping", "Amazon": "Shopping",
         "Netflix": "Subscriptions", "Spotify": "Subscriptions", "PG&E": "Utilities", "Comcast": "Utilities",
         "Oakwood Apartments": "Rent", "Planet Fitness": "Health"}
VOCAB = Vocab(merchants=sorted(SHOPS), merchant_category=SHOPS,
              categories={c: "expense" for c in set(SHOPS.values())}, narrative_has=lambda *_a, **_k: False)


def read(question: str):
    return money_query_parse(question, vocab=VOCAB, today=TODAY)


@pytest.mark.parametrize("question, start, end", [
    ("how much did I spend on groceries btw march and may", date(2026, 3, 1), date(2026, 5, 31)),
    ("uber btw june and august?", date(2026, 6, 1), date(2026, 8, 31)),
    ("target btwn feb and april this year", date(2026, 2, 1), date(2026, 4, 30)),
    ("dining b/w the 1st and the 15th of october", date(2026, 10, 1), date(2026, 10, 15)),
])
def test_btw_before_a_span_of_two_is_between(question, start, end):
    q = read(question)
    assert q.measure != "compare" and not q.compare, q.as_dict()
    assert (q.period.start, q.period.end) == (start, end) and not q.ignored, q.as_dict()


def test_btw_as_by_the_way_stays_a_function_word():
    q = read("btw how much on starbucks last month")
    assert q.merchants == ["Starbucks"] and q.period.start == date(2026, 10, 1) and not q.ignored


def test_btwn_amounts_are_bounds():
    q = read("charges btwn $20 and $50 at target this year")
    assert (q.amount_min, q.amount_max) == (20, 50) and q.merchants == ["Target"] and not q.ignored


@pytest.mark.parametrize("question", ["netflix+spotify last yr", "how much for netflix+spotify in 2025"])
def test_names_glued_by_plus_are_a_union(question):
    q = read(question)
    assert sorted(q.merchants) == ["Netflix", "Spotify"] and not q.unknown and not q.ignored, q.as_dict()


@pytest.mark.parametrize("question, subject", [
    ("tụi mình tiêu bao nhiêu cho ăn uống tháng trước", ("categories", ["Dining"])),
    ("bọn mình tốn bao nhiêu cho Uber năm nay", ("merchants", ["Uber"])),
    ("chúng tôi chi bao nhiêu ở Target tháng 10", ("merchants", ["Target"])),
    ("cả nhà đi chợ hết bao nhiêu tháng này", ("categories", ["Groceries"])),
    ("hai vợ chồng mình ăn ngoài bao nhiêu tháng trước", ("categories", ["Dining"])),
    ("tui tiêu bao nhiêu cho Chipotle tuần này", ("merchants", ["Chipotle"])),
])
def test_the_asker_and_their_household_are_the_user(question, subject):
    q = read(question)
    assert getattr(q, subject[0]) == subject[1] and not q.unknown and not q.ignored, q.as_dict()


@pytest.mark.parametrize("question", ["Năm ngoái nhà mình trả tiền điện hết bao nhiêu?",
                                      "trả tiền điện bao nhiêu năm ngoái"])
def test_paying_the_electricity_names_the_electricity(question):
    q = read(question)
    assert q.merchants == ["PG&E"] and not q.unknown and q.period.start == date(2025, 1, 1), q.as_dict()


def test_paying_for_a_shop_is_not_the_market():
    q = read("trả tiền cho Netflix bao nhiêu năm nay")
    assert q.merchants == ["Netflix"] and not q.categories, q.as_dict()


@pytest.mark.parametrize("question, measure, n", [
    ("Ba danh mục chi nhiều nhất năm nay", "top_categories", 3),
    ("năm danh mục tốn tiền nhất năm ngoái", "top_categories", 5),
    ("hai cửa hàng nhà mình tiêu nhiều nhất tháng trước", "top_merchants", 2),
    ("what are my three biggest categories this year", "top_categories", 3),
    ("the four stores I spent most at last month", "top_merchants", 4),
])
def test_a_count_before_a_ranking_noun_is_its_length(question, measure, n):
    q = read(question)
    assert (q.measure, q.limit) == (measure, n) and not q.ignored and not q.unknown, q.as_dict()


@pytest.mark.parametrize("question, months", [
    ("Ba tháng gần nhất mình chi bao nhiêu", 3),
    ("6 tháng gần nhất tụi mình chi bao nhiêu cho ăn ngoài", 6),
    ("năm tháng vừa rồi chi bao nhiêu cho Shell", 5),
    ("3 tháng trở lại đây chi bao nhiêu cho Amazon", 3),
])
def test_the_last_n_months_in_vietnamese(question, months):
    q = read(question)
    assert q.period is not None and q.period.end == TODAY and not q.ignored, q.as_dict()
    assert f"the last {months} months" in q.period.label


def test_two_weeks_just_gone_in_vietnamese():
    q = read("2 tuần vừa rồi mình ăn ngoài hết bao nhiêu tiền vậy?")
    assert q.categories == ["Dining"] and q.period.label == "the last 2 weeks" and not q.ignored


def test_a_monthly_average_over_the_last_six_months_said_after():
    q = read("trung bình mỗi tháng nhà mình tiêu bao nhiêu cho đi chợ? tính 6 tháng gần nhất nha")
    assert (q.measure, q.months, q.categories) == ("monthly_average", 6, ["Groceries"]), q.as_dict()


@pytest.mark.django_db
def test_chat_turn_reads_the_household_as_the_asker(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="tụi mình ăn ngoài hết bao nhiêu tháng trước")
    assert "$76.00" in answer["answer"] and "tui" not in answer["answer"].lower(), answer["answer"]
    assert not answer["understanding"]["not_understood"] and confident(alice, answer)


@pytest.mark.django_db
def test_chat_turn_ranks_three_categories_in_vietnamese(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="Ba danh mục chi nhiều nhất tháng trước")
    text = answer["answer"]
    assert text.index("Tiền nhà") < text.index("Đi chợ") < text.index("Ăn uống"), text
    assert not answer["understanding"]["not_understood"] and confident(alice, answer)


@pytest.mark.parametrize("question", [
    "eating out this year but leave out starbucks, just real meals like chipotle and uber",
    "dining this year without starbucks, mostly chipotle and uber",
])
def test_what_is_kept_after_the_comma_is_not_left_out_too(question):
    q = read(question)
    assert q.exclude_merchants == ["Starbucks"] and "Chipotle" in q.merchants, q.as_dict()
    assert not q.ignored and not q.unknown, q.as_dict()


@pytest.mark.parametrize("question", ["did i fly anywhere in the last 3 months? how much was it",
                                      "how much did we spend flying this year",
                                      "năm nay mình đi máy bay hết bao nhiêu"])
def test_flying_is_the_airline(question):
    vocab = Vocab(merchants=[*VOCAB.merchants, "Delta Air Lines"],
                  merchant_category={**SHOPS, "Delta Air Lines": "Travel"},
                  categories={**VOCAB.categories, "Travel": "expense"}, narrative_has=lambda *_a, **_k: False)
    q = money_query_parse(question, vocab=vocab, today=TODAY)
    assert q.merchants == ["Delta Air Lines"] and not q.unknown and not q.ignored, q.as_dict()


@pytest.mark.parametrize("question, start, end", [
    ("target between feb and april this year", date(2026, 2, 1), date(2026, 4, 30)),
    ("target from february through april last year", date(2025, 2, 1), date(2025, 4, 30)),
    ("dining march to may of last year", date(2025, 3, 1), date(2025, 5, 31)),
])
def test_a_span_of_months_takes_the_year_said_after_it(question, start, end):
    q = read(question)
    assert (q.period.start, q.period.end) == (start, end) and not q.ignored, q.as_dict()


@pytest.mark.parametrize("question, ask", [
    ("which month was highest for groceries this year", "most"),
    ("what was my biggest month for uber in 2025", "most"),
    ("which month did I spend the least on Chipotle this year", "least"),
    ("my cheapest month this year", "least"),
    ("tháng nào năm nay mình chi nhiều nhất cho đi chợ", "most"),
])
def test_which_month_was_highest_ranks_the_months(question, ask):
    q = read(question)
    sides = q.compare["sides"]
    assert q.measure == "compare" and q.compare["ask"] == ask and not q.ignored, q.as_dict()
    year = 2025 if "2025" in question else 2026
    assert sides[0].period.start == date(year, 1, 1) and all(s.period.grain == "month" for s in sides)
    assert len(sides) == (12 if year == 2025 else 11)


def test_the_biggest_purchase_is_no_ranking_of_months():
    q = read("biggest purchase this year")
    assert q.measure == "largest" and not q.compare


@pytest.mark.django_db
def test_chat_turn_names_the_highest_month_and_ranks_the_rest(chat_demo, alice):
    from django.utils import timezone

    from tests.chat.conftest import month_start, statement_csv
    from transactions.services import transactions_import

    today = timezone.localdate()
    big = month_start(today, 2) + __import__("datetime").timedelta(days=14)
    transactions_import(user=alice, file_name="alice.csv", content=statement_csv(
        today=today, extra=[(big, "WHOLE FOODS MARKET #102", "-300.00", "Groceries")]))
    answer = chat_turn(user=alice, message="which month was highest for groceries over the last 3 months?")
    text = answer["answer"]
    assert text.startswith(f"Your highest month for Groceries was {big:%B %Y}: $414.90."), text  # 300 + 96.40 + 18.50
    assert "All months, highest first:" in text and text.count("$114.90") >= 2, text
    assert answer["tool_calls"][0]["name"] == "compare_spending" and confident(alice, answer)


@pytest.mark.parametrize("question", ["what did the delta flight in september cost plus the bag fee",
                                      "delta in september along with the bag fee"])
def test_statement_words_added_to_a_name_never_narrow_it(question):
    vocab = Vocab(merchants=[*VOCAB.merchants, "Delta Air Lines"],
                  merchant_category={**SHOPS, "Delta Air Lines": "Travel"},
                  categories={**VOCAB.categories, "Travel": "expense"},
                  narrative_has=lambda phrase, exact=False: phrase in ("bag fee", "bag", "fee"))
    q = money_query_parse(question, vocab=vocab, today=TODAY)
    assert q.merchants == ["Delta Air Lines"] and not q.text, q.as_dict()  # never the bag fee alone
    assert "bag fee" in q.ignored, q.as_dict()  # said as not understood: the answer is not confident
