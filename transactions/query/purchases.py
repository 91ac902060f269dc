""""The biggest thing I bought", "the priciest item I got this year": a thing bought is no bill. Rent, utilities,
insurance and loans (transactions.selectors.is_bill_category words) are paid, not bought, so the largest purchase
asked in those words leaves the user's bill categories out and the answer says so. "The big telly at Best Buy": a
purchase described by its size and where it was bought is the largest one there, not every purchase there."""
from __future__ import annotations

import re

from transactions.query.grammar import normalise
from transactions.query.model import MoneyQuery
from transactions.selectors.subscriptions import is_bill_category

# the words of a thing bought: "bought", "buy", "thing I got", "splurge", "item" ("purchase" and "expense" are said of
# any payment: "biggest single expense" may well be the rent; so is a "single item": one row of the statement,
# whatever it paid)
BOUGHT_RE = re.compile(r"\b(?:bought|buy|buying|splurged?|splurges|(?<!single )items?|"
                       r"things? (?:i|we) (?:got|paid for))\b", re.I)
# a thing described by its size ("the big telly", "that huge sofa"): the one purchase of that size
SIZE_WORDS = frozenset({"big", "biggest", "large", "huge", "giant", "expensive", "pricey", "priciest", "massive"})


def bought_not_bills(q: MoneyQuery, text: str, categories: dict[str, str]) -> None:
    """The largest thing bought, over everything: the user's bill categories left out (`categories`: their names)."""
    described_purchase(q, text)
    if q.measure != "largest" or q.merchants or q.categories or q.text or q.exclude_categories \
            or q.direction == "in" or not BOUGHT_RE.search(text):
        return
    q.exclude_categories = [c for c in categories if is_bill_category(c)]


def described_purchase(q: MoneyQuery, text: str) -> None:
    """"how much was the big telly at Best Buy": one purchase, said by its size and the shop of theirs it was bought
    at — the largest there (its other words name the thing, which no row carries), not the shop's total with the
    description left unread."""
    shops = [x for x in q.links if x.kind == "merchant" and not x.negated]
    if q.followup or q.measure != "total" or len(shops) != 1 or shops[0].how == "concept" or q.categories \
            or q.text or q.unknown or q.compare:
        return
    lowered = normalise(text)
    for phrase in list(q.ignored):
        words = phrase.split()
        if 2 <= len(words) <= 3 and words[0] in SIZE_WORDS and re.search(
                rf"\b(?:the|that|this|my|our)\s+{re.escape(phrase)}\s+(?:at|from)\s+(?:the\s+)?"
                rf"{re.escape(shops[0].mention)}\b", lowered):
            q.measure, q.limit = "largest", 1
            q.ignored.remove(phrase)
            return
