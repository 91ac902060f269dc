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

from chat.app_nouns import APP_NOUNS
from chat.help_steps import asks_how_to, names_education_topic
from chat.knowledge_followup import leans_on_question
from chat.listings import asks_listing
from transactions.query import strip_accents
from transactions.query.grammar import SPEND_CUE, find_measure, normalise
from transactions.query.own_things import own_money_asked, own_spending_asked
from transactions.query.periods import find_periods

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


# what counts as good or normal for a ratio, a rate or an amount, asked of no one's own ("what counts as a good
# debt-to-income ratio", "what's considered a healthy savings rate", "how many months of savings is enough", "tỷ lệ
# nợ trên thu nhập bao nhiêu là ổn"): the yardstick a page gives, never a figure of theirs
_STANDARD = r"good|normal|healthy|reasonable|typical|decent|safe|ideal|acceptable|average|high|low|too (?:high|low|much)"
STANDARD_RE = re.compile(
    rf"\bwhat(?:'s|s| is| are| would be)?\s+(?:(?:considered|counted|seen|thought of|deemed)\s+(?:as\s+)?|counts? as\s+)"
    rf"(?:(?:a|an|the)\s+)?(?:{_STANDARD})\b"
    rf"|\b(?:is|are)\s+(?:considered|counted|seen as|thought of as)\s+(?:(?:a|an)\s+)?(?:{_STANDARD})\b"
    rf"|\bhow (?:much|many|high|low|big)\b.{{1,60}}?\b(?:is|are|counts? as)\s+(?:(?:a|an|the)\s+)?(?:{_STANDARD}|enough|"
    rf"ok|okay|fine|too much|too many|the (?:norm|rule|goal|target))\b"
    rf"|\b(?:is|are)\s+(?:\w+\s+){{0,2}}?(?:enough|the norm)\s*\??\s*$", re.I)
VI_STANDARD_RE = re.compile(r"\b(?:bao nhiêu|mấy tháng|mức nào|thế nào|như thế nào) (?:thì |mới )?(?:là|được coi là|được xem là)\s+"
                            r"(?:tốt|ổn|hợp lý|bình thường|an toàn|đủ|cao|thấp|lành mạnh|chuẩn)\b", re.I)
# the person themself: "what counts as a good ratio for me", "is my savings rate normal" ask about theirs
FIRST_PERSON_RE = re.compile(r"\b(?:i|i'?m|i'?ve|me|my|mine|we|our|us|tôi|tui|tớ|của mình|em)\b", re.I)


# "what's a good savings rate", "what is a healthy credit utilization": the same yardstick, when it names a topic
GOOD_ONE_RE = re.compile(rf"\bwhat(?:'s|s| is| are)\s+(?:(?:a|an|the)\s+)?(?:{_STANDARD})\s+\w", re.I)


def asks_standard(text: str) -> bool:
    """Does the turn ask what counts as good, normal or enough for a ratio, rate or amount, of no one in particular?"""
    text = text or ""
    return bool(STANDARD_RE.search(text) or VI_STANDARD_RE.search(text)) and not FIRST_PERSON_RE.search(text)


# how much of a thing one needs ("emergency fund for a college kid?? how much do i actually need"), or how a thing
# works ("how do quarterly estimated taxes work for someone self-employed"): asked of a finance-education topic, the
# page's answer (not how the app works: "how do jars work here" is help, chat/help_steps.py)
NEED_OR_WORKS_RE = re.compile(r"\bhow (?:much|many|big|large)\b(?:\s+\S+){0,3}?\s+(?:do|does|would|will|should)\s+(?:i|we|you|one|"
                              r"people|someone|a person)\s+(?:actually |really |even |realistically )?need\b"
                              r"|\bhow (?:do|does)\b(?:\s+\S+){1,5}?\s+(?:actually |really |even )?work\b", re.I)
IN_APP_RE = re.compile(r"\b(?:app|moneta|here|in this|jars?|hũ|suggest\w*|categor\w*|import\w*|chat|assistant)\b", re.I)


def asks_about_concept(text: str) -> bool:
    """Does the turn ask, in any register, what something is or whether it is good, bad or worth it?"""
    text = text or ""
    return bool(INFORMAL_MEANING_RE.search(text) or JUDGED_RE.search(text) or VI_JUDGED_RE.search(text)
                or VI_JUDGED_PLAIN_RE.search(strip_accents(text.lower()))
                or (NEED_OR_WORKS_RE.search(text) and not IN_APP_RE.search(text)))


def _loose_term_reading(link: Any) -> bool:
    """A shop read loosely from the words of a finance term ("trad ira" as Trader Joe's): no name of theirs."""
    from chat.knowledge_terms import takes_finance_term  # (reads the knowledge base's headings: imported when used)

    return link.kind == "merchant" and takes_finance_term(link.mention, list(link.names or []))


def _names_their_own(q: Any) -> bool:
    """A merchant or category of theirs named by its name (not only placed by meaning)."""
    return any(link.kind in ("merchant", "category") and link.how not in ("meaning", "narrative", "concept")
               and not link.negated and not _loose_term_reading(link) for link in getattr(q, "links", None) or [])


def _own_names(q: Any) -> bool:
    """The turn names one of the user's own merchants (by name, not only by meaning), a period or an amount ("ever",
    all time, is no period: "what happens if I only ever pay the minimum")."""
    if q is None:
        return False
    period = getattr(q, "period", None)
    if (period is not None and period.grain != "all") or getattr(q, "amount_min", None) is not None \
            or getattr(q, "amount_max", None) is not None:
        return True
    return any(link.kind == "merchant" and link.how not in ("meaning", "narrative", "concept") and not link.negated
               and not _loose_term_reading(link) for link in getattr(q, "links", None) or [])


def informal_concept_query(text: str, q: Any, query: str) -> str | None:
    """The knowledge search words (`query`: the turn's, a Vietnamese one with the English terms it names) of an
    informal concept question about a finance-education topic, or None."""
    if _own_names(q):
        return None
    if asks_standard(text) and not _names_their_own(q):
        return query  # a yardstick asked of no one ("how many months of saving is enough"), topic named or not
    if GOOD_ONE_RE.search(text) and not FIRST_PERSON_RE.search(text) and not _names_their_own(q) \
            and names_education_topic(query):
        return query
    if not asks_about_concept(text):
        return None
    return query if names_education_topic(query) else None


# a clause of circumstance after what is asked ("… if i freelance", "… when ur income is random")
CIRCUMSTANCE_RE = re.compile(r"\s(?:when|whenever|if|since|as|while|because|cause|cuz|bc)\s", re.I)


def topic_asked_of_no_figure(text: str, q: Any, query: str) -> str | None:
    """The knowledge search words (`query`) of a turn that names a finance-education topic and asks for no figure of
    the user's own, however casually it is said ("can i write my laptop off if i freelance", "how do u budget when
    ur pay is all over the place", "trad ira?"): no period, amount, merchant or category of theirs named by its name,
    no first-person spending asked and no money measure other than "how much" — else None. Words placed only by
    meaning ("paycheck" as their payroll, "phone bill" as their carrier) name nothing of theirs."""
    asked = CIRCUMSTANCE_RE.split(text, maxsplit=1)[0]  # "… when my income is all over the place" says whose case
    norm = normalise(asked)
    measure = find_measure(norm)[0]
    if q is None or getattr(q, "followup", False) or _own_names(q) or _names_their_own(q) or own_money_asked(norm) \
            or own_spending_asked(asked.lower()) or measure not in (None, "total") or (measure and SPEND_CUE.search(norm)) \
            or APP_NOUNS.search(text) or asks_listing(text):  # "what recurring payments come out of my account": theirs
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
    if not names_education_topic(topic) or _own_figure_over_time(text, getattr(ctx, "today", None)):
        return None
    return f"{topic} {text}"


def _own_figure_over_time(text: str, today: Any) -> bool:
    """"so for me, one month of expenses? average of the last 6 months" after "what is an emergency fund": a figure of
    their own over a period (a money measure and a period said) — their data, not the concept again."""
    norm = normalise(text)
    if own_money_asked(norm):  # "ok then how much have I spent this month", "what did I spend on Delta till date"
        return True
    measure = find_measure(norm)[0]
    return measure in ("monthly_average", "total", "average", "income", "net") and bool(
        today and find_periods(norm, today))
