"""Follow-ups that run a measure over the last answer's set of rows (issue 21, kind 4): the turn names a measure (a
count, the biggest or smallest row, an average per month) and points back at the rows the last answer added up
("those", "in there", "in that lot", "among them", "trong đó", "mấy cái đó"), or is short enough that it can only
mean them. The measure runs on the last query's filters (merchants, categories, words, period, exclusions); a name
said with it ("how many of those were Blue Bottle") is a filter the parser reads (the leftover check in
followups.py sends it there, where the merge narrows the set).

- a count: "how many of them", "number of orders in there", "bao nhiêu đơn", "mấy lần", "có mấy giao dịch trong đó";
- the biggest or smallest row: "biggest single bill there", "the priciest one in that lot", "món đắt nhất trong đó";
- an average per month over whole months said with it: "average if only the last three full months", "monthly
  average of that" (over the last answer's own months).
"""
from __future__ import annotations

import re

from transactions.query.amounts import find_amounts
from transactions.query.exclusions import EXCLUDE_RE, SPLIT_EXCLUDE_RE
from transactions.query.followups_base import COUNT, RANKINGS, ROWS, Edit, _n, _State
from transactions.query.followups_figures import PER_UNIT_RE, PER_WORDS
from transactions.query.lexicon import UNIT_NOUN_RE
from transactions.query.model import MoneyQuery
from transactions.query.periods import find_periods

# words pointing back at the rows the last answer was about
SET_REF_RE = re.compile(r"\b(?:of|among|from|in|out of|within|across)\s+(?:all\s+)?(?:(?:all|both)\s+of\s+)?(?:those|them|these|"
                        r"that(?: lot| bunch| list| set| time| period| stretch)?|it|the lot|this lot|there)\b"
                        r"|\b(?:those|these|that lot|this lot)\b|\bthere\b"
                        r"|\btrong (?:so )?(?:do|nay|day|may cai do|nhung cai do)\b|\b(?:may|nhung|cac) (?:cai|khoan|"
                        r"giao dich|mon|lan|don|chuyen) (?:do|nay|kia|ay)\b|\b(?:o|tai) (?:do|day)\b")
COUNT_RE = re.compile(r"\bhow many(?: times)?\b|\bnumber of\b|\bhow often\b|\bcount (?:them|those|these|it|that)(?: up)?\b"
                      r"|\b(?:bao nhieu|may|so) (?:lan|don|don hang|giao dich|khoan|mon|chuyen|luot|cai)\b(?! (?:do|nay|ay|kia)\b)")
BIG_RE = re.compile(r"\b(?:(?P<big>biggest|largest|priciest|most expensive|costliest|dearest|highest|(?:the )?most i (?:paid|"
                    r"spent)|(?:cost|costs|costed|was|were|is) the most|lon nhat|dat nhat|to nhat|mac nhat|nhieu nhat|(?:nhieu|lon|to) tien nhat|ton (?:tien )?nhat)|(?P<small>smallest|cheapest|least expensive|lowest|"
                    r"(?:the )?least i (?:paid|spent)|(?:cost|costs|costed|was|were|is) the least|nho nhat|re nhat|it nhat))\b")
# what the rows are called: transactions, bills, visits, "món" (items), "lần" (times), "đơn" (orders)
ROW_WORDS_RE = re.compile(r"\b(?:single|one|ones|bills?|things?|expenses?|items?|times?|stops?|fill[- ]?ups?|fills?|"
                          r"deliver(?:y|ies)|in one go|at once|was it|were they|did i (?:make|pay|spend)|(?:i )?(?:made|paid|"
                          r"spent|had)|mon|lan|don|don hang|chuyen|luot|cai|khoan|giao dich|nao|la|co|vay|the)\b")
AVERAGE_RE = re.compile(r"\b(?:(?:monthly|a month|per month|each month|every month)\s+)?(?:average|avg|mean)\b(?:\s+(?:per|a|each)"
                        r"\s+month)?|\bon average\b|\btrung binh\b(?:\s+(?:moi|mot) thang)?")
GOING_BY_RE = re.compile(r"\b(?:going|judging|based)\s+(?:by|on)\b|\b(?:ordinary|typical|usual|normal|regular)\b")
# "which one", "which purchase": a superlative asked of the rows or items the last answer was about
WHICH_RE = re.compile(r"\b(?:which|one|ones|of all|nao)\b")
EXTRA_RE = re.compile(r"\b(?:if|only|just|full|whole|complete|for|over|of|that|it|what'?s|what is|would be|be|tinh|chi)\b")


def _spans(text: str, *patterns: re.Pattern) -> list[tuple[int, int]]:
    return [m.span() for p in patterns for m in p.finditer(text)]


def _set_measure(text: str, s: _State) -> Edit:
    """A count, or the biggest or smallest row, of the rows the last answer added up: "how many of them", "biggest
    single bill there", "which one cost the most?", "món đắt nhất trong đó"; after a ranking, "the biggest of those"
    is its first item (the smallest: its last). The turn points back at the set, or says only the measure ("my
    biggest purchase this year" is a question of its own)."""
    prev = s.previous
    count, big = COUNT_RE.search(text), BIG_RE.search(text)
    ref = SET_REF_RE.search(text) or (WHICH_RE.search(text) if big else None)
    if prev.compare and ref is not None and (united := _sides_united(s)) is not None:
        prev = united  # "Whole Foods vs Trader Joe's last month" → "the biggest purchase of those": of both sides
    if prev.compare or not (count or big) or (count and big):
        return None
    if ref is None and len(text.split()) > 4:
        return None
    if find_amounts(text)[2]:
        return None  # "of those how many were over $40": a bound on the rows, read by the parser over the last set
    spans = [*_spans(text, COUNT_RE, BIG_RE, SET_REF_RE, ROW_WORDS_RE, UNIT_NOUN_RE, *((WHICH_RE,) if big else ()))]
    q = MoneyQuery.from_dict({**s.query().as_dict(), **{k: v for k, v in prev.as_dict().items()
                                                        if k in ("merchants", "categories", "text", "period",
                                                                 "compare", "measure")}}) if prev is not s.previous \
        else s.query()
    if prev.measure in RANKINGS:  # the ranked items: the first (or last) of them, never a row
        if count or not s.items or big is None or EXCLUDE_RE.search(text) or SPLIT_EXCLUDE_RE.search(text):
            return None  # "which is biggest if you leave out housing": the ranking again without it (the parser's)
        return s.top_place(q, biggest=bool(big.group("big"))), spans
    if prev.measure not in ROWS:
        return None
    q.unknown = list(prev.unknown)  # a set named by a word nothing matched stays that set: never all spending
    if count:
        if prev.measure == "count":
            return None
        q.measure, q.limit, q.offset, q.per, q.months = "count", None, 0, None, None
        if per := PER_UNIT_RE.search(text):  # "how many orders was that per month"
            unit = per.group(1) or per.group(2) or per.group(3)
            q.per = PER_WORDS.get(unit, unit)
            spans.append(per.span())
    elif big is not None:
        q.measure = "largest" if big.group("big") else "smallest"
        if prev.measure == q.measure and (prev.limit or 1) == 1:
            return None
        q.limit, q.offset, q.per, q.months = 1, 0, None, None
    return q, spans


def _sides_united(s: _State) -> MoneyQuery | None:
    """The rows of every side of a comparison of names over one period, as one set (its total): what "those" and
    "trong đó" point at after "Whole Foods vs Trader Joe's last month". None for a comparison of periods."""
    if s.mode != "sides" or not s.sides:
        return None
    periods = {(side.period.start, side.period.end) if side.period else None for side in s.sides}
    if len(periods) != 1:
        return None
    side_period = s.sides[0].period or s.previous.period
    q = s.query()
    q.merchants = list(dict.fromkeys(m for side in s.sides for m in side.merchants))
    q.categories = list(dict.fromkeys(c for side in s.sides for c in side.categories))
    q.text = list(dict.fromkeys(t for side in s.sides for t in side.text))
    if sum(bool(names) for names in (q.merchants, q.categories, q.text)) > 1:
        return None  # a shop on one side, a word of the statements on the other: together they would narrow
    q.compare, q.period, q.measure = None, side_period, "total"
    return q


def _average_over_months(text: str, s: _State) -> Edit:
    """"average if only the last three full months" after a total: the same rows' total spread per month over the
    whole months said; "monthly average of that": per month over the last answer's own period, when it runs over
    several months. A purchase's average ("average per visit") is another question (the parser)."""
    prev = s.previous
    avg = AVERAGE_RE.search(text)
    if avg is None or GOING_BY_RE.search(text) or prev.compare or prev.measure not in ("total", "count", "income", "average", "monthly_average") \
            or UNIT_NOUN_RE.search(text) or re.search(r"\b(?:per|a|each) (?:visit|purchase|order|trip|time|day|week)\b",
                                                      text):
        return None
    said = [(p, span) for p, span in find_periods(text, s.today) if not p.relative]
    q = s.query()
    q.unknown = list(prev.unknown)  # a set named by a word nothing matched stays that set: never all spending
    spans: list[tuple[int, int]] = []
    if said:
        q.period, span = said[0]
        spans = [span]
    elif SET_REF_RE.search(text) is None and not re.search(r"\bmonthly\b|\b(?:per|a|each) month\b|\bmoi thang\b", text):
        return None  # "average?" alone: of a purchase or of a month, the parser's
    period = q.period
    if period is None or (period.end.year - period.start.year) * 12 + period.end.month - period.start.month < 1:
        return None  # one month has no average per month
    q.measure = "income" if prev.measure == "income" or prev.direction == "in" else "total"
    q.per, q.limit, q.offset, q.months = "month", None, 0, None
    return q, [avg.span(), *spans, *_spans(text, SET_REF_RE, EXTRA_RE)]


MONTHLY_RE = re.compile(r"\b(?:monthly|(?:per|a|each|every) (?:month|mo)|on avg|avg)\b")
# "just the last 6", "the past three months", "over the last 4 full months": a count of months back from now
LAST_MONTHS_RE = re.compile(rf"\b(?:the\s+)?(?:last|past|previous|latest|most recent|recent)\s+(?P<n>{COUNT})\b"
                            r"(?:\s+(?:full|whole|complete))?(?:\s+months?)?(?!\s*(?:weeks?|days?|years?|quarters?|"
                            r"purchases?|transactions?|charges?|orders?|visits?|times?|ones?)\b)")


def _average_months(text: str, s: _State) -> Edit:
    """"and just the last 6?" after a monthly average over 12 months: the same average over the last 6 full months —
    never a total; "per month on avg? last 6" after a total: the same rows' monthly average over those months. A name
    said with it is the parser's (the leftover check)."""
    prev = s.previous
    m = LAST_MONTHS_RE.search(text)
    avg = AVERAGE_RE.search(text) or MONTHLY_RE.search(text)
    if m is None or prev.compare or COUNT_RE.search(text) or BIG_RE.search(text) \
            or not (prev.measure == "monthly_average" or (prev.measure in ("total", "average") and avg is not None
                                                          and prev.direction != "in")):
        return None
    n = _n(m.group("n"), 0)
    if not 2 <= n <= 36:
        return None
    if prev.measure != "monthly_average" and any(not p.relative for p, _ in find_periods(text, s.today)):
        return None  # "average if only the last three full months" after a total: over those months (below)
    q = s.query()
    q.unknown = list(prev.unknown)
    q.measure, q.months, q.period, q.per, q.limit, q.offset, q.group_by = "monthly_average", n, None, None, None, 0, None
    return q, [m.span(), *_spans(text, AVERAGE_RE, MONTHLY_RE)]
