""""The biggest thing I bought", "the priciest item I got this year": a thing bought is no bill. Rent, utilities,
insurance and loans (transactions.selectors.is_bill_category words) are paid, not bought, so the largest purchase
asked in those words leaves the user's bill categories out and the answer says so."""
from __future__ import annotations

import re

from transactions.query.model import MoneyQuery
from transactions.selectors.subscriptions import is_bill_category

# the words of a thing bought: "bought", "buy", "thing I got", "splurge", "item" ("purchase" and "expense" are said of
# any payment: "biggest single expense" may well be the rent)
BOUGHT_RE = re.compile(r"\b(?:bought|buy|buying|splurged?|splurges|items?|things? (?:i|we) (?:got|paid for))\b", re.I)


def bought_not_bills(q: MoneyQuery, text: str, categories: dict[str, str]) -> None:
    """The largest thing bought, over everything: the user's bill categories left out (`categories`: their names)."""
    if q.measure != "largest" or q.merchants or q.categories or q.text or q.exclude_categories \
            or q.direction == "in" or not BOUGHT_RE.search(text):
        return
    q.exclude_categories = [c for c in categories if is_bill_category(c)]
