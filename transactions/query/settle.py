"""The last shaping of a parsed money question, once its names and periods are known: merchants named beside their
own category (examples of it, or the one shop that narrows it), the direction of money, the window of a monthly
average, and the sides of a comparison. Called by transactions.query.parse."""
from __future__ import annotations

import re
from datetime import date, timedelta

from core.periods import Period
from transactions.query.model import Link, MoneyQuery, Vocab
from transactions.query.periods import _n
from transactions.query.shares import SHARE_ASKED_RE
from transactions.query.sides import compare_sides, sides_apart

GENERIC_INCOME = {"income", "thu nhap", "earnings", "money in", "earned", "luong"}

# two things set against each other ("takeaways vs eating out"), not examples of one
CONTRASTED_RE = re.compile(r"\b(?:vs\.?|versus|against|compar(?:e|ed|ing))\b")


def examples_and_kinds(q: MoneyQuery, vocab: Vocab, text: str = "") -> None:
    """Merchants named beside a category they belong to are examples of it ("health stuff – gym, pharmacy";
    "restaurant or cafe"), a kind of merchant named beside one of its own ("fill up at Shell") is that one, and a kind
    said of one shop ("groceries at Target") is that shop (`kind_at_shop`)."""
    if q.followup:
        return
    kind_at_shop(q, text)
    if q.categories and q.merchants and all(vocab.merchant_category.get(m) in q.categories for m in q.merchants) \
            and not (q.measure == "compare" and CONTRASTED_RE.search(text)):  # "takeaways vs eating out": two sides
        merchant_links = [link for link in q.links if link.kind == "merchant" and not link.negated]
        # "what share of dining was coffee": the kind is the part asked of its category, never an example of it (the
        # share reads the category named after its word as the whole, as for "how much of my groceries was Target")
        if all(link.how == "concept" for link in merchant_links) and not SHARE_ASKED_RE.search(text):
            q.links = [link for link in q.links if link.kind != "merchant" or link.negated]
            q.merchants = []
        else:
            # "dining at Chipotle", "takeout via Uber Eats": the named shop narrows its own category
            q.links = [link for link in q.links if link.kind != "category" or link.negated]
            q.categories = []
    specific = {n for link in q.links if link.kind == "merchant" and link.how != "concept" and not link.negated
                for n in link.names}
    if specific:
        for link in [x for x in q.links if x.kind == "merchant" and x.how == "concept"]:
            if specific & set(link.names):
                q.links.remove(link)
                q.merchants = [m for m in q.merchants if m in specific or any(
                    m in x.names for x in q.links if x.kind == "merchant")]


# the kind said of a shop, then the shop: "medicine at cvs", "groceries from target", "thuốc ở cvs"; or the shop, then
# the kind bought there: "at target on groceries"
SHOP_AT = r"\s+(?:at|from|via|with|on|in|o|tai)\s+(?:the\s+|my\s+)?"
UNKNOWN_AT = r"\s+(?:at|from|o|tai)\s+(?:the\s+)?"
KIND_AT = r"\s+(?:on|for)\s+(?:the\s+|my\s+)?"


def kind_at_shop(q: MoneyQuery, text: str) -> None:
    """"groceries at Target", "coffee at Target", "gas at Costco": the kind of thing bought there, said of one shop —
    that shop's spending (the kind narrows nothing Moneta can see: a shop's rows carry one category), never the shop
    plus every transaction of the kind. The kind's word stays for the account of the words, which judges whether it
    describes the shop (chat/word_roles_dropped.py)."""
    if q.followup:
        return
    shops = [(x.mention, SHOP_AT) for x in q.links if x.kind == "merchant" and x.how != "concept" and not x.negated]
    # a name they never had only after "at"/"from" ("restaurants in san francisco" says a place, no shop)
    shops += [(u, UNKNOWN_AT) for u in q.unknown if len(u.split()) <= 2]
    kinds = [x for x in q.links if not x.negated and (x.kind == "category" or (
        x.kind in ("merchant", "concept") and x.how == "concept"))]
    said_of = [k for k in kinds for shop, at in shops if re.search(
        rf"\b{_written_phrase(k.mention)}{at}{_written_phrase(shop)}\b|"
        rf"\b(?:at|from|o|tai)\s+(?:the\s+)?{_written_phrase(shop)}{KIND_AT}{_written_phrase(k.mention)}\b", text)]
    if not said_of or len(said_of) != len(kinds):
        return  # another kind said on its own ("groceries and coffee at Target"): left as read
    dropped = {n for k in said_of for n in k.names}
    q.links = [x for x in q.links if x not in said_of]
    q.categories = [c for c in q.categories if c not in dropped or any(
        c in x.names for x in q.links if x.kind == "category")]
    q.merchants = [m for m in q.merchants if m not in dropped or any(
        m in x.names for x in q.links if x.kind == "merchant")]


def _written_phrase(mention: str) -> str:
    return r"\s+".join(_written(w) for w in mention.split())


UNION_JOINT = r"\s*(?:,|&|\+|\band\b|\bplus\b|\bor\b)\s*(?:the\s+|my\s+)?"


def _written(token: str) -> str:
    """A token of the parser ("joes") as the question may write it ("joe's")."""
    return "'?".join(re.escape(ch) for ch in token) + "'?"


def union_text_named(q: MoneyQuery, text: str, vocab: Vocab) -> None:
    """"add up the Joe's and Whole Foods together": words found only in the narratives (or nowhere), joined to a name
    by "and" or "plus", are a part of the union, not words that narrow it (which gives $0.00). A word of exactly one
    of the user's merchant names is that merchant; otherwise the narrative words are not understood."""
    if q.followup or not (q.merchants or q.categories):
        return
    names = [x for x in q.links if not x.negated and x.kind in ("merchant", "category")]
    loose = [x for x in q.links if x.kind == "text" and x.how == "narrative" and not x.negated] + [
        Link(w, "unread", [w]) for w in [*q.ignored, *q.unknown] if " " not in w]
    for link in loose:
        joined = any(re.search(rf"\b{_written(link.mention)}{UNION_JOINT}{_written(x.mention)}\b|"
                               rf"\b{_written(x.mention)}{UNION_JOINT}{_written(link.mention)}\b", text)
                     for x in names)
        if not joined:
            continue
        word = link.names[0].lower()
        owners = [m for m in vocab.merchants if re.search(rf"\b{re.escape(word)}", m.lower().replace("'", ""))]
        if link.kind == "unread" and len(owners) != 1:
            continue  # a word nothing was made of stays as it was
        if link.kind == "unread":
            q.ignored = [w for w in q.ignored if w != link.mention]
            q.unknown = [w for w in q.unknown if w != link.mention]
        else:
            q.text = [t for t in q.text if t not in link.names]
            q.links.remove(link)
        if len(owners) == 1:
            q.links.append(Link(link.mention, "merchant", owners, "partial"))
            q.merchants.append(owners[0])
        else:
            q.unknown.append(link.mention)


def weekday_is_no_subject(q: MoneyQuery) -> None:
    """A weekday only narrows a subject ("the knitting — the yarn and the Thursday lessons"): when the question asks
    about a thing nothing of theirs is called and names nothing else to filter by, the weekday must not stand in for
    it (a total of every Thursday) — the thing is what was not found."""
    if q.unknown and q.weekdays and not q.followup and not (
            q.merchants or q.categories or q.text or q.excludes or q.amount_min is not None
            or q.amount_max is not None):
        q.weekdays = []


# "money came in, paychecks and everything", "all money in", "salary, refunds, everything", "not just the paycheck",
# "lương và mọi thứ": every kind of money in — the kinds named are examples of it, not a filter
ALL_MONEY_IN_RE = re.compile(r"\b(?:and (?:everything|all(?: that| the rest)?|the rest|so on|whatever else|others?)|"
                             r"everything(?: else)?|etc|all (?:of it|sources|money|income|kinds?|types?)|"
                             r"(?:from )?(?:every|any) source|not (?:just|only)|moi thu|tat ca|moi khoan|moi nguon)\b")


def all_money_in(q: MoneyQuery, text: str, kinds: dict[str, str], merchant_kinds: dict[str, str | None]) -> None:
    """Income asked as a whole, with some of its kinds named as examples: all income, never the payroll alone."""
    said = ALL_MONEY_IN_RE.search(text)
    if not said or q.followup:
        return
    def money_in(link: Link) -> bool:
        return link.kind in ("merchant", "category") and (link.how in ("concept", "synonym") or all(
            (kinds.get(n) if link.kind == "category" else merchant_kinds.get(n)) == "income" for n in link.names))
    examples = [link for link in q.links if money_in(link)]
    if not examples or len(examples) < len([x for x in q.links if x.kind in ("merchant", "category")]):
        return  # something else named beside them ("money in from Amazon and everything"): left as read
    q.links = [x for x in q.links if x not in examples]
    named = {n for x in examples for n in x.names}
    q.merchants = [m for m in q.merchants if m not in named]
    q.categories = [c for c in q.categories if c not in named]
    q.exclude_merchants = [m for m in q.exclude_merchants if m not in named]
    q.exclude_categories = [c for c in q.exclude_categories if c not in named]
    listed = text[max(0, said.start() - 60):said.end()]  # "salary, refunds, everything": refunds are an example too
    q.ignored = [w for w in q.ignored if w not in said.group(0).split() and not re.search(rf"\b{re.escape(w)}\b", listed)]
    q.unknown = [w for w in q.unknown if not re.search(rf"\b{re.escape(w)}\b", listed)]


def settle(q: MoneyQuery, text: str, periods: list[Period], today: date, *, kinds: dict[str, str],
           filed: dict[str, str]) -> None:
    """Direction, monthly-average window, and comparison sides from what was found. `filed`: each merchant's main
    category."""
    merchant_kinds = {m: kinds.get(c) for m, c in filed.items()}
    weekday_is_no_subject(q)
    if q.measure in ("income",):
        q.direction = "in"
    elif q.measure == "net":
        q.direction = None
    elif q.measure in ("list",) and not re.search(r"\bspen[dt]|\bpaid\b|\bbought\b|\bexpens|\bpurchas", text):
        q.direction = None
    else:
        q.direction = "out"
    if q.measure == "income":
        generic = {c for link in q.links if link.kind == "category" and link.mention in GENERIC_INCOME
                   for c in link.names}
        q.categories = [c for c in q.categories if c not in generic]
        all_money_in(q, text, kinds, merchant_kinds)
    linked_kinds = {kinds.get(c) for c in q.categories} | {merchant_kinds.get(m) for m in q.merchants}
    if (q.categories or q.merchants) and q.measure != "net" and linked_kinds == {"income"}:
        q.direction = "in"
    if q.measure == "monthly_average":
        rolling = next((p for p in periods if p.label.startswith("the last") and "month" in p.label), None)
        m = re.search(r"\b(\d+|three|six|twelve|two|four|five)\s+(?:full\s+|complete\s+|whole\s+)?months?\b"
                      r"|\b(\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)[ -](?:full[ -])?(?:months?'?|month's)"
                      r"\s+(?:average|avg|mean)\b", text)
        if rolling is not None or m:
            counted = re.search(r"\d+", rolling.label) if rolling is not None else None
            q.months = int(counted.group()) if counted else _n(m.group(1) or m.group(2)) if m else 3
            q.period = None
        elif q.period is not None and q.period.grain == "range" and q.period.start.day == 1 and q.period.end == today \
                and q.period.start < today.replace(day=1):
            # "avg per month since March": the full months from March to the last one
            q.months = (today.year - q.period.start.year) * 12 + today.month - q.period.start.month
            q.period = None
        elif q.period is not None and q.period.grain == "range" and q.period.start.day == 1 \
                and q.period.end == today.replace(day=1) - timedelta(days=1):
            # "avg/mo, last 12 full mo": the full months named, each counted (never the default 3)
            q.months = (q.period.end.year - q.period.start.year) * 12 + q.period.end.month - q.period.start.month + 1
            q.period = None
        elif q.period is not None and q.period.grain == "year":
            q.months = max(1, (min(q.period.end, today.replace(day=1) - timedelta(days=1)).month
                               if q.period.start.year == today.year else 12))
            if q.period.start.year != today.year:
                q.months = None
        elif q.months is None:
            q.months = 3
    if q.measure == "compare" or (q.compare and q.followup):
        compare_sides(q, text, periods, today)
        sides_apart(q, filed)


# a word that adds a part to what is named ("plus the bag fee", "along with the tip", "+ tax")
ADDED_RE = r"(?:plus|\+|along with|together with|as well as|on top of|in addition to)\s+(?:the |my |a |an |any |all )?"


def added_words_unread(q: MoneyQuery, text: str) -> None:
    """Words of the statements added to a named group ("the flight plus the bag fee") are a part of a union the query
    cannot make (its words narrow what is named, which would answer the bag fee alone): the group is answered and the
    added words are said to be not understood, so the answer is not confident."""
    if q.followup or not (q.merchants or q.categories):
        return
    for link in [x for x in q.links if x.kind == "text" and not x.negated]:
        if re.search(rf"\b{ADDED_RE}{re.escape(link.mention)}\b", text):
            q.links.remove(link)
            q.text = [t for t in q.text if t not in link.names]
            q.ignored.append(link.mention)
