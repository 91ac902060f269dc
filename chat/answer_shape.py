"""The answer-shape check: does what the queries that ran computed have the shape the question asks for?

Why: the parser reads a question and the confidence check used to compare the queries that ran with that same
reading, so a word the parser silently took for a function word ("add them up", "rent excluded", "just the last
week of that") left both agreeing on the wrong question at high confidence. This check reads the question a second,
independent way: a short lexicon of the language's operators (English and Vietnamese, with or without diacritics)
says what the turn asks for, and each operator must be found in the queries that ran (chat/grounding.py
`_ran_queries`: each money tool's query, arguments and result), never in the parser's reading. So it judges an
LLM's tool calls and the offline model's alike. An operator stated that no query carried out costs SHAPE_PENALTY
(below the escalation threshold), with the reason in words:

- measure asked: a total, a count, an average or per-unit figure, the biggest or a ranking, a comparison;
- an exclusion stated ("except", "rent excluded", "không tính"): some query must have left something out;
- a period named ("last year", "in March", "tháng 3"): some query's period must overlap it;
- period anaphora in a follow-up ("same month last year", "just the last week of that", "the month before"): the
  period that ran must relate to the last answer's period as the words say (equal, a year back, inside, after,
  before); a follow-up that names no period keeps the last one's;
- item anaphora ("add them up", "mấy cái đó") after a ranking: the query must be restricted to the items it showed.
"""
from __future__ import annotations

import re
from datetime import date, timedelta
from typing import Any

from core.periods import add_months, month_bounds
from core.text import strip_accents
from transactions.query.asides_clauses import run_on_asides
from transactions.query.exclusions_wording import OTHER_CUES
from transactions.query.followups_months import MONTHS_ADDED_RE
from transactions.query.followups_parts import APART_WORDS
from transactions.query.followups_subject import ROW_BEFORE_RE, asks_all_of_it
from transactions.query.periods_words import RANK_ORDINALS

SHAPE_PENALTY = 0.6  # 0.95 − 0.6 < 0.4: an operator the question states that no query carried out is never confident
LISTING_TOOLS = {"list_subscriptions", "get_jar_status", "suggest_budgets"}  # chosen by their own words, no query
PRESET_MEASURE = {"get_spending_summary": "summary", "analyze_by_category": "total", "analyze_merchant": "total",
                  "compare_spending": "compare"}

# ---- the cue lexicon, on lower-case text without diacritics (a few Vietnamese words need theirs: see _said) ----
TOTAL = r"\b(?:total|sum|add (?:\w+ ){0,3}up|adds? up|added up|altogether|all together|in all|combined|tong|cong lai)\b"
COUNT = (r"\b(?:how many (?!(?:days?|weeks?|months?|years?|more|much|dollars?|bucks)\b)|number of|how often|"
         r"(?<!not )(?<!without )(?<!nt )(?<!n't )(?<!t be )count\b|may lan|bao nhieu lan|so lan|bao nhieu (?:giao dich|don|lan))")
AVERAGE = (r"\b(?:average|avg|on average|typical(?:ly)?|usual(?:ly)?|normal(?:ly)?|per (?:day|week|month|year)|"
           r"trung binh|binh quan|binh thuong|moi (?:ngay|tuan|thang|nam))\b")
RANK = r"\b(?:biggest|largest|most expensive|highest|priciest|top|(?<!at )most(?! recent)|lon nhat|nhieu nhat|cao nhat|dat nhat)\b"
COMPARE = (r"\b(?:vs|versus|compared?|comparison|(?:higher|lower|more|less|bigger|smaller) than(?! \$?\d)|"
           r"which (?:was|is|one) (?:higher|bigger|more|less|lower|smaller)|or \w+ (?:higher|more|bigger)|so voi|"
           r"so sanh|(?:nhieu|it|cao|thap) hon(?! \d))\b")
FOR_COMPARISON = r"\b(?:for|as a) (?:(?:the )?sake of )?comparison(?:'?s sake)?\b|\bto compare\s*(?=[?.!,]|$)"
ORDINAL = r"\b(?:which|what|who)\b[^.?!]{0,20}\b(?:came|comes|was|is|were|in|took)? ?(second|2nd|third|3rd|fourth|4th|fifth|5th)\b"
SHARE = r"\b(?:percent(?:age)?|share|proportion|portion|fraction|phan tram|ty le)\b|%"  # of a whole: both sides
BREAKDOWN = r"\b(?:(day|week|month) by \1|tung (?:ngay|tuan|thang)|(?:per|by) (?:day|week|month) (?:breakdown|split))\b"
# "each one please, not added up", "each of them", "separately": one figure per period, not their sum
EACH = rf"\b(?:each (?:one|of (?:them|those|these|the \w+ months))|one at a time|{APART_WORDS})\b"
EXCLUDE = (r"\b(?:except(?:ing)?|excluding|exclude[sd]?|without|not counting|not including|other than|besides|"
           r"apart from|aside from|minus|ignoring|leave (?:\w+ ){0,3}out|leaving (?:\w+ ){0,3}out|left out|"
           r"take (?:\w+ ){0,3}out|skip(?:ping)?|everything else|the rest(?! of (?:the|this|that|my) (?:year|month|week))|"
           r"(?:everything|anything|all) but|ngoai tru|ngoai (?:\w+ ){1,4}ra|khong tinh|khong ke|tru|con lai)\b")
# (the other wordings: "if you don't count", "rent to one side", "save for", "ko tính": transactions/query/exclusions_wording.py)
EXCLUDE = r"(?:" + EXCLUDE + r"|" + OTHER_CUES + r")"
EXCLUDE_VI = r"\bbỏ\b(?! ra\b)"  # "bỏ tiền nhà ra" leaves rent out; "bỏ ra bao nhiêu" is what was spent
# "which spending category was the biggest", "top categories", "khoản nào nhiều nhất": a ranking of categories, which
# the biggest purchase or a ranking of shops does not answer ("what category was my biggest purchase in" asks a row's)
CATEGORY_RANK = (r"\b(?:which|what) (?:\w+ )?(?:categor\w*|kind of spending|area of spending)(?: \w+){0,4}? "
                 r"(?:biggest|largest|highest|most|top)\b(?! (?:purchase|transaction|charge|single|one|payment|expense|buy)"
                 r")|\b(?:biggest|largest|top|highest) (?:\d+ |spending |expense )?categor\w*|"
                 r"\b(?:danh muc|hang muc|khoan) nao (?:\w+ ){0,3}?(?:nhieu nhat|lon nhat|cao nhat)\b")
# "apart from that one" after a ranking: its first item (transactions/query/followups_figures.py THAT_ONE_LEFT_OUT_RE)
TOP_LEFT_OUT = EXCLUDE + r" (?:(?:\w+ ){0,2}(?:biggest|largest|top|first|highest|lon nhat)(?: one| \w+)?|(?:that|this) one)"
INCLUDED = r"\b(\w{3,}) (?:included|too)\b|\b(?:including|inclusive of|incl) (?:the |my )?(\w{3,})"
WIDE = r"\b(?:everything|all (?:of )?(?:my|our|the)|overall|every \w+|tat ca|toan bo)\b"  # "everything, rent included"
PERIOD_NOUN = r"(?:periods?|time|months?|weeks?|days?|dates|years?|quarters?|window|range|stretch)"
SAME = (rf"\b(?:same {PERIOD_NOUN}|that {PERIOD_NOUN}|those (?:months|weeks|days|dates)|cung (?:ky|thoi gian|thang|tuan)|"
        r"(?:thang|tuan|nam|ky|quy|thoi gian|luc) (?:do|ay))\b")
MONTH_NAMED = (r"\b(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|"
               r"mar|apr|jun|jul|aug|sept?|oct|nov|dec)\b")
MONTH_BACK = r"\b(?:last month|a month (?:before|earlier|ago)|the month before|previous month|thang truoc)\b"
YEAR_BACK = (r"\b(?:last year|(?:a|one|1) year (?:before|earlier|ago|back|prior)|the year before|previous year|nam ngoai|"
             r"nam truoc)\b")
MONTH_NUMBER = {m: i for i, m in enumerate(("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov",
                                             "dec"), 1)}
# a year back from the last answer's (not "last year", which is today's)
YEAR_BEFORE_LAST = r"\b(?:(?:a|one|1) year (?:before|earlier|prior)|the year (?:before|prior)|(?:the )?(?:previous|prior) year)\b"
BEFORE_THAT = r"\bbefore (?:that|then|it)\b"
WITHIN = r"\b(?:of (?:that|those|it)|in there|out of that|trong (?:do|so do))\b"
INSIDE = (rf"\b(?:(?:first|last|final|opening|closing) (?:\w+ )?{PERIOD_NOUN} of (?:that|those|it|the period)|"
          rf"just the (?:first|last|final) (?:\w+ )?{PERIOD_NOUN}|(?:tuan|ngay|nua|thang) (?:dau|cuoi)(?: tien)? (?:cua )?"
          r"(?:\w+ )?(?:do|ay))\b")
# "the next two months" after the last answer's period; a bare "next month" is the one after today
AFTER = (rf"\b(?:the (?:next|following) (?:\w+ )?{PERIOD_NOUN}|after that|the (?:week|month|year) after|"
         r"(?:thang|tuan|nam|quy) (?:tiep theo|sau do))\b")
BEFORE = (r"\b(?:before (?:that|then|it)|the (?:day|week|month|year|quarter) before|previous (?:period|one)|"
          r"prior (?:period|month|week)|(?:thang|tuan|nam|quy|ky) truoc do|truoc do)\b")
ITEMS = (r"\b(?:them|those|these|both|all (?:three|four|five)|each of them|"
         r"(?:may|nhung|cac) (?:cai|khoan|cho|muc|danh muc|noi) (?:do|nay|ay|kia))\b(?! (?:months|weeks|days|dates))")
# any word that states a period: when a follow-up has none, it keeps the last answer's period
PERIOD_WORD = (r"\b(?:years?|months?|weeks?|fortnights?|days?|today|yesterday|tonight|weekends?|quarter|q[1-4]|h[12]|since|until|till|"
               r"thru|through|before|after|ago|last|past|next|previous|prior|recent(?:ly)?|lately|so far|ytd|ever|overall|history|general|whole|"
               r"spring|summer|fall|autumn|winter|christmas|holidays?|january|february|march|april|may|june|july|"
               r"august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec|"
               r"mon|tue|wed|thu|fri|sat|sun\w*|\d{1,2}(?:st|nd|rd|th)|\d{4}|\d{1,2}/\d{1,2}|thang|nam|tuan|ngay|"
               r"hom|quy|ky|dip|tet|gan day|nay|truoc|sau|luc|khi)\b")
MONTHS = ("january", "february", "march", "april", None, "june", "july", "august", "september", "october",
          "november", "december")  # "may" is a verb as often as a month
ITEM_STEP = rf"\b(?:one|ones|two|three|four|five|\d+)(?: (?!{PERIOD_NOUN})\w+)? (?:after|before) (?:that|this|it|them)\b"
PICK = r"\b(?:first|second|third|2nd|3rd|last|later|latter|former|earlier|dau|cuoi|thu (?:hai|ba))\b"
PER_UNIT = (r"\b(?:(?:per|a|an|each|every|moi|hang) (?:day|week|month|year|ngay|tuan|thang|nam)|daily|weekly|monthly|"
            r"(day|week|month) by \1|tung (?:ngay|tuan|thang))\b")  # "per month?" asks a figure, it names no period
# what is left of the money that came in once something is paid ("left after bills", "còn dư"): needs money in
REMAINDER = (r"\b(?:(?:have|is|was|be|got|anything|money|much) left(?: over)?(?! out)|left over|leftover|"
             r"remain(?:s|ing|der)?(?: after)?|con (?:du|lai sau)|du ra)\b")
# "which category", "khoản nào": a ranking of kinds of spending, which a total's list of merchants does not answer
KIND_OF_SPENDING = r"\b(?:categor\w*|danh muc|khoan|hang muc|loai chi|(?:kind|type|area)s? of (?:spending|expense))\b"
# like for like: "vs the same days in September", "the same stretch last year" — the sides must be as long as each other
LIKE_FOR_LIKE = r"\b(?:same (?:days|dates|stretch|number of days|window|part)|like for like|cung (?:ngay|ky|khoang))\b"
# a count of months that includes the current one ("the past 4 months counting this one"): whole calendar months
WITH_THIS_MONTH = (r"\b(?:counting|including|incl|plus) (?:this|the current) (?:one|month)\b|"
                   r"\b(?:this|the current) (?:one|month) (?:included|too|counted)\b|\b(?:tinh ca|ke ca) thang nay\b")
NAMED_YEAR = r"\b(?:(last|this) year|nam (ngoai|nay)|(?:in|of|for|during|nam) ((?:19|20)\d\d))\b"


# units of time as people shorten them ("last yr", "same mo last year", "2 wks"): read as the words they stand for
SHORT_UNITS = {"yr": "year", "yrs": "years", "mo": "month", "mos": "months", "mth": "month", "mths": "months",
               "wk": "week", "wks": "weeks"}
SHORT_UNIT = r"\b(" + "|".join(SHORT_UNITS) + r")\b"


def _said(pattern: str, text: str) -> bool:
    return re.search(pattern, text) is not None


def _measure(x: dict) -> str:
    return x["query"].get("measure") or x["arguments"].get("measure") or PRESET_MEASURE.get(x["name"], "total")


def _span(p: dict | None) -> tuple[date, date] | None:
    p = p or {}
    try:
        return (date.fromisoformat(str(p["start"])[:10]), date.fromisoformat(str(p["end"])[:10])) \
            if p.get("start") and p.get("end") else None
    except ValueError:
        return None


def _spans(ran: list[dict]) -> list[tuple[date, date]]:
    """Every period a query that ran covered (its own, its result's, its comparison sides')."""
    out = []
    for x in ran:
        out += [_span(x["query"].get("period")), _span(x["result"])]
        out += [_span(s.get("period")) for s in (x["query"].get("compare") or {}).get("sides") or []]
        out += [_span(s) for s in x["arguments"].get("compare") or x["arguments"].get("sides") or [] if isinstance(s, dict)]
    spans = [s for s in out if s]
    if len(set(spans)) > 1:  # "week by week" of the last answer's fortnight: its sides together cover it
        spans.append((min(s[0] for s in spans), max(s[1] for s in spans)))
    return spans


def _year_back(d: date) -> date:
    return d.replace(year=d.year - 1, day=min(d.day, 28) if d.month == 2 and d.day == 29 else d.day)


def _period_relation(text: str, previous: tuple[date, date], today: date, stepped: bool = True) -> tuple[str, Any] | None:
    """The relation to the last answer's period the words state: (words, test of a span), or None. `stepped`: the
    last answer showed items or rows, which "the two after that" steps through (else it steps through time)."""
    start, end = previous
    if asks_all_of_it(text):
        return None  # "how much have I spent at that store in total": all of its history, on purpose
    if stepped and ROW_BEFORE_RE.search(text):
        return None  # "the trip before that one": the row dated before the one shown, whenever (followups_subject)
    if stepped:
        text = re.sub(ITEM_STEP, " ", text)  # "the two after that" steps through a ranking, not through time
    if _said(YEAR_BACK, text) and _said(SAME, text):
        # "same month last year", "that same period a year earlier": the same dates a year back (to that month's end)
        return "the same period a year earlier", lambda s: s[0] == _year_back(start) and \
            (s[1].year, s[1].month) == (_year_back(end).year, _year_back(end).month)
    named = next((m for m in re.finditer(MONTH_NAMED, text) if m.group(0) != "may"), None)  # "may" the verb
    if named and _said(YEAR_BEFORE_LAST, text) and not _said(BEFORE_THAT, text):
        # "same for October the year before", "the previous year's October": the month named, a year before the
        # last answer's year
        month = MONTH_NUMBER[named.group(0)[:3]]
        return "the month named, a year before the last answer's", lambda s: s[0] == date(start.year - 1, month, 1) \
            and (s[1].year, s[1].month) == (start.year - 1, month)
    if _said(MONTH_BACK, text) and _said(SAME, text):
        # "the same days last month": those days a month back (a whole month: the whole month before)
        back = add_months(start, -1), add_months(end, -1)
        whole = back[0], month_bounds(back[1].year, back[1].month)[1]
        return "the same days a month earlier", lambda s: s in (back, whole)
    if _said(SAME, text) and _said(MONTH_NAMED, text):
        # "the same dates in August" after the 3rd to the 17th of September: those days of the month named
        return "the same days in the month named", lambda s: s[0].day == start.day and s[0] != start
    if _said(INSIDE, text):
        return "a part of the last answer's period", lambda s: start <= s[0] and s[1] <= end and s != (start, end)
    if _said(AFTER, text) and end < today:
        return "the period right after the last answer's", lambda s: end < s[0] <= end + timedelta(days=3)
    if _said(BEFORE, text):
        return "the period right before the last answer's", lambda s: s[1] < start and (start - s[1]).days <= 3
    if _said(WITHIN, text):
        return "the last answer's period", lambda s: start <= s[0] and s[1] <= end
    if _said(SAME, text):
        return "the last answer's period", lambda s: s[0] == start and s[1] == end
    if MONTHS_ADDED_RE.search(text):  # "add the three months up": the month answered and those just before it
        return "the last answer's month and the months before it", lambda s: s[1] == end and s[0] < start
    if _said(PICK, text) and not _said(PERIOD_WORD, text):
        # "just the first one" after two months asked together: one of them, inside the last answer's period
        return "a part of the last answer's period", lambda s: start <= s[0] and s[1] <= end
    if not _said(PERIOD_WORD, re.sub(PER_UNIT, " ", text)):
        # a follow-up that names no period ("and Amazon?", "per week?", "trung bình mỗi tháng") keeps the last one
        return "the last answer's period (the follow-up names no other)", lambda s: s[0] == start and s[1] == end
    return None


def _names(d: dict, keys: tuple[str, ...]) -> set[str]:
    out = {str(n).lower() for k in keys for n in d.get(k) or []}
    for side in (d.get("compare") or {}).get("sides") or [] if isinstance(d.get("compare"), dict) else \
            d.get("compare") or d.get("sides") or []:
        if isinstance(side, dict):
            out |= {str(n).lower() for k in keys for n in side.get(k) or []}
    return out


SUBJECT = ("merchants", "categories", "text")
LEFT_OUT = ("exclude_merchants", "exclude_categories", "exclude_text")


def _share_ran(ran: list[dict]) -> bool:
    """A share ran ("how much of my total went on dining"): its whole is the total asked for."""
    return any((x["query"].get("compare") or {}).get("ask") == "share" or x["arguments"].get("ask") == "share"
               for x in ran)


def _measures_missing(text: str, ran: list[dict], shown_items: list[str]) -> list[str]:
    measures = {_measure(x) for x in ran}
    compared = "compare" in measures or len({(x["query"].get("period") or {}).get("start") for x in ran}) > 1 or \
        any(x["query"].get("compare") for x in ran)
    per_unit = any(x["query"].get("per") or x["arguments"].get("per") or x["result"].get("per") for x in ran)
    asks_compare = _said(COMPARE, re.sub(FOR_COMPARISON, " ", text))  # "top 3 this year, for comparison": why asked
    asked_rank = re.sub(TOP_LEFT_OUT, " ", text)  # "without the biggest one" leaves it out, it does not rank
    missing = []
    counted = {"count"} if _said(COUNT, text) else set()  # "the total number of transactions" is a count
    if _said(TOTAL, text) and not measures & ({"total", "income", "net", "summary"} | counted) and \
            not ((asks_compare or _said(SHARE, text) or _share_ran(ran)) and compared) and not (_said(AVERAGE, text) and measures & {"monthly_average", "average"}):
        missing.append("a total")
    if _said(COUNT, text) and not measures & {"count", "total", "income", "list", "average", "net"}:
        missing.append("a count")
    by_period = any(len((x["query"].get("compare") or {}).get("sides") or x["arguments"].get("sides") or []) >= 2
                    or x["query"].get("group_by") == "month" for x in ran)
    if _said(AVERAGE, text) and not (measures & {"average", "monthly_average"} or per_unit or
                                     (_said(BREAKDOWN, text) and by_period) or
                                     any((x["query"].get("compare") or {}).get("mode") == "usual" for x in ran)):
        missing.append("an average or a per-unit figure")
    if _said(RANK, asked_rank) and not measures & {"largest", "top_merchants", "top_categories", "summary", "compare"}:
        by_merchant = any(len(x["result"].get("by_merchant") or []) >= 2 for x in ran)
        if not (by_merchant and not _said(KIND_OF_SPENDING, text)):  # a total ranks its merchants
            missing.append("the biggest or a ranking")
    if _said(CATEGORY_RANK, text) and not measures & {"top_categories", "summary", "compare"} and \
            not any(len(x["result"].get("by_category") or x["result"].get("categories") or []) >= 2 for x in ran):
        missing.append("a ranking of categories")  # "which category was biggest" answered with one purchase
    if (place := re.search(ORDINAL, text)) and any(_measure(x) in ("top_merchants", "top_categories") and
                                                   not int(x["query"].get("offset") or 0) and not (
                                                       x["query"].get("exclude_categories") or x["query"].get(
                                                           "exclude_merchants")) and 0 < int(x["query"].get("limit") or x["arguments"].get("limit") or 99)
                                                   < RANK_ORDINALS[place.group(1)] for x in ran):
        missing.append(f"the {place.group(1)} place of the ranking")  # "and which came second" answered by a top 1
    if asks_compare and not compared:
        missing.append("a comparison of both sides")
    if _said(BREAKDOWN, text) and not (by_period or measures & {"monthly_average"} or
                                       any(x["query"].get("group_by") for x in ran)):
        missing.append("a figure for each period (a breakdown)")
    elif _said(EACH, text) and not (by_period or any(x["query"].get("group_by") for x in ran)) and \
            not measures & {"list", "largest", "monthly_average", "average", "top_merchants", "top_categories"}:
        named = set().union(*(_names(x["query"], SUBJECT) | _names(x["arguments"], SUBJECT) for x in ran))
        if len(named) <= 1 and any((s[1] - s[0]).days >= 45 for s in _spans(ran)):
            # one subject over several months, asked "each one": the months are what is counted one by one
            missing.append("a figure for each period (a breakdown)")
    return missing


AGAINST = r"\b(?:vs|versus|compared (?:to|with)|against)\b\.? (?:the |my |our )?([\w'&]+(?: [\w'&]+)?)"


def _against_itself(text: str, ran: list[dict]) -> str:
    """"A vs B" where B names no period, answered by comparing A with itself over two periods: the other side the
    question named was lost (a name that linked to nothing), and the comparison answers another question."""
    m = re.search(AGAINST, text)
    if not m or _said(PERIOD_WORD, m.group(1)) or re.match(r"(?:same|that|those|this|it|last|previous|prior)\b", m.group(1)):
        return ""
    for x in ran:
        sides = (x["query"].get("compare") or {}).get("sides") or x["arguments"].get("sides") or []
        mode = (x["query"].get("compare") or {}).get("mode") or x["arguments"].get("mode")
        if len(sides) >= 2 and mode == "periods" and not any(
                s.get(k) for s in sides if isinstance(s, dict) for k in SUBJECT):
            return m.group(1)
    return ""


def _exclusion_missing(text: str, original: str, ran: list[dict], shown_items: list[str], union: list[str]) -> bool:
    if not (_said(EXCLUDE, text) or _said(EXCLUDE_VI, original)):
        return False
    left_out = set().union(*(_names(x["query"], LEFT_OUT) | _names(x["arguments"], LEFT_OUT) for x in ran))
    if (shown_items or union) and _said(TOP_LEFT_OUT, text):
        # "without the biggest one" after a ranking (or a total of its items): one of the items must be left out —
        # the ranking's first — not the biggest transaction
        wanted = {shown_items[0].lower()} if shown_items else {n.lower() for n in union}
        items = {n.lower() for n in shown_items or union}
        kept = set().union(*(_names(x["query"], SUBJECT) | _names(x["arguments"], SUBJECT) for x in ran))
        # left out by name, by skipping the first place, or by keeping only the other items ("the rest")
        rest = bool(kept) and kept < items and (not shown_items or not kept & wanted)
        return not (wanted & left_out or rest or any(int(x["query"].get("offset") or 0) for x in ran))
    return not (left_out or any(x["query"].get("excluded_unknown") or x["query"].get("skip_largest") or
                                x["arguments"].get("skip_largest") or int(x["query"].get("offset") or 0) or
                                _measure(x) == "net" for x in ran))


def _named_periods(text: str, today: date) -> list[tuple[str, tuple[date, date] | None, int | None]]:
    """Periods the question names by themselves: (words, dates of a year, or a month number of any year)."""
    out: list[tuple[str, tuple[date, date] | None, int | None]] = []
    for m in re.finditer(NAMED_YEAR, text):
        year = today.year - 1 if (m.group(1) or m.group(2)) in ("last", "ngoai") else \
            today.year if (m.group(1) or m.group(2)) else int(m.group(3))
        out.append((m.group(0), (date(year, 1, 1), date(year, 12, 31)), None))
    for m in re.finditer(r"(?<!before )(?<!after )(?<!prior to )\b(" + "|".join(n for n in MONTHS if n) +
                         r")\b|\bthang (1[0-2]|[1-9])\b(?! (?:thang|nam|tuan|ngay|lan))", text):
        out.append((m.group(0), None, MONTHS.index(m.group(1)) + 1 if m.group(1) else int(m.group(2))))
    return out


def _covers_month(span: tuple[date, date], month: int) -> bool:
    if (span[1] - span[0]).days >= 330:
        return True
    d = span[0]
    while d <= span[1]:
        if d.month == month:
            return True
        d = (d.replace(day=1) + timedelta(days=32)).replace(day=1)
    return False


# relations read from words that also fit a turn naming its own period ("same for last year (all of 2025, whatever
# you have of it)": "of it" is about the data, not the last answer's period)
OWN_PERIOD_WINS = ("the last answer's period", "a part of the last answer's period")


def _own_period_ran(question: str, spans: list[tuple[date, date]], ctx: Any) -> bool:
    """Does the turn state a period of its own (its reading without the conversation) that every query that ran
    covered exactly? Then it is answered over the period it names, whatever it leans on."""
    from chat.followup_doubt import own_reading  # chat.followup_doubt reads the parser's follow-ups: imported on use

    own = getattr(ctx, "own_reading", None) or (own_reading(question, ctx) if getattr(ctx, "vocab", None) else None)
    period = getattr(own, "period", None)
    if period is None or period.grain == "all" or period.relative or not spans:
        return False
    return all(s == (period.start, period.end) for s in set(spans))


def _previous_sure(ctx: Any) -> bool:
    """Was the last answer not doubted (chat/followup_doubt.py stores why only below DOUBTED_BELOW)?"""
    from chat.followup_doubt import DOUBTED_BELOW  # imported on use, as own_reading

    return (getattr(ctx, "previous_confidence", None) or 0.0) >= DOUBTED_BELOW


def shape_misfit(question: str, ran: list[dict], ctx: Any) -> tuple[float, list[str]]:
    """(penalty, reasons) for each operator the question states that no query that ran carried out."""
    ran = [x for x in ran if x["name"] not in LISTING_TOOLS]
    if not ran:
        return 0.0, []
    original = run_on_asides(question or "")[0].lower()  # "…, the dog costs more than the kids": a story, no compare
    text = " ".join(re.findall(r"[\w$.']+", strip_accents(original.replace("%", " percent "))))
    text = re.sub(SHORT_UNIT, lambda m: SHORT_UNITS[m.group(1)], text)  # "same month last yr": a year back
    today = getattr(ctx, "today", None) or date.today()
    previous = getattr(ctx, "previous_query", None) or {}
    shown = getattr(ctx, "previous_result", None) or {}
    shown_items = list((shown.get("items") or {}).get("names") or []) \
        if shown.get("measure") in ("top_merchants", "top_categories", "summary") else []
    # a total over several named items ("add them up" after a ranking) still has them: "without the biggest one"
    union = [] if shown_items else [n for k in SUBJECT for n in previous.get(k) or []]
    reasons = [f"the question asks for {m} but no query that ran computed one"
               for m in _measures_missing(text, ran, shown_items)]
    if _said(REMAINDER, text) and not any(_measure(x) in ("net", "income") or
                                          (x["query"].get("direction") or x["arguments"].get("direction")) != "out"
                                          for x in ran):
        # "how much do I have left after bills each month" answered with the bills alone
        reasons.append("the question asks what is left of the money that came in but no query that ran counted any")
    if _exclusion_missing(text, original, ran, shown_items, union if len(union) >= 2 else []):
        reasons.append("the question leaves something out but no query that ran left anything out")
    if other := _against_itself(text, ran):
        reasons.append(f"the question sets something against {other!r} but the query compared one subject with "
                       "itself over two periods")
    emptied = [x for x in ran if (_names(x["query"], LEFT_OUT) | _names(x["arguments"], LEFT_OUT)) and
               not x["result"].get("found") and not x["result"].get("count")]
    if emptied:
        # "dining minus the coffee — so Chipotle and Uber Eats only" answered $0: what was left out took everything
        reasons.append("what the query left out took everything it counted: nothing was left to answer with")
    spans = _spans(ran)
    unbounded = any(not _span(x["query"].get("period")) and not x["result"].get("start") for x in ran)
    for words, year, month in _named_periods(text, today):
        if unbounded:
            break
        if year and not any(s[0] <= year[1] and year[0] <= s[1] for s in spans) or \
                month and not any(_covers_month(s, month) for s in spans):
            reasons.append(f"the question names {words!r} but no query that ran covered it")
    before = _span(previous.get("period"))
    earlier = _span((getattr(ctx, "earlier_query", None) or {}).get("period"))
    if before and (previous.get("period") or {}).get("grain") == "all" and earlier and _said(SAME, text):
        before = earlier  # "that month" after an answer over all time: the month of the answer before (state.py)
    stepped = bool((shown.get("items") or {}).get("names") or shown.get("rows"))  # items or rows to step through
    relation = _period_relation(text, before, today, stepped) if before else None
    if before and relation and not any(relation[1](s) for s in spans) and \
            not (relation[0] in OWN_PERIOD_WINS and _own_period_ran(question, spans, ctx)):
        reasons.append(f"the follow-up refers to {relation[0]} ({before[0]}…{before[1]}) but the query that ran "
                       f"covered {', '.join(f'{s[0]}…{s[1]}' for s in spans[:2]) or 'all time'}")
    elif relation and not _own_period_ran(question, spans, ctx) and \
            not _previous_sure(ctx) and \
            (doubt := [w for w in (previous.get("unknown") or []) + (previous.get("ignored") or []) if len(w) >= 3]):
        # "how much of that was groceries" after "from mid nov to new years" read without "new years": the period
        # it leans on came from a reading that was not understood, so this answer is no surer than that one
        reasons.append(f"the follow-up builds on the last answer's period, read without {doubt[:3]}")
    included = [m.group(1) or m.group(2) for m in re.finditer(INCLUDED, text)]
    subjects = [_names(x["query"], SUBJECT) | _names(x["arguments"], SUBJECT) for x in ran]
    if included and _said(WIDE, text) and all(subjects) and \
            all(any(w in name for w in included) for s in subjects for name in s):
        # "everything since August, rent included": rent is part of a wider set, not the only thing asked about
        reasons.append(f"the question includes {included[0]!r} in something wider but the query that ran covered "
                       "only it")
    if shown_items and _said(ITEMS, text):
        items = {n.lower() for n in shown_items}
        kept = set().union(*(_names(x["query"], SUBJECT) | _names(x["arguments"], SUBJECT) for x in ran))
        dropped = set().union(*(_names(x["query"], LEFT_OUT) | _names(x["arguments"], LEFT_OUT) for x in ran))
        if not ((kept and kept <= items) or dropped & items or any(int(x["query"].get("offset") or 0) for x in ran)):
            reasons.append(f"the follow-up points at the items the last answer showed ({', '.join(shown_items[:3])}) "
                           "but the query that ran was not restricted to them")
    reasons += _calendar_misfit(text, ran)
    return round(SHAPE_PENALTY * len(reasons), 3), reasons


def _sides(ran: list[dict]) -> list[tuple[date, date]]:
    """The periods a comparison that ran set side by side."""
    out: list[tuple[date, date] | None] = []
    for x in ran:
        out += [_span(s.get("period")) for s in (x["query"].get("compare") or {}).get("sides") or []]
        out += [_span(s) for s in x["arguments"].get("compare") or x["arguments"].get("sides") or [] if isinstance(s, dict)]
    return list(dict.fromkeys(s for s in out if s))


def _calendar_misfit(text: str, ran: list[dict]) -> list[str]:
    """Periods whose shape the words fix: sides compared like for like must be as long as each other (a fortnight
    against a whole month is not "the same days"); months counted with the current one start on a month's first day
    (not a rolling window back from today)."""
    reasons = []
    sides = _sides(ran)
    if _said(LIKE_FOR_LIKE, text) and len(sides) >= 2:
        lengths = [(b - a).days + 1 for a, b in sides]
        if max(lengths) - min(lengths) > 3:
            reasons.append(f"the question compares like for like but the periods compared are {min(lengths)} and "
                           f"{max(lengths)} days long")
    starts = [s[0] for x in ran if (s := _span(x["query"].get("period")) or _span(x["result"]))]
    if _said(WITH_THIS_MONTH, text) and starts and all(d.day != 1 for d in starts):
        reasons.append("the question counts whole months with this one but the period that ran starts mid-month "
                       f"({starts[0]})")
    return reasons
