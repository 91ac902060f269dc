"""Concept questions asked informally: "paying yourself first, what that mean", "buy now pay later, is it a trap?",
"is it smart to only pay the minimum", "does carrying a balance help my credit score", "có nên mua trước trả sau
không". The frame asks what a thing is, whether it is good or bad, what happens if one does it, or whether it helps
or hurts — and the thing is a topic of a finance-education page (its title or a section heading). Such a turn is a
knowledge question even when it holds spend words ("pay", "credit") or "my"/"our": no period, no amount and none of
the user's own merchants make it a figure of their money.

And a turn that leans on a question Moneta could not answer from data ("whats my credit score" → "ok then what even
affects it"): the concept of the question before, from the knowledge base, not "out of scope".
"""
from __future__ import annotations

import re
from typing import Any

from chat.help_steps import asks_how_to, names_education_topic
from chat.knowledge_followup import leans_on_question
from transactions.query import strip_accents

_JUDGED = (r"bad|good|ok|okay|fine|smart|wise|dumb|stupid|safe|unsafe|risky|dangerous|legit|normal|necessary|"
           r"worth it|worth the \w+|a (?:good|bad|smart|dumb|terrible|great) (?:idea|move|thing|habit)|"
           r"a (?:trap|scam|rip-?off|ripoff)|bad for (?:me|you|us|my|your|our) \w+|good for (?:me|you|us|my|your|our) \w+")
# what a thing is, asked casually: "X, what that mean", "X, what's that", "what even is X", "X meaning?"
INFORMAL_MEANING_RE = re.compile(
    r"\bwhat (?:does |do |is )?(?:that|this|it|those|these|they) (?:even |actually |really )?mean(?:s|t)?\b"
    r"|(?:^|[,.;:?!–-]\s*)what(?:'s| is|s)? (?:that|this|it|those|these)(?: (?:exactly|even|thing|about))?\s*\??\s*$"
    r"|\bwhat (?:even|the heck|on earth|exactly) (?:is|are)\b|\b(?:meaning|definition)\s*\??\s*$"
    r"|\bnever (?:heard|understood) (?:of|what)\b|\b(?:i )?(?:don'?t|do not|dont) (?:get|understand) (?:what|how)\b",
    re.I)
# whether something is good or bad to do, and what it leads to
JUDGED_RE = re.compile(
    rf"\b(?:is|are|was|isn'?t|aren'?t)\s+(?:it|that|this|they|those|these|there)\s+(?:\w+\s+){{0,2}}?(?:{_JUDGED})\b"
    rf"|\bis it\s+(?:\w+\s+){{0,2}}?(?:{_JUDGED}|better|worse)\s+(?:to|if|that)\b"
    r"|\bworth it\b|\bwhat happens (?:if|when)\b|\bwhat (?:will|would) happen (?:if|when)\b"
    r"|\bwhat(?:'s| is) (?:so )?(?:bad|wrong|good) (?:about|with)\b|\bpros and cons\b|\bwhy (?:is|are) (?:it|that|they)\b"
    # "does carrying a balance help my credit score", "will closing a card hurt", "what even affects it"
    r"|\b(?:help|helps|hurt|hurts|affect|affects|damage|damages|ruin|ruins|boost|boosts|improve|improves|lower|lowers|"
    r"raise|raises|build|builds|tank|tanks|ding|dings|kill|kills|move|moves|drive|drives|determine|determines)\b"
    r"(?=.{0,60}\b(?:score|credit|rating|history)\b)", re.I)
VI_JUDGED_RE = re.compile(r"\bcó (?:nên|tốt|hại|xấu|sao|ổn|an toàn|đáng|lợi|nguy hiểm|rủi ro)\b|\bnghĩa là gì\b|\blà gì\b"
                          r"|\bảnh hưởng\b|\bcó phải (?:là )?(?:bẫy|lừa)\b|\bthì sao\b", re.I)
VI_JUDGED_PLAIN_RE = re.compile(r"\bco (?:nen|tot|hai|xau|sao|on|an toan|dang|loi|nguy hiem|rui ro)\b|\bnghia la gi\b"
                                r"|\bla gi\b|\banh huong\b")


def asks_about_concept(text: str) -> bool:
    """Does the turn ask, in any register, what something is or whether it is good, bad or worth it?"""
    text = text or ""
    return bool(INFORMAL_MEANING_RE.search(text) or JUDGED_RE.search(text) or VI_JUDGED_RE.search(text)
                or VI_JUDGED_PLAIN_RE.search(strip_accents(text.lower())))


def _own_names(q: Any) -> bool:
    """The turn names one of the user's own merchants (by name, not only by meaning), a period or an amount ("ever",
    all time, is no period: "what happens if I only ever pay the minimum")."""
    if q is None:
        return False
    period = getattr(q, "period", None)
    if (period is not None and period.grain != "all") or getattr(q, "amount_min", None) is not None \
            or getattr(q, "amount_max", None) is not None:
        return True
    return any(link.kind == "merchant" and link.how not in ("meaning", "narrative") and not link.negated
               for link in getattr(q, "links", None) or [])


def informal_concept_query(text: str, q: Any, query: str) -> str | None:
    """The knowledge search words (`query`: the turn's, a Vietnamese one with the English terms it names) of an
    informal concept question about a finance-education topic, or None."""
    if not asks_about_concept(text) or _own_names(q):
        return None
    return query if names_education_topic(query) else None


def concept_of_question_before(text: str, ctx: Any, topic: str) -> str | None:
    """A short turn that points back at a question about a finance-education topic Moneta had no data for ("whats my
    credit score rn" → "ok then what even affects it"): the search words, the question before's topic (`topic`: its
    search words) with the turn."""
    before = getattr(ctx, "previous_asked", "") or ""
    if not before or getattr(ctx, "previous_family", None) == "money" or not leans_on_question(text) \
            or asks_how_to(before) or asks_how_to(text):
        return None  # "how do i make a jar" → "can I delete it later": the help pages (chat/help_steps.py)
    if not names_education_topic(topic):
        return None
    return f"{topic} {text}"
