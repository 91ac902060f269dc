"""Follow-ups as edits of the conversation state. The state is the last answer's structured query and what its
result showed (`result_shown`: the ranked or listed items, the periods compared, the figure, the ranking window).
A short turn that leans on it is read as one edit by general grammar, and the edited query runs through the same
engine as any question:

- its items: "list them", "the two after that", "just the first one", "the biggest of those", "add them up";
- its ranking window: "make it 5", "cut it to 3", "the next two";
- its periods: "same months last year", "the one before that", "just the earlier one";
- its direction: "and what went out?" after money in, "and income?" after spending (the period kept);
- its measure over the same rows: "which one cost the most?" after a total or a list.

Every edit says which words it used; words left over that could change the answer are the turn's `ignored`
words, so the answer's confidence is computed from what was understood (chat/grounding.py), never a constant.
Periods, names, exclusions and per-unit figures said in a follow-up are read by the parser (parse.py), which
applies a turn's period to the last one through `period_edit`. What an answer showed, and the checks on a
follow-up, are in state.py. The edits of a ranking's window are in followups_ranking.py, those of its periods in
followups_periods.py, what they share in followups_base.py.
"""
from __future__ import annotations

import re
from datetime import date
from decimal import Decimal

from transactions.query.amounts import find_amounts
from transactions.query.followups_base import (
    COUNT,
    HOW_MANY_THAT_RE,
    IN_WORDS_RE,
    RANKINGS,
    ROWS,
    TWO_TO_TEN,
    VI_COUNT,
    WHOLE_SET_RE,
    Edit,
    _leftover,
    _n,
    _State,
)
from transactions.query.followups_currency import in_currency
from transactions.query.followups_exclusions import _exclusion_corrected
from transactions.query.followups_figures import (
    PER_UNIT_RE,
    PER_WORDS,
    _difference_or_share,
    _figure_against,
    _per_unit,
    _typical_month,
    _which_more,
    _without_biggest,
)
from transactions.query.followups_groups import _biggest_group
from transactions.query.followups_included import _included_asked
from transactions.query.followups_lastset import BIG_RE, _average_months, _average_over_months, _set_measure
from transactions.query.followups_months import MONTHS_ADDED_RE, _by_month, _months_added, _one_more_added_up
from transactions.query.followups_nth import HASH_RE, ORDINAL, PICK_RE, _pick  # noqa: F401 (chat/listings reads PICK_RE)
from transactions.query.followups_occasion import _latest_occasion
from transactions.query.followups_parts import (
    _again,
    _by_unit,
    _measure_again,
    _next_units,
    _of_the_one,
    _other,
    _part_of,
    _that_one,
)
from transactions.query.followups_periods import (
    SERIES_RE,
    _against_usual,
    _before_that,
    _day_range,
    _in_bigger_one,
    _narrow_to_period,
    _pick_period,
    _same_for,
    _same_period_another_year,
    _since_then,
    _widen,
    widened,
)
from transactions.query.followups_ranking import _length, _next, _rank_numbers, _skip
from transactions.query.followups_subject import (
    _both_again,
    _check_back,
    _includes_without,
    _overall,
    _row_before,
    _to_period,
    _what_it_cost,
)
from transactions.query.followups_versus import _one_more_period, _period_and_more, _same_days_in
from transactions.query.grammar import find_measure
from transactions.query.lexicon import UNIT_NOUN_RE
from transactions.query.model import MoneyQuery
from transactions.query.periods import find_periods
from transactions.query.state import contiguous, period_edit

LIST_THEM_RE = re.compile(r"^\s*(?:(?:ok(?:ay)?|and|now|so|then|please|pls|also)[,\s]+)*(?:(?:can|could|would|will) you"
                          r"(?:\s+please)?\s+|please\s+|i(?:'d| would) like to\s+|let me\s+)?(?:list|show|see|display|give|"
                          r"itemi[sz]e|break out)(?:\s+me)?\s+(?:them|those|these|all of them|each one|(?:all\s+)?(?:the|those|these|"
                          r"each|every)(?:\s+(?:individual|separate|single|actual|underlying))?\s+(?:transactions|purchases|"
                          r"charges|payments|rows|ones|entries|items|orders))\b|^\s*(?:(?:wait|hmm+|um+|uh+|sorry|ok(?:ay)?|so|and|but|"
                          r"oh)[,\s]+)*(?:which|what) (?:ones|were they|are they|transactions)\b"
                          r"|\bwhat were (?:they|those)\b|\bliet ke\b")
BY_RE = re.compile(r"\b(?:break|split|broken|split up)\b.{0,20}\b(?:by|per|into)\s+(merchants?|stores?|shops?|places?|payees?|"
                   r"categor(?:y|ies))\b|^\s*(?:and\s+)?(?:by|per)\s+(merchants?|stores?|shops?|places?|payees?|"
                   r"categor(?:y|ies))\s*\??\s*$")
# "for the second one", "of the first category": one of the ranked items a list is asked of
ONE_OF_RE = re.compile(r"\b(?:for|of|from|in|at|on)\s+(?:the\s+)?(?P<which>first|top|second|third|last|1st|2nd|3rd)"
                       r"(?:\s+(?:one|merchant|category|place|store|item))?\b")
ADD_UP_RE = re.compile(r"\badd (?:them|those|these|it|that|both)(?: two| three| all| both)? (?:up|together)\b"
                       # "add those 3 up", "add all three together", "add up all three", "the sum of those"
                       rf"|\badd (?:all (?:of )?)?(?:them|those|these|both|the (?:top )?(?:{COUNT})|"
                       rf"(?:{COUNT})(?: of (?:them|those|these))?)(?: (?:{COUNT}|all|both))? (?:up|together)\b"
                       rf"|\badd up (?:all (?:of )?)?(?:them|those|these|both|(?:the (?:top )?|all )?(?:{COUNT}))\b"
                       rf"|\b(?:the )?sum of (?:them|those|these|both|the (?:top )?(?:{COUNT}))\b"
                       r"|\bwhat(?:'?s| is) the sum\b"
                       r"|\b(?:them|those|these|both)(?: (?:months|weeks|periods|ones|two|three|four))? (?:combined|"
                       r"together|added up|summed(?: up)?|in total)\b"
                       r"|\btotal (?:of|for) (?:them|those|these|both)\b|\btotal (?:them|those|these|it|that) up\b"
                       # "the total for the 3 of them", "all five of those together"
                       rf"|\btotal (?:of|for) (?:the|all)\s+(?:{COUNT})\s+of (?:them|those|these)\b"
                       rf"|\b(?:all|the)\s+(?:{COUNT})\s+of (?:them|those|these)\s+(?:together|"
                       r"combined|in total)\b"
                       r"|\btotal (?:them|those|these)\b|\bsum (?:them|those|these|it)(?: up)?\b"
                       r"|\b(?:what|how much) (?:do|does|did) (?:all (?:of )?)?(?:they|those|these|both|that|it|the two)"
                       r"(?:\s+(?:visits?|trips?|orders?|purchases?|charges?|payments?|bills?|rides?|runs?|ones?|"
                       r"transactions?))? (?:come|add up|amount) to\b|\b(?:adds?|added) up to\b|\bcome to (?:together|combined|in total)\b"
                       r"|\b(?:they|those|these|the two|both|them)\b.{0,30}\b(?:combined|together|altogether|in total)\b"
                       r"|^\s*(?:(?:and|ok|okay|k|so|now|then|right)[\s,]+)*(?:combined|together|altogether|in total|sum(?: them| it)?(?: up)?)"
                       r"\s*\??\s*$"
                       r"|\bhow much (?:is that|are they|were they) (?:together|combined|in total)\b"
                       # "cộng hai chỗ lại", "gộp hai khoản lại", "cộng dồn": the two (or all) of them added up
                       r"|\b(?:cong|gop) (?:(?:ca|tat ca)\s+)?(?:hai|ba|chung|lai)?\s*(?:cai|khoan|muc|cho|thu|mon|ben|so|con so)?"
                       r"\s*(?:lai|chung)\b|\bcong don\b|\btong (?:ca|cong) (?:hai|ba)\b")
# "together with groceries", "combined with Target": a name joins the set, it is no sum of the last answer alone
WITH_MORE_RE = re.compile(r"\b(?:together|combined|along|lumped|lump(?:ed)? (?:them|those|it|that))\s+with\b")
# words that say two sets are meant ("both together", "the two combined"): after a total, then a count of a part of
# it ("dining" → "how many of those were Uber Eats" → "what did those orders add up to"), "those" is the part alone
BOTH_RE = re.compile(r"\b(?:both|two|together|combined|all (?:of )?(?:them|those)|ca hai|hai (?:cai|khoan|ben))\b")
# "the #2 one - vs last month?", "the top one versus September": a comparison said beside an edit that builds none
VERSUS_RE = re.compile(r"\b(?:vs\.?|versus|compared (?:to|with))(?!\w)")
INCLUDE_RE = re.compile(r"\b(?:does|did|do|is|was) (?:that|it|this|those) includ(?:e|ing)\b")
# "the top two", "the first 3", "the last two": some of a ranking's places
SOME_ITEMS_RE = re.compile(rf"\b(?:the\s+)?(?P<end>top|first|last|bottom)\s+(?P<n>\d{{1,2}}|{TWO_TO_TEN})\b"
                           r"(?!\s+(?:months?|weeks?|days?|years?|quarters?))")
# "hai cái cộng lại", "cộng ba khoản đầu lại": a count of the listed items said in Vietnamese — the first that many
VI_SOME_ITEMS_RE = re.compile(rf"\b(?P<n>{VI_COUNT})\s+(?:cai|khoan|muc|cho|thu|mon|ben|danh muc|cua hang|noi)"
                              r"(?:\s+(?P<end>dau|dau tien|cuoi|cuoi cung))?\b")
# "all three of those months", "the two periods": what "add them up" adds, no filter
THOSE_UNITS_RE = re.compile(rf"\b(?:all\s+)?(?:(?:{COUNT})\s+)?(?:of\s+)?(?:those|these|the)\s+(?:(?:{COUNT})\s+)?"
                            r"(?:months|weeks|periods)\b")
# a superlative ("which one cost the most?"): one grammar, the last set's (followups_lastset); chat/listings.py reads it
SUPERLATIVE_RE = BIG_RE
# money going the other way than the last answer's ("and what went out?" after an income answer)
OUT_WORDS_RE = re.compile(r"\b(?:spen[dt]|spending|outgoings?|outflows?|money out|went out|go(?:es)? out|going out|"
                          r"paid out|expenses?|expenditures?|left (?:my|the|our) (?:accounts?|bank|wallet|pockets?)|"
                          r"chi tieu|tieu|tien ra|chi ra)\b")
# words that say all of it went out, nothing left out: "everything", "rent included", "including rent"
WHOLE_OUT_RE = re.compile(r"\b(?:everything|every ?thing|all of it|all in|in total|total|altogether)\b"
                          r"|\b[a-z&']+\s+included\b|\bincluding\s+[a-z&']+\b")



def _list_them(text: str, s: _State) -> Edit:
    m = LIST_THEM_RE.search(text)
    if not m:
        return None
    q = s.query()
    spans = [m.span()]
    if s.previous.measure in RANKINGS and s.items:
        items = s.items
        one = ONE_OF_RE.search(text)
        if one is not None:  # "list the transactions for the second one": that item's
            which = ORDINAL.get(one.group("which"), None)
            if which is None or not -len(items) <= which < len(items):
                return None
            items, spans = [items[which]], [*spans, one.span()]
        q.merchants, q.categories = (items, []) if s.kind == "merchant" else ([], items)
    q.measure, q.limit, q.offset, q.per = "list", None, 0, None  # the rows, not "per week" of the figure before
    return q, spans




def _broken_down(text: str, s: _State) -> Edit:
    """"break that down by merchant" after a total: the same rows ranked by merchant (or category)."""
    m = BY_RE.search(text)
    if not m or s.previous.compare or s.previous.measure not in ("total", "count", "list", "average"):
        return None
    q = s.query()
    q.measure = "top_categories" if (m.group(1) or m.group(2)).startswith("categor") else "top_merchants"
    q.limit, q.offset, q.per = 5, 0, None
    return q, [m.span()]




def _direction(text: str, s: _State) -> Edit:
    """Money the other way over the same period: "and what went out?" after an income answer, "and income?" after
    spending. The names of the last answer belong to its direction (a payroll, a shop) and are dropped."""
    prev = s.previous
    if prev.compare:
        return None
    was_in = prev.measure in ("income", "net") or prev.direction == "in"
    out, came_in = OUT_WORDS_RE.search(text), IN_WORDS_RE.search(text)
    measure, measure_span = find_measure(text)
    q = s.query()
    q.merchants, q.categories, q.text, q.links = [], [], [], []
    q.exclude_merchants, q.exclude_categories, q.exclude_text = [], [], []
    q.offset, q.per = 0, None
    if was_in and out and not came_in:
        q.measure = measure if measure in ("count", "average", "largest", "smallest", "list", *RANKINGS) else "total"
        q.direction, q.limit = "out", q.limit if q.measure in RANKINGS else None
        # "(everything, rent included)": all that went out, which the edit already is
        whole = [w.span() for w in WHOLE_OUT_RE.finditer(text)]
        return q, [out.span(), *([measure_span] if measure_span else []), *whole]
    if not was_in and prev.measure in (*ROWS, *RANKINGS) and came_in and not out:
        q.measure, q.direction, q.limit = "income", "in", None
        return q, [came_in.span(), *([measure_span] if measure_span else [])]
    return None




# "when was the first trip?", "the most recent visit", "how much was the last one?", "lần đầu tiên": one occasion of
# the rows the last answer added up, by date
ONE_TIME_RE = re.compile(r"\b(?:the|my|our|that)\s+(?P<which>first|earliest|very first|last|latest|most recent|final)"
                         r"(?:\s+(?:one\b|(?P<noun>time|trip|visit|purchase|order|charge|payment|transaction|ride|meal|"
                         r"run|stop|shop|delivery|bill)s?\b))?(?!\s+(?:of|half|months?|weeks?|years?|days?|quarters?|\d|"
                         r"two|three|few)\b)"
                         r"|\b(?:lan|giao dich|chuyen) (?P<vi>dau tien|gan nhat|cuoi cung|moi nhat)\b")
RANKED = ("top_merchants", "top_categories", "summary", "largest", "smallest")
ORDER_SAID_RE = re.compile(r"\b(?:chronologically|by date|date-?wise|in time|time-?wise|earliest|oldest|latest|newest|"
                           r"most recent|(?:the )?(?:very )?first|(?:the )?last)\b")


def _one_time(text: str, s: _State) -> Edit:
    """"when was the first trip?" after a total over several merchants or rows: the earliest of those transactions by
    date ("the last one", "the most recent visit": the latest) — never the first merchant named. After a ranking,
    "the first one" is its first item (`_pick`)."""
    m = ONE_TIME_RE.search(text)
    count = s.shown.get("count")
    if not m or s.previous.compare or s.previous.measure in RANKED or s.items and s.kind != "merchant" or \
            (s.previous.measure not in ("total", "count", "average", "list", "income")) or not isinstance(count, int) \
            or count < 1 or re.search(r"\bhow many\b|\b(?:in )?total\b|\bper\b", text):
        return None
    if s.previous.measure == "list" and s.previous.limit == 1:
        return None  # "my latest order" → "and the one before that?" (followups_periods)
    if not m.group("noun") and 2 <= len(s.months) <= 3:
        return None  # "the total for dining in May and June" → "just the first one": May (`_pick`)
    earliest = (m.group("which") or "") in ("first", "earliest", "very first") or m.group("vi") == "dau tien"
    q = s.query()
    q.measure, q.limit, q.offset, q.per, q.months, q.group_by = "list", 1, count - 1 if earliest else 0, None, None, None
    # "the first one (chronologically, the earliest)": the order said again, no filter
    spans = [m.span(), *(n.span() for n in UNIT_NOUN_RE.finditer(text)), *(o.span() for o in ORDER_SAID_RE.finditer(text))]
    asked = re.search(r"\b(?:when|what day|which day|what date|how much|what did (?:it|that|i)|was it|did it cost)\b",
                      text)
    return q, [*spans, *([asked.span()] if asked else [])]


def _how_many_that(text: str, s: _State) -> Edit:
    """"how many lunches was that" after a total: the count of the same rows, over the same period."""
    m = HOW_MANY_THAT_RE.search(text)
    whole = WHOLE_SET_RE.search(text)
    rows = ("total", "average", "monthly_average", "list", *(("largest", "smallest") if whole else ()))
    if not m or s.previous.compare or s.previous.measure not in rows:
        return None  # after the biggest purchase, "how many purchases was that overall": all the rows it was among
    q = s.query()
    q.measure, q.limit, q.offset, q.per, q.months = "count", None, 0, None, None
    spans = [m.span(), *([whole.span()] if whole else [])]
    if per := PER_UNIT_RE.search(text):  # "how many orders was that per month": the count spread per month
        unit = per.group(1) or per.group(2) or per.group(3)
        q.per = PER_WORDS.get(unit, unit)
        return q, [*spans, per.span()]
    return q, spans


def _add_up(text: str, s: _State) -> Edit:
    """"add them up": the items listed, the sides or (following) periods compared, the two last answers' names,
    or the rows the last answer was about, as one total."""
    m = ADD_UP_RE.search(text) or MONTHS_ADDED_RE.search(text)  # "cộng cả 3 tháng lại" after two months compared
    if not m or WITH_MORE_RE.search(text) or INCLUDE_RE.search(text):
        # "put those together with groceries", "does that include Uber Eats? both together": groceries (Uber Eats)
        # added to them (followups_merge._united)
        return None
    prev, earlier, q, spans = s.previous, s.earlier, s.query(), [m.span(), *(w.span() for w in
                                                                             THOSE_UNITS_RE.finditer(text))]
    q.measure, q.offset, q.limit, q.per = "total", 0, None, None
    if s.items and prev.measure in RANKINGS:
        items = s.items
        if some := SOME_ITEMS_RE.search(text):  # "add up the top two": those places, not every one shown
            n = _n(some.group("n"), 0)
            if not 1 <= n <= len(items):
                return None
            items = items[-n:] if some.group("end") in ("last", "bottom") else items[:n]
            spans.append(some.span())
        elif some := VI_SOME_ITEMS_RE.search(text):  # "hai cái cộng lại" after three: the first two shown
            n = _n(some.group("n"), 0)
            if not 1 <= n <= len(items):
                return None
            items = items[-n:] if some.group("end") in ("cuoi", "cuoi cung") else items[:n]
            spans.append(some.span())
        q.merchants, q.categories = (items, []) if s.kind == "merchant" else ([], items)
        return q, spans
    if s.mode == "sides":
        q.merchants = list(dict.fromkeys(m for side in s.sides for m in side.merchants))
        q.categories = list(dict.fromkeys(c for side in s.sides for c in side.categories))
        q.text = list(dict.fromkeys(t for side in s.sides for t in side.text))
        periods = {(side.period.start, side.period.end): side.period for side in s.sides if side.period}
        if q.period is None and len(periods) == 1:
            q.period = next(iter(periods.values()))  # the sides' own period ("Shell vs Chevron this year")
        q.compare = None
        return q, spans
    if s.mode == "periods":
        months = list(s.periods)
        said = re.search(rf"\b({COUNT})\s+(?:of\s+)?(?:those|these|the)?\s*months\b|\b({VI_COUNT})\s+thang\b", text)
        if said and _n(said.group(1) or said.group(2), 0) > len(months) and earlier is not None and earlier.period \
                and not earlier.compare and (earlier.merchants, earlier.categories, earlier.text) == \
                (prev.merchants, prev.categories, prev.text):
            # "dining in August" → "the two months after that?" (side by side) → "all three of those months added
            # up": the month asked first and the two after it
            months = [earlier.period, *months]
        whole = contiguous(months)
        if whole is None:
            return None  # months with a gap between them are not one period: ask rather than add the gap
        q.compare, q.period = None, whole
        return q, spans
    names = (prev.merchants, prev.categories, prev.text)
    averaged = prev.measure == earlier.measure and prev.measure in ("monthly_average", "average") \
        and prev.months == earlier.months if earlier is not None else False
    if earlier is not None and not prev.compare and not earlier.compare \
            and (averaged or (prev.measure in ("total", "count") and earlier.measure in ("total", "count")
                              and (prev.measure == earlier.measure or BOTH_RE.search(text)))) \
            and (earlier.merchants or earlier.categories or earlier.text) and any(names) \
            and (earlier.period == prev.period or earlier.period is None or prev.period is None) \
            and (earlier.merchants, earlier.categories, earlier.text) != names:
        # two answers in a row about different names: the two together, over the period they share ("dining a
        # month on average" → "and groceries" → "both together": the two names' average)
        q.measure = prev.measure if averaged else q.measure
        q.merchants = list(dict.fromkeys(earlier.merchants + prev.merchants))
        q.categories = list(dict.fromkeys(earlier.categories + prev.categories))
        q.text = list(dict.fromkeys(earlier.text + prev.text))
        q.links = [*earlier.links, *prev.links]
        # what only one of the two left out stays out of that one's figure, not of the other's ("Uber Eats" →
        # "regular Uber, not the food one" → "add them up": Uber Eats is food, and counted)
        q.exclude_merchants = [n for n in prev.exclude_merchants if n in earlier.exclude_merchants]
        q.exclude_categories = [n for n in prev.exclude_categories if n in earlier.exclude_categories]
        q.exclude_text = [n for n in prev.exclude_text if n in earlier.exclude_text]
        return q, spans
    if earlier is not None and earlier.period and prev.period and not prev.compare \
            and (earlier.merchants, earlier.categories, earlier.text) == names \
            and prev.measure == earlier.measure == "total":
        # "groceries in August" → "and the month before that" → "add those two up": both periods
        whole = contiguous([earlier.period, prev.period])
        if whole is not None:
            q.period = whole
            return q, spans
    rows_shown = [r for r in s.shown.get("rows") or [] if r.get("amount") is not None]
    if prev.measure in ("largest", "smallest") and ((prev.limit or 1) > 1 or prev.limit is None and len(rows_shown) > 1):
        # "my 3 biggest purchases" → "add those up": exactly the rows shown, by their amounts (the shown rows are
        # the biggest ones, so every row from the smallest of them up; a window further down is bounded both ways)
        amounts = [abs(Decimal(str(r["amount"]))) for r in s.shown.get("rows") or [] if r.get("amount") is not None]
        if len(amounts) != (prev.limit or len(rows_shown)):
            return None  # not every row shown is in the state: ask rather than add other rows
        big = prev.measure == "largest"
        q.amount_min = min(amounts) if big or prev.offset else q.amount_min
        q.amount_max = max(amounts) if not big or prev.offset else q.amount_max
        return q, spans
    if not prev.compare and prev.measure in ("total", "list", "largest", "smallest", "count", "average"):
        return q, spans  # the transactions the last answer was about, added up: the total of the same question
    return None


def _widen_alone(text: str, s: _State) -> Edit:
    """"the total for the year" after a month: the year around it — but "both together for the year" after Shell
    and then Chevron adds the two up first (`_add_up`, which widens their period as it is asked)."""
    return None if ADD_UP_RE.search(text) else _widen(text, s)


# in this order: the first edit whose grammar the turn fits, and that the state allows, is the reading
EDITS = (_exclusion_corrected, in_currency, _figure_against, _check_back, _both_again, _average_months, _overall, _biggest_group,
         _includes_without, _included_asked, _months_added,
         _one_more_added_up, _list_them, _average_over_months, _typical_month, _skip, _next_units, _next, _rank_numbers, _part_of, _day_range, _narrow_to_period,
         _length, _same_days_in, _period_and_more, _one_more_period, _same_period_another_year, _row_before, _before_that, _to_period, _since_then, _same_for, _widen_alone, _against_usual, _broken_down,
         _direction, _pick_period, _in_bigger_one, _without_biggest, _which_more, _difference_or_share, _that_one, _other, _of_the_one,
         _latest_occasion, _one_time, _pick, _how_many_that, _set_measure, _what_it_cost, _add_up, _by_unit, _by_month,
         _per_unit,
         _again, _measure_again)
# edits that take further edits said with them ("same month last year, rent excluded, what was the total?": the
# period moved, then what the parser reads in the rest of the turn applied to that)
COMPOSABLE = (_months_added, _next_units, _part_of, _day_range, _narrow_to_period, _same_days_in, _same_period_another_year,
              _before_that,
              _since_then, _same_for, _widen_alone,
              _pick_period, _without_biggest, _per_unit, _add_up, _list_them, _pick, _typical_month, _how_many_that, _again,
              _set_measure, _includes_without, _what_it_cost, _biggest_group)
# a period said with them applies
TAKES_PERIOD = (_list_them, _pick, _skip, _next, _length, _direction, _how_many_that, _add_up, _per_unit, _without_biggest,
                _measure_again, _set_measure, _what_it_cost, _biggest_group)


def _other_way_unread(text: str, spans: list[tuple[int, int]], q: MoneyQuery) -> bool:
    """Does the turn say money going the other way than the edited query, in words the edit did not read ("what came
    in the same month last year?" after spending)? Then the edit is only part of the turn: the parser reads the
    rest (its measure) over the edited query."""
    was_in = q.measure in ("income", "net") or q.direction == "in"
    if q.measure == "net" or q.compare:
        return False
    other = OUT_WORDS_RE if was_in else IN_WORDS_RE
    return any(not any(a <= m.start() < b for a, b in spans) for m in other.finditer(text))


def followup_on_result(text: str, previous: MoneyQuery, shown: dict | None, today: date,
                       earlier: MoneyQuery | None = None) -> MoneyQuery | None:
    """The last query edited as the turn asks, or None when the turn is no edit of it that every one of its words
    accounts for (the parser then reads it whole). `earlier`: the query before the previous one ("Shell this year"
    → "and Chevron?" → "both together")."""
    found = _edited(text, previous, shown, today, earlier)
    return found[0] if found and not found[1] else None


def followup_in_part(text: str, previous: MoneyQuery, shown: dict | None, today: date,
                     earlier: MoneyQuery | None = None) -> tuple[MoneyQuery, str] | None:
    """(the last query edited, the rest of the turn) when an edit that takes further edits reads part of the turn
    and words are left that it does not read: the parser reads the rest as a follow-up of the edited query (a period
    shift, an exclusion and a measure in one turn)."""
    found = _edited(text, previous, shown, today, earlier, partial=True)
    return (found[0], found[1]) if found and found[1] else None


def _edited(text: str, previous: MoneyQuery, shown: dict | None, today: date, earlier: MoneyQuery | None,
            partial: bool = False) -> tuple[MoneyQuery, str] | None:
    state = _State(previous, shown or {}, earlier, today)
    said = find_periods(text, today)
    amounts = find_amounts(text)[2]
    place_said = HASH_RE.search(text) is not None  # "#2": only a pick reads it (no word of it is left over)
    for edit in EDITS:
        if place_said and edit is not _pick:
            continue  # "#2 compared to the month before": the item at that place first, then the rest of the turn
        found = edit(text, state)
        if found is None:
            continue
        if len(found) == 3:  # an edit that hands the parser a rest of its own ("does that include rent? what's it
            if not partial:  # without" → "without rent" over the last query): only as an edit in part
                continue
            return found[0], found[2]
        q, spans = found[0], found[1]
        series = SERIES_RE.search(text)
        if series and q.measure == "total" and len(q.merchants) + len(q.categories) == 1:
            q.group_by, spans = "month", [*spans, series.span()]  # "the second one over time": its months
        left = _leftover(text, [s for _, s in said] + spans)
        # a bound on the amounts said with it ("of those, how many were over $40") that the edit did not take
        unread_bound = any(not any(a <= x < b for a, b in spans) for x, _ in amounts) \
            and (q.amount_min, q.amount_max) == (previous.amount_min, previous.amount_max)
        # a comparison said that the edit did not read ("vs" is no word left over)
        versus_unread = not q.compare and any(not any(a <= m.start() < b for a, b in spans)
                                              for m in VERSUS_RE.finditer(text))
        if [w for w in left if w not in state.subject_words] or state.narrowed(left) or unread_bound \
                or _other_way_unread(text, spans, q) or versus_unread:
            if partial and edit in COMPOSABLE:
                # the rest without the edit's words (a period the edit took is its own, not said again)
                taken = [s for _, s in said if any(a <= s[0] < b or s[0] <= a < s[1] for a, b in spans)] + spans
                rest = text
                for a, b in taken:
                    rest = rest[:a] + " " * (b - a) + rest[b:]
                return q, re.sub(r"\s+", " ", rest).strip()
            continue  # "list them for Amazon": a name or filter this edit does not read (the parser reads it)
        if said and edit in TAKES_PERIOD and not q.compare:
            q.period = period_edit(previous.period, said[0][0]) or q.period
        elif edit in TAKES_PERIOD and not q.compare and (wide := widened(text, q.period, today)) is not None:
            q.period = wide[0]  # "both together for the year" after a month: the year around it, up to today
        return (q, "") if not partial else None
    return None
