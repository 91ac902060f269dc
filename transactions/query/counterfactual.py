"""Questions about money that was not spent: "if I had cut Uber Eats out, how much would I have saved?" asks what
went on Uber Eats, not the total of everything else (which is what "without Uber Eats" asks of a total)."""
from __future__ import annotations

import re

from transactions.query.model import MoneyQuery

# a saving that would have come from not spending on something
SAVED_IF_RE = re.compile(r"\b(?:would|could|might|will|would've|could've)\s+(?:i\s+|we\s+)?(?:have\s+)?(?:sav(?:e|ed)|"
                         r"kept|pocketed|had (?:left|extra))\b|\bhow much\b.{0,30}\b(?:i'?d|we'?d) (?:have )?saved?\b"
                         r"|\bneu\b.{0,60}\b(?:tiet kiem|de danh) (?:duoc|dc)\b"
                         r"|\bfree(?:s|d)? up\b")  # "how much does cancelling the gym free up?"
# the words of the supposition itself ("if I had completely stopped …", "nếu … thì tiết kiệm được"): they name nothing
HYPOTHETICAL_WORDS = {"completely", "entirely", "totally", "fully", "altogether", "skipped", "stopped", "quit", "cut",
                      "dropped", "avoided", "gave", "given", "up", "neu", "thi", "tiet", "kiem", "duoc", "dc", "de",
                      "danh", "bo", "ngung", "dung", "free", "frees", "freed", "cancel", "cancelled", "canceled",
                      "cancelling", "canceling", "stopping", "quitting", "dropping", "cutting"}


def saved_if(q: MoneyQuery, text: str, measure: str | None) -> str | None:
    """For a would-have-saved question, turn what it leaves out into what it asks about (in place) and return the
    measure (a total, not the net of a "save" question); otherwise return `measure` unchanged."""
    if not SAVED_IF_RE.search(text):
        return measure
    if q.excludes and not (q.merchants or q.categories or q.text):
        for link in q.links:
            link.negated = False
        q.merchants, q.categories, q.text = q.exclude_merchants, q.exclude_categories, q.exclude_text
        q.exclude_merchants, q.exclude_categories, q.exclude_text = [], [], []
    q.ignored = [w for w in q.ignored if not set(w.split()) <= HYPOTHETICAL_WORDS]
    return "total" if measure == "net" else measure
