"""Follow-ups about the subject in play (issue 21, kind 4): a short turn that keeps what the last answer was about and
changes how it is looked at, or checks it.

- the subject as a whole: "that store overall", "and in general?" — every period, none of the last answer's
  restrictions (what it left out, an amount, a weekday), the merchants or categories kept;
- its figure: "then just tell me what it cost", "how much was it" — the amount of what the last answer was about;
- the row before the one shown: "the trip before that one" after the biggest (or latest) charge — the row of the same
  set dated just before it;
- both again: "both stations" after "Shell and Chevron" → "just Shell" — the names of the answer before, again;
- a check-back: "make sure you're looking at the right bill", "is that the right month?" — the last question again,
  said again with what it counted (never a search for "right"); the answer is not a confident one
  (chat/followup_doubt.changed_nothing);
- what the last figure included: "does that include rent? what's it without" — the last question with that left out;
  the name is read by the parser from the rest of the turn (`rest`, followups.py).
"""
from __future__ import annotations

import re
from datetime import date, timedelta

from core.periods import Period, fmt_day
from transactions.query.followups_base import HOW_MANY_THAT_RE, RANKINGS, ROWS, Edit, _State
from transactions.query.followups_merge import SPENT_RE, SUPERLATIVE_WORD_RE
from transactions.query.lexicon import UNIT_NOUN_RE
from transactions.query.model import MoneyQuery
from transactions.query.periods import find_periods
from transactions.query.state import PLACE_REF_RE, period_edit, referenced_merchant

FIRST_DAY = date(1900, 1, 1)  # the start of "all time", as transactions/query/periods.py reads it
# the subject as a whole, over all its history
OVERALL_RE = re.compile(r"\boverall\b|\bin general\b|\bas a whole\b|\b(?:all|every)thing (?:there|at (?:that|this) "
                        r"(?:store|shop|place))\b|\b(?:in|over|across) (?:all|the whole|my whole|my entire|the entire) "
                        r"history\b|\b(?:all|whole|entire) (?:of )?(?:my )?history\b")
# said of a place pointed back at ("how much have I spent at that store total", "what has it cost me there ever"):
# what the place has cost, all of it
PLACE_ALL_TIME_RE = re.compile(r"\bever\b|\ball[- ]time\b|\blifetime\b"
                               r"|\b(?:have|'ve)\s+(?:i|we)\s+(?:\w+\s+)?(?:spent|paid|put|given)\b.{0,40}?\b(?:in )?total\b"
                               r"|\b(?:i|we)(?:'ve| have)\s+(?:\w+\s+)?(?:spent|paid|put|given)\b.{0,40}?\b(?:in )?total\b")


def asks_all_of_it(text: str) -> re.Match | None:
    """The words by which a turn asks about its subject over all its history ("that store overall", "and in
    general?", "how much have I spent at that store total"), or None."""
    return OVERALL_RE.search(text) or (PLACE_ALL_TIME_RE.search(text) if PLACE_REF_RE.search(text) else None)
# a time pointed back at that the period grammar does not read ("that month", "the same week" it reads): "back then",
# "at the time", "those days", "that trip", "that weekend", "those months"
THAT_PERIOD_RE = re.compile(r"\b(?:that|this|the same)\s+(?:day|weekend|trip)\b|\b(?:those|these)\s+(?:days|weeks|"
                            r"weekends|months|trips)\b|\bback then\b|\bat the time\b")
# the thing in play, pointed at ("that store", "that place", "them")
THAT_THING_RE = re.compile(r"\b(?:that|this|the same|those|these|the)\s+(?:store|shop|place|merchant|vendor|company|"
                           r"restaurant|business|category|spot|outlet|chain|one|payee)s?\b|\bthere\b")
# the figure of the subject in play: "what it cost", "how much was it", "just the amount"
WHAT_IT_COST_RE = re.compile(r"\bwhat(?:'?s| is| was) the (?:total|figure|amount|cost|damage)(?: then)?\s*\??\s*$"
                             r"|\b(?:what|how much) (?:did )?(?:it|that|this|they|those|these) (?:cost|costs|came to|come to|"
                             r"comes to|was|were|is|are|set me back|ran me|run me)\b|\b(?:what|how much) was (?:it|that) "
                             r"(?:in total|altogether|all up)\b|\b(?:just|only) (?:give me |tell me |say )?(?:the )?"
                             r"(?:figure|total|number|amount|cost|price)\b")
TELL_ME_RE = re.compile(r"\b(?:then|so|ok(?:ay)?|fine|just|only|please|can you|could you|tell me|give me|say|let me know|"
                        r"show me|all|i want|i'd like)\b")
# "the trip before that one", "the charge before it": the row just before the one the last answer showed
ROW_BEFORE_RE = re.compile(r"\b(?:the\s+)?(?:one|trip|visit|purchase|order|charge|payment|flight|ride|bill|transaction|"
                           r"booking|stay|ticket|delivery|meal|run)s?\s+(?:right\s+|just\s+|immediately\s+)?(?:before|prior "
                           r"to|previous to)\s+(?:that|it|this|then|those)(?:\s+(?:one|trip|charge|purchase|flight|visit|"
                           r"order|payment|bill|transaction))?\b|\b(?:the\s+)?previous (?:one|trip|visit|purchase|order|"
                           r"charge|payment|flight|ride|bill|transaction|booking)\b")
# a check of the last answer's basis: "make sure you're looking at the right bill", "is that the right month?"
CHECK_BACK_RE = re.compile(r"\b(?:make|making|be|are you|you)(?: quite| really| absolutely| totally| 100%)? sure\b|\bdouble[- ]?check\b|\bverify\b|\bconfirm\b"
                           r"|\b(?:is|was|are|were) (?:that|this|it|those|these) (?:the )?(?:right|correct|accurate|proper)\b"
                           r"|\b(?:did|have|are) you (?:get|got|use|used|using|look(?:ed|ing)? at|pick(?:ed)?|check(?:ed)?|"
                           r"count(?:ed|ing)?|have|include[d]?|grab(?:bed)?) the (?:right|correct|proper)\b")
# what a check-back says around its cue: who looks at what, no name
CHECK_WORDS_RE = re.compile(r"\b(?:you'?re|you are|youre|you|we'?re|looking|look(?:ed)?|at|using|used|counting|counted|"
                            r"checking|checked|got|get|have|picked|pick|grabbed|that|it'?s|its|is|was|the|right|correct|"
                            r"proper|accurate|wrong|same|bill|bills|one|ones|charge|charges|merchant|store|shop|place|"
                            r"category|month|period|account|transactions?|payments?|numbers?|figures?|amounts?|things?|"
                            r"data|rows?|please|pls|can you|could you|just|again|hey|um|uh|ok(?:ay)?|so|and)\b")
# "does that include rent? what's it without": was something counted, and the figure without it
INCLUDES_RE = re.compile(r"\b(?:does|did|is|was|do) (?:that|it|this|the (?:total|figure|number|amount)) (?:include|including|"
                         r"included|count|counting|cover|covering|have|contain|take in)\b"
                         # "is rent included in that?", "was rent counted": the thing named between
                         r"|\b(?:is|are|was|were) (?P<name>[a-z0-9&' .-]{2,30}?) (?:included|counted|in (?:there|that|it))"
                         r"(?: in (?:that|it|there|the total|this))?\b")
WITHOUT_RE = re.compile(r"\b(?:what(?:'?s| is| would it be| does it come to| would that be| about)|how much(?: is it)?|and)?"
                        r"\s*(?:it|that)?\s*(?:without|minus|excluding|leaving (?:it|that|them) out)(?:\s+(?:it|that|them))?"
                        r"\s*\??\s*$|\b(?:and )?(?:without|minus|excluding) (?:it|that|them)\b")


def _overall(text: str, s: _State) -> Edit:
    """"that store overall" after "Whole Foods last month, groceries excluded": Whole Foods over all time, the old
    restrictions dropped; the measure kept (a count stays a count)."""
    m = asks_all_of_it(text)
    prev = s.previous
    if not m or prev.compare or prev.measure not in (*ROWS, *RANKINGS) \
            or not (prev.merchants or prev.categories or prev.text or prev.period):
        return None
    if HOW_MANY_THAT_RE.search(text):
        return None  # "how many purchases was that overall" after the biggest one: the rows it was among (followups)
    if THAT_PERIOD_RE.search(text) or any(p.grain != "all" for p, _ in find_periods(text.lower(), s.today)):
        return None  # "what did I spend there overall that month": the whole of that month, not all time
    q = s.query()
    if not q.merchants and (place := referenced_merchant(text, prev, s.shown)) and place[0]:
        # "what have I paid there overall" after the biggest purchase: that purchase's shop
        q.merchants, q.categories, q.text = [place[0]], [], []
    q.period = Period(FIRST_DAY, s.today, "all time", "all")
    q.exclude_merchants, q.exclude_categories, q.exclude_text, q.excluded_unknown = [], [], [], []
    q.amount_min = q.amount_max = None
    q.weekdays, q.skip_largest, q.months, q.per, q.group_by = [], 0, None, None, None
    q.links = [link for link in q.links if not link.negated]
    if q.measure == "list":  # the subject's figure, not a list of every row it ever had
        q.measure, q.limit = "total", None
    spent = SPENT_RE.search(text) or (re.search(r"\bhow much\b", text) and PLACE_REF_RE.search(text))
    if q.measure in ("largest", "smallest") and spent and not SUPERLATIVE_WORD_RE.search(text):
        # "and what did I spend there overall", "that store, how much there ever?" after the biggest purchase
        q.measure, q.limit = "total", None
    q.offset = 0
    return q, [m.span(), *(t.span() for t in THAT_THING_RE.finditer(text))]


def _what_it_cost(text: str, s: _State) -> Edit:
    """"then just tell me what it cost" after an answer about something: the amount of the same rows (a row shown
    alone: its amount again; a count or a list: their total; a ranking of one: that one's total)."""
    m = WHAT_IT_COST_RE.search(text)
    prev = s.previous
    if not m or prev.compare or len(text.split()) > 10:
        return None
    q = s.query()
    spans = [m.span(), *(t.span() for t in TELL_ME_RE.finditer(text)), *(n.span() for n in UNIT_NOUN_RE.finditer(text))]
    if prev.measure in RANKINGS:
        if len(s.items) != 1:
            return None  # "what did they cost" after a ranking of several: their figures are already said
        return s.one_item(q, s.items[0]), spans
    if prev.measure in ("largest", "smallest", "list") and (prev.limit or 0) == 1:
        return q, spans  # the row shown: its amount
    if prev.measure not in ROWS:
        return None
    q.measure = "income" if prev.measure == "income" or prev.direction == "in" else "total"
    q.limit, q.offset, q.per = None, 0, None
    return q, spans


def _row_before(text: str, s: _State) -> Edit:
    """"the trip before that one" after the biggest travel charge (or the latest one): the row of the same set dated
    just before the one shown — newest first, before its day."""
    m = ROW_BEFORE_RE.search(text)
    prev = s.previous
    rows = s.shown.get("rows") or []
    if not m or prev.compare or prev.measure not in ("largest", "smallest", "list") or (prev.limit or 1) != 1 \
            or not rows or not rows[0].get("date"):  # the row the answer led with (its runners-up follow it)
        return None
    day = rows[0]["date"]
    day = date.fromisoformat(day[:10]) if isinstance(day, str) else day
    if prev.measure == "list":
        return None  # "my latest order" → "the one before that": the next row newest first (followups_periods)
    end = day - timedelta(days=1)  # whenever it was: the trip before the last one need not be in the same month
    q = s.query()
    q.period = Period(FIRST_DAY, end, f"before {fmt_day(day)}", "range")
    q.measure, q.limit, q.offset, q.per = "list", 1, 0, None
    return q, [m.span()]


def check_back(text: str) -> bool:
    """Does the turn only check the last answer's basis ("make sure you're looking at the right bill")?"""
    m = CHECK_BACK_RE.search(text)
    if not m:
        return False
    rest = CHECK_WORDS_RE.sub(" ", CHECK_BACK_RE.sub(" ", text))
    return not re.sub(r"[^a-z]+", "", rest)


def _check_back(text: str, s: _State) -> Edit:
    """A check of the last answer's basis: the last question asked again, said with what it counted; it reads every
    word of the turn so that none of them ("right", "bill") becomes a search."""
    if not check_back(text) or s.previous.compare:
        return None
    return s.query(), [(0, len(text))]


def _includes_without(text: str, s: _State) -> tuple[MoneyQuery, list[tuple[int, int]], str] | None:
    """"does that include rent? what's it without": the last question with the thing named left out. The thing is
    read by the parser from `rest` ("without rent") over the last query."""
    inc, without = INCLUDES_RE.search(text), WITHOUT_RE.search(text)
    prev = s.previous
    if not inc or not without or prev.compare or prev.measure not in (*ROWS, *RANKINGS):
        return None
    named = inc.group("name") or (text[inc.end():without.start()] if inc.end() <= without.start() else text[inc.end():])
    named = re.sub(r"[?.!,;]+", " ", named).strip()
    if not named or len(named.split()) > 4:
        return None
    return s.query(), [(0, len(text))], f"without {named}"


# "widen that to the whole of this year", "extend it to last quarter", "change the dates to March": the last question
# over the period said (the period is read by the parser's period grammar)
TO_PERIOD_RE = re.compile(r"\b(?:widen|extend|expand|broaden|stretch|open|push|shift|move|change|switch|set|make|redo|"
                          r"run|do)(?:\s+(?:that|it|this|the (?:period|range|dates?|window|timeframe|time frame)))?"
                          r"(?:\s+(?:out|back|up))?\s+(?:to|for|over|across|into)\s+(?:(?:the\s+)?(?:whole|entire|full|"
                          r"all)(?:\s+of)?\s+)?")


def _to_period(text: str, s: _State) -> Edit:
    """"Widen that to the whole of this year, please." after the biggest expense last month, rent left out: the same
    question (its names, exclusions and measure) over this year."""
    m = TO_PERIOD_RE.search(text)
    said = [(p, span) for p, span in find_periods(text, s.today) if m and span[0] >= m.end() - 1]
    if not m or not said or s.previous.compare:
        return None
    period = period_edit(s.previous.period, said[0][0])
    if period is None:
        return None
    q = s.query()
    q.period, q.months = period, None
    return q, [m.span()]


# "both stations", "both of them", "the two of them": the two names of the answer before the last, when the last kept
# one of them ("Shell and Chevron in August" → "just Shell" → "and September, both stations?")
BOTH_RE = re.compile(r"\bboth(?: of (?:them|those|the two))?(?: (?:stations|stores|shops|places|merchants|categories|"
                     r"companies|brands|restaurants|cafes|chains|ones|accounts|apps|services))?\b|\bthe two of them\b"
                     r"|\b(?:ca hai|hai cho|hai noi)\b")


CONNECTIVES = {"and", "but", "so", "now", "what", "about", "how", "ok", "okay", "then", "please", "for", "of", "with"}


def _both_again(text: str, s: _State) -> Edit | tuple[MoneyQuery, list[tuple[int, int]], str]:
    """The earlier answer's names again; what else the turn says (a period, a measure, "month by month") is read by
    the parser from the rest of the turn over them."""
    m = BOTH_RE.search(text)
    prev, earlier = s.previous, s.earlier
    if not m or earlier is None or prev.compare or earlier.compare or len(s.names) != 1:
        return None
    names = [*earlier.merchants, *earlier.categories, *earlier.text]
    if len(names) < 2 or s.names[0] not in names:
        return None
    q = s.query()
    q.merchants, q.categories, q.text = list(earlier.merchants), list(earlier.categories), list(earlier.text)
    q.links = [*earlier.links]
    q.exclude_merchants = [n for n in q.exclude_merchants if n not in names]
    q.exclude_categories = [n for n in q.exclude_categories if n not in names]
    rest = re.sub(r"\s+", " ", (text[:m.start()] + " " + text[m.end():]).replace(" ,", ",")).strip(" ,")
    if set(re.findall(r"[a-z0-9]+", rest)) - CONNECTIVES:
        return q, [m.span()], rest  # "and the next two months, both stations?": the months over both
    return q, [(0, len(text))]
