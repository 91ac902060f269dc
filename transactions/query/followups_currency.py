"""A follow-up asking the last figure in a currency: "how much was that in $", "in dollars?", "what's that in USD".
The subject, period and measure of the last answer are kept — the same question, said again. In the currency the
answer was in (or a dollar, said of a dollar currency), it is a restatement; in another one the figure cannot be
converted (no rates of exchange are kept), so those words are left unread: the answer says so and is no confident
one. The currency of the last answer is in its state (state.result_shown `currency`)."""
from __future__ import annotations

import re

from transactions.query.followups_base import Edit, _State

# each currency by the words (and sign) said for it
CURRENCY_WORDS = {
    "USD": r"us ?dollars?|u\.?s\.? ?\$|usd|american dollars?",
    "NZD": r"nz ?dollars?|nz\$|nzd|kiwi dollars?",
    "AUD": r"aussie dollars?|australian dollars?|a\$|aud",
    "CAD": r"canadian dollars?|c\$|cad",
    "EUR": r"euros?|eur|€",
    "GBP": r"pounds?(?: sterling)?|gbp|quid|£",
    "VND": r"vnd|dong|đồng|vietnamese dong",
    "DOLLAR": r"\$|dollars?|bucks",  # any dollar: the one the statements are in, when they are in one
}
DOLLARS = ("USD", "NZD", "AUD", "CAD", "SGD", "HKD")
_ANY = "|".join(f"(?P<{code}>{words})" for code, words in CURRENCY_WORDS.items())
# "how much was that in $", "what's that in dollars", "in USD?", "and in euros", "convert it to dollars"
IN_CURRENCY_RE = re.compile(r"^\s*(?:(?:and|so|ok(?:ay)?|but|then)[,\s]+)*"
                            r"(?:(?:how much|what)(?:'s| is| was| were| are)? (?:that|it|this|those|the (?:total|figure|"
                            r"amount))\s+|(?:can you |could you |please )?(?:convert|put|give|show|say)(?: me)? (?:that|it|"
                            r"this|the (?:total|figure|amount))\s+)?"
                            rf"(?:in|into|to|as)\s+(?:(?:the|a|my|our)\s+)?(?:{_ANY})(?=\W|$)(?:\s+(?:please|pls|terms))?"
                            r"[\s?.!]*$")


def in_currency(text: str, s: _State) -> Edit:
    """"how much was that in $" after a money answer: the same question again (its subject kept); a currency other
    than the answer's is left unread."""
    m = IN_CURRENCY_RE.search(text)
    prev = s.previous
    if not m or not (prev.measure or prev.compare):
        return None
    q = s.query()
    code = next(c for c in CURRENCY_WORDS if m.group(c))
    shown = str(s.shown.get("currency") or "").upper()
    same = code == shown or (code == "DOLLAR" and shown in DOLLARS)
    if not same:  # no rate of exchange to convert with: the currency asked is not understood, and said so
        q.ignored = [*q.ignored, m.group(code).strip()]
    return q, [m.span()]
