"""Vietnamese words the grammar lacked, and shop names said by their first word (issue 21, kinds 1-2), read by the
parser: verbs and count words name nothing ("uống cafe" is coffee, "bao nhiêu chuyến" a count); a Vietnamese
syllable is never a nickname of a merchant; pets, events and hobbies are things nothing is filed under, never a shop
or a total of everything; the kind of shop said before its name leaves the name asked about; a shop's first word
where a shop's name goes ("at whole last month") is that shop, an idiom ("at best", "on the whole") is not. A fixed
`today` (Thursday 26 November 2026)."""
from __future__ import annotations

from datetime import date

import pytest

from transactions.query import Vocab, money_query_parse
from transactions.query.vietnamese import as_written, vi_syllable

TODAY = date(2026, 11, 26)
MERCHANT_CATEGORY = {
    "Starbucks": "Dining", "Blue Bottle Coffee": "Dining", "Chipotle": "Dining", "Whole Foods Mkt": "Groceries",
    "Trader Joe's": "Groceries", "Target": "Shopping", "Best Buy": "Shopping", "Netflix": "Subscriptions",
    "Planet Fitness Club Fees": "Health", "CVS Pharmacy": "Health", "Uber": "Transport", "Shell Oil": "Transport",
}
VOCAB = Vocab(merchants=sorted(MERCHANT_CATEGORY), merchant_category=MERCHANT_CATEGORY,
              categories={c: "expense" for c in [*set(MERCHANT_CATEGORY.values()), "Entertainment"]})


def parse(question: str):
    return money_query_parse(question, vocab=VOCAB, today=TODAY)


def test_a_vietnamese_syllable_has_its_own_shape():
    assert all(vi_syllable(w) for w in ("chup", "nghieng", "thuyen", "meo", "a", "quy"))
    assert not any(vi_syllable(w) for w in ("sbux", "amaz", "starbucks", "best", "whole", "tgt"))


@pytest.mark.parametrize("question", [
    "Tôi tiêu bao nhiêu cho sở thích chụp ảnh?",  # "chụp" shares Chipotle's consonants
    "tien chup hinh nam nay bao nhieu",
    "Tôi tốn bao nhiêu cho tập bơi tháng này?",
])
def test_a_vietnamese_word_is_no_nickname_of_a_merchant(question):
    q = parse(question)
    assert not q.merchants and not q.categories, q.as_dict()
    assert q.unknown or q.ignored, q.as_dict()  # said as not understood, never a total of everything


@pytest.mark.parametrize(("question", "merchants", "measure"), [
    ("Tháng này tôi uống cà phê mấy lần?", ["Blue Bottle Coffee", "Starbucks"], "count"),
    ("uong cafe thang truoc het bao nhieu", ["Blue Bottle Coffee", "Starbucks"], "total"),
    ("Tôi đi Uber bao nhiêu chuyến tháng trước?", ["Uber"], "count"),
    ("mấy cuốc Uber trong tháng 10", ["Uber"], "count"),
    ("Năm nay tôi đã trả cho phòng tập thể dục bao nhiêu?", ["Planet Fitness Club Fees"], "total"),
    ("tôi đã trả Netflix bao nhiêu năm nay", ["Netflix"], "total"),
])
def test_verbs_and_count_words_name_nothing(question, merchants, measure):
    q = parse(question)
    assert sorted(q.merchants) == merchants and q.measure == measure, q.as_dict()
    assert not q.unknown and not q.ignored, q.as_dict()


@pytest.mark.parametrize(("question", "thing"), [
    ("Nuôi con chó tốn bao nhiêu tiền năm nay?", "con chó"),  # "chó" reads like "cho" (for) without its accent
    ("Tôi đã chi bao nhiêu cho bé Mochi tháng này?", "bé Mochi"),  # a pet's own name after its classifier
    ("Đám cưới của chị tôi tốn bao nhiêu?", "đám cưới"),
    ("Tết năm nay tôi chi bao nhiêu?", "tết"),
    ("Chi phí cho chiếc thuyền tháng trước?", "chiếc thuyền"),  # "chi phí" is the cost, not the Fees category
    ("tien hoc dan piano cua con het bao nhieu", "hoc dan piano"),
])
def test_pets_events_and_hobbies_are_things_nothing_is_filed_under(question, thing):
    q = parse(question)
    assert not q.merchants and not q.categories and not q.text, q.as_dict()
    assert [q.said.get(t, t) for t in q.things] == [thing], q.as_dict()


def test_the_kind_of_shop_before_its_name_leaves_the_name_asked_about():
    q = parse("Tôi có chi tiền ở nhà thuốc Long Châu lần nào không?")
    assert not q.categories and not q.merchants, q.as_dict()  # not every pharmacy's Health spending
    assert [q.said.get(u, u) for u in q.unknown] == ["Long Châu"] and not q.things, q.as_dict()
    brand = parse("tôi có trả tiền Grab lần nào không?")
    assert brand.unknown == ["grab"] and not brand.things, brand.as_dict()  # a brand they don't have: no thing


@pytest.mark.parametrize(("question", "measure"), [
    ("khoản chi lớn nhất tháng trước là khoản nào?", "largest"),  # one expense, not the biggest category
    ("Danh mục nào tốn nhiều tiền nhất tháng trước?", "top_categories"),
])
def test_the_biggest_expense_is_not_the_biggest_category(question, measure):
    assert parse(question).measure == measure


def test_which_month_was_biggest_in_vietnamese_is_not_a_total():
    q = parse("Tháng nào tôi tiêu nhiều nhất?")
    # the months ranked side by side (the last twelve when no period is said), never all spending as one total
    assert q.measure == "compare" and q.compare["ask"] == "most" and len(q.compare["sides"]) >= 2, q.as_dict()


def test_a_word_is_quoted_as_the_question_wrote_it():
    assert as_written("con-cho lucky", "Tôi tiêu bao nhiêu cho con chó Lucky?") == "con chó Lucky"
    assert as_written("dam cuoi", "Đám cưới của chị tôi") == "đám cưới"


@pytest.mark.parametrize(("question", "merchant"), [
    ("what did I spend at whole last month", "Whole Foods Mkt"),
    ("how much from trader this month", "Trader Joe's"),
    ("spent at best last month?", "Best Buy"),
    ("how much at chip in october", "Chipotle"),
])
def test_a_shop_said_by_its_first_word_where_a_name_goes_is_that_shop(question, merchant):
    q = parse(question)
    assert q.merchants == [merchant] and q.links[0].how == "prefix", q.as_dict()  # said as a reading


@pytest.mark.parametrize("question", [
    "on the whole how much did I spend last month",
    "I spent 200 at best last month, right?",
    "how much at the whole foods place last month",
])
def test_idioms_are_not_shop_names(question):
    q = parse(question)
    assert "Best Buy" not in q.merchants and (q.merchants in ([], ["Whole Foods Mkt"])), q.as_dict()
    if "whole foods" not in question:
        assert not q.merchants, q.as_dict()


@pytest.mark.parametrize(("question", "merchants"), [
    ("Còn Starbucks tháng trước thì sao?", ["Starbucks"]),  # "còn" (what about) is no classifier
    ("còn cà phê tháng này?", ["Blue Bottle Coffee", "Starbucks"]),
    ("con Uber thang truoc thi sao", ["Uber"]),  # typed without accents: "con" before no animal or kin
])
def test_what_about_is_no_classifier(question, merchants):
    q = parse(question)
    assert sorted(q.merchants) == merchants and not q.unknown and not q.things, q.as_dict()


@pytest.mark.parametrize("opening", ["Goodness.", "Gosh!", "Oh dear,", "Wow."])
def test_an_interjection_opening_the_turn_is_no_thing_asked_about(opening):
    q = parse(f"{opening} How much did I spend at Starbucks last month?")
    assert q.merchants == ["Starbucks"] and not q.unknown and not q.ignored and not q.things, q.as_dict()


@pytest.mark.parametrize(("question", "months"), [
    ("trung bình mỗi tháng 3 tháng gần đây tôi ăn uống hết bao nhiêu", 3),
    ("mỗi tháng 2 tháng vừa qua xài bao nhiêu cho Uber", 2),
    ("tổng chi tháng 4 tháng vừa rồi", 4),
])
def test_a_number_of_months_said_with_recency_is_the_last_months_not_a_month(question, months):
    q = parse(question)
    if q.measure == "monthly_average":  # an average per month over the last N whole months
        assert q.months == months and q.period is None, q.as_dict()
        return
    assert q.period is not None and q.period.end == TODAY, q.period
    assert (q.period.end.year - q.period.start.year) * 12 + q.period.end.month - q.period.start.month == months, q.period


@pytest.mark.parametrize("question", ["2 tuần vừa rồi tiêu bao nhiêu", "chi gì ở Target 2 tuần qua"])
def test_a_number_of_weeks_said_with_recency_is_the_last_weeks(question):
    q = parse(question)
    assert q.period is not None and q.period.end == TODAY and (q.period.end - q.period.start).days == 13, q.period


@pytest.mark.parametrize("question", ["mình xài hết bn tiền tháng trước", "tháng trước tiêu bnhiêu ở Target",
                                      "minh tieu het bn o Starbucks thang truoc"])
def test_bn_is_bao_nhieu(question):
    q = parse(question)
    assert q.measure == "total" and not q.ignored and not q.unknown, q
