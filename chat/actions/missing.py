"""A question about the user's own data that Moneta does not have (credit score, a balance it can't see, net
worth, investments, someone else's spending): read against the capability map (chat/capabilities.py)."""
from __future__ import annotations

import re
from typing import Any

from chat.capabilities import COMPANY_RECORDS, OTHERS_TOPIC, missing_data, own_thing
from chat.capabilities_asked import (
    SENTENCE_END_RE,
    asks_what_moves,
    own_missing_asked_first,
    thing_named_own,
    vi_value_asked,
)
from chat.holdings import holding_asked
from transactions.query.closed_words import VI_ME, VI_ME_PLAIN

# their own, or the family's they look after ("tài khoản tiết kiệm của bố mẹ"): Moneta sees neither's balance
PERSONAL_RE = re.compile(rf"\b(?:my|mine|our|i|me|i'?m|i'?ve|{VI_ME}|{VI_ME_PLAIN})\b|\bcủa (?:bố mẹ|ba mẹ|bố|mẹ|ba|má)\b", re.I)
HOWTO_RE = re.compile(r"^\s*(?:how (?:do|does|can|could|should|would|to|is a|is an)\b|why\b|explain\b|tell me about\b"
                      r"|what (?:is|are|does) (?:a|an|the)\b)", re.I)


OWN_THING_RE = re.compile(r"^\s*what(?:'s| is| are) the [\w ]{2,30}? (?:on|of|in|for) (?:my|our)\b", re.I)


# asking how something works or what moves it ("what affects my credit score") is a concept for the knowledge base
CONCEPT_WORDS_RE = re.compile(r"\b(?:affects?|affecting|improve|raise|boost|hurt|hurts|bad|good|better|worse|"
                              r"harm\w*|build|calculated|works?|mean|"
                              r"means|factors?|why|increase|drop|lower)\b"
                              # advice about the thing, not its figure: "is a roth ira worth it if I'm 19", "should I
                              # open a brokerage account"
                              r"|\bhelps?\b|\bworth it\b|\bworth (?:opening|getting|having|doing|starting)\b|\bshould (?:i|we)\b"
                              r"|\bgood idea\b|\bmake sense\b|\bsmart (?:move|idea|to)\b"
                              # the same asked in Vietnamese: "điểm tín dụng là gì và làm sao để cải thiện nó"
                              r"|\b(?:là gì|giải thích|làm sao|làm thế nào|cải thiện|nâng|tăng|ảnh hưởng|tại sao|vì sao|"
                              r"nghĩa là|hoạt động)\b", re.I)


ASKS_WEB_RE = re.compile(r"\b(?:the web|online|internet|google|look (?:it )?up|tìm trên mạng)\b", re.I)


def missing_data_call(text: str) -> dict[str, Any] | None:
    """A question about the user's own data that Moneta does not have (their credit score, balance, net worth,
    investments, someone else's spending) → the capability tool, which says so and offers what it can do."""
    # "what's my net worth these days? … maybe you can work it out": opened by asking for their own thing, the rest is
    # their circumstance — only the question itself is read for a concept asked
    asked = SENTENCE_END_RE.split(text.strip(), maxsplit=1)[0] if own_missing_asked_first(text) else text
    found = missing_data(text)
    if found is not None and found.topic == OTHERS_TOPIC:  # "how much does my roommate drop on groceries": "drop" is
        asked = found.pattern.sub(" ", asked)  # how they spend, said in the words that name someone else's money
    # "what is the phone number of …" asks for a company's own record, never what such a thing is
    records = found is not None and found.topic == COMPANY_RECORDS
    if not records and ((HOWTO_RE.search(asked) and not OWN_THING_RE.search(asked)) or CONCEPT_WORDS_RE.search(asked)
                        or asks_what_moves(asked)):
        return None  # "what is the balance on my checking account" asks for theirs, not what a balance is
    # (Vietnamese leaves "my" unsaid: "mortgage còn nợ bao nhiêu" asks what they still owe)
    if found is None or (found.personal and not PERSONAL_RE.search(text) and holding_asked(text) is None
                         and not vi_value_asked(text)):
        return None
    if not found.personal and ASKS_WEB_RE.search(text):
        return None  # "search the web for today's exchange rate": the web has it, when it is reachable
    return {"name": "check_data_available", "args": {"question": text}}


def thing_after_cant_see(text: str, asked_before: str) -> bool:
    """A bare thing right after a question about another thing Moneta cannot see ("what's my credit score" →
    "investments?"): theirs, asked the same way — not the concept."""
    # at most three words besides the thing's name ("còn tài sản ròng thì sao": the name is three words itself)
    return bool(asked_before) and len((text or "").split()) <= 6 and missing_data(asked_before) is not None \
        and own_thing(f"my {text}") is not None


# a possessive standing for the thing the question before named ("how do i get my credit score up" → "and what's mine
# right now", "what's an index fund" → "how are mine doing")
MINE_RE = re.compile(r"\b(?:mine|ours|my own|our own|my ones?)\b", re.I)


def own_of_thing_before(text: str, asked_before: str) -> str | None:
    """Their own one of the thing Moneta cannot see that the question before named, asked with "mine": that thing
    (credit score, investments…), or None. Never the concept again."""
    if not asked_before or not MINE_RE.search(text or ""):
        return None
    return thing_named_own(f"{text} ({asked_before})")
