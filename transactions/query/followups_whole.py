"""A whole said after a narrow answer (issue 21): "and what's my total income since August?" after "did I get a tax
refund this year", "and what's my total spending this month?" after "Starbucks this month". The words say all of the
money one way ("total income", "all my spending", "everything I spent"), so the last answer's names (the refund's
payer, the coffee shop), what it left out and its amount bounds are dropped: the subject is reset to all income
(all spending) over the period the turn says or the last one. A turn that names something ("my total spending at
Target") or says only "the total" keeps the subject (that is the same set added up)."""
from __future__ import annotations

import re

from transactions.query.followups_base import IN_WORDS
from transactions.query.model import MoneyQuery

_NOUN = r"(?P<{}>income|earnings|spending|spend|expenses|expenditures?|outgoings)"
WHOLE_SUBJECT_RE = re.compile(
    r"\b(?:total|overall|entire|whole|all\s+(?:of\s+)?(?:my|our|the))\s+(?:monthly\s+)?" + _NOUN.format("a") + r"\b"
    r"|\b(?:my|our)\s+" + _NOUN.format("b") + r"\s+(?:overall|in total|altogether|all told)\b"
    r"|\beverything\s+(?:(?:that\s+)?(?:i|we)\s+)?(?P<c>spent|earned|made|received|paid|came in|went out)\b")
INCOME_WORDS = ("income", "earnings", "earned", "made", "received", "came in")


def whole_subject(q: MoneyQuery, said: MoneyQuery, previous: MoneyQuery, text: str) -> MoneyQuery:
    """The merged follow-up with the last subject dropped when the turn asks for all of the money one way."""
    m = WHOLE_SUBJECT_RE.search(text)
    if m is None or q.compare or said.merchants or said.categories or said.text or said.unknown or said.excludes:
        return q
    if not (previous.merchants or previous.categories or previous.text or previous.excludes
            or previous.amount_min is not None or previous.amount_max is not None):
        return q
    q.merchants, q.categories, q.text, q.links = [], [], [], []
    q.exclude_merchants, q.exclude_categories, q.exclude_text, q.excluded_unknown = [], [], [], []
    q.amount_min = q.amount_max = None
    q.weekdays, q.skip_largest, q.offset = [], 0, 0
    noun = m.group("a") or m.group("b") or m.group("c")
    if noun in INCOME_WORDS:
        q.direction = "in"
        q.measure = "income" if q.measure in ("total", "income", "list", "largest", "smallest") else q.measure
    else:
        q.direction = "out"
        q.measure = "total" if q.measure in ("total", "income", "list", "largest", "smallest") else q.measure
    if q.measure in ("total", "income"):
        q.limit = None
    return q


# a verb of money going out said of a thing ("what did the rent take?", "and what did groceries cost?")
TOOK_RE = re.compile(r"\b(?:take|took|taken|takes|cost|costs|eat up|ate up|eats up|swallow(?:ed|s)?|spen[dt]|spending|"
                     r"go on|went on|goes on|paid for|pay for|set me back|use up|used up)\b")
IN_SAID_RE = re.compile(rf"\b(?:{IN_WORDS}|refunds?|deposits?)\b")  # money in said of a thing


def spent_after_income(q: MoneyQuery, said: MoneyQuery, previous: MoneyQuery, text: str) -> MoneyQuery:
    """"How much came in last month?" → "And what did the rent take?": a thing of theirs named with a verb of money
    going out is what went out on it, not the money that came in from it (it had been "$0.00 received on Rent")."""
    if previous.direction != "in" or q.direction != "in" or q.compare or not TOOK_RE.search(text) \
            or IN_SAID_RE.search(text) or not (said.merchants or said.categories):
        return q
    q.direction = "out"
    q.measure = "total" if q.measure in ("income", None) else q.measure
    return q
