"""The sides of a comparison: two named things ("Starbucks vs Blue Bottle"), two periods ("May or June", "last month
vs the one before"), a period against the usual ("more than usual?") or against the one before it ("compared to last
month"), and the last two answers ("which one was more?"). transactions.query.parse calls these once the query's
names and periods are known."""
from __future__ import annotations

import re
from datetime import date, timedelta

from core.periods import Period, add_months, period_label
from transactions.query.grammar import events_blanked
from transactions.query.model import Link, MoneyQuery, Side
from transactions.query.periods import find_periods
from transactions.query.periods_joins import glossed_name

USUAL_RE = re.compile(r"\b(?:usual|normal|normally|typical|typically|on average|average month|as usual|binh thuong|"
                      r"(?:going|gone|went) (?:up|down)|increas\w*|decreas\w*|rising|climbing|trend\w*)\b")


def _now_like(past: Period, today: date) -> Period:
    """The period now of the same grain as `past`: "compared to last year" is this year so far, "… to last quarter"
    this quarter so far, "… to last week" this week so far, else this month so far."""
    if past.grain == "year":
        start = today.replace(month=1, day=1)
    elif past.grain == "quarter":
        start = today.replace(month=(today.month - 1) // 3 * 3 + 1, day=1)
    elif past.grain == "week":
        start = today - timedelta(days=today.weekday())
    else:
        start = today.replace(day=1)
    grain = past.grain if past.grain in ("year", "quarter", "week") else "month"
    return Period(start, today, period_label(start, today, grain, today=today), grain)


def compare_turns(q: MoneyQuery, earlier: MoneyQuery, previous: MoneyQuery) -> None:
    """"which one was more?" after two answers: the two queries become the two sides."""
    def side(x: MoneyQuery) -> Side:
        names = x.merchants or x.categories or x.text
        label = ", ".join(names) if names else (x.period.label if x.period else "all time")
        return Side(label=label, merchants=list(x.merchants), categories=list(x.categories), text=list(x.text),
                    period=x.period)

    a, b = side(earlier), side(previous)
    same_names = (a.merchants, a.categories, a.text) == (b.merchants, b.categories, b.text)
    if same_names and a.period and b.period:
        a.label, b.label = a.period.label, b.period.label
    q.merchants, q.categories, q.text = [], [], []
    q.compare = {"mode": "periods" if same_names else "sides", "sides": [a, b]}
    q.period = None if same_names else previous.period


def compare_sides(q: MoneyQuery, text: str, periods: list[Period], today: date) -> None:
    if q.compare is not None and (q.compare.get("paired") or (q.followup and q.compare.get("from_turns"))):
        return
    groups = [link for link in q.links if link.kind in ("merchant", "category", "text")]
    if q.followup and q.compare and (not groups or (q.compare.get("mode") == "periods" and len(groups) < 2
                                                   and not [p for p in periods if not p.relative])):
        # keep the sides (moved to the new period), or the periods compared for a new name ("what about Chipotle?")
        return
    if len(groups) >= 3 and (unions := _two_unions(groups, text)):
        q.compare = {"mode": "sides", "sides": unions}
        q.merchants, q.categories, q.text = [], [], []
        return
    if len(groups) >= 2 and len([p for p in periods if not p.relative]) >= 2 and _names_joined(groups, text):
        # "was August or September higher for gas at Shell and Chevron": the two periods are the sides, each the
        # total of every name said (the names are joined by "and", the periods by "or"/"vs")
        own = [p for p in periods if not p.relative]
        q.compare = {"mode": "periods", "sides": [Side(label=p.label, period=p) for p in own[:2]]}
        q.period = None
        return
    if len(groups) == 1 and q.unknown and len([p for p in periods if not p.relative]) < 2:
        # "Costco vs Whole Foods": a name they never had is a side of its own that matches nothing of theirs ($0),
        # never this month against the last for the one name they have
        link = groups[0]
        side = Side(label=side_label(link))
        {"merchant": side.merchants, "category": side.categories, "text": side.text}[link.kind].extend(link.names)
        named = [(link.mention, side), *((name, Side(label=name.title(), text=[name])) for name in q.unknown)]
        sides = [s for _, s in sorted(named, key=lambda x: text.find(x[0]) % (len(text) + 1))]
        q.compare = {"mode": "sides", "sides": sides}
        q.merchants, q.categories, q.text = [], [], []
        return
    if len(groups) >= 2:
        sides = []
        for link in groups:
            side = Side(label=side_label(link))
            {"merchant": side.merchants, "category": side.categories, "text": side.text}[link.kind].extend(link.names)
            sides.append(side)
        q.compare = {"mode": "sides", "sides": sides}
        q.merchants, q.categories, q.text = [], [], []
        return
    own = [p for p in periods if not p.relative]
    if len(own) >= 2 and (own[0].start, own[0].end) == (own[1].start, own[1].end):
        # "the last 7 days vs the previous 7 days": the same stretch said twice is the one before the first
        own = [own[0], own[0].before(), *own[2:]]
    if len(own) >= 2:
        q.compare = {"mode": "periods", "sides": [Side(label=p.label, period=p) for p in own[:2]]}
        q.period = None
        return
    if own and ONE_BEFORE_RE.search(text):
        # "last month vs the one before", "is it going up? October against the month before": the period named
        # against the one before it, not against the usual
        before = own[0].before()
        q.compare = {"mode": "periods", "sides": [Side(label=own[0].label, period=own[0]),
                                                  Side(label=before.label, period=before)]}
        q.period = None
        return
    if USUAL_RE.search(events_blanked(text)):
        current = q.period or Period(today.replace(day=1), today, f"{today:%B %Y} so far", "month")
        q.period = current
        q.compare = {"mode": "usual", "sides": [Side(label=current.label, period=current)]}
        return
    if own:
        # "compared to last month": the period named against the one before it, or against now
        p = own[0]
        if re.search(r"\b(?:than|to|with|against|vs\.?|versus)\s+(?:the\s+)?(?:last|previous|prior)\b", text) and \
                p.end < today.replace(day=1):
            now = _now_like(p, today)  # the other reading, the same dates of that period, is added when run
            q.compare = {"mode": "periods", "sides": [Side(label=now.label, period=now), Side(label=p.label, period=p)]}
        else:
            before = p.before()
            q.compare = {"mode": "periods", "sides": [Side(label=p.label, period=p),
                                                      Side(label=before.label, period=before)]}
        q.period = None
        return
    this_month = Period(today.replace(day=1), today, f"{today:%B %Y} so far", "month")
    last = add_months(today.replace(day=1), -1)
    last_month = Period(last, today.replace(day=1) - timedelta(days=1), f"{last:%B %Y}", "month")
    q.compare = {"mode": "periods", "sides": [Side(label=this_month.label, period=this_month),
                                              Side(label=last_month.label, period=last_month)]}
    # "stores vs online", "weekdays vs weekends": two sides the query could not make — this month against the last
    # is no answer to them, so the sides are words not understood
    two = COMPARED_RE.search(text)
    said = {w for link in q.links for w in link.mention.split()}
    if two:
        q.ignored += [w for w in (two.group(1), two.group(2)) if w not in said and w not in q.ignored] or \
            [f"{two.group(1)} vs {two.group(2)}"]


VERSUS_RE = re.compile(r"\b(?:vs\.?|versus|against|compared (?:to|with)|or)\b")


def _two_unions(groups: list[Link], text: str) -> list[Side] | None:
    """"Shell and Chevron combined versus Uber": the names on each side of the one "versus" are one side together,
    not three sides."""
    joints = list(VERSUS_RE.finditer(text))
    if len(joints) != 1:
        return None
    at = joints[0].start()
    spots = [(m.start(), link) for link in groups if (m := re.search(rf"\b{re.escape(link.mention)}\b", text))]
    if len(spots) != len(groups):
        return None
    halves = [[link for k, link in spots if k < at], [link for k, link in spots if k > at]]
    if not all(halves):
        return None
    for half in halves:  # "Shell and Chevron", "Shell plus Chevron" — not the list "Shell, Chevron or Uber"
        said = sorted(k for k, link in spots if link in half)
        if any(not re.search(r"\b(?:and|plus)\b|&|\+", text[a:b]) for a, b in zip(said, said[1:])):
            return None
    sides = []
    for half in halves:
        side = Side(label=" + ".join(side_label(link) for link in half))
        for link in half:
            {"merchant": side.merchants, "category": side.categories, "text": side.text}[link.kind].extend(
                n for n in link.names if n not in side.merchants + side.categories + side.text)
        sides.append(side)
    return sides


AND_NAMES_RE = re.compile(r"\s*(?:,|and|plus|&|\+|n|'n'|as well as|together with|along with)?\s*(?:,\s*)?"
                          r"(?:(?:and|plus)\s+)?(?:at\s+|on\s+|from\s+|the\s+|my\s+)*")


def _names_joined(groups: list[Link], text: str) -> bool:
    """The names said one after another joined by "and", "plus", "&" or a comma ("at Shell and Chevron", "gas at
    shell + chevron") with a comparison word elsewhere: one union, not sides of their own."""
    spots = sorted((m.start(), m.end()) for link in groups
                   if (m := re.search(rf"\b{re.escape(link.mention)}\b", text)))
    if len(spots) != len(groups) or not VERSUS_RE.search(text):
        return False
    gaps = [text[a[1]:b[0]] for a, b in zip(spots, spots[1:])]
    return all(AND_NAMES_RE.fullmatch(gap) or re.fullmatch(r"\s*(?:at|on|from)\s+", gap) for gap in gaps) \
        and any(re.search(r"\b(?:and|plus|n)\b|[&+,]", gap) for gap in gaps) \
        and not any(VERSUS_RE.search(gap) for gap in gaps)


ONE_BEFORE_RE = re.compile(r"\b(?:vs\.?|versus|than|compared (?:to|with)|against|or|and)\s+(?:the\s+)?(?:one|month|"
                           r"week|year|quarter)\s+(?:before|prior)\b")
COMPARED_RE = re.compile(r"\b([a-z][a-z']+)\s+(?:vs\.?|versus|compared (?:to|with)|against|or)\s+([a-z][a-z']+)\b")


def sides_apart(q: MoneyQuery, filed: dict[str, str]) -> None:
    """"takeaways vs eating out": sides set against each other are apart — a category's side leaves out the
    merchants of the other sides filed under it (Dining without Uber Eats), or both would count the same rows. A
    share is no such pair: "coffee's share of dining" is a part of the whole it is in (never over 100%)."""
    if not q.compare or q.compare.get("mode") != "sides" or q.compare.get("ask") == "share":
        return
    sides = q.compare.get("sides") or []
    kinds = [link.names for link in q.links if link.kind == "merchant" and link.how == "concept"]  # a kind of shop
    for side in sides:
        if not side.categories:
            continue
        inside = [m for other in sides if other is not side and not other.categories and other.merchants in kinds
                  for m in other.merchants if filed.get(m) in side.categories and m not in side.merchants]
        side.exclude_merchants += [m for m in inside if m not in side.exclude_merchants]


def side_label(link: Link) -> str:
    if link.how == "concept" or len(link.names) > 1:
        return link.mention
    return link.names[0]


# two periods of their own joined by "and" ("starbucks last month and this month"): each with its figure, as "groceries
# august and september?" is; "the total for…", "combined": one figure — not a comparison; "in August, and then in
# September", "in May followed by June": one after the other, each with its figure too
AND_JOINT_RE = re.compile(r"\s*[?.]?\s*,?\s*(?:(?:and\s+)?then|followed by|and|&|as well as)\s*(?:also\s+)?"
                          r"(?:in\s+|for\s+|during\s+)?")


def periods_anded(text: str, periods: list[tuple[Period, tuple[int, int]]]) -> bool:
    own = [(p, span) for p, span in periods if not p.relative]
    return any(AND_JOINT_RE.fullmatch(text[a[1][1]:b[1][0]]) for a, b in zip(own, own[1:]))


def periods_left_unread(q: MoneyQuery, text: str, periods: list[tuple[Period, tuple[int, int]]]) -> None:
    """A period said beside the ones the answer uses, that no comparison and no range took ("dining in march and
    groceries in april", "starbucks last month, also in 2025", the third of "march, april and may" compared two by
    two): its words were not understood — never silently dropped, so the answer says so and is not confident."""
    used = {(s.period.start, s.period.end) for s in (q.compare or {}).get("sides") or [] if s.period is not None}
    if q.period is not None:
        used.add((q.period.start, q.period.end))
    if q.followup or not used or (q.compare and q.compare.get("mode") not in ("periods", "sides")):
        return
    for period, (a, b) in periods:
        if period.relative or (period.start, period.end) in used:
            continue
        said = re.sub(r"\s+", " ", text[a:b]).strip(" ,.?!")
        if a > 0 and text[a - 1].isalnum() and text[a].isalnum():  # a span read in the text with "and" respelt "vs " starts mid-word
            said = said.partition(" ")[2]
        if said and said not in q.ignored:
            q.ignored.append(said)


def paired_sides(q: MoneyQuery, text: str, periods: list[tuple[Period, tuple[int, int]]]) -> bool:
    """Names each said with a period of its own ("shell in August and chevron in July", "dining last month and
    groceries this month"): one side per pair, each with its own period — not both names over the first period
    with the other period dropped. Returns whether the sides were made."""
    own = [(p, span) for p, span in periods if not p.relative]
    groups = [link for link in q.links if not link.negated and link.kind in ("merchant", "category", "text")]
    if len(own) < 2 or len(groups) != len(own) or q.followup:
        return False
    names: list[tuple[int, Link]] = []
    for link in groups:
        m = re.search(rf"\b{re.escape(link.mention)}", text)
        if m is None:
            return False
        names.append((m.start(), link))
    said = sorted([(at, "name") for at, _ in names] + [(span[0], "period") for _, span in own])
    kinds = [k for _, k in said]
    if kinds != ["name", "period"] * len(own) and kinds != ["period", "name"] * len(own):
        return False  # "shell and chevron in august and july" pairs nothing
    # the k-th name said goes with the k-th period said
    sides = []
    for (_, link), (period, _) in zip(sorted(names, key=lambda x: x[0]), sorted(own, key=lambda x: x[1][0])):
        side = Side(label=f"{side_label(link)}, {period.label}", period=period)
        {"merchant": side.merchants, "category": side.categories, "text": side.text}[link.kind].extend(link.names)
        sides.append(side)
    q.compare = {"mode": "sides", "sides": sides, "paired": True}
    q.merchants, q.categories, q.text = [], [], []
    # the stretch both sides lie in: each side is counted over its own period, and the turn still names one
    start, end = min(p.start for p, _ in own), max(p.end for p, _ in own)
    q.measure, q.period = "compare", Period(start, end, period_label(start, end, "range"), "range")
    return True


# "which month was highest for groceries", "my biggest month for dining", "tháng nào chi nhiều nhất": the months of the
# period ranked by their totals — a comparison of every month, not one total nor the biggest purchase
PEAK_MONTH_RE = re.compile(
    r"\b(?:which|what)\s+(?:single\s+)?months?\b.{0,50}?\b(?P<most>most|highest|biggest|largest|worst|heaviest|"
    r"priciest|costliest|top|least|lowest|smallest|cheapest|lightest|best)\b"
    r"|\b(?P<adj>biggest|largest|highest|most expensive|priciest|costliest|worst|heaviest|busiest|top|cheapest|"
    r"lowest|smallest|lightest|quietest)\s+(?:spending\s+)?months?\b"
    r"|\bthang nao\b.{0,40}?\b(?P<vi>nhieu|cao|lon|ton|it|thap) nhat\b"
    r"|\b(?P<vi2>nhieu|cao|lon|ton|it|thap) nhat\b.{0,20}?\bthang nao\b")
LEAST_WORDS = {"least", "lowest", "smallest", "cheapest", "lightest", "best", "quietest", "it", "thap"}
MAX_RANKED_MONTHS = 24


def peak_months(q: MoneyQuery, text: str, today: date) -> bool:
    """The months of the question's period (the last twelve when it names none) as the sides of a comparison whose
    answer ranks them, `ask` "most" or "least". Returns whether the question asked that."""
    m = PEAK_MONTH_RE.search(text)
    if m is None or q.followup or q.compare:
        return False
    word = next(g for g in m.group("most", "adj", "vi", "vi2") if g)
    period = q.period
    if period is None or period.grain == "all":
        start = add_months(today.replace(day=1), -11)
        period = Period(start, today, period_label(start, today, "range", today=today), "range")
    first = period.start.replace(day=1)
    sides: list[Side] = []
    while first <= period.end and len(sides) < MAX_RANKED_MONTHS:
        last = add_months(first, 1) - timedelta(days=1)
        s, e = max(first, period.start), min(last, period.end, today)
        label = f"{first:%B %Y}" + (" so far" if e == today and last > today else "")
        sides.append(Side(label=label, period=Period(s, e, label, "month")))
        first = add_months(first, 1)
    if len(sides) < 2:
        return False
    q.measure, q.period = "compare", None
    q.compare = {"mode": "periods", "sides": sides, "ask": "least" if word in LEAST_WORDS else "most"}
    said = m.group(0).strip()
    q.ignored = [w for w in q.ignored if w not in said and said not in w]
    return True


# Vietnamese: "tháng 9 với tháng 10", "tháng 9 hay tháng 10", "so với", "tháng 10 và tháng 9" (as "october and september"
# is: each month's figure side by side, transactions/query/sides.split_joined_span)
PERIOD_JOINT_RE = re.compile(r"\s*,?\s*(?:or|vs\.?|versus|compared (?:to|with)|against|than|voi|hay|hoac|so voi|va)\s*"
                             r"(?:in\s+|to\s+)?")


def split_joined_span(text: str, periods: list[tuple[Period, tuple[int, int]]], today: date
                      ) -> list[tuple[Period, tuple[int, int]]]:
    """A comparison naming "july and august" (not "between july and august") compares the two, not the span."""
    for _, (a, b) in periods:
        piece = text[a:b]
        if re.search(r"\band\b", piece) and not re.match(r"\s*(?:from|between)\b", piece) \
                and not glossed_name(piece):  # "the holidays last year (nov and dec)": one span, its months said
            # "vs " keeps the length: the spans found stay those of the text
            return find_periods(text[:a] + re.sub(r"\band\b", "vs ", piece, count=1) + text[b:], today)
    return periods


def two_periods_joined(text: str, periods: list[tuple[Period, tuple[int, int]]]) -> bool:
    """Two periods of their own joined by "or", "vs", "compared with": a comparison of the two."""
    own = [(p, span) for p, span in periods if not p.relative]
    return any(PERIOD_JOINT_RE.fullmatch(text[a[1][1]:b[1][0]]) for a, b in zip(own, own[1:]))
