"""The parser's reading of the kinds of words people use (issue 21, kinds 1–3): names cut down, run together or
misspelt are linked to the user's own merchants by general means; measures said in passing ("a month", "in one
go") are measures; periods said casually ("since new years", "last dec", "last weekend", Vietnamese month ranges
and seasons) are periods; "leaving aside X" removes X. A fixed `today` (Thursday 26 November 2026)."""
from __future__ import annotations

from datetime import date

import pytest

from transactions.query import Vocab, money_query_parse
from transactions.query.grammar import normalise
from transactions.query.weekdays import find_weekdays

TODAY = date(2026, 11, 26)
MERCHANT_CATEGORY = {
    "Starbucks": "Dining", "Blue Bottle Coffee": "Dining", "Chipotle": "Dining", "Whole Foods Mkt": "Groceries",
    "Trader Joe's": "Groceries", "Target": "Shopping", "Amazon": "Shopping", "Netflix": "Subscriptions",
    "Planet Fitness Club Fees": "Health", "CVS Pharmacy": "Health", "Oakwood Apartments Rent": "Rent",
}
VOCAB = Vocab(merchants=sorted(MERCHANT_CATEGORY), merchant_category=MERCHANT_CATEGORY,
              categories={c: "expense" for c in set(MERCHANT_CATEGORY.values())})


def parse(question: str):
    return money_query_parse(question, vocab=VOCAB, today=TODAY)


def span(q) -> tuple[str, str]:
    assert q.period is not None, q.as_dict()
    return q.period.start.isoformat(), q.period.end.isoformat()


@pytest.mark.parametrize(("said", "merchant"), [
    ("plnt fitness", "Planet Fitness Club Fees"),  # a word without its vowels beside a whole word
    ("cvs pharm", "CVS Pharmacy"),  # the start of a word
    ("blu bottle", "Blue Bottle Coffee"),
    ("starbs", "Starbucks"),  # a cut-down name with a plural s
    ("wholefds", "Whole Foods Mkt"),  # run together, vowels dropped
    ("blubottle", "Blue Bottle Coffee"),  # run together and misspelt
    ("tgt", "Target"),  # consonants
])
def test_cut_down_names_of_their_merchants_are_linked(said, merchant):
    q = parse(f"how much at {said} last month")
    assert q.merchants == [merchant], q.as_dict()
    assert not q.unknown and not q.ignored
    assert q.links[0].how in ("nickname", "prefix", "spelling")  # said as a reading, never "exact"


def test_everyday_words_are_not_read_as_cut_down_names():
    for word in ("trading", "starts", "shelves"):
        q = parse(f"how much on {word} last month")
        assert not q.merchants, (word, q.as_dict())


def test_a_name_said_as_it_sounds_is_read_loosely_as_that_merchant():
    # "tarjay" sounds like Target (the same consonants, less the last): read as Target, said as a reading
    q = parse("how much did I spend at tarjay last month")
    assert q.merchants == ["Target"] and not q.unknown, q.as_dict()
    assert q.links[0].how == "nickname"


@pytest.mark.parametrize("question", ["netflix a month?", "what does netflix run me per mo",
                                      "how much is the gym each month"])
def test_what_something_costs_a_month_is_the_monthly_figure(question):
    q = parse(question)
    assert q.measure == "monthly_average" and q.months == 3, q.as_dict()


@pytest.mark.parametrize("question", ["how much did I spend a month ago at target", "target in a month",
                                      "target spending month by month"])
def test_a_month_that_is_no_rate_stays_what_it_was(question):
    assert parse(question).measure != "monthly_average"


@pytest.mark.parametrize("question", ["most i've dropped in one go at whole foods",
                                      "most spent in 1 trip to trader joes", "biggest single target charge"])
def test_the_most_in_one_go_is_the_largest_purchase(question):
    q = parse(question)
    assert q.measure == "largest" and q.merchants, q.as_dict()


@pytest.mark.parametrize(("question", "bounds"), [
    ("groceries since new years", ("2026-01-01", "2026-11-26")),
    ("dining since new year's day", ("2026-01-01", "2026-11-26")),
    ("dining last dec", ("2025-12-01", "2025-12-31")),
    ("target from march thru may", ("2026-03-01", "2026-05-31")),
    ("từ tháng 6 đến tháng 8 đi chợ hết bao nhiêu", ("2026-06-01", "2026-08-31")),
    ("tháng 11 đến tháng 2 ăn uống", ("2025-11-01", "2026-02-28")),  # a range over the new year
    ("mùa hè vừa rồi ăn uống hết bao nhiêu", ("2026-06-01", "2026-08-31")),
    ("what did I spend last weekend", ("2026-11-21", "2026-11-22")),
    ("groceries over the weekend", ("2026-11-21", "2026-11-22")),
    ("dining over the winter", ("2025-12-01", "2026-02-28")),
])
def test_periods_said_casually(question, bounds):
    q = parse(question)
    assert span(q) == bounds
    assert not q.ignored and not q.weekdays, q.as_dict()


def test_a_month_abbreviation_alone_is_still_a_word():
    assert parse("I mar the table").period is None


def test_weekends_as_days_and_a_weekend_as_an_event():
    assert parse("spending on weekends").weekdays == [5, 6]
    q = parse("spent on the bachelorette weekend?")
    assert not q.weekdays and q.unknown == ["bachelorette weekend"]
    assert find_weekdays(normalise("my ski weekend"))[0] == []
    assert find_weekdays(normalise("dining on the weekend"))[0] == [5, 6]


@pytest.mark.parametrize("question", ["biggest category last month, leaving aside rent",
                                      "everything in october setting aside the rent", "rent aside, what did I spend"])
def test_leaving_something_aside_removes_it(question):
    q = parse(question)
    assert q.exclude_categories == ["Rent"] and "Rent" not in q.categories, q.as_dict()


@pytest.mark.parametrize("question", ["everything but rent last month", "all but rent this month",
                                      "spending last month less rent", "spending in october excl. rent",
                                      "last month's spending sans rent", "ngoài tiền nhà ra tháng trước chi bao nhiêu"])
def test_more_ways_of_leaving_something_out(question):
    q = parse(question)
    assert q.exclude_categories == ["Rent"] and not q.categories, q.as_dict()


@pytest.mark.parametrize("question", ["I spent less at target last month", "but how much at target last month",
                                      "all purchases but only the ones over 50 at target"])
def test_but_and_less_that_remove_nothing(question):
    q = parse(question)
    assert not q.excludes and q.merchants == ["Target"], q.as_dict()


def test_the_apartment_is_their_rent_and_can_be_left_out():
    q = parse("how much went out other than the apartment last month")
    assert q.exclude_merchants == ["Oakwood Apartments Rent"] and not q.excluded_unknown


def test_vietnamese_amounts_and_unions():
    q = parse("giao dịch trên 3 triệu")
    assert q.amount_min == 3_000_000 and not q.ignored
    both = parse("cả starbucks và chipotle tháng trước")
    assert both.merchants == ["Starbucks", "Chipotle"] and not both.ignored
    assert span(parse("chi tiêu từ đầu năm")) == ("2026-01-01", "2026-11-26")


@pytest.mark.parametrize(("question", "bounds"), [
    ("dining fall '25", ("2025-09-01", "2025-11-30")),
    ("summer 2025 groceries", ("2025-06-01", "2025-08-31")),
    ("groceries this time last year", ("2025-11-01", "2025-11-30")),
])
def test_years_said_short_and_a_year_ago(question, bounds):
    assert span(parse(question)) == bounds


def test_a_figure_for_a_year_covers_the_last_twelve_months():
    for question in ("how much is netflix a year", "netflix yearly cost", "netflix annually"):
        q = parse(question)
        assert span(q) == ("2025-11-27", "2026-11-26") and q.merchants == ["Netflix"], question
    assert parse("how much did I spend on netflix in a year").period is None


def test_more_on_one_than_the_other_is_a_comparison():
    q = parse("more on chipotle than starbucks last month?")
    assert q.measure == "compare" and [s.merchants for s in q.compare["sides"]] == [["Chipotle"], ["Starbucks"]]


def test_a_monthly_adverb_and_the_latest_few():
    assert parse("how much do i pay for netflix monthly").measure == "monthly_average"
    latest = parse("last 3 starbucks purchases")
    assert latest.measure == "list" and latest.limit == 3


def test_an_order_the_query_cannot_keep_is_left_not_understood():
    q = parse("when was my first amazon order")
    assert q.ignored == ["first"] and q.merchants == ["Amazon"]
    assert "first" not in parse("the first 5 purchases").unknown


def test_an_exclusion_ends_where_the_question_goes_on():
    q = parse("except for whole foods how much on groceries")
    assert q.categories == ["Groceries"] and q.exclude_merchants == ["Whole Foods Mkt"] and not q.exclude_categories
    q = parse("other than rent what did I spend last month")
    assert q.exclude_categories == ["Rent"] and span(q) == ("2026-10-01", "2026-10-31")


@pytest.mark.parametrize(("question", "bounds"), [
    ("total spend thru sept", ("2026-01-01", "2026-09-30")),  # was September alone
    ("until june", ("2026-01-01", "2026-06-30")),
    ("before march", ("2026-01-01", "2026-02-28")),
    ("groceries through end of august", ("2026-01-01", "2026-08-31")),
    ("from june through end of sept on amazon", ("2026-06-01", "2026-09-30")),  # a closed range stays one
    ("since labor day", ("2026-09-07", "2026-11-26")),
    ("amazon on black friday", ("2025-11-28", "2025-11-28")),  # the most recent one that has come
    ("dining during xmas", ("2025-12-25", "2025-12-25")),
    ("since easter how much at target", ("2026-04-05", "2026-11-26")),  # Easter moves: 5 April in 2026
    ("from good friday to easter monday", ("2026-04-03", "2026-04-06")),
    ("what did I spend between christmas and new year", ("2025-12-25", "2026-01-01")),  # a bare "new year" ends it
    ("dining on mother's day", ("2026-05-10", "2026-05-10")),  # the second Sunday of May
    ("since boxing day", ("2025-12-26", "2026-11-26")),
])
def test_open_ranges_and_holidays(question, bounds):
    q = parse(question)
    assert span(q) == bounds and not q.ignored, q.as_dict()


def test_the_last_n_weekends_are_a_range_and_weekend_days():
    q = parse("what did I spend the last 2 weekends")  # a Thursday: the weekends of the 21st and of the 14th
    assert span(q) == ("2026-11-14", "2026-11-26") and q.weekdays == [5, 6] and not q.ignored, q.as_dict()
    assert parse("dining the past three weekends").weekdays == [5, 6]


@pytest.mark.parametrize("question", ["how much did I spend on my daughter's wedding this year",
                                      "how much did the kids' braces cost",
                                      # a word in -ing said as what cost money is a thing, not a verb
                                      "what did parking cost me in october"])
def test_a_possessed_thing_nothing_is_called_is_the_subject(question):
    q = parse(question)
    assert q.unknown and not q.ignored, q.as_dict()  # "no transactions for …", never the total of everything


def test_grammar_words_of_unions_comparisons_and_vietnamese_are_accounted_for():
    for question in ("how much on groceries as well as eating out in october",
                     "how does my target spending this year stack up against last year", "tiền vào tháng trước",
                     "restaurants but leave out the delivery apps, last month"):
        q = parse(question)
        assert not q.ignored and not q.excluded_unknown, (question, q.as_dict())
    assert parse("trader j's last month").merchants == ["Trader Joe's"]  # an initial with a possessive s


@pytest.mark.parametrize("question", ["biggest month for dining", "which month did I spend the most"])
def test_a_ranking_of_months_compares_the_months(question):
    q = parse(question)  # the months side by side, ranked: never a total of everything
    assert q.measure == "compare" and q.compare["ask"] == "most" and len(q.compare["sides"]) >= 2, q.as_dict()


def test_a_ranking_of_days_is_said_not_understood():
    assert parse("top spend in a single day").ignored  # no total of everything at high confidence


def test_units_after_a_slash_and_one_off():
    assert parse("how much is netflix/mo").measure == "monthly_average"
    q = parse("largest one-off purchase")
    assert q.measure == "largest" and not q.unknown


@pytest.mark.parametrize(("question", "bounds"), [
    ("tháng mười ăn uống", ("2026-10-01", "2026-10-31")),  # a month by its number word
    ("tháng 10 năm ngoái", ("2025-10-01", "2025-10-31")),  # was the whole of last year
    ("từ đầu tháng đến giờ", ("2026-11-01", "2026-11-26")),  # was all time
    ("3 tháng đầu năm", ("2026-01-01", "2026-03-31")),
    ("nửa cuối năm ngoái", ("2025-07-01", "2025-12-31")),
    ("cuối tuần trước", ("2026-11-21", "2026-11-22")),
    ("từ 1/9 đến 15/9", ("2026-09-01", "2026-09-15")),  # day/month, as Vietnamese write dates
])
def test_vietnamese_periods(question, bounds):
    q = parse(question)
    assert span(q) == bounds and not q.ignored and not q.unknown, q.as_dict()


def test_vietnamese_half_units_of_money():
    assert parse("giao dịch dưới 2 triệu rưỡi").amount_max == 2_500_000


@pytest.mark.parametrize(("said", "merchant"), [("target.com", "Target"), ("whole-foods", "Whole Foods Mkt"),
                                                ("starbies", "Starbucks"), ("wholefoods market", "Whole Foods Mkt")])
def test_web_addresses_hyphens_pet_names_and_store_words(said, merchant):
    q = parse(f"how much at {said} this year")
    assert q.merchants == [merchant] and not q.ignored and not q.unknown, q.as_dict()


def test_a_list_after_an_exclusion_is_all_left_out():
    q = parse("excluding rent, groceries and dining last month")
    assert q.exclude_categories == ["Rent", "Groceries", "Dining"] and not q.categories
    q = parse("excluding rent, what did groceries and dining cost")  # the comma ends it where the question goes on
    assert q.exclude_categories == ["Rent"] and q.categories == ["Groceries", "Dining"]


def test_bills_of_something_nothing_is_called_are_not_utilities():
    q = parse("vet bills this year?")
    assert not q.categories and q.unknown == ["vet"], q.as_dict()  # was the Utilities total
    vocab = Vocab(merchants=VOCAB.merchants, merchant_category=MERCHANT_CATEGORY,
                  categories={**VOCAB.categories, "Utilities": "expense"})
    # "bills" are their fixed costs (rent, utilities…), told apart from subscriptions as everywhere in Moneta
    for question, wanted in (("rent and bills last month", ["Rent", "Utilities"]),
                             ("my bills this year", ["Rent", "Utilities"]),
                             ("vet bills this year?", [])):
        assert money_query_parse(question, vocab=vocab, today=TODAY).categories == wanted, question


def parse_with_bills(question: str):
    vocab = Vocab(merchants=VOCAB.merchants, merchant_category=VOCAB.merchant_category,
                  categories={**VOCAB.categories, "Utilities": "expense"})
    return money_query_parse(question, vocab=vocab, today=TODAY)


def test_a_list_left_out_goes_on_past_a_comma_or_inside_brackets():
    # the list ended the question before; followed by a period after a comma, only its first name was left out and
    # the rest became the subject (the average of utilities and subscriptions, at high confidence)
    q = parse_with_bills("average per month for everything besides rent, utilities and subscriptions, last 6 months")
    assert q.exclude_categories == ["Rent", "Utilities", "Subscriptions"] and not q.categories, q.as_dict()
    q = parse_with_bills("monthly average apart from the fixed stuff (rent, utilities and subscriptions) over the past 6 months")
    assert {"Rent", "Utilities", "Subscriptions"} <= set(q.exclude_categories) and not q.categories, q.as_dict()
    q = parse_with_bills("excluding rent, what did groceries and dining cost")  # the comma still ends it where a question goes on
    assert q.exclude_categories == ["Rent"] and q.categories == ["Groceries", "Dining"]


@pytest.mark.parametrize("question", ["tiền ăn ở ngoài tháng này hết bao nhiêu", "tien an o ngoai thang nay het bao nhieu"])
def test_eating_outside_in_vietnamese_is_dining_not_apart_from(question):
    # "ở ngoài" (outside) was read as "ngoài" (apart from): the answer was all spending this month, at high confidence
    q = parse(question)
    assert q.categories == ["Dining"] and not q.exclude_categories and not q.exclude_merchants, q.as_dict()


def test_a_weekday_never_stands_in_for_a_thing_they_have_no_name_for():
    q = parse("how much has my knitting cost this year, the yarn and the Thursday lessons")
    assert q.unknown == ["knitting"] and not q.weekdays, q.as_dict()  # not every Thursday's spending
    assert parse("dining on thursdays this year").weekdays == [3]  # a weekday beside a subject still narrows it


@pytest.mark.parametrize(("said", "read"), [
    ("what am i paying 4 spotify", "paying for spotify"), ("same 4 october", "same for october"),
    ("how much 4 gas last month", "much for gas"), ("a budget of 250 4 dining", "250 for dining"),
])
def test_a_lone_4_after_a_money_word_or_an_amount_is_for(said, read):
    assert read in normalise(said)


@pytest.mark.parametrize("said", ["i spent 4 days in denver", "top 4 categories", "on 4 october",
                                  "how much did i pay 4 times at chipotle", "spent 4 of the last 6 weekends out"])
def test_a_4_that_counts_or_dates_stays_a_number(said):
    assert " 4 " in f" {normalise(said)} "


@pytest.mark.parametrize("said", ["the last six complete months", "the past 3 entire months", "the last two whole months"])
def test_complete_entire_or_whole_months_are_full_months(said):
    assert "full months" in normalise(said)


@pytest.mark.parametrize(("said", "read"), [("spent at h-e-b", "at heb"), ("the c-v-s run", "the cvs run"),
                                            ("best-buy stuff", "best buy stuff"), ("my x-ray bill", "x ray")])
def test_single_letters_joined_by_hyphens_are_one_initialism(said, read):
    assert read in normalise(said)


@pytest.mark.parametrize("question", ["how much business spending did I have in Q3", "business expenses last month"])
def test_business_said_of_spending_is_a_thing_not_a_filler(question):
    q = parse(question)
    assert q.unknown == ["business"], q.as_dict()  # "nothing is about business", never all the spending at 0.95


def test_which_business_ranks_merchants():
    assert parse("which business did I spend the most at this year").measure == "top_merchants"


def test_the_holiday_month_is_a_time_not_travel():
    vocab = Vocab(merchants=VOCAB.merchants, merchant_category=VOCAB.merchant_category,
                  categories={**VOCAB.categories, "Travel": "expense"})
    q = money_query_parse("what did december cost me? the holiday month", vocab=vocab, today=TODAY)
    assert not q.categories and not q.unknown, q.as_dict()  # was: Travel in December ($0 at 0.95)
    assert money_query_parse("how much on holiday this year", vocab=vocab, today=TODAY).categories == ["Travel"]
