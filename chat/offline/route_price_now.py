"""What a recurring charge costs now: "what am I paying for Spotify", "how much is my Netflix subscription", "what's
Comcast charging me". Said in the present, with no period and no word of a sum ("in total", "so far", "spent"), about
merchants the user pays again and again, the question asks the charge itself (its amount, cadence, next date and
price history: the list of recurring charges narrowed to them), not everything ever paid to them."""
from __future__ import annotations

import re

# the present-tense asks of a price: "what am I paying for X", "how much is my X (subscription)", "how much does X
# cost (me)", "what's X charging me", "how much are they charging me for X", "what does X run me"
PRICE_NOW_RE = re.compile(
    r"\b(?:what|how much)\s+(?:am i|are we|do i|do we|i'?m|we're)\s+(?:currently\s+|now\s+|still\s+)?"
    r"(?:paying|pay(?!\w)|being charged|getting charged|charged)\b"
    r"|\bhow much\s+(?:is|are|'s)\s+(?:my|our|the)\b"
    r"|\bhow much\s+(?:does|do)\s+(?:my\s+|our\s+|the\s+)?[\w&' .-]{2,30}?\s+(?:cost|charge|run)\b(?!\s+(?:in total|altogether|so far))"
    r"|\bwhat(?:'s|s| is| does| do)\s+(?:my\s+|our\s+|the\s+)?[\w&' .-]{2,30}?\s+(?:charg(?:e|es|ing)|cost(?:s|ing)?|run(?:s|ning)?)"
    r"\s+(?:me|us)\b"
    r"|\bwhat(?:'s|s| is)\s+(?:my|our|the)\s+[\w&' .-]{2,30}?\s+(?:subscription|sub|plan|membership|bill)\s*"
    r"(?:cost|price|at|now|these days)?\s*\??$", re.I)
# a sum or a span asked, not the price: "how much is my netflix in total", "what have I paid", "spent", "ever"
SUM_WORDS_RE = re.compile(r"\b(?:total|in all|altogether|so far|ever|spent|spend|spending|paid|all time|overall|"
                          r"average|avg|each|every|per|a month|a year|monthly|yearly|annually|combined|together|"
                          r"since|over the|last|this|past|how many|times|count)\b", re.I)


def price_now_merchants(text: str, q, recurring: list[str], merchant_category: dict[str, str]) -> list[str] | None:
    """The recurring merchants whose current charge the turn asks, or None when it asks something else. A category
    asked this way ("how much is my rent") is the recurring charges filed under it, when it has some."""
    if q is None or not (q.merchants or q.categories) or q.text or q.period or q.compare or q.exclude_merchants \
            or q.exclude_categories or q.amount_min is not None or q.amount_max is not None:
        return None
    if not PRICE_NOW_RE.search(text) or SUM_WORDS_RE.search(text):
        return None
    own = {name.lower(): name for name in recurring}
    if not all(m.lower() in own for m in q.merchants):
        return None
    named = [own[m.lower()] for m in q.merchants]
    named += [name for name in recurring if merchant_category.get(name) in q.categories]
    return named or None
