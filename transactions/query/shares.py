"""A share asked in one question ("what share of my spending last month went to dining?", "what percent of what I
make goes to rent", "how much of my groceries was Trader Joe's", "ăn uống chiếm bao nhiêu phần trăm"): the part
against its whole over the same period, through the same comparison the engine runs for a share asked as a
follow-up (compare `ask` "share": the part, the whole and the percentage, all from SQL). The whole is all money
out unless the question names it: what they earn (money in), or one of the names it says ("of my groceries")."""
from __future__ import annotations

import re

from transactions.query.model import Link, MoneyQuery, Side
from transactions.query.sides import side_label

# the words that ask for a part of a whole: "what share / percent / % / proportion of", "how much of my …",
# "bao nhiêu phần trăm", "chiếm bao nhiêu"
SHARE_ASKED_RE = re.compile(
    r"\b(?:what|which|how (?:big|large|much) (?:a|of a))\s+(?:percent(?:age)?|share|portion|proportion|fraction|"
    r"part|chunk|cut)\b|\bwhat\s*%|\b(?:percent(?:age)?|share|portion|proportion|fraction)\s+of\b|%\s+of\b"
    r"|\bhow much of\b|\bbao nhieu (?:phan tram|%)|\bchiem\b.{0,30}\b(?:bao nhieu|may)\b|\bty le\b")
# the words that only say it is a share, read as such and never left over as words not understood
SHARE_WORDS_RE = re.compile(r"^(?:share|shares|percent|percentage|portion|proportion|fraction|part|chunk|cut|%|phan|"
                            r"tram|phan tram|chiem|ty le|ty|le|bao nhieu|went|go|goes|going|gone|make up|made up|"
                            r"account|accounts|accounted|total|overall|whole|entire|everything|spending|spend|"
                            r"expenses|outgoings|money out|of|what)$")
# the whole said as what they earn: "of what I make", "of my pay", "of my income", "thu nhập"
INCOME_WHOLE_RE = re.compile(r"\bof\s+(?:what|everything|all)\s+(?:i|we)\s+(?:make|made|earn|earned|bring in|brought "
                             r"in|take home|took home|get paid|got paid)\b|\bof\s+(?:my|our|the)\s+(?:total\s+)?"
                             r"(?:income|pay|paycheck|paychecks|salary|earnings|take[- ]home(?: pay)?|wages?)\b"
                             r"|\bthu nhap\b|\bluong\b")
INCOME_WORDS = {"make", "made", "earn", "earned", "earnings", "income", "pay", "paycheck", "paychecks", "salary",
                "wage", "wages", "take home", "take-home", "brought in", "bring in", "thu nhap", "luong", "paid"}


def share_asked(q: MoneyQuery, text: str, categories: list[str] | None = None) -> bool:
    """Make a first question that asks a share a comparison of its part against its whole (`ask` "share"). Returns
    whether it did."""
    m = SHARE_ASKED_RE.search(text)
    if m is None or q.followup or q.compare or q.measure not in ("total", "income", "count", "list", "compare"):
        return False
    groups = [link for link in q.links if not link.negated and link.kind in ("merchant", "category", "text")]
    income = INCOME_WHOLE_RE.search(text)
    whole_link = None if income else _whole_named(groups, text, m.end())
    # "how much of my groceries was Trader Joe's": the category read as where the shop belongs is the whole here
    whole_kind = None if income or whole_link or not groups else _category_named(categories or [], text, m.end())
    parts = [link for link in groups if link is not whole_link
             and not (income and (link.mention in INCOME_WORDS or income.start() <= _at(link, text) < income.end()))]
    if not parts:
        return False
    part = Side(label=" + ".join(side_label(link) for link in parts), period=q.period)
    for link in parts:
        _add(part, link)
    if income:
        whole = Side(label="your income", period=q.period, direction="in")
    elif whole_kind is not None:
        whole = Side(label=whole_kind, categories=[whole_kind], period=q.period)
    elif whole_link is not None:
        whole = Side(label=side_label(whole_link), period=q.period)
        _add(whole, whole_link)
    else:
        whole = Side(label="all your spending", period=q.period)
    q.measure, q.direction, q.merchants, q.categories, q.text = "compare", "out", [], [], []
    q.limit, q.offset, q.per = None, 0, None
    q.compare = {"mode": "sides", "sides": [part, whole], "ask": "share"}
    q.ignored = [w for w in q.ignored if not _share_word(w)]
    q.unknown = [w for w in q.unknown if not _share_word(w)]
    return True


def _at(link: Link, text: str) -> int:
    found = re.search(rf"\b{re.escape(link.mention)}\b", text)
    return found.start() if found else -1


def _share_word(word: str) -> bool:
    return bool(SHARE_WORDS_RE.match(word)) or word in INCOME_WORDS or all(
        SHARE_WORDS_RE.match(w) or w in INCOME_WORDS for w in word.split())


def _after_of(text: str, after: int) -> int:
    head = re.match(r"\s*(?:of\s+)?(?:(?:my|our|the|all|all of|all my|total)\s+)*", text[after:])
    return after + (head.end() if head else 0)


def _category_named(categories: list[str], text: str, after: int) -> str | None:
    at = _after_of(text, after)
    return next((c for c in categories if re.match(rf"{re.escape(c.lower())}\b", text[at:])), None)


def _whole_named(groups: list[Link], text: str, after: int) -> Link | None:
    """The name said as the whole, right after the share's "of" ("what share of my groceries was Trader Joe's",
    "how much of my dining went to Uber Eats"), when another name is the part."""
    if len(groups) < 2:
        return None
    at = _after_of(text, after)
    for link in groups:
        if re.match(rf"{re.escape(link.mention)}\b", text[at:]):
            return link
    return None


def _add(side: Side, link: Link) -> None:
    {"merchant": side.merchants, "category": side.categories, "text": side.text}[link.kind].extend(
        n for n in link.names if n not in side.merchants + side.categories + side.text)


# "dining and groceries, side by side", "next to each other", "head to head": two sides, each its own total
SIDE_BY_SIDE_RE = re.compile(r"\bside[- ]by[- ]side\b|\bnext to each other\b|\bhead[- ]to[- ]head\b")
SIDE_BY_SIDE_WORDS = {"side", "by", "next", "to", "each", "other", "head", "side by side", "head to head"}


def side_by_side_read(q: MoneyQuery, text: str) -> None:
    """The words that ask for the sides side by side are read once the comparison has its sides."""
    if q.compare and q.compare.get("mode") == "sides" and SIDE_BY_SIDE_RE.search(text):
        q.ignored = [w for w in q.ignored if not set(w.split()) <= SIDE_BY_SIDE_WORDS]
        q.unknown = [w for w in q.unknown if not set(w.split()) <= SIDE_BY_SIDE_WORDS]
