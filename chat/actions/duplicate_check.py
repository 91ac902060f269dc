"""A question whether a charge came twice: "was I charged twice for Netflix", "did Spotify bill me twice in May",
"is that a duplicate?", "any double charges last month?", "tôi có bị trừ 2 lần tiền Netflix không". It is a check over
their transactions (the same payee and amount within a few days: chat/actions/duplicates.py), answered with the rows
found and, when one charge came twice, an offer to delete the later copy — a proposal, never a change without
confirmation. Read offline into a `propose_delete_transaction` call with `duplicate` and `check`."""
from __future__ import annotations

import re
from typing import Any

from chat.actions.proposals import understand_in
from chat.actions.scope import period_args
from chat.actions.verbs import DELETE_VERB
from transactions.query.followups_acts import points_at_last_set
from transactions.query.pointers import POINTS_AT_ROWS_RE

# charged (billed, paid, taken) twice, a duplicate, a double charge, "bị trừ 2 lần", "trừ tiền hai lần", "bị trùng"
CHARGED_TWICE_RE = re.compile(
    r"\b(?:charg(?:e|ed|ing)|bill(?:ed|ing)?|paid|pay|took|taken|debited|hit|double[- ]?(?:charged|billed|dipped))\b"
    r"(?:\s+\S+){0,6}?\s+(?:twice|two times|2 times|2x|double)\b(?!\s+(?:as|the|what|a\s+(?:week|month|day|year)))"
    r"|\bduplicat\w*|\bdouble[- ]?(?:charg\w*|bill\w*|payment\w*|dip\w*)|\bdouble(?:\s+[\w&'*.-]+){1,3}?\s+(?:charges?|"
    r"payments?|transactions?|bills?)\b|\bcharged (?:me )?(?:for (?:the same|it) )?(?:twice|two times|again)\b"
    r"|(?<!\w)(?:trừ|tru|tính|tinh|thu|thanh toán|thanh toan|charge)(?:\s+(?:tiền|tien|phí|phi))?(?:\s+\S+){0,4}?\s+"
    r"(?:2|hai) (?:lần|lan)(?!\w)|(?<!\w)(?:bị )?(?:trùng|trung lap|trùng lặp)(?!\w)", re.I)
# "what is a duplicate charge", "how do duplicates happen": a concept or how-to, no check of their data
CONCEPT_RE = re.compile(r"^\W*(?:what(?:'s| is| are| does)|why (?:do|does|would|are|is)|how (?:do|does|can|could|"
                        r"would|to|should)|explain|define)\b", re.I)
# the words that ask, and the words of the charge, none of them a name ("charged", "twice", "duplicate")
ASK_WORDS_RE = re.compile(r"\b(?:was|were|am|is|are|did|do|does|have|has|had|been|get|got|i|me|my|we|us|it|that|"
                          r"this|those|these|any|anything|there|a|an|the|for|by|on|at|in|with|twice|two|2|times?|2x|"
                          r"double|duplicat\w*|charg\w*|bill\w*|paid|pay|payments?|transactions?|check|see|look|"
                          r"looks|like|if|whether|think|seems?|maybe|again|same|did|ever|anywhere|somewhere|ones?|"
                          r"to|of|where|which|some|kind|just|really|can|you|tell|lần|lan|bị|bi|trừ|tru|tiền|tien|"
                          r"có|co|không|khong|tôi|toi|mình|minh|trùng|trung|lặp|lap|hai|khoản|khoan|nào|nao|"
                          r"thu|tính|tinh|phí|phi|giao|dịch|dich|của|cua|hả|ha|vậy|vay|à)\b", re.I)


# "one of those is a duplicate, remove it": a request to delete (chat/actions/proposals.delete_call), not a question
DELETE_ANYWHERE_RE = re.compile(r"(?<!\w)" + DELETE_VERB, re.I)


def duplicate_asked(text: str) -> bool:
    """Does the turn ask whether a charge came twice (a check over their data, not a request to delete one)?"""
    return bool(CHARGED_TWICE_RE.search(text or "")) and not CONCEPT_RE.search(text or "") \
        and not DELETE_ANYWHERE_RE.search(text or "")


def duplicate_check_call(text: str, q: Any, ctx: Any) -> dict[str, Any] | None:
    """The duplicate check a question asks for: what it names (a merchant, a category, words of the narrative) or,
    pointing back ("is that a duplicate?"), what the last answer was about, over the period said (else the last
    answer's, else the recent statements)."""
    if not duplicate_asked(text):
        return None
    args: dict[str, Any] = {"duplicate": True, "check": True}
    if not (getattr(q, "merchants", None) or getattr(q, "categories", None)) and getattr(ctx, "vocab", None) is not None:
        # "tôi có bị trừ 2 lần tiền netflix không": the names read without the words of the charge ("trừ 2 lần")
        q = understand_in(ASK_WORDS_RE.sub(" ", text), ctx)
    merchants = list(getattr(q, "merchants", None) or [])
    categories = list(getattr(q, "categories", None) or [])
    words = [w for w in getattr(q, "text", None) or [] if not ASK_WORDS_RE.fullmatch(w)]
    period = period_args(text, ctx.today)
    previous = getattr(ctx, "previous_query", None) or {}
    if not (merchants or categories or words) and previous and POINTS_AT_ROWS_RE.search(text) \
            and (points_at_last_set("those", previous) or previous.get("merchants") or previous.get("categories")):
        merchants, categories = list(previous.get("merchants") or []), list(previous.get("categories") or [])
        span = previous.get("period") or {}
        if not period and span.get("start") and span.get("end"):
            period = {"start": span["start"], "end": span["end"]}
    if merchants:
        args["merchant"] = merchants[0]
    elif categories:
        args["categories"] = categories
    if words and not merchants:
        args["text"] = words
    args.update(period)
    return {"name": "propose_delete_transaction", "args": args}
