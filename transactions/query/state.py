"""The conversation state: what the last money answer asked and showed, and what a follow-up may do with it.

`result_shown` is what an answer showed (its items, the periods compared, the figure, the ranking window), stored
with the answer; `period_edit`/`period_before` apply a period said in a follow-up to the last one; the checks
below tell whether a follow-up changed the question (`query_unchanged`), only leaves something out of it
(`exclusion_followup`) or names what it counts (`counted_nouns`). The edits themselves are in followups.py.
"""
from __future__ import annotations

import re
from datetime import date, timedelta
from difflib import SequenceMatcher

from core.periods import Period, add_months, month_bounds, period_label
from transactions.query.followups_currency import IN_CURRENCY_RE
from transactions.query.grammar import normalise
from transactions.query.model import MoneyQuery


def period_before(period: Period, today: date) -> Period:
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


def contiguous(periods: list[Period]) -> Period | None:
    """Periods that follow one another, as one range; None when there is a gap between them."""
    ordered = sorted(periods, key=lambda p: p.start)
    if len(ordered) < 2 or any(a.end.toordinal() + 1 < b.start.toordinal() for a, b in zip(ordered, ordered[1:],
                                                                                             strict=False)):
        return None
    start, end = ordered[0].start, max(p.end for p in ordered)
    return Period(start, end, period_label(start, end, "range"), "range")


def period_edit(previous: Period | None, said: Period, earlier: Period | None = None) -> Period | None:
    """A period said in a follow-up, applied to the last answer's: a named one replaces it; "that month" is the same
    one; "the month before/after" steps from it; "the same months a year earlier" shifts it a year. A relative period
    with nothing before it is read from today (None for "that month"). `earlier`: the period of the answer before the
    last, which "that month" means when the last answer covered all time ("biggest purchase in May" → "at that
    store, ever?" → "and my shopping total that month?": May)."""
    if not said.relative:
        return said
    if said.step == 0 and earlier is not None and previous is not None and previous.grain == "all" \
            and earlier.grain != "all":
        return earlier
    if previous is None:
        return None if said.step == 0 else said
    if said.step == 0:
        return previous
    if said.step == -12:
        return previous.shifted(years=-1)
    if said.grain == "week":
        days = timedelta(days=7 * said.step)
        return Period(previous.start + days, previous.end + days,
                      "the week before" if said.step < 0 else "the week after", "week")
    if said.grain == "range" and said.step == -1:  # "and the 30 days before?": as long as the last, just before it
        return previous.before()
    return previous.shifted(months=said.step * (12 if said.grain == "year" else 1))


def result_shown(result: dict) -> dict:
    """What an answer showed, for the next turn: the ranked or listed items (with their kind), the periods
    compared, the figure and the ranking window."""
    rows = result.get("rows") or []
    measure = result.get("measure")
    shown: dict = {"measure": measure, "total": result.get("total"), "offset": result.get("offset") or 0,
                   "n": result.get("n"), **({"count": result["count"]} if isinstance(result.get("count"), int) else {})}
    # the figure the answer led with ("set up a budget with that amount"): an average where it asked for one
    figure = result.get("average") if measure in ("average", "monthly_average") else result.get("total")
    if isinstance(figure, int | float) and not isinstance(figure, bool):
        shown["figure"] = figure
    if result.get("currency"):  # what its figures were in ("how much was that in $": followups_currency)
        shown["currency"] = result["currency"]
    if measure in ("largest", "smallest", "list"):  # the transactions it showed ("delete that charge")
        # …and what names each ("the tv", "the flight one": transactions/query/followups_named.py)
        shown["rows"] = [{k: r.get(k) for k in ("id", "date", "merchant", "amount", "description", "category")}
                         for r in rows[:5] if r.get("id")]
    if result.get("by_merchant"):  # the merchants a total was made of ("does that include Starbucks?")
        shown["parts"] = [r["merchant"] for r in result["by_merchant"] if r.get("merchant")]
    if measure == "top_merchants":
        shown["items"] = {"kind": "merchant", "names": [r["merchant"] for r in rows if r.get("merchant")]}
    elif measure in ("top_categories", "summary"):
        shown["items"] = {"kind": "category", "names": [r["category"] for r in rows if r.get("category")]}
    elif measure == "compare":
        sides = ((result.get("query") or {}).get("compare") or {}).get("sides") or []
        shown["periods"] = [s["period"] for s in sides if s.get("period")]
        figures = [r.get("total") for r in rows]
        if len(figures) == len(shown["periods"]) and all(isinstance(f, int | float) for f in figures):
            shown["figures"] = figures  # each period's figure: "the bigger one" picks by it
    elif measure in ("largest", "smallest", "list"):
        shown["items"] = {"kind": "merchant", "names": list(dict.fromkeys(r["merchant"] for r in rows
                                                                          if r.get("merchant")))}
    return shown


def rows_listed(shown: dict, previous: dict | None) -> dict:
    """A pick among the rows the last answer listed ("the tv") keeps that list beside the rows it shows (`listed`), so
    the next word names another of them ("and the flight one?")."""
    before = (previous or {}).get("listed") or (previous or {}).get("rows") or []
    ids = {r.get("id") for r in shown.get("rows") or []}
    if ids and len(before) > len(ids) and ids <= {r.get("id") for r in before}:
        return {**shown, "listed": before}
    return shown


SAME_QUESTION_KEYS = ("measure", "merchants", "categories", "text", "exclude_merchants", "exclude_categories",
                      "exclude_text", "amount_min", "amount_max", "direction", "weekdays", "months", "limit", "offset",
                      "per", "skip_largest", "group_by")


def query_unchanged(previous: dict, now: dict) -> bool:
    """Does a follow-up's query ask exactly what the last one asked? Then the turn changed nothing it could read:
    its words went somewhere the query does not show, and the same answer again is no confident answer to it."""
    if previous.get("from_action"):
        return False  # the state a request to act left: nothing was answered yet (`action_state`)

    def period(d: dict) -> tuple:
        p = d.get("period") or {}
        return p.get("start"), p.get("end")

    def compare(d: dict) -> list:
        return [(s.get("merchants"), s.get("categories"), s.get("text"), period(s))
                for s in (d.get("compare") or {}).get("sides") or []] + [(d.get("compare") or {}).get("ask")]

    return all((previous.get(k) or None) == (now.get(k) or None) for k in SAME_QUESTION_KEYS) \
        and period(previous) == period(now) and compare(previous) == compare(now)


# a turn that asks the last answer to be checked or said again ("make sure that's right", "double-check it", "so what's
# the total then?"): the same query re-run is its answer, not a sign that its words went unread
CHECK_BACK_RE = re.compile(
    r"\b(?:make sure|double[- ]?check(?:ed)?|re-?check|check (?:again|that|it|this)|confirm(?:ed)?|(?:are )?you (?:\w+ )?sure|"
    r"(?:is|was) (?:that|it|this) (?:right|correct|accurate)|just to be sure|sanity check|"
    r"(?:total|figure|amount|number|sum) (?:then|again)|say (?:it|that) again|once more)\b")

# the cue: a word of including said of the last answer ("does that include", "that includes", "is it including",
# "was X counted in that")
INCLUDED_CUE_RE = re.compile(
    r"\b(?:that|it|this|the (?:total|figure|number|amount|sum))(?:'s| is| was)? (?:includes?|including|included|covers?|"
    r"covering|counts?|counting|has|contains?)\b"
    r"|\b(?:does|did|do) (?:that|it|this|the (?:total|figure|number|amount|sum)) (?:include|cover|count|have|contain)\b"
    r"|\b(?:is|are|was|were) (?P<name>[a-z0-9&' .-]{2,30}?) (?:included|counted|covered|in (?:there|that|it))"
    r"(?: in (?:that|it|there|the total|this))?\b")


def asks_again(text: str) -> bool:
    """Does the turn ask the last answer to be checked or repeated (`CHECK_BACK_RE`), or said in a currency ("how
    much was that in $": followups_currency; another currency than the answer's is a word not understood), or whether
    it counted something ("does that include Chevron?": followups_included)?"""
    plain = normalise(text)
    return bool(CHECK_BACK_RE.search(plain) or IN_CURRENCY_RE.search(plain) or INCLUDED_CUE_RE.search(plain))


RANKED = ("top_merchants", "top_categories", "summary")
ONE_TRANSACTION_RE = re.compile(r"\b(?:delete|erase|transactions?|charges?|payments?|purchases?|orders?|entry|entries|"
                                r"duplicates?|giao dich|xoa)\b")


def exclusion_followup(text: str, q: MoneyQuery, previous: dict | None) -> bool:
    """Does a follow-up only leave something out of the last money answer ("drop rent", "remove Amazon", "bỏ tiền
    nhà ra" after a ranking) or move a ranking's window ("drop the first one, the next 3")? Then it edits the
    question and deletes nothing; a request to delete names a
    transaction ("delete the rent payment"). The action reader asks this before reading a request."""
    if not (q.followup and previous) or ONE_TRANSACTION_RE.search(normalise(text)):
        return False
    last = MoneyQuery.from_dict(previous)
    if last.measure in RANKED and q.measure in RANKED and (q.offset, q.limit) != (last.offset, last.limit):
        return True  # "drop the first one, who are the next 3?": the ranking's window moved, nothing deleted
    if last.measure in ("largest", "smallest") and q.measure == last.measure and (q.offset or 0) > (last.offset or 0):
        return True  # "my 5 biggest purchases" → "drop the biggest one": the rows after it shown, nothing deleted
    return bool(set(q.exclude_merchants) - set(last.exclude_merchants)
                or set(q.exclude_categories) - set(last.exclude_categories)
                or set(q.exclude_text) - set(last.exclude_text))


ELSE_RE = re.compile(r"\b(?:everything|anything|all|what|something|spending|spent|money)\s+else\b|\belse\b.{0,12}$")


def leaves_out_of_last(text: str, q: MoneyQuery) -> bool:
    """Does a turn only leave something out, of nothing it names itself ("which is biggest if you leave out housing",
    "everything else that wasn't a bill")? Then it leaves it out of the last answer's set: an exclusion, or "else",
    needs a set to take from, and the turn names no subject or period of its own."""
    own = q.merchants or q.categories or q.text or q.unknown or q.period is not None
    return not own and bool(q.excludes or q.excluded_unknown or ELSE_RE.search(text))


NAME_LIKENESS = 0.8  # difflib ratio from which an unknown word is read as a misspelled name of theirs


def counted_nouns(text: str, q: MoneyQuery, previous: MoneyQuery) -> list[str]:
    """Words that name what a follow-up counts, not a new subject: "how many deliveries" after Uber Eats counts its
    transactions. A word right after "how many" that is none of the user's names, nor close to one, while the last
    question named its own. A word that reads as a misspelling of one of their names stays a name."""
    if not (previous.merchants or previous.categories or previous.text):
        return []
    def a_name(word: str) -> bool:  # "starbuks" is a misspelled name; "deliveries" is only loosely like "Delta"
        return any(SequenceMatcher(None, word, name.lower()).ratio() >= NAME_LIKENESS
                   for name in q.suggestions.get(word) or [])

    return [u for u in q.unknown if not a_name(u) and re.search(rf"\bhow many {re.escape(u)}\b", text)]


# "add the Chevron to that", "throw in Shell as well", "spent there", "all those visits": a turn that says it builds on
# the last answer, however long it runs
LEANS_ON_LAST_RE = re.compile(r"\b(?:add|throw|put|toss|chuck|lump)\b.{1,40}?\b(?:to|in|into|with|onto|on top of) (?:that|those|"
                              r"it|them|this|these)\b|\b(?:throw|toss|chuck)(?:ing)? in\b|\b(?:as well|too)\s*[?.!]*\s*$"
                              r"|\b(?:go|went|been|shop|shopped|spend|spent|pay|paid|visit|visited|order|ordered)\s+(?:at\s+)?there\b"
                              r"|\ball (?:of )?(?:those|these|them)\b"
                              # "how many of them were X", "in that lot", "trong đó" (in there), "mấy cái đó" (those)
                              r"|\b(?:of|among|out of) (?:those|them|these)\b|\b(?:in|from|of) (?:that|this) lot\b|\bin there\b"
                              r"|^\s*(?:and\s+|so\s+|ok(?:ay)?,?\s+)?how many (?:were|was) (?:over|under|above|below|more than|less than|"
                              r"at|from|in|on)\b"  # "how many were under 10 bucks": how many of the last set
                              # "plus all the CVS runs", "along with Target", "and with groceries too?": the last
                              # set and the name said together; "total for both": the two answers' names
                              r"|^\s*(?:(?:and|also|now|ok(?:ay)?|so|oh)[,\s]+)*(?:plus|along with|together with|as well as|"
                              r"on top of (?:that|it|those)|with)\b|\b(?:for|of) both\b|\bboth (?:of them |of those )?(?:together|combined)\b"
                              r"|\btrong (?:so )?do\b|\b(?:may|nhung|cac) (?:cai|khoan|giao dich|mon|don|lan) (?:do|nay|ay)\b"
                              # "(still not counting rent)", "vẫn không tính tiền nhà": what the last answer left out,
                              # kept — the turn carries the last question on
                              r"|\b(?:still|van)\s+(?:not counting|not including|excluding|except|without|minus|leaving out|"
                              r"khong tinh|khong ke|tru|bo)\b")


def leans_on_last(text: str) -> bool:
    """Does a turn say it builds on the last answer (adds to it, points at its place or its rows)? Then it is a
    follow-up whatever its length: "Add the Chevron to that, would you? I fill up wherever is nearest" keeps the
    last answer's subject and period."""
    return bool(LEANS_ON_LAST_RE.search(text))


# "at that store", "spent there": the place the last answer was about
PLACE_REF_RE = re.compile(r"\b(?:at|from|in|to|with|paid|pay|paying|gave|give|sent|send|owe|owed)\s+(?:that|this|the same)\s+(?P<noun>store|shop|merchant|place|"
                          r"restaurant|company|vendor|retailer|business|outlet|seller)\b|\b(?:spent|spend|spending|"
                          r"paid|pay|bought|buy|shopped|shop|go|went|been|ordered|order)\s+(?:at\s+)?there\b"
                          # the place as the topic of the turn ("that store, how much there ever?", "and that merchant:
                          # total this year?"), or its money asked of it ("how much there", "what did it cost me there")
                          r"|^\s*(?:(?:and|so|ok(?:ay)?|now|what about|how about)[,\s]+)*(?:that|this|the same)\s+"
                          r"(?P<topic>store|shop|merchant|place|restaurant|company|vendor|retailer|business|outlet|seller)"
                          r"\b(?!\s+(?:is|was|has|had|'s|did|does)\b)"
                          r"|\bhow much\s+(?:(?:in )?total\s+)?there\b")


def referenced_merchant(text: str, previous: MoneyQuery | None, shown: dict | None) -> tuple[str, str] | None:
    """(merchant, the noun said) when the question points back at the one merchant the last answer was about:
    the largest purchase's shop, the only merchant it listed or asked about; ("", the words) when it points back
    at a place the last answer does not settle."""
    m = PLACE_REF_RE.search(text)
    if m is None or previous is None:
        return None
    shown = shown or {}
    rows = shown.get("rows") or []
    items = shown.get("items") or {}
    if shown.get("measure") in ("largest", "smallest") and rows and rows[0].get("merchant"):
        name = rows[0]["merchant"]
    elif items.get("kind") == "merchant" and len(items.get("names") or []) == 1:
        name = items["names"][0]
    elif len(previous.merchants) == 1:
        name = previous.merchants[0]
    else:
        return "", m.group(0).strip()  # several it could be ("that store" after a ranking): not understood
    return str(name), m.group("noun") or m.group("topic") or ""


def kept_state(result: dict) -> dict | None:
    """The state a reasoning answer over one period leaves ("how much of my pay did I keep last month": its income,
    spending and what was kept, chat/affordability.py `income_breakdown`): money in and out over that period, so
    "and what went out?" or "and the month before?" lean on it. None when the result names no period."""
    if not (result.get("start") and result.get("end")) or result.get("message"):
        return None
    period = Period.from_dict({"start": result["start"], "end": result["end"], "label": result.get("period") or "",
                               "grain": result.get("grain") or "range"})
    return MoneyQuery(measure="net", period=period).as_dict() if period else None


# requests to act on the user's transactions, and the argument that names what they are about
ACTS_ON = ("propose_set_category", "propose_delete_transaction", "explain_unavailable_action")


def action_state(name: str, args: dict) -> dict | None:
    """The state a request to act on some transactions leaves ("move all my Uber rides into Commute", then
    "fine, just tell me how much they cost this year"): the spending at the merchants it named, so "they" and
    "those" lean on them. None for other tools, or a request that named no merchant."""
    if name not in ACTS_ON or not isinstance(args, dict):
        return None
    merchants = [str(m) for m in args.get("merchants") or [] if m] or ([str(args["subject"])] if args.get("subject")
                                                                      else [])
    if not merchants:
        return None
    # marked: no money answer was given, so the same query run now is no repeat of one (`query_unchanged`)
    return {**MoneyQuery(measure="total", merchants=merchants, direction="out").as_dict(), "from_action": name}


PART_TURN_WORDS = 12  # a longer turn that names some of the last answer's shops is a question of its own


def names_parts_of_last(text: str, q: MoneyQuery, previous: MoneyQuery, merchant_category: dict[str, str]) -> bool:
    """Does a short turn name only shops, two or more, that are part of what the last answer counted ("which was more,
    electric or internet" after utilities last month, "chia ra Whole Foods với Trader Joe's" after groceries), and no
    period of its own? Then it sets parts of the last answer's set side by side: a follow-up that keeps its period."""
    # a name read from the statements' words ("the good plate") counts beside a shop of the set
    if previous.period is None or q.period is not None or not q.merchants or len(q.merchants) + len(q.text) < 2 \
            or q.categories or q.unknown or len(text.split()) > PART_TURN_WORDS:
        return False
    if previous.merchants:
        return set(q.merchants) <= set(previous.merchants)
    return bool(previous.categories) and all(merchant_category.get(m) in previous.categories for m in q.merchants)
