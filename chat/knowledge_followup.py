"""A knowledge question that leans on the one before it: "What's an emergency fund?" → "how big should mine be
tho", "Lãi kép là gì?" → "còn của mình thì sao". The turn names no concept of its own, only words that point back
("mine", "it", "that one") and how much/how big: the knowledge base and the help pages are searched for it together
with the question before, so the answer is about that concept — not "I don't have that" for a question with no
subject, nor the nearest passage to "how big"."""
from __future__ import annotations

import re
from typing import Any

from transactions.query import strip_accents
from transactions.query.lexicon import STOPWORDS
from transactions.query.pointers import POINTS_AT_A_THING_RE

# words of a question that ask how much, how, whether — about anything: no subject of their own
ASKING_WORDS = {"how", "big", "much", "many", "large", "small", "long", "often", "should", "would", "could", "be",
                "tho", "though", "then", "really", "actually", "exactly", "mine", "ours", "work", "works", "mean",
                "means", "need", "enough", "ok", "okay", "good", "bad", "right", "wrong", "why", "when", "where",
                "what", "which", "who", "about", "too", "also", "still", "either", "anyway", "in", "for",
                "me", "my", "i", "we", "our", "you", "is", "are", "do", "does", "did", "can", "so", "and", "but",
                "thì", "sao", "còn", "vậy", "nên", "bao", "nhiêu", "là", "có", "không", "mình", "tôi", "em", "thế",
                "nào", "của", "cái", "đó", "này", "nó", "lớn", "nhỏ"}
COLOUR_WORDS = {"tho", "though", "then", "really", "actually", "anyway", "still", "too", "also", "còn", "thì", "vậy",
                "thế", "sao"}
MAX_WORDS = 10
LONG_WORDS = 20  # up to this long, a turn whose own words name no topic still leans on the question before
KNOWLEDGE_CALLS = ("search_knowledge_base", "get_app_information")


ASKING = {strip_accents(w) for w in ASKING_WORDS}
OWN_WORDS = 2  # "how often does it get added", "how does it grow over two years": a word or two of its own still
# lean on the concept before; "does that work against me with credit card debt" has a subject of its own


def _own_words(text: str) -> list[str]:
    """The words of `text` that are neither function words, nor asking words, nor words that point back."""
    words = re.findall(r"[\w']+", strip_accents(text.lower()))
    return [w for w in words if w not in STOPWORDS and w not in ASKING and not POINTS_AT_A_THING_RE.fullmatch(w)
            and not w.isdigit()]


def leans_on_question(text: str) -> bool:
    """Does a short turn point back with (almost) no subject of its own ("how big should mine be tho")? A longer one
    leans too when its own words name no finance topic ("how would i even start one, like how many months is the
    goal")."""
    if not POINTS_AT_A_THING_RE.search(text) or len(text.split()) > LONG_WORDS:
        return False
    own = _own_words(text)
    if len(text.split()) <= MAX_WORDS:
        return len(own) <= OWN_WORDS
    from chat.help_steps import names_education_topic  # (help_steps loads the section headings: imported when used)
    return len(own) <= OWN_WORDS and not names_education_topic(" ".join(own))


def with_question_before(calls: list[dict[str, Any]], text: str, asked_before: str) -> None:
    """The knowledge searches of a turn that leans on the question before search for its subject with the turn's
    words ("emergency fund how big should mine be")."""
    if not asked_before or not leans_on_question(text):
        return
    subject = " ".join(w for w in re.findall(r"[\w']+", asked_before) if strip_accents(w.lower()) in
                       set(_own_words(asked_before)))
    if not subject:
        return
    # the turn's words without those that point back or only colour it ("mine", "tho"): "how big should be"
    asked = " ".join(w for w in re.findall(r"[\w']+", text) if not POINTS_AT_A_THING_RE.fullmatch(w)
                     and w.lower() not in COLOUR_WORDS)
    for call in calls:
        if call["name"] in KNOWLEDGE_CALLS:
            call["args"]["query"] = f"{subject} {asked}"


def howto_points_at_nothing(text: str, ctx: Any) -> bool:
    """A how-to whose only subject points back ("can I set one up here? how", "how do I do that") opening a
    conversation: there is nothing for it to point at, so Moneta asks what they mean (an ask-only clarification,
    below the confidence threshold) instead of searching the knowledge base for "one"."""
    from chat.help_steps import GENERIC, asks_how_to  # (help_steps loads the section headings: imported when used)

    if getattr(ctx, "previous_asked", None) or getattr(ctx, "previous_query", None) or not POINTS_AT_A_THING_RE.search(text) \
            or not asks_how_to(text) or [w for w in _own_words(text) if w not in GENERIC]:
        return False
    vi = bool(re.search(r"[àáảãạăâđèéẻẽẹêìíỉĩịòóỏõọôơùúủũụưỳýỷỹỵ]", text.lower()))
    question = ("Bạn muốn làm việc gì trong Moneta? Hãy nói tên việc đó, ví dụ “làm sao tạo hũ” hoặc “làm sao nhập sao "
                "kê”." if vi else "What would you like to set up or do in Moneta? Say which, for example “how do I "
                "create a jar?” or “how do I import a statement?”")
    ctx.clarify = {"word": text.strip(), "question": question, "choices": [], "ask_only": True}
    return True
