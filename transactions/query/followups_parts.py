"""Follow-ups on a stretch next to or inside the last answer's period, and on the one row it pointed at:

- "and the next two months?", "the following 3 weeks together", "each of the next two months": the same question
  over that many units right after the last period (each unit side by side when the turn says "each");
- "just the last week of that", "the first half of it", "only the first 10 days", "only the first month": a part of
  the last period, counted from its start or back from its end;
- "what was that one anyway", "which one was it": the one transaction the last answer referred to (the biggest one
  it left out, the one it named);
- "week by week", "each week": the last period's weeks side by side;
- "and the other one?" after the biggest bill of two: the same set without the one the answer named;
- "recount", "are you sure?", "check again": the same question again (the figure is said again, not changed).

Each is the last query edited and run through the same engine (followups.py)."""
from __future__ import annotations

import re
from datetime import date, timedelta

from core.periods import Period, add_months, month_bounds, period_label
from transactions.query.followups_base import NUM, ROWS, VI_COUNT, Edit, _n, _State
from transactions.query.grammar import find_measure
from transactions.query.lexicon import UNIT_NOUN_RE
from transactions.query.model import MoneyQuery, Side

UNIT = r"(?P<unit>days?|weeks?|months?|quarters?|years?)"
# "the next two months", "the following 3 weeks", "next month" (one unit), "2 months after that"
NEXT_UNITS_RE = re.compile(rf"\b(?:the\s+)?(?:next|following|subsequent|coming)\s+(?:(?P<n>{NUM[1:-1]})\s+)?{UNIT}\b"
                           rf"(?!\s+(?:ago|before|back))|\b(?P<n2>{NUM[1:-1]})\s+(?P<unit2>days?|weeks?|months?)\s+"
                           r"(?:after (?:that|it|those|then)|later)\b"
                           rf"|\b(?P<n3>{VI_COUNT})\s+(?P<unit3>thang|tuan|nam)\s+(?:tiep theo|sau do|ke tiep)\b")
# things or periods asked apart, not as one sum ("separately", "one by one", "not added up", "riêng từng"): the one home
# of these words; EACH_RE (here), the first turn's own sides (chat/offline/route_early.SEPARATE_RE) and the shape
# check (chat/answer_shape.EACH) each add the wordings of their own place to them
APART_WORDS = (r"separately|individually|one by one|not (?:added up|added together|summed(?: up)?|combined|"
               r"lumped together|together|as one)|rieng (?:tung|le|re)|tung cai")
EACH_RE = re.compile(rf"\beach\b(?:\s+(?:one|of them))?|\bevery one\b|\b(?:{APART_WORDS})\b|\bmonth by month\b"
                     r"|\bweek by week\b|\bbroken down\b|\btung (?:thang|tuan)\b|\bmoi (?:thang|tuan)\b")
FEW_MONTHS = 3  # "the two months before/after that" after a total: each month side by side unless "together"
# things asked as one sum ("together", "all told", "cộng lại"): the one home of these words (parse.TOGETHER_RE adds
# the first turn's own "between", "from", "in all"); not when said apart ("not added together", "not lumped together")
NOT_APART = r"(?<!\bnot )(?<!\bnot added )(?<!\bnot lumped )(?<!\bnot summed )(?<!\bnot put )(?<!\bnot all )"
TOGETHER_WORDS = r"together|combined|altogether|in total|total|overall|all told|sum|cong lai|tong"
TOGETHER_RE = re.compile(rf"{NOT_APART}\b(?:{TOGETHER_WORDS})\b")
VI_UNITS = {"thang": "month", "tuan": "week", "nam": "year"}
# "just the last week of that", "the first half of it", "only the first 10 days", "the final two weeks"
# ("the past two weeks of that month": "past" is "last" once the turn points at the last period; Vietnamese "10 ngày
# đầu", "hai tuần cuối": the first 10 days, the last two weeks — not "3 tháng đầu năm", the first months of a year)
PART_RE = re.compile(rf"\b(?P<lead>(?:just|only)\s+)?the\s+(?P<which>first|last|final|opening|closing|second|latter|"
                     rf"former|early|earlier|later|past)\s+(?:(?P<n>{NUM[1:-1]})\s+)?(?P<unit>days?|weeks?|fortnight|"
                     r"months?|half)\b(?P<of>\s+of\s+(?:that|it|this|those|them|the (?:same\s+)?(?:month|period|year|"
                     r"quarter|stretch|range|time|span)))?"
                     rf"|\b(?P<vi>(?:(?P<vin>{VI_COUNT})\s+(?=(?:ngay|tuan|thang)\b))?"
                     r"(?:ngay|tuan|thang|nua) (?P<viwhich>dau|cuoi|dau tien|cuoi cung)(?: cua (?:thang|ky|nam|do))?)\b"
                     r"(?!\s+nam\b)")
# "what about the last 2 weeks only", "and just over the last two weeks": "only" said away from the part
ONLY_RE = re.compile(r"\b(?:just|only|merely)\b|\bthoi\b")
# "what was that one anyway", "which one was it", "what was it": the row the last answer pointed at
THAT_ONE_RE = re.compile(r"\b(?:what|which)(?:\s+one)?\s+(?:was|is)\s+(?:that|this|it)(?:\s+one)?\b(?!\s+(?:for|in|on|"
                         r"at|per|over|compared|about))|\bwhat was that (?:one|charge|purchase|transaction|payment)\b"
                         r"|\b(?:show|tell)(?: me)? (?:that|this) one\b|\b(?:cai|khoan|giao dich) (?:do|nay) la (?:gi|cai gi)\b")


# "week by week", "each week separately", "broken down by week", "từng tuần": the period's weeks (days) side by side
BY_UNIT_RE = re.compile(r"\b(?P<u1>week|day) by (?P=u1)\b|\b(?:each|every|per) (?P<u2>week|day)\b(?:\s+(?:separately|"
                        r"individually|on its own))|\b(?:break|split|broken|split up)\b.{0,20}\bby (?P<u3>week|day)\b"
                        r"|\b(?P<u4>weekly|daily) breakdown\b|\btung (?P<u5>tuan|ngay)\b")
BY_UNIT_MOST = 8  # sides at most: a longer stretch is said per week instead (followups_figures.py `_per_unit`)
PER_SAME_RE = re.compile(r"\b(?:per|a|each|every)\s+(?:week|day)\b|\b(?:weekly|daily)\b|\bmoi (?:tuan|ngay)\b")
# "and the other one?", "what about the other bill": the rest of the set the last answer picked one from
OTHER_RE = re.compile(r"\b(?:the )?other (?:one|ones|merchant|shop|store|place|bill|charge|payment|purchase|category)\b"
                      r"|\b(?:the )?others\b|\bcai (?:con lai|kia)\b")
# "how many orders was that?", "list them", "what's that per month": a measure over what the last answer pointed at
POINTER_RE = re.compile(r"\b(?:that|it|there|them|those|this one|that one|that place|that store)\b")
# "recount", "are you sure?", "check again", "give me the number again": the last question asked again
AGAIN_RE = re.compile(r"\b(?:re-?count|re-?check|re-?calculate|re-?do|check (?:it |that )?again|double[- ]?check|count "
                      r"(?:it |them )?again|look again|are you sure|you sure|try again|(?:give|tell|show) me (?:the|that) "
                      r"(?:number|figure|total|amount|count) again|say (?:that|it) again|kiem tra lai|tinh lai|dem lai|"
                      r"ban chac (?:khong|chua)|chac chua)\b")
# what a challenge says around it ("wrong, I'm pretty sure it was more", "hmm that seems high"): no edit
CHALLENGE_RE = re.compile(r"\b(?:i'?m|i am|i|pretty|quite|fairly|sure|think|thought|believe|seems?|looks?|too|high|low|"
                          r"wrong|off|really|actually|hm+|mistake|incorrect|not right|it was|was|more|less|bit|sai|nhieu "
                          r"hon|it hon|roi|the)\b")


def _unit(word: str) -> str:
    word = VI_UNITS.get(word, word)
    return "week" if word == "fortnight" else word.rstrip("s")


def _span(start: date, n: int, unit: str) -> date:
    """The last day of `n` units from `start`."""
    if unit in ("month", "quarter", "year"):
        return add_months(start, n * {"month": 1, "quarter": 3, "year": 12}[unit]) - timedelta(days=1)
    return start + timedelta(days=n * (7 if unit == "week" else 1) - 1)


def _whole_months(p: Period) -> bool:
    return p.start.day == 1 and p.end == month_bounds(p.end.year, p.end.month)[1]


def _next_units(text: str, s: _State) -> Edit:
    """"and the next two months?" after November: December and January, one total ("together") or each month side
    by side ("each of …"); the units follow the last period's end (from the next month's first day when it covered
    whole months). Not a future stretch: units after today are not there yet."""
    m = NEXT_UNITS_RE.search(text)
    prev = s.previous.period
    if not m or prev is None or prev.grain == "all" or s.previous.compare:
        return None
    n = _n(m.group("n") or m.group("n2") or m.group("n3"), 1)
    unit = _unit(m.group("unit") or m.group("unit2") or m.group("unit3"))
    if not 1 <= n <= 12:
        return None
    start = prev.end + timedelta(days=1)
    if unit in ("month", "quarter", "year") and not _whole_months(prev):
        return None  # months after a stretch that ends mid-month: which months is not clear — the parser reads it
    end = _span(start, n, unit)
    if start > s.today:
        return None
    end = min(end, s.today)
    q = s.query()
    q.offset = 0
    spans = [m.span()]
    each = EACH_RE.search(text)
    few = 1 < n <= FEW_MONTHS and unit == "month" and s.previous.measure == "total"  # "the next two months?"
    if (each and n > 1 or few) and not TOGETHER_RE.search(text):
        sides = []
        for k in range(n):
            a = start if unit == "day" else (add_months(start, k * {"month": 1, "quarter": 3, "year": 12}[unit])
                                             if unit in ("month", "quarter", "year") else start + timedelta(days=7 * k))
            if a > s.today:
                break
            b = min(_span(a, 1, unit), s.today)
            grain = unit if unit in ("month", "quarter", "year") else "range"
            sides.append(Side(label=period_label(a, b, grain, today=s.today),
                              period=Period(a, b, period_label(a, b, grain, today=s.today), grain)))
        if len(sides) >= 2:
            q.measure, q.period, q.limit, q.per = "compare", None, None, None
            q.compare = {"mode": "periods", "sides": sides}
            return q, [*spans, each.span()] if each else spans
    grain = unit if n == 1 and unit in ("month", "quarter", "year") else "range"
    q.period = Period(start, end, period_label(start, end, grain, today=s.today), grain)
    if together := TOGETHER_RE.search(text):
        spans.append(together.span())
        if q.measure in ("list", "largest", "smallest"):
            q.measure, q.limit = "total", None
    return q, spans


def _part_of(text: str, s: _State) -> Edit:
    """"just the last week of that" after December: 25–31 December; "the first half of it": the first half of the
    last period's days (of a year, January–June); "only the first month" of a longer stretch. "the last week" with
    nothing pointing at the last period ("and the last week?") is the calendar week: the parser reads it."""
    m = PART_RE.search(text)
    prev, sides = s.previous.period, s.mode == "sides"
    if sides and prev is None:  # "dining vs groceries in October": the period the sides share
        periods = {(side.period.start, side.period.end): side.period for side in s.sides if side.period}
        prev = next(iter(periods.values())) if len(periods) == 1 else None
    if not m or prev is None or prev.grain == "all" or (s.previous.compare and not sides):
        return None
    which = m.group("which") or ("first" if (m.group("viwhich") or "").startswith("dau") else "last")
    which = "last" if which == "past" else which
    only = ONLY_RE.search(text)
    if which in ("second", "third", "fourth") and (m.group("unit") or "").rstrip("s") in ("week", "day", "month") \
            and not m.group("n"):
        return _nth_unit(m, s, prev, {"second": 1, "third": 2, "fourth": 3}[which])
    if m.group("vi"):
        word = m.group("vi").split()[1 if m.group("vin") else 0]
        unit, n = {"ngay": "day", "tuan": "week", "thang": "month", "nua": "half"}[word], _n(m.group("vin"), 1)
    else:
        unit, n = _unit(m.group("unit")), _n(m.group("n"), 1)
        if m.group("unit") == "fortnight":
            n *= 2
        if which in ("last", "later") and not (m.group("lead") or m.group("of") or only):
            return None
        if m.group("which") == "past" and not (m.group("of") or m.group("lead")):
            return None  # "the past two weeks" alone runs back from today
    from_start = which in ("first", "opening", "early", "earlier", "former")
    end_of = min(prev.end, s.today)
    if unit == "half":
        if which not in ("first", "second", "last", "latter", "former", "early", "later", "earlier"):
            return None
        if sibling := _half_of_year(m, s, prev, from_start):
            return sibling, [m.span(), *([only.span()] if only else [])]
        months = (prev.end.year - prev.start.year) * 12 + prev.end.month - prev.start.month + 1
        if _whole_months(prev) and months >= 2 and months % 2 == 0:  # a year: January–June, July–December
            middle = add_months(prev.start, months // 2)
        else:  # a month, or an odd stretch: by its days (the longer half first)
            middle = prev.start + timedelta(days=((prev.end - prev.start).days + 2) // 2)
        start, end = (prev.start, middle - timedelta(days=1)) if from_start else (middle, prev.end)
    else:
        if which == "second":
            return None  # "the second two weeks": not a part from an end — the parser reads it
        if unit == "month" and n == 1 and s.months:
            chosen = s.months[0] if from_start else s.months[-1]
            start, end = chosen.start, chosen.end
        elif from_start:
            start, end = prev.start, _span(prev.start, n, unit)
        elif unit in ("month", "quarter", "year") and _whole_months(prev):
            start, end = add_months(date(prev.end.year, prev.end.month, 1), -n * {"month": 1, "quarter": 3,
                                                                                 "year": 12}[unit] + 1), prev.end
        else:
            days = (_span(end_of, n, unit) - end_of).days + 1 if unit in ("month", "quarter", "year") else \
                n * (7 if unit == "week" else 1)
            start, end = end_of - timedelta(days=days - 1), end_of
    end = min(end, s.today)
    if start < prev.start or end > prev.end or start > end or (start, end) == (prev.start, prev.end):
        return None  # no part of it: longer than the period itself
    grain = "month" if unit == "month" and n == 1 and start.day == 1 and end == month_bounds(end.year, end.month)[1] \
        else "range"
    q = s.query()
    q.period, q.offset = Period(start, end, period_label(start, end, grain, today=s.today), grain), 0
    for side in (q.compare or {}).get("sides") or []:
        if side.period:  # each side over the same part
            side.period = q.period
    return q, [m.span(), *([only.span()] if only else [])]


def _year_half(p: Period, today: date) -> bool:
    """January–June or July–December of one year (or the part of it up to today)."""
    if p.start.day != 1 or p.start.month not in (1, 7):
        return False
    half_end = date(p.start.year, 6, 30) if p.start.month == 1 else date(p.start.year, 12, 31)
    return p.end == half_end or p.end == today < half_end


def _half_of_year(m: re.Match, s: _State, prev: Period, first: bool) -> MoneyQuery | None:
    """"and the second half (so far)?" after the first half of a year, "the second half of the year" after any part
    of it: that half of the year of the last period (a half said after a half is its twin, not a half of it),
    cut at today. None when the turn points at the last period itself ("the first half of it")."""
    of = m.group("of") or ""
    if (of and "year" not in of) or not (_year_half(prev, s.today) or of) or prev.start.year != prev.end.year:
        return None
    year = prev.start.year
    start, end = (date(year, 1, 1), date(year, 6, 30)) if first else (date(year, 7, 1), date(year, 12, 31))
    end = min(end, s.today)
    if start > end:
        return None
    q = s.query()
    label = f"{'first' if first else 'second'} half of {year}" + (" so far" if end == s.today else "")
    q.period, q.offset = Period(start, end, label, "range"), 0
    for side in (q.compare or {}).get("sides") or []:
        if side.period:
            side.period = q.period
    return q


def _nth_unit(m: re.Match, s: _State, prev: Period, k: int) -> Edit:
    """"just the second week of that": the k-th week (day, month) of the last period, counted from its start."""
    unit = _unit(m.group("unit"))
    if unit == "month":
        if not s.months or k >= len(s.months):
            return None
        start, end = s.months[k].start, s.months[k].end
    else:
        start = prev.start + timedelta(days=k * (7 if unit == "week" else 1))
        end = min(_span(start, 1, unit), prev.end, s.today)
    if start > min(prev.end, s.today):
        return None
    grain = "month" if unit == "month" else "day" if start == end else "range"
    q = s.query()
    q.period, q.offset = Period(start, end, period_label(start, end, grain, today=s.today), grain), 0
    return q, [m.span()]


def _that_one(text: str, s: _State) -> Edit:
    """"what was that one anyway" after "and without the biggest?": the biggest one(s) it left out; after the biggest
    (smallest) purchase: that one again. Anything else has no one row to point at (the parser reads the turn)."""
    m = THAT_ONE_RE.search(text)
    prev = s.previous
    if not m or prev.compare:
        return None
    q = s.query()
    if prev.skip_largest and prev.measure in ROWS:
        q.measure, q.limit, q.offset, q.skip_largest, q.per = "largest", prev.skip_largest, 0, 0, None
        return q, [m.span()]
    if prev.measure in ("largest", "smallest") and (prev.limit or 1) == 1:
        return q, [m.span()]
    return None


def _by_unit(text: str, s: _State) -> Edit:
    """"per week? week by week pls" after two weeks of groceries: each week of the last period side by side (weeks
    counted from its first day), up to eight of them."""
    m = BY_UNIT_RE.search(text)
    prev = s.previous.period
    if not m or prev is None or prev.grain == "all" or s.previous.compare \
            or s.previous.measure not in ("total", "count", "income"):
        return None
    word = next(g for g in (m.group("u1"), m.group("u2"), m.group("u3"), m.group("u4"), m.group("u5")) if g)
    step = 7 if word in ("week", "weekly", "tuan") else 1
    end = min(prev.end, s.today)
    sides: list[Side] = []
    a = prev.start
    while a <= end and len(sides) <= BY_UNIT_MOST:
        b = min(a + timedelta(days=step - 1), end)
        label = period_label(a, b, "day" if a == b else "range", today=s.today)
        sides.append(Side(label=label, period=Period(a, b, label, "day" if a == b else "range")))
        a = b + timedelta(days=1)
    if not 2 <= len(sides) <= BY_UNIT_MOST:
        return None
    q = s.query()
    q.measure, q.period, q.limit, q.offset, q.per = "compare", None, None, 0, None
    q.compare = {"mode": "periods", "sides": sides}
    return q, [m.span(), *(p.span() for p in PER_SAME_RE.finditer(text))]


def _again(text: str, s: _State) -> Edit:
    """"Wrong, I'm pretty sure it was more. Recount.": the last question asked again — the same figure, said again;
    the words around the challenge change nothing (a name or a period said with it is read by the parser)."""
    m = AGAIN_RE.search(text)
    if not m:
        return None
    return s.query(), [m.span(), *(w.span() for w in CHALLENGE_RE.finditer(text))]


def _other(text: str, s: _State) -> Edit:
    """"and the other one, same month?" after "which bill was the biggest": the same set without the shop of the one
    it showed, as a total (a bill is one charge; a shop with several is all of them)."""
    m = OTHER_RE.search(text)
    prev = s.previous
    rows = s.shown.get("rows") or []
    if not m or prev.compare or prev.measure not in ("largest", "smallest") or (prev.limit or 1) != 1 or not rows \
            or not rows[0].get("merchant"):
        return None
    q = s.query()
    name = str(rows[0]["merchant"])
    q.merchants = [n for n in q.merchants if n != name]
    q.exclude_merchants = [*q.exclude_merchants, *([name] if name not in q.exclude_merchants else [])]
    q.measure, q.limit, q.offset = "total", None, 0
    return q, [m.span()]


def _of_the_one(text: str, s: _State) -> Edit:
    """"how many orders was that?" after "which dining place got most of my money" (a ranking that showed one place):
    that place's count (total, average, list), over the same period and filters."""
    m = POINTER_RE.search(text)
    measure, span = find_measure(text)
    if not m or s.previous.measure not in ("top_merchants", "top_categories", "summary") or len(s.items) != 1 \
            or measure not in ("count", "total", "average", "list", "largest", "smallest"):
        return None
    q = s.one_item(s.query(), s.items[0])
    q.measure = measure
    q.limit = 1 if measure in ("largest", "smallest") else None
    return q, [m.span(), *([span] if span else []), *(n.span() for n in UNIT_NOUN_RE.finditer(text))]


# "how many times did I go there", "and what was that in total": another measure of the same rows, pointed at
HERE_RE = re.compile(r"\b(?:there|then|that|it|those|them|this)\b|\b(?:o|cho|luc|khi) do\b")
# the verbs of a visit or a purchase, said with a count ("did I go there", "did we order"): no filter
VISIT_RE = re.compile(r"\b(?:go|went|gone|been|visit(?:ed|s)?|stop(?:ped)? (?:by|in)|order(?:ed)?|shop(?:ped)?|buy|bought|"
                      r"pay|paid|use|used|ride|rode|take|took|get|got|come|came|spend|spent)\b")


def _measure_again(text: str, s: _State) -> Edit:
    """"how many times did I go there?" after a total at Whole Foods last month: the count of the same rows (or, after
    a count, their total), the names kept; a period said with it applies ("how many times did I go there this
    year"). A name said with it is not this edit (the parser)."""
    measure, span = find_measure(text)
    pointer = HERE_RE.search(text)
    prev = s.previous
    if measure not in ("count", "total") or span is None or pointer is None or prev.compare \
            or prev.measure not in ("total", "count", "income", "list", "average") or measure == prev.measure:
        return None
    q = s.query()
    q.measure = "income" if measure == "total" and q.direction == "in" else measure
    q.limit, q.offset, q.per = None, 0, None
    return q, [span, pointer.span(), *(v.span() for v in VISIT_RE.finditer(text)),
               *(n.span() for n in UNIT_NOUN_RE.finditer(text))]
