"""Follow-ups on the last answer's periods: "only September", "same months last year", "the same month in 2025",
"and before that?", "is that normal?", "the total for the year", "just the earlier one". Each is the last query
over another period (or one of the periods it compared), run through the same engine."""
from __future__ import annotations

import re
from datetime import date, timedelta

from core.periods import Period, add_months, fmt_day, period_label
from transactions.query.followups_base import COUNT, RANKINGS, Edit, _n, _State
from transactions.query.followups_parts import EACH_RE, FEW_MONTHS, TOGETHER_RE
from transactions.query.grammar import ASKS_AMOUNT, find_measure
from transactions.query.model import MoneyQuery, Side
from transactions.query.periods import find_periods
from transactions.query.periods_vi import VI_SAME_LAST_YEAR
from transactions.query.state import period_before

# the usual's own stretch: "compared with the average over the last six months", "vs my 6-month average"
USUAL_OVER_RE = re.compile(r"\b(?:(?:say|like|i mean)[\s,]+)?(?:(?:compared|comparing)\s+(?:with|to|against)\s+)?(?:the\s+|my\s+)?"
                           r"(?:average|avg|usual|norm)\s+(?:of|over|for|across)\s+(?:the\s+)?(?:last|past|previous)\s+"
                           r"(?P<n>\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+(?:full\s+)?months?\b")
USUAL_RE = re.compile(r"\b(?:usual|normal|normally|typical|typically|average month|as usual|binh thuong)\b")
# "why so high?", "how come it's that much?", "that seems like a lot": the figure against the usual, which says whether
# (and how far) it is high
WHY_HIGH_RE = re.compile(r"^\s*(?:(?:and|but|hmm+|wait|wow|whoa|huh|so|ok(?:ay)?)[,\s]+)*(?:why|how come)\s+(?:(?:is|was|are|were)\s+"
                         r"(?:it|that|this|they|those|the (?:total|figure|number|amount))\s+|(?:it'?s|that'?s|its|thats)\s+)?"
                         r"(?:so|that|this|such a)?\s*(?:high|much|big|large|expensive|a lot|low|little|small|cheap)\b"
                         r"|^\s*(?:(?:hmm+|wow|whoa|huh|wait)[,\s]+)*(?:that|it|this)\s+(?:seems|looks|feels|is)\s+(?:really\s+|"
                         r"quite\s+|kind of\s+|a bit\s+|pretty\s+|very\s+)?(?:high|a lot|like a lot|low|steep)\b")
POINTER_RE = re.compile(r"\b(?:that|this|it|those)\b")
# "only September", "just the spring", "chỉ tháng 9 thôi": one period of a comparison, named again ("chi" is "only"
# unless it spends: "chi tiêu", "chi trả")
NARROW_RE = re.compile(r"\b(?:only|just|thoi|rieng)\b|\bchi\b(?!\s+(?:tieu|tra|phi|tien|ra)\b)")
# "same PG&E month last year": words between "same" and the unit say whose period it is (a name, read apart)
SAME_LAST_YEAR_RE = re.compile(r"\bsame\s+(?P<between>(?:(?!(?:last|the|a|as|for|in|of)\b)[a-z0-9&'.]+\s+){1,3}?)?(?:months?|period|time|weeks?|days?|dates|stretch|span|quarter|season|point|stage)\s+"
                               r"(?:(?:last|the previous|a|the)\s+(?P<unit>year|month)|the (?P<unit2>year|month) before)\b"
                               r"|\b(?:a|one) (?P<unit3>year|month) (?:earlier|before)\b|\bthe year before\b"
                               r"|\bthis time last (?P<unit4>year|month)\b|" + VI_SAME_LAST_YEAR)
# "the same days", "the same stretch", "the same point": the days of the last period as they are, not the whole months
# around them
SAME_DAYS_RE = re.compile(r"\bsame\s+(?:days?|dates|stretch|span|weeks?|point|stage)\b")
# "how does the bigger one compare with …": one of two periods compared, by its figure
BIGGER_ONE_RE = re.compile(r"\bthe\s+(?:(?P<big>bigger|larger|higher|greater|pricier|costlier|worse)|(?P<small>smaller|"
                           r"lower|cheaper|lesser))(?:\s+(?:one|month|period|of (?:the|those) two|of (?:them|those)))?\b")
# "the same month in 2025", "that period of last year": the unit of the last answer's period, in another year
SAME_UNIT_RE = re.compile(r"\b(?:the\s+)?(?:same|that|this)\s+(?:months?|period|time|weeks?|days?|dates|stretch|span|"
                          r"quarter|season)\b")
# "just the earlier one", "only the latter": a side of a two-period comparison by its place in time or in the question
WHICH_PERIOD_RE = re.compile(r"\b(?:the\s+)?(?P<when>earlier|earliest|older|oldest|previous|prior|later|latest|newer|"
                             r"newest|most recent|more recent|recent|former|latter)(?:\s+(?:one|month|period|side|figure))?\b")
BEFORE_THAT_RE = re.compile(r"^\s*(?:(?:and|so|ok(?:ay)?|what about|how about|and what about)[\s,]+)*(?:the\s+(?:one|"
                            r"period|time|stretch)\s+|right\s+|just\s+)?before (?:that|then|it|those)(?:\s+one)?\s*\??\s*$"
                            r"|^\s*(?:and\s+)?the (?:one|period) before\s*\??\s*$|^\s*(?:and\s+)?(?:truoc do|truoc nua)\s*\??\s*$")
ONE_AFTER_RE = re.compile(r"^\s*(?:(?:and|so|ok(?:ay)?|what about|how about)[\s,]+)*the\s+(?:one|next one)\s+(?:after|"
                          r"following|since)(?:\s+(?:that|it|this))?\s*\??\s*$")
# "compare that month's groceries to the month before", "how did it do against the week before"
AGAINST_BEFORE_RE = re.compile(r"\b(?:compare[sd]?|stack(?:s|ed)? up|how did|how does)\b.{0,40}?\b(?:to|with|against|vs\.?|"
                               r"versus)\s+the\s+(?:month|week|year|quarter|period|one)\s+(?:before|prior)\b")
# "the 3 months before that", "the two weeks before it": a stretch of that length just before the last one
UNITS_BEFORE_RE = re.compile(rf"\b(?:the\s+)?(?P<n>{COUNT})\s+"
                             r"(?P<unit>months?|weeks?|days?|years?)\s+(?:before|prior to|leading up to)\s+"
                             r"(?:that|then|it|those|them)\b")
# "the total for the year", "over the whole month" after a shorter period: the year (month, quarter) around it
WIDEN_RE = re.compile(r"\b(?:for|over|in|across|during|of)?\s*the\s+(?:whole\s+|full\s+|entire\s+)?(year|quarter|month)"
                      r"\b(?!\s+(?:before|after|earlier|later|ago|prior))|\b(?:whole|full|entire)\s+(year|quarter|month)\b")
# "from then until now", "since then", "từ đó đến nay": the start of the last period to today
SINCE_THEN_RE = re.compile(r"\b(?:since|from)\s+(?:then|that (?:month|time|point|date|day|week))(?:\s+(?:until|till|til|to|"
                           r"through|thru|up to|up until)\s+(?:now|today|date|the present))?\b"
                           r"|\btu (?:do|luc do|hoi do|khi do) (?:den|toi) (?:nay|gio|bay gio|hom nay)\b"
                           r"|\b(?:(?:everything|all|anything)\s+)?(?:ever\s+)?since(?=\s*(?:[?.!]|$))|\bever since\b")
# "the same for last year", "same thing over Q3", "do the same for March", "tương tự cho tháng 9"
SAME_FOR_RE = re.compile(r"\b(?:the\s+)?same(?:\s+(?:thing|question|again|figure|numbers?|total|one|deal))?\s+(?:but\s+)?"
                         r"(?:for|in|over|during)\b|\b(?:do|run|check|try) (?:that|it|the same)(?: again)? (?:for|in|over)\b"
                         r"|\btuong tu (?:cho|voi|trong)\b")
SERIES_RE = re.compile(r"\bover time\b|\bmonth by month\b|\bby month\b|\beach month\b|\bmonth to month\b|\btheo thang\b")
WIDEN_MONTHS = {"month": 1, "quarter": 3, "year": 12}
# "and the 16th thru the 22nd?", "from the 1st to the 15th", "just the 5th": days of the last answer's month
NOT_A_DAY = r"(?!\s*(?:months?|weeks?|years?|quarters?|periods?|ones?|half|items?|merchants?|categor|places?|biggest|" \
            r"largest|most|top|pick|spot|rank))"
DAY_RANGE_RE = re.compile(r"\b(?:from\s+|between\s+)?(?:the\s+)?(?P<a>\d{1,2})(?:st|nd|rd|th)\b\s*(?:-|–|to|thru|"
                          rf"through|till|until|and)\s*(?:the\s+)?(?P<b>\d{{1,2}})(?:st|nd|rd|th)?\b{NOT_A_DAY}"
                          rf"|\b(?:on|for|just|only)\s+the\s+(?P<d>\d{{1,2}})(?:st|nd|rd|th)\b{NOT_A_DAY}"
                          r"|\bdays?\s+(?P<a2>\d{1,2})\s*(?:-|–|to|thru|through|till|until|and)\s*(?P<b2>\d{1,2})\b")


def _narrow_to_period(text: str, s: _State) -> Edit:
    """"only September" after "October vs September": the total for the one period named again."""
    m = NARROW_RE.search(text)
    named = [(p, span) for p, span in find_periods(text, s.today) if not p.relative]
    if not m or s.mode != "periods" or len(named) != 1:
        return None
    q = s.query()
    q.compare, q.measure, q.period = None, "total", named[0][0]
    return q, [m.span(), named[0][1]]



def _same_period_another_year(text: str, s: _State) -> Edit:
    """"same months last year", "this time last year", "the same month in 2025": the last answer's period (or
    each period it compared) moved to another year."""
    m = SAME_LAST_YEAR_RE.search(text)
    years, spans = -1, [m.span()] if m else []
    if m and m.group("between"):  # the words between are no part of the period: the parser reads them if new
        spans = [(m.start(), m.start("between")), (m.end("between"), m.end())]
    months = 0
    if m and "month" in (m.group("unit"), m.group("unit2"), m.group("unit3"), m.group("unit4")):
        years, months = 0, -1  # "the same days last month": the same day-span a month earlier
    if not m:
        unit = SAME_UNIT_RE.search(text)
        named = [(p, span) for p, span in find_periods(text, s.today) if not p.relative and p.grain == "year"]
        base = s.previous.period or (s.periods[0] if s.periods else None)
        if not unit or len(named) != 1 or base is None or base.grain == "year":
            return None
        years, spans = named[0][0].start.year - base.start.year, [unit.span(), named[0][1]]
    q = s.query()
    days = bool(SAME_DAYS_RE.search(text))
    prev = s.previous.period
    if m and m.group(0) == "the year before" and prev is not None and not q.compare and (prev.start.month,
                                                                                        prev.start.day) == (1, 1) \
            and prev.end.year == prev.start.year and (prev.end == s.today or (prev.end.month, prev.end.day) == (12, 31)):
        # "and the biggest the year before?" after this year so far: the whole year before, not its first months
        year = prev.start.year - 1
        return _moved(text, q, s, Period(date(year, 1, 1), date(year, 12, 31), str(year), "year")), spans
    if s.mode == "periods" and q.compare and (chosen := _bigger_one(text, s)) is not None:
        # "how does the bigger one compare with the same month a year earlier": that period against itself moved
        period, span = chosen
        moved = _shift(period, months, years, days)
        q.compare = {"mode": "periods", "sides": [Side(label=p.label, period=p) for p in (period, moved)]}
        return q, [*spans, span]
    if s.mode == "periods" and q.compare:
        for side in q.compare.get("sides") or []:
            if side.period:
                side.period = _shift(side.period, months, years, days)
                side.label = side.period.label
        return q, spans
    named = [(p, span) for p, span in find_periods(text, s.today) if not p.relative and p.grain not in ("year", "all")
             and not (m and m.start() <= span[0] < m.end())]  # not "last month" of "the same days last month"
    if m and len(named) == 1 and not q.compare:  # "and October a year earlier?": the month named, a year back
        return _moved(text, q, s, _shift(named[0][0], months, years, days)), [*spans, named[0][1]]
    if s.previous.period is not None and s.previous.period.grain != "all":
        return _moved(text, q, s, _shift(s.previous.period, months, years, days)), spans
    return None


def _since_then(text: str, s: _State) -> Edit:
    """"and from then until now, all together?" after July: from the start of the last period to today, one total."""
    m = SINCE_THEN_RE.search(text)
    prev = s.previous.period
    if not m or prev is None or prev.grain == "all" or s.previous.compare or prev.start > s.today:
        return None
    q = s.query()
    start = prev.start
    if m.group(0).startswith("since") and prev.end < s.today and (prev.start.year, prev.start.month) != (
            prev.end.year, prev.end.month):
        # "and since then?" after "January through the end of April": "then" is where that stretch ended, so the
        # days after it (after one month, "since then" still counts from that month, as "from then" does)
        start = prev.end + timedelta(days=1)
    q.period, q.offset = Period(start, s.today, f"since {fmt_day(start)}", "range"), 0
    together = [t.span() for t in TOGETHER_RE.finditer(text)]
    if together and q.measure in ("list", "largest", "smallest"):
        q.measure, q.limit = "total", None
    return q, [m.span(), *together]


def _same_for(text: str, s: _State) -> Edit:
    """"and the same for last year, all told?", "same thing for March": the last question over the one period named
    (its names kept: a word left unread must not replace them)."""
    m = SAME_FOR_RE.search(text)
    named = [(p, span) for p, span in find_periods(text, s.today) if not p.relative]
    if not m or len(named) != 1 or s.previous.compare:
        return None
    q = s.query()
    q.period, q.offset = named[0][0], 0
    return q, [m.span(), named[0][1]]


def _shift(period: Period, months: int, years: int, days: bool) -> Period:
    """A period moved by months or years; "the same days" keeps its days (the 1st to the 27th of a month so far
    is the 1st to the 27th a month earlier, not the whole month)."""
    if days and period.grain not in ("quarter", "year") and period.start.day == 1 \
            and (period.end.year, period.end.month) == (period.start.year, period.start.month) \
            and period.end != add_months(period.start, 1) - timedelta(days=1):
        start, end = add_months(period.start, months + 12 * years), add_months(period.end, months + 12 * years)
        return Period(start, end, period_label(start, end, "range"), "range")
    return period.shifted(months=months, years=years)


def _bigger_one(text: str, s: _State) -> tuple[Period, tuple[int, int]] | None:
    """The bigger (smaller) of the periods compared, by the figures the last answer showed; None when the turn
    names none, or the figures are not in the state or tie."""
    m = BIGGER_ONE_RE.search(text)
    figures = s.shown.get("figures") or []
    if not m or len(figures) != len(s.periods) or len(s.periods) < 2 or len(set(figures)) < len(figures):
        return None
    pick = max if m.group("big") else min
    return s.periods[figures.index(pick(figures))], m.span()


# "in the higher month", "for the bigger one", "during the cheaper period": one of the periods compared, by its figure
IN_BIGGER_RE = re.compile(r"\b(?:in|for|of|during|from|within)\s+(?=the\s+(?:bigger|larger|higher|greater|pricier|"
                          r"costlier|worse|smaller|lower|cheaper|lesser)\b)")
ASKED_IN_PERIOD = ("largest", "smallest", "count", "average", "list", "top_merchants", "top_categories")


def _in_bigger_one(text: str, s: _State) -> Edit:
    """"in the higher month, what was the biggest item?" after two periods compared: the question asked over the
    period whose figure was bigger (smaller) — not which of them was more, which the answer already said."""
    m = IN_BIGGER_RE.search(text)
    if not m or s.mode != "periods" or (chosen := _bigger_one(text, s)) is None:
        return None
    period, span = chosen
    measure, mspan = find_measure(text)
    q = s.query()
    q.compare, q.period, q.offset, q.per = None, period, 0, None
    q.measure = measure if measure in ASKED_IN_PERIOD else "total"
    q.limit = 1 if measure in ("largest", "smallest") else q.limit if measure in RANKINGS else None
    return q, [m.span(), span, *([mspan] if mspan and measure in ASKED_IN_PERIOD else [])]


def _moved(text: str, q: MoneyQuery, s: _State, period: Period) -> MoneyQuery:
    """The last question over another period; "compare that to …" puts the two periods side by side."""
    if find_measure(text)[0] == "compare" and s.previous.period is not None:
        q.measure, q.period = "compare", None
        q.compare = {"mode": "periods", "sides": [Side(label=p.label, period=p) for p in (s.previous.period, period)]}
    else:
        q.period = period
    return q


def _against_usual(text: str, s: _State) -> Edit:
    """"is that normal?", "how does that compare to usual": the last question's period against the average of
    the full months before it (like for like), through the engine's comparison."""
    m, pointer = USUAL_RE.search(text), POINTER_RE.search(text)
    if why := WHY_HIGH_RE.search(text):  # "why so high?": how it stands against the usual
        m, pointer = why, why
    if not m or not pointer or s.previous.compare or s.previous.measure not in ("total", "count", "income"):
        return None
    q = s.query()
    current = s.previous.period or Period(s.today.replace(day=1), s.today, f"{s.today:%B %Y} so far", "month")
    q.measure, q.period = "compare", current
    q.compare = {"mode": "usual", "sides": [Side(label=current.label, period=current)]}
    spans = [m.span(), pointer.span(), *([span] if (span := find_measure(text)[1]) else [])]
    if over := USUAL_OVER_RE.search(text):  # "say, compared with the average over the last six months"
        q.compare["months"] = _n(over.group("n"), 3)
        spans.append(over.span())
    return q, spans



def _before_that(text: str, s: _State) -> Edit:
    """"and before that?": the same question for the stretch just before the one answered; "the 3 months before
    that": that many units just before it."""
    m = BEFORE_THAT_RE.search(text)
    units = UNITS_BEFORE_RE.search(text)
    prev = s.previous.period
    if units and prev is not None and prev.grain != "all" and not s.previous.compare:
        n, unit = _n(units.group("n"), 1), units.group("unit").rstrip("s")
        end = prev.start - timedelta(days=1)
        start = add_months(prev.start, -n * (12 if unit == "year" else 1)) if unit in ("month", "year") else \
            prev.start - timedelta(days=n * (7 if unit == "week" else 1))
        each = [e.span() for e in EACH_RE.finditer(text)]
        few = 1 < n <= FEW_MONTHS and s.previous.measure == "total"  # "the two months before that?": each month
        if (each and 1 < n <= 12 or few) and unit == "month" and prev.start.day == 1 and not TOGETHER_RE.search(text):
            # "the two months before that — each one, not added up": those months side by side; a few months asked
            # after a month's total are side by side too (with "together" they are one total)
            q = s.query()
            q.measure, q.period, q.limit, q.offset, q.per = "compare", None, None, 0, None
            firsts = [add_months(start, k) for k in range(n)]
            q.compare = {"mode": "periods", "sides": [Side(label=p.label, period=p) for p in (
                Period(a, add_months(a, 1) - timedelta(days=1), f"{a:%B %Y}", "month") for a in firsts)]}
            return q, [units.span(), *each]
        return _moved(text, s.query(), s, Period(start, end, period_label(start, end, "range", today=s.today),
                                                   "range")), [units.span()]
    step = m or ONE_AFTER_RE.search(text)
    if step is not None and s.previous.measure == "list" and s.previous.limit == 1:
        # "my latest Amazon order" → "and the one before that?": the transaction before it, newest first
        q = s.query()
        q.offset = (s.previous.offset or 0) + (1 if m else -1)
        return (q, [step.span()]) if q.offset >= 0 else None
    against = AGAINST_BEFORE_RE.search(text)
    if against and prev is not None and prev.grain != "all" and not s.previous.compare:
        # "compare that month's groceries to the month before": the last period against the one before it
        q = s.query()
        q.measure, q.period, q.limit, q.offset = "compare", None, None, 0
        q.compare = {"mode": "periods", "sides": [Side(label=p.label, period=p) for p in (prev, period_before(
            prev, s.today))]}
        return q, [against.span()]
    if not m:
        return None
    q = s.query()
    if s.mode == "periods" and q.compare:
        sides = [side for side in q.compare.get("sides") or [] if side.period]
        for side in sides:
            side.period = period_before(side.period, s.today)
            side.label = side.period.label
        return (q, [m.span()]) if sides else None
    if s.previous.period is not None and s.previous.period.grain != "all":
        return _moved(text, q, s, period_before(s.previous.period, s.today)), [m.span()]
    return None


def widened(text: str, prev: Period | None, today: date) -> tuple[Period, re.Match] | None:
    """(the year, quarter or month around `prev`, up to today; the words that asked it) when the turn asks for it
    ("for the year", "over the whole quarter") and names no period of its own; None when it does not, or `prev` is
    already that stretch or longer."""
    m = WIDEN_RE.search(text)
    if not m or prev is None or prev.grain == "all" or find_periods(text, today):
        return None
    grain = m.group(1) or m.group(2)
    span = WIDEN_MONTHS[grain]
    first_month = (prev.end.month - 1) // span * span + 1 if span > 1 else prev.end.month
    start = date(prev.end.year, first_month, 1)
    end = min(add_months(start, span) - timedelta(days=1), today)
    if start >= prev.start and end <= prev.end:
        return None  # already that stretch or longer: nothing to widen
    return Period(start, end, period_label(start, end, grain, today=today), grain), m


def _widen(text: str, s: _State) -> Edit:
    """"what about the total for the year" after September: the same question over the year (quarter, month) the
    last period lies in, up to today."""
    prev = s.previous.period
    found = widened(text, prev, s.today)
    if found is None or s.previous.compare:
        return None
    q = s.query()
    q.period, m = found
    measure, measure_span = find_measure(text)
    if measure in ("count", "average", "largest", "smallest", "list", *RANKINGS):
        q.measure = measure
    elif total := ASKS_AMOUNT.search(text):  # "total for the quarter?" after the biggest purchase: the total
        q.measure, q.limit, q.offset, measure_span = "income" if q.direction == "in" else "total", None, 0, total.span()
    return q, [m.span(), *([measure_span] if measure_span else [])]



def _pick_period(text: str, s: _State) -> Edit:
    """"just the earlier one", "only the latter": one side of a two-period comparison, by time or by place."""
    m = WHICH_PERIOD_RE.search(text)
    # or one month of a span of two or three ("dining in September and October" → "just the later one")
    periods = s.periods or (s.months if 2 <= len(s.months) <= 3 and not s.items else [])
    if not m or len(periods) < 2 or find_periods(text, s.today):
        return None
    when = m.group("when")
    by_time = sorted(periods, key=lambda p: p.start)
    chosen = {"former": periods[0], "latter": periods[-1]}.get(when) or (
        by_time[0] if when in ("earlier", "earliest", "older", "oldest", "previous", "prior") else by_time[-1])
    q = s.query()
    if s.periods:
        q.compare, q.measure = None, "total"
    q.period = chosen
    return q, [m.span()]



def _day_range(text: str, s: _State) -> Edit:
    """"and the 16th thru the 22nd?" after a month's answer: the same question over those days of that month (of
    the current month when the last answer covered no single month; the month before when those days are still to
    come)."""
    m = DAY_RANGE_RE.search(text)
    if not m or (s.previous.compare and s.mode != "sides"):
        return None
    first = int(m.group("a") or m.group("a2") or m.group("d"))
    last = int(m.group("b") or m.group("b2") or m.group("d"))
    prev = s.previous.period
    if prev is not None and prev.grain != "all" and (prev.start.year, prev.start.month) == (prev.end.year,
                                                                                              prev.end.month):
        month = prev.start.replace(day=1)
    else:
        month = s.today.replace(day=1) if first <= s.today.day else add_months(s.today.replace(day=1), -1)
    days = (add_months(month, 1) - timedelta(days=1)).day
    if not 1 <= first <= last <= days:
        return None
    start, end = month.replace(day=first), month.replace(day=last)
    period = Period(start, end, period_label(start, end, "day" if first == last else "range", today=s.today),
                    "day" if first == last else "range")
    q = s.query()
    q.offset = 0 if q.measure not in RANKINGS else q.offset
    if q.compare:
        for side in q.compare.get("sides") or []:
            side.period = period
    else:
        q.period = period
    return q, [m.span()]


# "last 30?" after "the last 7 days": a bare count after a period counted in a unit is that many of the same unit
BARE_COUNT_RE = re.compile(r"^\s*(?:(?:and|ok(?:ay)?|so|what about|how about|now)[,\s]+)*(?:the\s+|over\s+the\s+|in\s+the\s+)?"
                           r"(?:last|past|previous|prior)\s+(\d{1,3})(?=\s*(?:then|instead|now)?\s*[?.!]*\s*$)")
UNIT_OF_LAST_RE = re.compile(r"^the last \d+ (days?|weeks?|months?|years?)\b")


def bare_count_unit(text: str, previous: MoneyQuery | None, today: date) -> str:
    """The turn with the unit of the last answer's counted period after a bare count ("last 30?" → "last 30 days?"):
    never 30 months (the unit a bare count has alone) nor the last 30 transactions. The last period is counted in
    days when it ends today and starts on no day a whole number of months back ("the last 7 days", "past 90 days")."""
    said = BARE_COUNT_RE.match(text)
    last = previous.period if previous is not None else None
    if said is None or last is None or last.grain != "range" or last.end != today:
        return text
    unit = UNIT_OF_LAST_RE.match(last.label)
    if unit is not None:
        plural = unit.group(1) if unit.group(1).endswith("s") else unit.group(1) + "s"
    elif (today - last.start).days < 366 and all(add_months(today, -k) + timedelta(days=1) != last.start
                                                 and add_months(today, -k) != last.start for k in range(1, 13)):
        plural = "days"
    else:
        return text
    return text[:said.end()] + f" {plural if said.group(1) != '1' else plural[:-1]}" + text[said.end():]
