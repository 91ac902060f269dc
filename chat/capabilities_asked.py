"""How a question about the user's own thing that Moneta cannot see is asked (chat/capabilities.py has the map of what
it lacks): for its value ("what's my net worth", "is my credit score ok", "401k? just tell me the number") — answered
plainly that Moneta can't see it — or for how such a thing works ("what moves my credit score") — a concept for the
knowledge base. The router asks these first (chat/offline/route_early.py)."""
from __future__ import annotations

import re
from typing import Any

from chat.capabilities import OWN_ONLY, OWN_THINGS, missing_data, own_thing
from core.text import strip_accents
from transactions.query.closed_words import VI_ME_PLAIN
from transactions.query.grammar import is_vietnamese, normalise

# a question about what changes or makes up a thing ("what moves my credit score", "what goes into net worth",
# "which things hurt a credit score"): a question word, then a verb of its own (not "is", "does", "has"), then the
# thing — how it works, a concept for the knowledge base, not the user's own figure
_AUX = r"(?!(?:is|are|was|were|'s|s|does|do|did|has|have|had|will|would|can|could|should)\b)"
MOVES_RE = re.compile(r"^\W*(?:so\W+|and\W+|ok\W+)?(?:what\s+" + _AUX + r"(?:\w+(?:s|es)|goes into|counts? (?:toward|"
                      r"towards|against|in)|makes? up)|(?:what|which) (?:things|factors)\s+" + _AUX + r"\w+)\b"
                      r"(?!\s+(?:are|were|is|was|have|has|do|did)\b)", re.I)
VI_MOVES_RE = re.compile(r"\b(?:điều gì|cái gì|những gì|yếu tố (?:gì|nào))\s+(?:làm|khiến|ảnh hưởng|quyết định)\b|"
                         r"\b(?:dieu gi|cai gi|yeu to (?:gi|nao))\s+(?:lam|khien|anh huong|quyet dinh)\b", re.I)


def asks_what_moves(text: str) -> bool:
    """Does the question ask what changes, drives or makes up a thing ("what moves my credit score", "which
    factors lower a credit score", "điều gì làm giảm điểm tín dụng")? Asking what it is ("what's my credit score")
    is not."""
    return bool(MOVES_RE.search(text or "") or VI_MOVES_RE.search(text or ""))


SENTENCE_END_RE = re.compile(r"[?!;]+|\.(?:\s|$)")
CONCEPT_ASKED_RE = re.compile(r"\b(?:what (?:is|are|does)|what'?s (?:a|an|the|that|it|this)|explain|define|mean|means|meaning|"
                              r"how (?:does|do|is|are)|why)\b|\bwhat\s+\w+\s+(?:is|are|does)\s+(?:that|it|this|a|an|the)\b",
                              re.I)  # (the last: "credit score? what even is that")


def _thing_then_request(text: str) -> bool:
    """A sentence that only names a thing Moneta cannot see, with a request beside it that asks no concept
    ("networth? add up everything", "credit score. just tell me the number")."""
    parts = [p.strip() for p in SENTENCE_END_RE.split(text or "") if p.strip()]
    return len(parts) >= 2 and any(own_thing(p) for p in parts) and not CONCEPT_ASKED_RE.search(text) \
        and not asks_what_moves(text)


# a judgement asked of the user's own thing ("my credit score, is it ok?", "is my net worth decent", "how's my 401k
# doing", "where does my credit stand"): its value, which Moneta can't see — not how such a thing works
JUDGED_RE = re.compile(r"\b(?:is|are|was|'s)\s+(?:it|that|this|mine|ours|they|my\s+[\w ]{1,30}?)\s+(?:\w+\s+)?(?:ok|okay|"
                       r"good|fine|bad|decent|healthy|high|low|normal|great|alright|solid|any good|poor|terrible|enough)\b"
                       r"|\bhow(?:'s| is| are| does)\s+(?:my|our)\b|\bwhere (?:does|do|is|are) (?:my|our)\b.{0,30}\bstand"
                       r"|^[^?]*\b(?:my|our)\b[^?]*\?+\s*(?:is it|it'?s|any)?\s*(?:ok|okay|good|fine|bad|decent|"
                       r"healthy|high|low|normal)\b", re.I)
# ways to change it or reasons ("how do I raise my credit score", "why is my score low", "is it bad to close a card")
CHANGE_ASKED_RE = re.compile(r"\b(?:improve|raise|boost|build|fix|repair|increase|lower|reduce|grow|hurt|affect|help|"
                             r"should|tips?|ways?|how (?:do|can|to|should)|why|to (?:close|open|pay|get|have))\b", re.I)


def own_thing_judged(text: str) -> bool:
    """A judgement asked of the user's own thing Moneta cannot see ("credit score?? mine ok?", "is my net worth
    decent for my age", "điểm tín dụng của tôi có tốt không"), not how to change it nor what it is."""
    if _vi_own_judged(text):
        return True
    said = normalise(text or "")
    return bool(re.search(r"\b(?:my|our|mine)\b", said)) and thing_named_own(text) is not None \
        and bool(JUDGED_RE.search(text or "")) and not CHANGE_ASKED_RE.search(text or "") \
        and not CONCEPT_ASKED_RE.search(text or "") and not asks_what_moves(text)


# a judgement asked in Vietnamese ("điểm tín dụng của tôi có tốt không", "tài sản ròng của mình thế nào"), accents gone
_VI_JUDGED_RE = re.compile(r"\b(?:co\s+)?(?:tot|on|cao|thap|xau|kha|du|binh thuong|an toan)\s+(?:khong|ko|k|chua)\b"
                           r"|\b(?:the nao|ra sao)\b")


def _vi_own_judged(text: str) -> bool:
    """A judgement asked in Vietnamese of the user's own thing Moneta cannot see, not what it is or how to change it."""
    plain = strip_accents((text or "").lower())
    if not is_vietnamese(text) or not _PLAIN_OWN_RE.search(plain) or _PLAIN_CONCEPT_RE.search(plain) \
            or not _VI_JUDGED_RE.search(plain):
        return False
    return any(re.search(rf"\b(?:{strip_accents(names)})(?!\w)", plain) for names in OWN_THINGS.values())


def thing_named_own(text: str) -> str | None:
    """The topic of any thing Moneta cannot see that a sentence names as the user's own (credit score, net worth,
    balances, investments), or None."""
    said = strip_accents(normalise(text or ""))
    for topic, names in [*OWN_THINGS.items(), *OWN_ONLY.items()]:
        if re.search(rf"\b(?:my|our|mine)\b[\w ]{{0,20}}?\b(?:{strip_accents(names)})(?!\w)", said) \
                or (re.search(r"\bmine\b", said) and re.search(rf"\b(?:{strip_accents(names)})(?!\w)", said)):
            return topic
    return None


def missing_thing_call(text: str) -> dict[str, Any] | None:
    """The capability check for a turn that only names a thing Moneta cannot see ("credit score", "net worth?",
    "401k this yr", "my retirement account"), alone or beside a request for it ("networth? add up everything"):
    said plainly, with what Moneta can do instead."""
    if own_thing(text) or _plain_vi_own(text) or _thing_then_request(text) or own_thing_judged(text):
        return {"name": "check_data_available", "args": {"question": text}}
    return None


# Vietnamese typed without accents: "của tôi" is "cua toi", which the English-first personal check does not read; a
# question asking what a thing is, how to change it or why, is a concept
_PLAIN_OWN_RE = re.compile(rf"\b(?:{VI_ME_PLAIN})\b")
_PLAIN_CONCEPT_RE = re.compile(r"\b(?:la gi|lam sao|lam the nao|cach|tai sao|vi sao|anh huong|cai thien|the nao de|nghia la)\b")


def _plain_vi_own(text: str) -> bool:
    """A question typed in Vietnamese without accents about the user's own data Moneta lacks ("so du tai khoan cua
    toi la bao nhieu", "dau tu cua toi dang loi hay lo")."""
    plain = strip_accents(text or "").lower()
    if plain != (text or "").lower() or not _PLAIN_OWN_RE.search(plain) or _PLAIN_CONCEPT_RE.search(plain):
        return False
    return is_vietnamese(text) and missing_data(text) is not None


def own_missing_asked_first(text: str) -> bool:
    """Does the message open by asking for the user's own thing Moneta cannot see ("what's my net worth these days?
    after the divorce I have no idea…", "how are my investments doing? I mean my pension pot and the index funds")? What follows is their circumstance, not a concept question."""
    first = SENTENCE_END_RE.split((text or "").strip(), maxsplit=1)[0]
    if vi_value_asked(first):
        return True
    return bool(re.search(r"\b(?:my|our)\b", first, re.I)) and missing_data(first) is not None \
        and not asks_what_moves(first) and not CONCEPT_ASKED_RE.search(re.sub(r"\b(?:what'?s|how (?:is|are)|how'?s) (?:my|our)\b", "", first, flags=re.I))


# how much or how many, asked in Vietnamese (accents gone): a value, where "my" is mostly left unsaid ("mortgage còn nợ
# bao nhiêu", "tổng nợ hiện tại là bao nhiêu")
_VI_VALUE_RE = re.compile(r"\b(?:bao nhieu|may|bn)\b")


def vi_value_asked(text: str) -> bool:
    """A Vietnamese question asking the value of a thing of theirs Moneta cannot see (the possessive unsaid), not what
    it is, why or how to change it."""
    plain = strip_accents((text or "").lower())
    return is_vietnamese(text) and bool(_VI_VALUE_RE.search(plain)) and not _PLAIN_CONCEPT_RE.search(plain) \
        and missing_data(text) is not None
