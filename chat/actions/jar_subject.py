"""What a jar request says beside the verb: the name given in quotes next to the noun ("a 'concert 🎤' jar", "một hũ
'đi concert'"), the words that are no name (emoji, a gloss in brackets: "một hũ (jar)"), and what an amount based on
spending is about ("a jar for my concert trip with whatever I spent on Uber Eats last month": the trip names the
jar, Uber Eats the spending its amount comes from). Read by chat/actions/proposals.py; nothing here writes."""
from __future__ import annotations

import re
from typing import Any

from chat.actions.basis import SPENT_RE, USUAL_RE

# a name in quotes right before the noun or right after it: "a 'concert 🎤' jar", "hũ “đi chợ”", "jar 'Bali 2027'"
QUOTED_BY_NOUN_RE = re.compile(r"(?:[\"“‘']([^\"”’']{2,40})[\"”’']\s+(?:jar|envelope|pot|sinking fund|hũ|quỹ)\b"
                               r"|(?<!\w)(?:jar|hũ|quỹ)\s+(?:tên\s+(?:là\s+)?|called\s+|named\s+)?[\"“‘']([^\"”’']{2,40})"
                               r"[\"”’'](?!\w))", re.I)
# "một hũ (jar)", "a jar (hũ)": a gloss of the noun in the other language, no part of any name
GLOSS_RE = re.compile(r"\s*\(\s*(?:jar|hũ|envelope|quỹ)s?\s*\)", re.I)
# what is no word of a name: emoji and pictographs ("my concert trip 🎤"); letters of every script stay
NOT_NAME_CHAR_RE = re.compile(r"[^\w\s'\"“”‘’$€£%&.,;:!?()/-]")


def quoted_jar_name(text: str) -> str | None:
    """The jar's name as said in quotes beside the noun, or None."""
    m = QUOTED_BY_NOUN_RE.search(text or "")
    if m is None:
        return None
    said = " ".join((m.group(1) or m.group(2) or "").split())
    return said or None


def name_text(text: str) -> str:
    """The request as its words are read for a name: glosses and emoji left out."""
    return " ".join(NOT_NAME_CHAR_RE.sub(" ", GLOSS_RE.sub(" ", text or "")).split())


def spending_clause(text: str) -> str:
    """The part of a request that says what its amount is based on ("whatever I spent on Uber Eats last month",
    "bằng đúng số tiền cà phê tháng trước"), or "" when it says none."""
    found = [m.start() for m in (SPENT_RE.search(text), USUAL_RE.search(text)) if m is not None]
    return text[min(found):] if found else ""


def basis_subject(text: str, understand_in: Any, ctx: Any) -> tuple[list[str], list[str]]:
    """(categories, merchants) the spending an amount is based on is about, as the spending clause names them; both
    empty when it names nothing of its own ("using what I usually spend": the jar's own subject then)."""
    clause = spending_clause(name_text(text))
    if not clause:
        return [], []
    sq = understand_in(clause, ctx)
    return list(sq.categories or []), list(sq.merchants or [])
