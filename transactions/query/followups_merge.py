"""Follow-ups the parser reads (they name something: a shop, a category, an amount): whether a turn goes on from the
last question (`is_followup`), its merge into that question (`merge_followup`: what the turn renames replaces, the
rest is kept), then settled against the last answer. These read the words that say how the new names relate to
the last set:

- union: "add uber to that", "those plus rent", "include Target" — the last set and the new names together;
- versus: "vs the subscriptions?" after a total — the last set and the new names side by side, same period;
- ranking again: "the biggest one except the rent" after a ranking — that ranking without it (followups_ranking);
- a total of the same rows: "all the ones under $100 - total?" after the biggest purchases;
- the months averaged: "how much came in over those 3 months" after a monthly average — those months, whole.
"""
from __future__ import annotations

import re
from datetime import date

from django.utils import timezone

from core.periods import Period, period_label, previous_full_months
from transactions.query.followups_base import COUNT, COURTESY_RE
from transactions.query.followups_lastset import SET_REF_RE
from transactions.query.followups_ranking import ranked_again
from transactions.query.followups_whole import spent_after_income, whole_subject
from transactions.query.grammar import ASKS_AMOUNT
from transactions.query.model import MoneyQuery, Side
from transactions.query.periods import find_periods
from transactions.query.state import leaves_out_of_last, period_before, period_edit

# words that add the names said to the last set rather than replace it
UNION_RE = re.compile(r"\b(?:add(?:ing)?|plus|includ(?:e|ing)|incl|throw(?:ing)? in|(?:put |lump )?together with|along with|"
                      r"combined with|on top of|as well as|cong them|cong ca|them ca)\b|\b(?:included|added|thrown in)\b"
                      # "and with groceries too?", "also with Target": the last set with the name said
                      r"|^\s*(?:(?:and|also|now|ok(?:ay)?|so)[,\s]+)+with\b|\bwith\b(?=.{1,40}\b(?:too|as well|also)\s*[?.!]*\s*$)")
# "the online orders too", "and the ones in store as well": more of the last set
TOO_RE = re.compile(r"\b(?:too|as well|also)\s*[?.!]*\s*$|^\s*(?:and\s+)?also\b")
# words that say the turn swaps a part of the last question ("and in August instead", "swap the month for July"):
# how to change it, never a name to look for
SWAP_WORDS = ("instead", "swap", "switch", "rather", "replace", "change")
# "add them up" adds up, it names nothing to add
ADD_UP_ONLY_RE = re.compile(r"\badd(?:ing)? (?:them|those|these|it|that|both|all)(?: two| three| all)? (?:up|together)\b")
# a turn that opens by setting the last answer against something: "vs the subscriptions?", "compared with dining?"
# ("so với tiền đi chợ thì sao", "còn so với Uber?", "thế so sánh với ăn ngoài": the same in Vietnamese)
VERSUS_RE = re.compile(r"^\s*(?:and\s+|but\s+|ok(?:ay)?,?\s+|(?:con|the|vay|the con|vay con|nhung|ma)\s+)?(?:vs\.?|versus|"
                       r"compared (?:to|with)|against|than|(?:so sanh|so|dem so)\s+(?:voi|cung)|so sanh)\b")
TOTAL_WORD_RE = re.compile(r"\b(?:total|sum)\b|\bin all\b|\baltogether\b|\ball together\b|\bcombined\b"
                           # "what did everything else come to?": the sum of what is left
                           r"|\b(?:come|comes|came|add|adds|added) (?:up )?to\b|\beverything else\b")
# "what did I spend there overall that month" after the biggest purchase: the amount of all of them
SPENT_RE = re.compile(r"\b(?:what|how much) (?:did|do|have) (?:i|we) (?:spend|spent|pay|paid)\b|\boverall\b|\ball told\b"
                      r"|\bin total\b|\baltogether\b")
# "same period", "that month", "over the same time": the last answer's period said again
SAME_SPAN_RE = re.compile(r"\b(?:same|that|this) (?:period|time(?: ?frame)?|stretch|window|span|range|dates|days|month|week|"
                          r"quarter|year)\b|\bcung (?:ky|thoi gian|thang)\b")
SUPERLATIVE_WORD_RE = re.compile(r"\b(?:biggest|largest|smallest|cheapest|priciest|most|least|highest|lowest)\b")
THOSE_MONTHS_RE = re.compile(rf"\b(?:those|these|the same|that)\s+(?:(?:very\s+)?same\s+)?(?:(?:{COUNT})\s+)?"
                             r"(?:months|period|stretch|time)\b|\bover (?:that|the same) (?:time|period|stretch)\b")


# what opens a turn that corrects or goes on from the last one ("oh no,", "wait", "à không,", "ừ thì"): no content
OPENER_RE = re.compile(r"^\s*(?:(?:oh|wait|sorry|no|nope|actually|hmm+|ah|oops|uh|a(?=\s*,)|a khong|khong|ua|thoi)[\s,.!-]+)+")
# a turn that says it goes on from the last question ("and …", "what about …", "those")
FOLLOWUP_RE = re.compile(
    r"^\s*(?:(?:oh|wait|sorry|no|nope|actually|hmm+|ah|oops|whatever|fine|nvm|never ?mind|my bad)[\s,.!-]+)*"
    r"(?:and|but|what about|how about|same (?:for|thing|question)|and for|also|now|then|ok(?:ay)?,?|so|only|just|"
    r"except|excluding|without|con|the con|vay con|the|what if|compared? (?:to|with)|against|versus|vs\.?)\b|\b(?:that|those|them|these|it|the ones?|one)\s*\??\s*$"
    r"|\b(?:of|was|were|are|is) (?:that|those|them|it|they)\b|\bthose\b|\bthat was\b"
    r"|\bthey (?:cost|come to|came to|add up|added up|run|ran|total|totall?ed)\b"
    # "how much have I paid that company in total, ever": the merchant of the last answer
    r"|\b(?:that|this|the same|those|these) (?:company|companies|store|stores|shop|shops|place|places|merchant|"
    r"merchants|vendor|vendors|business|businesses|brand|payee|restaurant|station|chain|guys?|people|folks)\b"
    r"|\b(?:that|the same) (?:months?|period|time|weeks?|years?|quarter|stretch|span)\b|\bin (?:there|that)\b"
    r"|\b(?:compare|break|split|show|list|divide|average|sum|add|rank|sort)\s+(?:that|this|it|them|those|these)\b"
    r"|\b(?:of )?the (?:two|three|both)\b|\bwhich (?:one|of them|of those)\b"
    r"|\bhow (?:does|did|do|is|was) (?:that|this|it)\b|\bi meant?\b|\by (?:toi|minh|em|tui|con) la\b|\bthi sao\b",
    re.I)


def _names(q: MoneyQuery) -> tuple[list[str], list[str], list[str]]:
    return list(q.merchants), list(q.categories), list(q.text)


def _sides_names(previous: MoneyQuery) -> tuple[list[str], list[str], list[str], Period | None]:
    """The names of every side the last answer compared, and the period they share (if one)."""
    sides = (previous.compare or {}).get("sides") or []
    merchants = list(dict.fromkeys(m for s in sides for m in s.merchants))
    categories = list(dict.fromkeys(c for s in sides for c in s.categories))
    text = list(dict.fromkeys(t for s in sides for t in s.text))
    periods = {(s.period.start, s.period.end): s.period for s in sides if s.period}
    return merchants, categories, text, (next(iter(periods.values())) if len(periods) == 1 else None)


def _united(q: MoneyQuery, said: MoneyQuery, previous: MoneyQuery, text: str) -> MoneyQuery:
    """"add uber to that" after Shell and Chevron: the three together; "including rent" after everything but rent:
    everything. Names left out before and said now are no longer left out."""
    cue = UNION_RE.search(ADD_UP_ONLY_RE.sub(" ", text))
    # only words that narrow a name ("the online ones"), said as more of the last set: "and the online orders too"
    # (a word no row says, "online" with no online rows, stays a word not understood: the answer says so)
    kind_only = bool(said.text or said.unknown) and not (said.merchants or said.categories or said.excludes)
    cue = cue or (TOO_RE.search(text) if kind_only else None)
    if not cue or not (said.merchants or said.categories or said.text or kind_only):
        return q
    named = [link for link in said.links if not link.negated]
    lifted = set(said.merchants + said.categories + said.text) & set(
        previous.exclude_merchants + previous.exclude_categories + previous.exclude_text)
    if cue.group(0).startswith("incl") and len(named) > 1 and not lifted:
        return q  # "the bills last month, rent included": a subject of its own, the word says what it covers
    period = previous.period
    if previous.compare and previous.compare.get("mode") == "sides":
        merchants, categories, words, period = _sides_names(previous)
    else:
        merchants, categories, words = _names(previous)
    q.exclude_merchants = [m for m in previous.exclude_merchants if m not in said.merchants]
    q.exclude_categories = [c for c in previous.exclude_categories if c not in said.categories]
    q.exclude_text = [t for t in previous.exclude_text if t not in said.text]
    if kind_only and (merchants or categories):
        # "including the online ones" after Chipotle or Dining: words beside a name narrow it (its rows that say them),
        # so they are rows the last set already counts — it stays as it was, and the words are read
        q.merchants, q.categories, q.text = list(merchants), list(categories), list(words)
    elif merchants or categories or words:  # the last set was some things: these join them
        q.merchants = list(dict.fromkeys(merchants + said.merchants))
        q.categories = list(dict.fromkeys(categories + said.categories))
        q.text = list(dict.fromkeys(words + said.text))
    else:  # the last set was everything (but what it left out): it stays everything
        q.merchants, q.categories, q.text = [], [], []
    q.links = [*previous.links, *said.links]
    q.ignored = [w for w in q.ignored if w not in cue.group(0).split()]  # "throw in": the cue, read
    if q.measure == "compare" or previous.compare:
        q.compare, q.measure = None, "total"
    q.period = q.period or period
    return q


def _versus(q: MoneyQuery, said: MoneyQuery, previous: MoneyQuery, text: str) -> MoneyQuery:
    """"vs the subscriptions?" after the bills last month: the bills and the subscriptions, side by side."""
    if not VERSUS_RE.search(text) or previous.compare or not (said.merchants or said.categories or said.text):
        return q
    merchants, categories, words = _names(previous)
    if not (merchants or categories or words):
        return q  # everything against a part of it is no comparison of two sets
    last = Side(label=", ".join(merchants + categories + words), merchants=merchants, categories=categories,
                text=words)
    new = Side(label=", ".join(said.merchants + said.categories + said.text), merchants=list(said.merchants),
               categories=list(said.categories), text=list(said.text))
    q.measure, q.merchants, q.categories, q.text = "compare", [], [], []
    q.compare = {"mode": "sides", "sides": [last, new], "from_turns": True}
    q.period = q.period or previous.period
    return q


def _totalled(q: MoneyQuery, said: MoneyQuery, previous: MoneyQuery, text: str, measure: str | None) -> MoneyQuery:
    """"ok and all the ones under $100 - total?" after the biggest purchases: the total of those rows; "and of that,
    how much was uber eats?" after a count: the amount, not another count."""
    if previous.measure in ("largest", "smallest", "list", "count") and measure in (None, "total") \
            and (ASKS_AMOUNT.search(text) or SPENT_RE.search(text)) and not SUPERLATIVE_WORD_RE.search(text):
        q.measure, q.limit, q.offset = "total", None, 0
    elif previous.measure in ("largest", "smallest") and measure is None and SAME_SPAN_RE.search(text) \
            and (said.merchants or said.categories or said.text) and not SUPERLATIVE_WORD_RE.search(text):
        # "Target same period?" after the biggest purchase: the period is what is carried, the new name is asked
        # over it — its total, not its biggest purchase
        q.measure, q.limit, q.offset = "total", None, 0
    elif previous.measure in ("top_merchants", "top_categories", "summary") and measure in (None, "total") \
            and TOTAL_WORD_RE.search(text) and not SUPERLATIVE_WORD_RE.search(text):
        q.measure, q.limit, q.offset = "total", None, 0  # "…, rent excluded, what was the total?" after a ranking
    return q


def _months_averaged(q: MoneyQuery, said: MoneyQuery, previous: MoneyQuery, text: str, measure: str | None,
                     today: date) -> MoneyQuery:
    """"and how much came in over those 3 months" after a monthly average: the full months it averaged; a period of
    its own ("and last month?") asks that period's total."""
    if previous.measure != "monthly_average" or not previous.months or measure == "monthly_average":
        return q
    if said.period is not None and measure in (None, "total") and q.measure == "monthly_average":
        q.measure, q.months = "total", None  # "what did the bills come to last month": that month's total
        return q
    if THOSE_MONTHS_RE.search(text) or (ASKS_AMOUNT.search(text) and q.period == previous.period):
        full = previous_full_months(previous.months, today=today)
        start, end = full[0][0], full[-1][1]
        q.period, q.months = Period(start, end, period_label(start, end, "range", today=today), "range"), None
    return q


def _subject_left_out(q: MoneyQuery, said: MoneyQuery, merchant_category: dict[str, str]) -> MoneyQuery:
    """"not counting rent, how much did I spend?" (VN "không tính tiền nhà thì tôi tiêu bao nhiêu?") after rent: what
    the last answer was about is what the turn leaves out — everything else over the same period, never a subject
    that excludes itself."""
    if said.merchants or said.categories or said.text:
        return q
    pairs = ((q.merchants, said.exclude_merchants), (q.categories, said.exclude_categories), (q.text, said.exclude_text))
    gone = {n for names, left_out in pairs for n in names if n in left_out}
    # a shop of the category left out ("rent" read as the landlord, then "không tính tiền nhà": Rent)
    gone |= {n for n in q.merchants if merchant_category.get(n) in said.exclude_categories}
    if not gone:
        return q
    q.merchants = [n for n in q.merchants if n not in gone]
    q.categories = [n for n in q.categories if n not in gone]
    q.text = [n for n in q.text if n not in gone]
    q.links = [link for link in q.links if link.negated or not set(link.names) & gone]
    return q


def _left_out_unshown(q: MoneyQuery, said: MoneyQuery, previous: MoneyQuery, text: str, measure: str | None,
                      shown: dict | None) -> MoneyQuery:
    """"and excl. sbux?" after a top 2 that does not show Starbucks: ranked again without it, the ranking would be the
    same one — the turn asks the total of the ranked set without it."""
    kind = {"top_merchants": "merchant", "top_categories": "category", "summary": "category"}.get(previous.measure)
    items = {n.lower() for n in ((shown or {}).get("items") or {}).get("names") or []}
    left = said.exclude_merchants if kind == "merchant" else said.exclude_categories
    other = said.exclude_categories if kind == "merchant" else said.exclude_merchants
    if kind is None or not items or measure is not None or q.measure != previous.measure or not left or other \
            or said.exclude_text or said.merchants or said.categories or said.text or SUPERLATIVE_WORD_RE.search(text) \
            or any(n.lower() in items for n in left):
        return q
    q.measure, q.limit, q.offset = "total", None, 0
    return q


def _named_after_ranking(q: MoneyQuery, said: MoneyQuery, previous: MoneyQuery, measure: str | None) -> MoneyQuery:
    """"And at Chevron over the same period?" after the top merchants: Chevron's total, not a ranking of one; a name
    of another kind ("and groceries?" after the top merchants) ranks within it."""
    ranked = {"top_merchants": said.merchants, "top_categories": said.categories, "summary": said.categories}
    if previous.measure in ranked and measure is None and q.measure == previous.measure and ranked[previous.measure]:
        q.measure, q.limit, q.offset = "total", None, 0
    return q


def _after_share(q: MoneyQuery, said: MoneyQuery, previous: MoneyQuery, measure: str | None) -> MoneyQuery:
    """"September total without rent" after "what % of my spending was rent": a question about the whole the share
    was taken of (all spending over its period), with what the turn says; not the share's part, where leaving rent
    out of rent leaves nothing. "and groceries?" asks groceries' share of the same whole."""
    compare = previous.compare or {}
    if compare.get("ask") != "share":
        return q
    sides = compare.get("sides") or []
    whole = sides[-1].period if sides and sides[-1].period else previous.period
    if not (said.excludes or measure in ("total", "count", "average", "list", "largest", "smallest")):
        if not (said.merchants or said.categories or said.text) or said.period or len(sides) != 2:
            return q
        # "and groceries?": groceries' share of the same whole
        out = MoneyQuery.from_dict(previous.as_dict())
        part = Side(label=", ".join(link.mention for link in said.links if not link.negated) or ", ".join(
            said.merchants + said.categories + said.text), merchants=list(said.merchants),
            categories=list(said.categories), text=list(said.text), period=whole)
        out.compare = {**compare, "sides": [part, sides[-1]], "from_turns": True}
        out.followup, out.links, out.language = True, list(said.links), said.language
        out.unknown, out.ignored, out.suggestions = q.unknown, q.ignored, q.suggestions
        return out
    out = MoneyQuery.from_dict(q.as_dict())
    out.compare, out.measure, out.limit, out.offset = None, measure or "total", None, 0
    out.merchants, out.categories, out.text, out.links = list(said.merchants), list(said.categories), list(said.text), \
        list(said.links)
    out.exclude_merchants, out.exclude_categories = list(said.exclude_merchants), list(said.exclude_categories)
    out.exclude_text, out.period = list(said.exclude_text), said.period or whole
    return out


# "how much of that was uber eats, as a percentage?": a share asked of the last answer's whole
PERCENT_RE = re.compile(r"\b(?:percent(?:age)?|share|fraction|proportion|portion|phan tram|ty le|chiem)\b|%")
SHARE_VERBS = ("chiem", "make", "made", "account", "accounted")  # "Uber Eats chiếm (makes up) bao nhiêu phần trăm"


def _share_of_last(q: MoneyQuery, said: MoneyQuery, previous: MoneyQuery, text: str) -> MoneyQuery:
    """"what did I spend in October" → "how much of that was Uber Eats, as a percentage?": Uber Eats against all the
    spending the last answer added up, over its period, the share said first (not Uber Eats' total with "percentage"
    left unread)."""
    names = _names(previous)
    if not PERCENT_RE.search(text) or previous.compare or previous.measure != "total" or previous.direction == "in" \
            or said.excludes or not (said.merchants or said.categories or said.text) \
            or q.measure not in ("total", "compare") or _names(said) == names \
            or (any(names) and (previous.exclude_merchants or previous.exclude_categories or previous.exclude_text)):
        return q
    period = q.period or previous.period
    part = Side(label=", ".join(link.mention for link in said.links if not link.negated) or ", ".join(
        said.merchants + said.categories + said.text), merchants=list(said.merchants),
        categories=list(said.categories), text=list(said.text), period=period)
    # the whole is the last answer's set: all spending, or what it named ("what share of that was Uber Eats" after
    # dining last month: Uber Eats against dining)
    whole = Side(label=", ".join(link.mention for link in previous.links if not link.negated) or ", ".join(
        sum(names, [])), merchants=names[0], categories=names[1], text=names[2], period=period) if any(names) \
        else Side(label="all your spending", period=period)
    q.measure, q.merchants, q.categories, q.text, q.limit, q.offset, q.per = "compare", [], [], [], None, 0, None
    q.compare = {"mode": "sides", "sides": [part, whole], "ask": "share", "from_turns": True}
    q.unknown = [u for u in q.unknown if not PERCENT_RE.search(u) and u not in SHARE_VERBS]
    q.ignored = [u for u in q.ignored if not PERCENT_RE.search(u) and u not in SHARE_VERBS]
    return q


def _period_of_sides(q: MoneyQuery, previous: MoneyQuery) -> MoneyQuery:
    """"ok how many sbux visits was that" after Starbucks vs Blue Bottle over the last 3 months: one side, over the
    period the sides shared (a comparison keeps its period in its sides), never all time."""
    if q.period is None and not q.compare and previous.compare and previous.compare.get("mode") == "sides":
        q.period = _sides_names(previous)[3]
    return q


# the rest of "how many of those were Amazon" once the count of the set is read: "were amazon" says of those rows
SET_PREDICATE_RE = re.compile(r"\s*(?:were|was|are|is|la|o|tai)\b")


def _within_last_set(q: MoneyQuery, said: MoneyQuery, previous: MoneyQuery, text: str,
                     merchant_category: dict[str, str]) -> MoneyQuery:
    """"how many of those were Amazon" after Dining: a merchant said of the last set ("of those", "among them",
    "trong đó") that is not one of its names nor of its categories narrows that set, never replaces it: the last
    subject's rows that name the merchant (likely none, and the answer says so)."""
    outside = [n for n in said.merchants if n not in previous.merchants
               and merchant_category.get(n) not in previous.categories]
    if not outside or said.categories or not (previous.merchants or previous.categories) or previous.compare \
            or q.compare or not (SET_REF_RE.search(text) or SET_PREDICATE_RE.match(text)):
        return q
    q.merchants, q.categories = list(previous.merchants), list(previous.categories)
    q.text = list(dict.fromkeys([*previous.text, *(n.lower() for n in outside)]))
    return q


def settle_followup(q: MoneyQuery, said: MoneyQuery, previous: MoneyQuery, text: str, measure: str | None,
                    today: date, merchant_category: dict[str, str] | None = None, shown: dict | None = None) -> MoneyQuery:
    """The merged follow-up `q`, settled by the words that relate what the turn `said` to the last query (`shown`:
    what the last answer showed)."""
    q = _after_share(q, said, previous, measure)
    q = _share_of_last(q, said, previous, text)
    q = _subject_left_out(q, said, merchant_category or {})
    q = _within_last_set(q, said, previous, text, merchant_category or {})
    q = _named_after_ranking(q, said, previous, measure)
    q = _united(q, said, previous, text)
    q = _left_out_too(q, said, previous, text)
    q = _versus(q, said, previous, text)
    q = _left_out_unshown(q, said, previous, text, measure, shown)
    q = ranked_again(q, said, previous, text, measure)
    q = _totalled(q, said, previous, text, measure)
    q = _period_of_sides(q, previous)
    q = _same_stretch(q, said, previous, text)
    q = spent_after_income(whole_subject(q, said, previous, text), said, previous, text)
    return _months_averaged(q, said, previous, text, measure, today)


SAME_STRETCH_RE = re.compile(r"\b(?:(?:that|the|this|those|these)\s+same|that|this|those|these|same)\s+(?P<noun>stretch|"
                             r"span|window|timeframe|time frame|time span|time period|period|date range|dates|range|"
                             r"stretch of time|run|spell)\b")


def _same_stretch(q: MoneyQuery, said: MoneyQuery, previous: MoneyQuery, text: str) -> MoneyQuery:
    """"What about Target over that same stretch?": the noun pointing back at the last period names no filter — the
    period is kept, the word is read (not left over as a word not understood)."""
    m = SAME_STRETCH_RE.search(text)
    if m is None or said.period is not None or q.period is None or q.period != previous.period:
        return q
    words = set(m.group("noun").split())
    q.ignored = [w for w in q.ignored if w not in words and w != m.group("noun")]
    return q


def is_followup(question: str, text: str, q: MoneyQuery, measure: str | None) -> bool:
    """A turn continues the previous money question when it changes something of it (a period, a name, an amount,
    the measure) and is short or says so ("and …", "what about …", "only the …"). "thanks!" changes nothing."""
    # the words that carry the edit: not an opener ("oh no,", "à không,") nor courtesy ("sorry", "xin lỗi nha")
    words = len(COURTESY_RE.sub(" ", OPENER_RE.sub("", text)).split())
    names = bool(q.merchants or q.categories or q.text or q.unknown or q.period or q.weekdays or q.excludes
                 or q.excluded_unknown or q.offset or q.per or q.amount_min is not None
                 or q.amount_max is not None or find_periods(text, date.today()))
    changes = names or measure is not None
    if not changes:
        return False
    if FOLLOWUP_RE.search(text) and words <= 12:
        return True
    if words <= 20 and leaves_out_of_last(text, q):  # "which is biggest if you leave out housing"
        # (an exclusion that names no subject or period of its own needs the last answer's set, however it is
        # put: "if you leave the rent out of it, what are the top three then?" runs past twelve words)
        return True
    # a short turn that names only a period, a filter or a measure ("last year?", "how many times?")
    return words <= 5 and not (q.merchants and q.categories)


def _names_the_same_things(prev: MoneyQuery, new: MoneyQuery) -> bool:
    """A kind of thing said in a follow-up that covers every merchant of the last question names what is counted,
    not a new subject: "how many fill-ups was that" after Chevron counts Chevron's, not every gas station's."""
    kinds = [link for link in new.links if link.kind == "merchant" and link.how == "concept" and not link.negated]
    return bool(kinds and prev.merchants and not new.categories and not new.text and not new.unknown
                and all(set(prev.merchants) <= set(link.names) for link in kinds)
                and set(new.merchants) <= {n for link in kinds for n in link.names})


def _swap_words_read(new: MoneyQuery) -> None:
    """"and in August instead", "swap the month for July": the swap word is read (the rest of the last question is
    kept, the part said replaces its own), never an unknown name that replaces the last subject."""
    new.unknown = [u for u in new.unknown if u not in SWAP_WORDS]
    new.ignored = [u for u in new.ignored if u not in SWAP_WORDS]
    new.suggestions = {u: v for u, v in new.suggestions.items() if u not in SWAP_WORDS}
    new.things = {u: v for u, v in new.things.items() if u not in SWAP_WORDS}


def _same_period_said_alone(prev: MoneyQuery, new: MoneyQuery, said: Period, measure: str | None,
                            names_something: bool) -> bool:
    """Does a follow-up say only the period the last answer covered, a calendar month, week or year before this one
    ("còn tháng trước?" after last month), and nothing else? ("and this month?" after this month is no step back.)"""
    period = prev.period
    return period is not None and not said.relative and (said.start, said.end) == (period.start, period.end) \
        and said.end < timezone.localdate() and said.grain in ("month", "week", "year") and not names_something and not new.excludes \
        and measure in (None, prev.measure) and not (new.per or new.weekdays or new.offset) \
        and new.amount_min is None and new.amount_max is None and not prev.compare


def _left_out_too(q: MoneyQuery, said: MoneyQuery, previous: MoneyQuery, text: str) -> MoneyQuery:
    """"and the Best Buy thing too" after "everything but the rent": the last set was everything except something,
    so a name said with "too" can only be one more thing left out (it is already counted)."""
    everything_but = not (previous.merchants or previous.categories or previous.text) and previous.excludes
    if not everything_but or said.excludes or not (said.merchants or said.categories or said.text) \
            or UNION_RE.search(ADD_UP_ONLY_RE.sub(" ", text)) or not TOO_RE.search(text):
        return q
    q.exclude_merchants = list(dict.fromkeys(previous.exclude_merchants + said.merchants))
    q.exclude_categories = list(dict.fromkeys(previous.exclude_categories + said.categories))
    q.exclude_text = list(dict.fromkeys(previous.exclude_text + said.text))
    q.merchants, q.categories, q.text = [], [], []
    q.period = q.period or previous.period
    return q


def merge_followup(prev: MoneyQuery, new: MoneyQuery, *, measure: str | None, periods: list[Period], narrow: bool,
                   earlier: MoneyQuery | None = None) -> MoneyQuery:
    _swap_words_read(new)
    q = MoneyQuery.from_dict(prev.as_dict())
    q.language = new.language
    q.unknown, q.ignored, q.suggestions = new.unknown, new.ignored, new.suggestions
    same_things = _names_the_same_things(prev, new)
    names_something = bool(new.merchants or new.categories or new.text or new.unknown) and not same_things
    # what the turn did not rename keeps how it was understood ("coffee" stays coffee in "only the ones over $10")
    q.links = new.links if names_something and not narrow else prev.links if same_things else [*prev.links,
                                                                                                   *new.links]
    if names_something:
        if narrow:
            # "just the coffee ones": narrow what was asked; a merchant inside a category keeps the period
            q.merchants = new.merchants or q.merchants
            q.text = new.text or q.text
            if new.categories:
                q.categories = new.categories
            elif new.merchants:
                q.categories = []
        else:
            q.merchants, q.categories, q.text = new.merchants, new.categories, new.text
        if q.compare and q.compare.get("mode") == "periods":
            pass  # "what about dining?" after "groceries this month vs last": the same comparison for dining
        elif q.compare and not narrow:
            q.compare = None
            q.measure = "total"
    if new.excludes:  # "and without rent?": the same question, leaving that out too
        q.exclude_merchants = list(dict.fromkeys(q.exclude_merchants + new.exclude_merchants))
        q.exclude_categories = list(dict.fromkeys(q.exclude_categories + new.exclude_categories))
        q.exclude_text = list(dict.fromkeys(q.exclude_text + new.exclude_text))
    if names_something:  # a name asked for again is no longer left out ("and Amazon on its own?")
        q.exclude_merchants = [m for m in q.exclude_merchants if m not in new.merchants]
        q.exclude_categories = [c for c in q.exclude_categories if c not in new.categories]
    q.excluded_unknown = new.excluded_unknown
    if new.offset:
        q.offset, q.limit = new.offset, new.limit or q.limit
    if new.per:
        q.per = new.per
    if new.amount_min is not None or new.amount_max is not None:
        q.amount_min, q.amount_max = new.amount_min, new.amount_max
    elif names_something and q.amount_min is not None and q.amount_min == q.amount_max:
        q.amount_min = q.amount_max = None  # one row's amount ("the tv"): not the amount of what is named now
    if new.weekdays:
        q.weekdays = new.weekdays
    if periods and _same_period_said_alone(prev, new, periods[0], measure, names_something):
        # "còn tháng trước?", "and last month?" after last month: the turn changes nothing but says the period the
        # answer already covered — the one before it is meant, never the same answer again
        q.period = period_before(prev.period, timezone.localdate()) if prev.period else None
    elif periods:
        q.period = period_edit(prev.period, periods[0], earlier.period if earlier is not None else None)  # "in June"
        if q.compare and q.compare.get("mode") != "periods":
            for side in q.compare.get("sides") or []:
                side.period = None
        elif q.compare and measure in ("top_merchants", "top_categories", "summary", "largest", "smallest") \
                and not periods[0].relative:
            # "top 2 merchants last month" after two months compared: a ranking of the one period it names, not
            # the comparison again
            q.compare = None
    if measure and measure not in ("list",):
        if prev.measure in ("top_merchants", "top_categories", "summary") and measure in (
                "total", "count", "average", "income"):
            q.limit, q.offset = None, 0  # "what was the total?" after a ranking: all of its set, not a window
        q.measure = measure
    elif measure == "list" and not names_something:
        q.measure = "list"
    if new.limit:
        q.limit = new.limit
    if new.group_by:
        q.group_by = new.group_by
    return q
