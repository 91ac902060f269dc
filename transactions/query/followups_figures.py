"""Follow-ups on what the last answer added up: its figure over the period's units ("per month?" after the past 4
months: the total ÷ 4), its sides or items against each other ("which one was more tho" after coffee and
Chipotle: the two side by side, the bigger said first), and its set without its biggest item ("and excluding the
biggest?": the total without the biggest transaction, a ranking without its first place). Each is the last query
edited and run through the same engine; a turn that asks which is more of an answer about one thing has nothing
to compare, and says so through the words it leaves unread."""
from __future__ import annotations

import re

from transactions.query.followups_base import COUNT, FILLER, NUM, RANKINGS, Edit, _n, _State
from transactions.query.lexicon import UNIT_NOUN_RE
from transactions.query.model import Link, MoneyQuery, Side
from transactions.query.shares import INCOME_WHOLE_RE
from transactions.query.sides import side_label

# "per month?", "what's that a week", "monthly?", "mỗi tháng": the figure spread over the period
PER_UNIT_RE = re.compile(r"\b(?:per|a|an|each|every|/)\s*(day|week|month)\b(?!\s+(?:ago|before|after|earlier|later|"
                         r"back|from))|\b(daily|weekly|monthly)\b|\b(?:moi|hang|(?:mot|1)(?= (?:ngay|tuan|thang)\s*(?:bao nhieu|"
                         r"thi|la|het|[?.!]|$))) (ngay|tuan|thang)\b")  # "vậy một tuần bao nhiêu?": per week
PER_WORDS = {"daily": "day", "weekly": "week", "monthly": "month", "ngay": "day", "tuan": "week", "thang": "month"}
# words of a spend question that only say the figure is money out ("how much is that per week", "spent per day")
SPEND_RE = re.compile(r"\b(?:spen[dt]|spending|costs?|came to|comes? to|works? out(?: to)?|averages?|on average|"
                      r"roughly|about|chi|tieu)\b")
# "which one was more", "who was bigger", "which did I spend less on": one of the sides or items, by size
# (Vietnamese: "cái nào", "bên nào", "tháng nào", "ai": which one, side, month, who)
WHICH_RE = re.compile(r"\b(?:which|what|who|(?:cai|ben|thang|tuan|nam|quy|ky|muc|noi|cho) nao|ai)\b")
COMPARATIVE_RE = re.compile(r"\b(?:(?P<more>more|bigger|larger|higher|greater|pricier|costlier|worse|heavier|nhieu hon|"
                            r"lon hon)|(?P<less>less|smaller|lower|cheaper|fewer|lighter|it hon|nho hon))\b"
                            r"(?!\s+than\b)(?:\s+(?:money|spending|expensive))?")
# "so was I worse this time?", "did I spend more this time around", "was it higher than before": the last answer set
# against the one before it, asked without "which"
THIS_TIME_RE = re.compile(r"\b(?:was|were|am|did|is|has|have)\s+(?:i|it|that|this|we|spending|my spending)\b"
                          r"(?=.{0,30}\b(?:this time|than (?:before|then|last time)|now)\b)")
BETTER_RE = re.compile(r"\bbetter\b")  # spending less is doing better
# "the bigger one?", "so the cheaper of the two": which of the last answer's things, asked without "which"
THE_ONE_RE = re.compile(r"\bthe\s+(?:bigger|larger|higher|greater|pricier|costlier|smaller|lower|cheaper)\s+"
                        r"(?:one|of (?:the|those|them|these)(?: two)?|of the pair)\b")
# "and by what percentage", "in percent": the gap between two sides compared, as a percentage (the answer to "which
# was more" says it: transactions/query/execute.py `gap_pct`)
GAP_PCT_RE = re.compile(r"\b(?:by\s+)?(?:what|which|how much(?: of a)?)\s+(?:percent(?:age)?|%)(?:\s+(?:difference|gap))?"
                        r"|\b(?:in|as a)\s+(?:percent(?:age)?|%)(?:\s+terms)?|\bpercent(?:age)?[- ]?wise\b")
# "what's the difference?", "by how much?", "how big is the gap": the difference of a comparison's two sides
DIFFERENCE_RE = re.compile(r"\b(?:the\s+)?(?:difference|diff|gap)\b|\bby how much\b|\bhow much (?:more|less|bigger|"
                           r"smaller|higher|lower)\b|\bchenh lech\b")
# "what made the difference", "what's behind the gap", "what caused the difference": the cause of a difference asked
CAUSE_RE = re.compile(r"\b(?:what|which\s+\w+)\s+(?:made|makes|caused|causes|drove|drives|explains?|accounts? for)\b"
                      r"|\b(?:what'?s|what is|what was)\s+behind\b|\bwhere\s+(?:did|does)\b.{0,20}\bcome from\b")
# "what percent is that of my total spending?", "what share of everything": the last figure as a part of all spending
SHARE_RE = re.compile(r"\b(?:what|which|how (?:big|large) (?:a|of a))\s*(?:(?:percent(?:age)?|share|portion|proportion|"
                      r"fraction|part)\b|%)|\bhow much of (?:my|the|all)\b|(?:\b(?:percent(?:age)?|share|portion)|%) of (?:my|"
                      r"the|all|everything|total)\b|\bbao nhieu (?:phan tram\b|%)")
EVERYTHING_RE = re.compile(r"\b(?:total|all|overall|whole|entire|everything|every ?thing|my)\b(?:\s+(?:of\s+)?(?:my\s+)?"
                           r"(?:spending|spend|expenses|outgoings|money out|costs))?\b|\b(?:spending|expenses|outgoings)\b"
                           r"|\btong chi tieu\b")
# "and excluding the biggest?", "without the largest one", "minus the top 2": the set without its biggest items
LEAVE_OUT_CUES = (r"\b(?:excluding|exclude|without|except(?: for)?|minus|leaving out|leave out|not counting|not including|"
                  r"other than|apart from|aside from|besides|take out|taking out|drop|dropping|ignore|ignoring|skip|"
                  r"skipping|but not|khong tinh|tru(?: di)?|bo|loai bo)")
WITHOUT_BIGGEST_RE = re.compile(
    LEAVE_OUT_CUES + rf"\s+(?:the\s+|that\s+)?(?:{NUM}\s+)?(?:(?:single|one|very|khoan|giao dich|"
    r"cai|muc)\s+)?(?:(?P<big>biggest|largest|highest|most expensive|"
    r"priciest|top|lon nhat)|(?P<small>smallest|cheapest|lowest|nho nhat))(?:\s+(?:one|ones|items?|purchases?|"
    r"transactions?|charges?|payments?|categor(?:y|ies)|merchants?|expenses?|outliers?|khoan|tickets?|flights?|"
    r"orders?|bills?|trips?|rides?|runs?|visits?|stays?|meals?|buys?))?\b")


# "total of the rest", "what's the total of everything else", "how much are the others": the set without it, added up
TOTAL_OF_REST_RE = re.compile(r"\b(?:total|sum|combined|together|altogether|add(?:ed)? up|in all|how much)\b")
# …of everything the last answer covered ("everything else"), not only the other items it showed ("the rest")
ALL_ELSE_RE = re.compile(r"\b(?:everything|every ?thing|anything|all|spending) else\b|\beverything\b")


# "apart from that one", "besides this merchant": after a ranking (or the biggest purchases), the one it put first
THAT_ONE_LEFT_OUT_RE = re.compile(LEAVE_OUT_CUES + r"\s+(?:that|this)\s+(?:one|merchant|category|place|store|shop|item|"
                                  r"payee|purchase|transaction)\b")


def biggest_left_out(text: str) -> tuple[int, str] | None:
    """(how many, the words) when a question leaves out its own biggest transactions ("Travel all time, leaving
    out the most expensive ticket"): the rows without them, never the biggest one itself."""
    m = WITHOUT_BIGGEST_RE.search(text)
    return (_n(m.group(1), 1), m.group(0)) if m and m.group("big") else None


def _per_unit(text: str, s: _State) -> Edit:
    """"per month?" after a total (a count, money in): the same figure spread over the period's months (weeks, days), the
    arithmetic shown (execute.py `_per_unit`: the units counted from the period that ran)."""
    m = PER_UNIT_RE.search(text)
    if not m or s.previous.compare or s.previous.measure not in ("total", "count", "income"):
        return None
    q = s.query()
    unit = m.group(1) or m.group(2) or m.group(3)
    q.per, q.limit, q.offset = PER_WORDS.get(unit, unit), None, 0
    return q, [m.span(), *(w.span() for w in SPEND_RE.finditer(text))]


def _groups(previous: MoneyQuery) -> list[Side]:
    """The things the last answer added up, each a side: its named groups ("coffee and Chipotle"), or the names of
    its one group ("coffee": Starbucks and Blue Bottle)."""
    names = [(kind, n) for kind, names in (("merchant", previous.merchants), ("category", previous.categories),
                                           ("text", previous.text)) for n in names]
    links = [link for link in previous.links if link.kind in ("merchant", "category", "text") and not link.negated
             and set(link.names) & {n for _, n in names}]
    covered = {n for link in links for n in link.names}
    links += [Link(mention=n, kind=kind, names=[n]) for kind, n in names if n not in covered]  # named exactly
    if len(links) < 2:
        links = [Link(mention=n, kind=kind, names=[n]) for kind, n in names]
    sides = []
    for link in links:
        side = Side(label=side_label(link), period=previous.period)
        {"merchant": side.merchants, "category": side.categories, "text": side.text}[link.kind].extend(link.names)
        sides.append(side)
    return sides if len(sides) >= 2 else []


def _which_more(text: str, s: _State) -> Edit:
    """"which one was more?" after a comparison: the same comparison, the answer said first; after a total of
    several things: those things side by side; after a ranking: its first (or last) item; after transactions: the
    biggest (smallest) of them. After an answer about one thing and nothing before it: nothing to compare — the
    words are left unread, so the answer is not confident and says so."""
    which = WHICH_RE.search(text) or THIS_TIME_RE.search(text) or THE_ONE_RE.search(text)
    said = COMPARATIVE_RE.search(text)
    comparative = said or BETTER_RE.search(text)  # doing "better" is spending less
    if not which or not comparative:
        return None
    more, prev = bool(said and said.group("more")), s.previous
    spans = [which.span(), comparative.span(), *(w.span() for w in SPEND_RE.finditer(text))]
    q = s.query()
    pct = [g.span() for g in GAP_PCT_RE.finditer(text)]  # read where two figures are set side by side (below)
    if q.compare and len(q.compare.get("sides") or []) >= 1:
        q.compare["ask"] = "more" if more else "less"
        return q, [*spans, *(pct if len(q.compare.get("sides") or []) == 2 else [])]
    if prev.measure in RANKINGS:
        return (s.top_place(q, biggest=more), spans) if s.items else None
    if prev.measure not in ("total", "count", "average", "list", "income", "largest", "smallest"):
        return None
    earlier = s.earlier
    if prev.measure in ("total", "count", "average", "income") and earlier is not None and not earlier.compare \
            and (earlier.merchants, earlier.categories, earlier.text) == \
            (prev.merchants, prev.categories, prev.text) and earlier.period and prev.period \
            and earlier.period != prev.period and (earlier.period.end < prev.period.start
                                                   or prev.period.end < earlier.period.start):
        # (one period inside the other — "the last 3 months" → "last month on its own" — is no pair to rank)
        # "Shell last month" → "and the month before" → "which one was more?": the two periods — even when the
        # answers were about two shops ("coffee last month, both places" → "and the month before?"): the turns set
        # the periods side by side, not the shops inside each
        q.measure, q.period, q.limit, q.offset, q.per = "compare", None, None, 0, None
        q.compare = {"mode": "periods", "sides": [Side(label=p.label, period=p) for p in (earlier.period, prev.period)],
                     "ask": "more" if more else "less"}
        return q, [*spans, *pct]
    row = UNIT_NOUN_RE.search(text)
    if row is not None and prev.measure in ("total", "count", "average"):
        # "which trip was the pricier one" after flights: of the transactions added up, not of their shops
        q.measure, q.limit, q.offset, q.per = ("largest" if more else "smallest"), 1, 0, None
        return q, [*spans, row.span()]
    sides = _groups(prev)
    if sides:
        q.measure, q.merchants, q.categories, q.text, q.limit, q.offset, q.per = "compare", [], [], [], None, 0, None
        q.compare = {"mode": "sides", "sides": sides, "ask": "more" if more else "less"}
        return q, [*spans, *(pct if len(sides) == 2 else [])]
    if prev.measure in ("list", "largest", "smallest"):
        q.measure, q.limit, q.offset = ("largest" if more else "smallest"), 1, 0
        return q, spans
    if earlier is not None and (earlier.merchants, earlier.categories, earlier.text) != \
            (prev.merchants, prev.categories, prev.text):
        return None  # "Shell this year" → "and Chevron?" → "which one was more?": the two turns (parse.py)
    q.ignored = [text[which.start():comparative.end()].strip()]  # one thing: nothing to set it against
    return q, spans


def _without_biggest(text: str, s: _State) -> Edit:
    """"and excluding the biggest?" after a total or a list: the same rows without the biggest transaction; after a
    ranking: its items without the first (or, "without the smallest", the last); after the biggest purchases: the
    ones after it."""
    m = WITHOUT_BIGGEST_RE.search(text)
    prev = s.previous
    if m is None and prev.measure in (*RANKINGS, "largest"):
        m = THAT_ONE_LEFT_OUT_RE.search(text)
    if not m or prev.compare:
        return None
    n = _n(m.group(1), 1) if m.re is WITHOUT_BIGGEST_RE else 1
    big = m.re is THAT_ONE_LEFT_OUT_RE or m.group("big")
    q = s.query()
    total = TOTAL_OF_REST_RE.search(text)
    if prev.measure in RANKINGS:
        if not s.items or n >= len(s.items):
            return None
        gone = s.items[:n] if big else s.items[-n:]
        spans = [m.span(), *([total.span()] if total else []), *(a.span() for a in ALL_ELSE_RE.finditer(text))]
        if total and not ALL_ELSE_RE.search(text):  # "total of the rest": the other items it ranked, added up
            kept = [x for x in s.items if x not in gone]
            q.merchants, q.categories = (kept, []) if s.kind == "merchant" else ([], kept)
            q.measure, q.limit, q.offset = "total", None, 0
            return q, spans
        target = q.exclude_merchants if s.kind == "merchant" else q.exclude_categories
        target.extend(x for x in gone if x not in target)
        if total:  # "the total of everything else": all of the ranked set without them
            q.measure, q.limit, q.offset = "total", None, 0
            return q, spans
        q.measure = "top_categories" if prev.measure == "summary" else prev.measure
        q.limit = len(s.items) - n if prev.limit else None
        return q, [m.span()]
    named = list(prev.merchants) or list(prev.categories)
    earlier = s.earlier
    if prev.measure == "total" and len(named) >= 2 and earlier is not None and earlier.measure in RANKINGS \
            and big and not UNIT_NOUN_RE.search(m.group(0)) and not (prev.merchants and prev.categories):
        # "add them up" after a ranking, then "without the biggest one": its items in ranked order, the first gone
        kept = named[n:]
        q.merchants, q.categories = (kept, []) if prev.merchants else ([], kept)
        q.links, q.offset = [], 0
        return q, [m.span(), *([total.span()] if total else [])]
    if m.re is WITHOUT_BIGGEST_RE and m.group("small"):  # the rows without their smallest: no query leaves those out — said, not guessed
        q.ignored = [m.group(0).strip()]
        return q, [m.span()]
    if prev.measure in ("largest", "smallest"):
        if prev.measure == "smallest":
            return None
        shown = prev.limit or 1
        q.offset, q.limit = (prev.offset or 0) + n, max(1, shown - n) if shown > 1 else 1
        return q, [m.span()]
    if prev.measure not in ("total", "count", "average", "list", "income"):
        return None
    q.skip_largest, q.offset = n, 0
    if n >= (s.shown.get("count") or n + 1):  # "skip the top 3" of one ride: nothing would be left — said
        q.ignored = [m.group(0).strip()]
    return q, [m.span()]


def _difference_or_share(text: str, s: _State) -> Edit:
    """"what's the difference?" after a comparison of two: the same comparison, the difference said first; "what
    percent is that of my total spending?" after a total of some things: those things against all spending over the
    same period, the share said first."""
    prev = s.previous
    diff = DIFFERENCE_RE.search(text)
    q = s.query()
    if diff and q.compare and len(q.compare.get("sides") or []) == 2 and q.compare.get("mode") != "usual":
        q.compare["ask"] = "difference"
        if cause := CAUSE_RE.search(text):
            # "what made the difference?", "what's behind the gap": the categories that moved are asked, which this
            # comparison does not show — the difference is given and what it leaves out said, never as the answer
            q.ignored = [*q.ignored, cause.group(0).strip()]
        return q, [diff.span()]
    share = SHARE_RE.search(text)
    if share and prev.measure in RANKINGS and not prev.compare:
        return _share_of_ranked(text, s, q, share.span())
    if not share or prev.compare or prev.measure not in ("total", "count", "list") or prev.direction == "in" \
            or not (prev.merchants or prev.categories or prev.text):
        return None
    income = INCOME_WHOLE_RE.search(text)
    if income is None and re.search(r"\bincome|earn|salary|\bpay(?:check)?s?\b|\bwages?\b", text):
        return None  # income said some other way ("percent of what came in from my salary"): the parser reads it
    # what the total left out stays out of the part ("groceries" → "without whole foods?" → "as a share of my pay?")
    left_out = prev.exclude_merchants + prev.exclude_categories + prev.exclude_text
    part = Side(label=(", ".join(link.mention for link in prev.links if not link.negated) or
                       ", ".join(prev.merchants + prev.categories + prev.text))
                + (f" excluding {', '.join(left_out)}" if left_out else ""), merchants=list(prev.merchants),
                categories=list(prev.categories), text=list(prev.text), period=prev.period,
                exclude_merchants=list(prev.exclude_merchants), exclude_categories=list(prev.exclude_categories),
                exclude_text=list(prev.exclude_text))
    q.measure, q.merchants, q.categories, q.text, q.limit, q.offset, q.per = "compare", [], [], [], None, 0, None
    q.compare = {"mode": "sides", "sides": [part, _whole(income, prev.period)], "ask": "share"}
    return q, [share.span(), *(w.span() for w in EVERYTHING_RE.finditer(text)), *([income.span()] if income else [])]


def _whole(income: re.Match | None, period) -> Side:
    """What a share asked as a follow-up is of: their income when the turn says so ("as a share of my pay?",
    "what percent of my income is that"), else all their spending over the same period."""
    if income is not None:
        return Side(label="your income", period=period, direction="in")
    return Side(label="all your spending", period=period)


# which of a ranking's items a share is asked of: by place ("the first one", "the top one", "number 2") or all of the
# ones shown ("those three together", "the top 3 combined")
SHARE_PLACE_RE = re.compile(r"\b(?:the\s+)?(?P<place>first|top|second|third|fourth|fifth|last|1st|2nd|3rd|4th|5th|biggest|"
                            r"largest|(?:number|no\.?|#)\s*(?P<number>\d{1,2}))(?:\s+(?:one|place|item|merchant|category|"
                            r"store|spot))?\b|\b(?:the\s+)?(?:dau tien|thu hai|thu ba)\b")
SHARE_ALL_RE = re.compile(rf"\b(?:those|these|them|all|the top|top)\s+(?:{COUNT})\b(?:\s+(?:of them|"
                          r"together|combined))?|\b(?:those|these|them|they)\b(?:\s+(?:together|combined|altogether))?")
# the words around a share that say only that it is one ("as a percent", "make up", "chiếm": take up)
PERCENT_WORDS_RE = re.compile(r"\b(?:as|in)\s+(?:a\s+)?(?:percent(?:age)?|share)\b|\bpercent(?:age)?\b|%|\bmake up\b"
                              r"|\bmade up\b|\baccount(?:s|ed)? for\b|\bchiem\b")
PLACES = {"first": 0, "top": 0, "biggest": 0, "largest": 0, "1st": 0, "dau tien": 0, "second": 1, "2nd": 1,
          "thu hai": 1, "third": 2, "3rd": 2, "thu ba": 2, "fourth": 3, "4th": 3, "fifth": 4, "5th": 4, "last": -1}


def _share_of_ranked(text: str, s: _State, q: MoneyQuery, share: tuple[int, int]) -> Edit:
    """"what % of the total was the first one?" after a ranking, "what share of that was groceries?" after a
    breakdown: that item (or the items shown, "those three together") against everything the ranking ranked — the
    same period and exclusions — the share said first. An item the ranking did not show, or a ranking of some names
    ("top merchants in Dining": its whole is not all spending), is left to the parser."""
    prev = s.previous
    if not s.items or prev.merchants or prev.categories or prev.text:
        return None
    income = INCOME_WHOLE_RE.search(text)
    spans = [share, *(w.span() for w in (*EVERYTHING_RE.finditer(text), *PERCENT_WORDS_RE.finditer(text))),
             *([income.span()] if income else [])]
    place, named = SHARE_PLACE_RE.search(text), _item_named(text, s.items)
    together = SHARE_ALL_RE.search(text)
    if named is not None:
        chosen, span = [named[0]], named[1]
    elif place is not None:
        word = place.group("place") or place.group(0).replace("the ", "").strip()
        k = int(place.group("number")) - 1 if place.group("number") else PLACES.get(word)
        if k is None or not -len(s.items) <= k < len(s.items):
            return None
        chosen, span = [s.items[k]], place.span()
    elif together is not None:
        chosen, span = list(s.items), together.span()
    else:
        return None
    merchants, categories = (chosen, []) if s.kind == "merchant" else ([], chosen)
    part = Side(label=", ".join(chosen), merchants=merchants, categories=categories, period=prev.period)
    q.measure, q.merchants, q.categories, q.text, q.limit, q.offset, q.per = "compare", [], [], [], None, 0, None
    q.compare = {"mode": "sides", "sides": [part, _whole(income, prev.period)], "ask": "share"}
    return q, [*spans, span]


def _item_named(text: str, items: list[str]) -> tuple[str, tuple[int, int]] | None:
    """The one item of a ranking the turn names by a word of its name ("groceries", "rent" for "Oakwood Apartments
    Rent"), with the span of the words; None when it names none or more than one."""
    found: list[tuple[int, str, tuple[int, int]]] = []
    for item in items:
        words = [w for w in re.findall(r"[a-z0-9&']+", item.lower()) if len(w) > 2 and w not in FILLER]
        hits = [m for w in words for m in re.finditer(rf"\b{re.escape(w)}s?\b", text)]
        if hits:
            found.append((len(hits), item, (min(m.start() for m in hits), max(m.end() for m in hits))))
    found.sort(key=lambda f: -f[0])
    if not found or (len(found) > 1 and found[0][0] == found[1][0]):
        return None
    return found[0][1], found[0][2]


# "what does the pair of them cost in an ordinary month, going by the last six?": the usual month of the same names
TYPICAL_MONTH_RE = re.compile(r"\b(?:in|for|over|during)?\s*(?:an?|the)\s+(?:ordinary|typical|usual|normal|average|regular|"
                              r"standard)\s+month\b|\bper month on average\b|\bon average (?:per|a|each) month\b"
                              r"|\bmonthly average\b|\bmot thang (?:binh thuong|trung binh)\b")
TYPICAL_WORDS_RE = re.compile(r"\b(?:(?:the\s+)?(?:pair|two|both) of (?:them|those|these)|them|they|those|these|both|"
                              r"(?:going|judging|based)\s+(?:by|on)|cost|costs|come to|comes to|run|runs|spend|spent)\b")
MONTHS_SAID_RE = re.compile(rf"\b(?:last|past|previous)\s+(?P<n>{COUNT})"
                            r"(?:\s+(?:full\s+)?months)?\b")


def _typical_month(text: str, s: _State) -> Edit:
    """"what does the pair of them cost in an ordinary month, going by the last six?" after Netflix and Spotify: their
    monthly average over that many full months (the engine's usual window when none is said)."""
    m = TYPICAL_MONTH_RE.search(text)
    prev = s.previous
    if not m or prev.compare or prev.measure not in ("total", "count", "list", "average", "monthly_average") \
            or not (prev.merchants or prev.categories or prev.text):
        return None
    said = MONTHS_SAID_RE.search(text)
    q = s.query()
    q.measure, q.period, q.limit, q.offset, q.per = "monthly_average", None, None, 0, None
    q.months = _n(said.group("n"), 0) if said else prev.months
    return q, [m.span(), *([said.span()] if said else []), *(w.span() for w in TYPICAL_WORDS_RE.finditer(text))]


# "so were we over 300?", "did that go above $500", "is it under 1k?": the last figure against a number said, not a
# filter on single purchases (which "coffee over $5" is, said with its subject)
FIGURE_AGAINST_RE = re.compile(r"^\s*(?:(?:so|and|ok(?:ay)?|but|hmm+|wait)[,\s]+)*(?:were|was|are|is|did|have|has)\s+"
                               r"(?:we|i|it|that|this|the total|our spending|my spending|spending)\s+(?:(?:go|gone|went|been|"
                               r"end up|ended up|come in|came in)\s+)?(?:over|above|under|below|more than|less than|within)\s+"
                               r"(?:the\s+|our\s+|my\s+)?[$€£]?\s*\d[\d,.]*\s*k?\b")


def _figure_against(text: str, s: _State) -> Edit:
    """"so were we over 300?" after a total: the last query again, its figure the answer to hold against the number —
    never a filter on purchases over 300 (which "coffee over $5" is, said with its subject)."""
    said = FIGURE_AGAINST_RE.match(text)
    if said is None or s.previous.compare or s.previous.measure not in ("total", "income", "monthly_average") \
            or s.previous.amount_min is not None or s.previous.amount_max is not None:
        return None
    return s.query(), [said.span()]
