"""Follow-ups that lean on the last answer's result, not only on its query: its items ("list them", "the two
after that", "just the first one", "add them up"), its periods ("same months last year") and its figure ("per
week?" is read by the grammar). `shown` is what the last answer showed (`result_shown` builds it from a result).
"""
from __future__ import annotations

import re
from datetime import date, timedelta

from core.periods import Period, add_months, month_bounds, period_label
from transactions.query.model import MoneyQuery
from transactions.query.periods import NUMBER_WORDS

LIST_THEM_RE = re.compile(r"^\s*(?:ok(?:ay)?,?\s+|and\s+|now\s+|can you\s+|please\s+)?(?:list|show|see|display|give)"
                          r"(?:\s+me)?\s+(?:them|those|these|the (?:transactions|purchases|charges|rows|ones)|all of"
                          r" them|each one)\b|^\s*(?:which|what) (?:ones|were they|are they|transactions)\b"
                          r"|\bwhat were (?:they|those)\b|\bliet ke\b")
NEXT_RE = re.compile(r"\b(?:the\s+)?(?:next|following)\s+(\d+|one|two|three|four|five|six|ten)\b"
                     r"|\bthe\s+(\d+|one|two|three|four|five|six|ten)\s+(?:after|below|under)\s+(?:that|those|them)\b"
                     r"|\b(?:and\s+)?(?:the\s+)?(?:next|following)\s+(?:ones?|few)\b|\bwho(?:'s| is| was) next\b")
SAME_LAST_YEAR_RE = re.compile(r"\bsame\s+(?:months?|period|time|weeks?|days?|dates|stretch|span|quarter|season)\s+"
                               r"(?:last|the previous|a|the year before)\s*(?:year)?\b|\b(?:a|one) year (?:earlier|before)\b"
                               r"|\bthe year before\b|\bthis time last year\b")
PICK_RE = re.compile(r"^\s*(?:(?:ok(?:ay)?|and|so|now),?\s+)?(?:just|only)?\s*(?:the\s+)?(first|second|third|last|top)"
                     r"(?:\s+(?P<unit>one|month|period|merchant|category|place|store|item))?\s*\??\s*$"
                     r"|\b(?:just|only) (?:the\s+)?(first|second|third|last|top)(?: one)?\b(?!\s+(?:months?|weeks?|years?|"
                     r"quarters?|days?|time|\d))"
                     r"|\bthe (first|second|third|last|top) (?:one|merchant|category|place|store|item|payee)\b")
# "make it 5", "top 10 instead", "show me 5": the same ranking with another length
LENGTH_RE = re.compile(r"^\s*(?:ok(?:ay)?,?\s+|and\s+|now\s+|so\s+)?(?:make it|make that|show(?: me)?|give me|list|"
                       r"what about|how about|extend (?:it|that) to|expand (?:it|that) to)?\s*(?:the\s+)?(?:top\s+)?"
                       r"(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)(?:\s+(?:instead|then|of them|more|please))?"
                       r"\s*[?.!]?\s*$")
ADD_UP_RE = re.compile(r"\badd (?:them|those|these|it|that|both)(?: two| three| all| both)? (?:up|together)\b|\b(?:them|those|these|both) (?:combined|"
                       r"together|added up|in total)\b|\btotal (?:of|for) (?:them|those|these|both)\b|^\s*(?:and\s+)?"
                       r"(?:combined|together|altogether|in total|sum(?: them| it)?(?: up)?)\s*\??\s*$"
                       r"|\bhow much (?:is that|are they|were they) (?:together|combined|in total)\b|\bcong lai\b")
BEFORE_THAT_RE = re.compile(r"^\s*(?:(?:and|so|ok(?:ay)?|what about|how about|and what about)[\s,]+)?(?:the\s+(?:one|"
                            r"period|time|stretch)\s+|right\s+|just\s+)?before (?:that|then|it|those)\s*\??\s*$"
                            r"|^\s*(?:and\s+)?the (?:one|period) before\s*\??\s*$|^\s*(?:and\s+)?(?:truoc do|truoc nua)\s*\??\s*$")
ORDINAL = {"first": 0, "top": 0, "second": 1, "third": 2, "last": -1}


def _before(period: Period, today: date) -> Period:
    """The stretch just before a period, as long as it: the month before a month (a month so far → the whole month
    before), the three months before three whole months, the year before a year, the 7 days before a week."""
    end = period.start - timedelta(days=1)
    months = {"month": 1, "quarter": 3, "year": 12}.get(period.grain)
    whole_months = period.start.day == 1 and period.end == month_bounds(period.end.year, period.end.month)[1]
    if months is None and period.start.day == 1 and period.grain != "week":  # the grain a tool call did not carry
        if (period.start.month, period.start.year) == (1, period.end.year) and not whole_months:
            months = 12  # a year so far
        elif (period.start.year, period.start.month) == (period.end.year, period.end.month):
            months = 1  # a month (so far)
        elif whole_months:
            months = (period.end.year - period.start.year) * 12 + period.end.month - period.start.month + 1
    if months:
        start = add_months(period.start, -months)
        grain = {1: "month", 3: "quarter", 12: "year"}.get(months, "range") if period.start.day == 1 else "range"
        return Period(start, end, period_label(start, end, grain, today=today), grain)
    start = period.start - timedelta(days=(period.end - period.start).days + 1)
    return Period(start, end, period_label(start, end, "range", today=today), "range")


def result_shown(result: dict) -> dict:
    """What an answer showed, for the next turn: the ranked or listed items (with their kind), the periods
    compared, the figure and the ranking window."""
    rows = result.get("rows") or []
    measure = result.get("measure")
    shown: dict = {"measure": measure, "total": result.get("total"), "offset": result.get("offset") or 0,
                   "n": result.get("n")}
    if measure == "top_merchants":
        shown["items"] = {"kind": "merchant", "names": [r["merchant"] for r in rows if r.get("merchant")]}
    elif measure in ("top_categories", "summary"):
        shown["items"] = {"kind": "category", "names": [r["category"] for r in rows if r.get("category")]}
    elif measure == "compare":
        sides = ((result.get("query") or {}).get("compare") or {}).get("sides") or []
        shown["periods"] = [s["period"] for s in sides if s.get("period")]
    elif measure in ("largest", "smallest", "list"):
        shown["items"] = {"kind": "merchant", "names": list(dict.fromkeys(r["merchant"] for r in rows
                                                                          if r.get("merchant")))}
    return shown


def _n(word: str | None, default: int) -> int:
    if not word:
        return default
    return int(word) if word.isdigit() else NUMBER_WORDS.get(word, default)


def followup_on_result(text: str, previous: MoneyQuery, shown: dict | None, today: date,
                       earlier: MoneyQuery | None = None) -> MoneyQuery | None:
    """The previous query changed as a follow-up on its result asks, or None when the turn is not one. `earlier`:
    the query before the previous one ("Shell this year" → "and Chevron?" → "both together")."""
    shown = shown or {}
    q = MoneyQuery.from_dict(previous.as_dict())
    q.followup, q.unknown, q.ignored, q.excluded_unknown = True, [], [], []
    items = (shown.get("items") or {}).get("names") or []
    if previous.limit and previous.measure in ("top_merchants", "top_categories", "summary"):
        items = items[:previous.limit]  # a summary lists every category; the answer named the top ones
    kind = (shown.get("items") or {}).get("kind")
    if LIST_THEM_RE.search(text):
        if previous.measure in ("top_merchants", "top_categories", "summary") and items:
            q.merchants, q.categories = (items, []) if kind == "merchant" else ([], items)
        q.measure, q.limit, q.offset = "list", None, 0
        return q
    nxt = NEXT_RE.search(text)
    if nxt and previous.measure in ("top_merchants", "top_categories", "summary", "largest", "smallest"):
        shown_n = len(items) or previous.limit or 5
        q.offset = (previous.offset or 0) + shown_n
        q.limit = _n(nxt.group(1) or nxt.group(2), shown_n)
        q.measure = "top_categories" if previous.measure == "summary" else previous.measure
        return q
    length = LENGTH_RE.search(text)
    if length and previous.measure in ("top_merchants", "top_categories", "summary", "largest", "smallest", "list"):
        q.limit = _n(length.group(1), previous.limit or 5)
        q.measure = "top_categories" if previous.measure == "summary" else previous.measure
        return q
    if SAME_LAST_YEAR_RE.search(text):
        if previous.compare and previous.compare.get("mode") == "periods":
            for side in previous.compare.get("sides") or []:
                if side.period:
                    side.period = side.period.shifted(years=-1)
                    side.label = side.period.label
            q.compare = previous.compare
            return q
        if previous.period is not None and previous.period.grain != "all":
            q.period = previous.period.shifted(years=-1)
            return q
        return None
    if BEFORE_THAT_RE.search(text):
        # "and before that?": the same question for the stretch just before the one answered
        if previous.compare and previous.compare.get("mode") == "periods":
            sides = [side for side in previous.compare.get("sides") or [] if side.period]
            for side in sides:
                side.period = _before(side.period, today)
                side.label = side.period.label
            q.compare = previous.compare
            return q if sides else None
        if previous.period is not None and previous.period.grain != "all":
            q.period = _before(previous.period, today)
            return q
        return None
    pick = PICK_RE.search(text)
    if pick:
        which = ORDINAL[pick.group(1) or pick.group(3) or pick.group(4)]
        periods = [Period.from_dict(p) for p in shown.get("periods") or []]
        if previous.compare and previous.compare.get("mode") == "periods" and periods:
            chosen = periods[which] if -len(periods) <= which < len(periods) else None
            if chosen is not None:
                q.compare, q.measure, q.period = None, "total", chosen
                return q
        if pick.group("unit") in ("month", "period"):
            return None  # "just last month?" names a period; without periods shown it is not a pick
        if items and -len(items) <= which < len(items):
            name = items[which]
            q.merchants, q.categories = ([name], []) if kind == "merchant" else ([], [name])
            q.measure, q.offset, q.limit = "total", 0, None
            return q
        return None
    if ADD_UP_RE.search(text):
        if items and previous.measure in ("top_merchants", "top_categories", "summary"):
            q.merchants, q.categories = (items, []) if kind == "merchant" else ([], items)
            q.measure, q.offset, q.limit = "total", 0, None
            return q
        if previous.compare and previous.compare.get("mode") == "sides":
            sides = previous.compare.get("sides") or []
            q.merchants = list(dict.fromkeys(m for s in sides for m in s.merchants))
            q.categories = list(dict.fromkeys(c for s in sides for c in s.categories))
            q.text = list(dict.fromkeys(t for s in sides for t in s.text))
            q.compare, q.measure = None, "total"
            return q
        if earlier is not None and not previous.compare and not earlier.compare \
                and previous.measure in ("total", "count") and earlier.measure in ("total", "count") \
                and (earlier.merchants or earlier.categories or earlier.text) \
                and (previous.merchants or previous.categories or previous.text) \
                and (earlier.period == previous.period or earlier.period is None or previous.period is None) \
                and (earlier.merchants, earlier.categories, earlier.text) != (
                    previous.merchants, previous.categories, previous.text):
            # two answers in a row about different names: the two together, over the period they share
            q.merchants = list(dict.fromkeys(earlier.merchants + previous.merchants))
            q.categories = list(dict.fromkeys(earlier.categories + previous.categories))
            q.text = list(dict.fromkeys(earlier.text + previous.text))
            q.links = [*earlier.links, *previous.links]
            q.measure = "total"
            return q
        if earlier is not None and earlier.period and previous.period and not previous.compare \
                and (earlier.merchants, earlier.categories, earlier.text) == (
                    previous.merchants, previous.categories, previous.text) \
                and previous.measure == earlier.measure == "total":
            # "groceries in August" → "and the month before that" → "add those two up": both periods
            a, b = sorted([earlier.period, previous.period], key=lambda p: p.start)
            if a.end.toordinal() + 1 >= b.start.toordinal():
                q.period = Period(a.start, max(a.end, b.end), period_label(a.start, max(a.end, b.end), "range",
                                                                             today=today), "range")
                q.measure = "total"
                return q
        spans = sorted([p for p in (Period.from_dict(x) for x in shown.get("spans") or []) if p is not None],
                         key=lambda p: p.start)
        if len(spans) >= 2 and all(a.end.toordinal() + 1 >= b.start.toordinal()
                                     for a, b in zip(spans, spans[1:], strict=False)):
            start, end = spans[0].start, max(p.end for p in spans)
            q.compare, q.measure = None, "total"
            q.period = Period(start, end, period_label(start, end, "range", today=today), "range")
            return q
        if not previous.compare and previous.measure in ("total", "list", "largest", "smallest", "count", "average"):
            # the transactions the last answer was about, added up: the total of the same question
            q.measure, q.offset, q.limit, q.per = "total", 0, None, None
            return q
    return None
