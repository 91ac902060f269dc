"""The language an answer is written in: the question's own when it has one, else the person's UI language.

"Netflix?" or "200k" carries no language of its own, so a person using Moneta in Vietnamese gets a Vietnamese
answer; "How much on Netflix?" stays English whatever the UI language, and a Vietnamese question stays
Vietnamese. Vietnamese is recognised by transactions.query (diacritics, or the common unaccented words); English
by the function words questions are built from. Why a short list rather than a language-detection library:
detectors guess on two-word inputs (a merchant name is not English), and general stop-word lists include
unaccented Vietnamese words ("an", "the", "to", "me", "co", "de", "no"), which would turn "an trua" English.
"""
from __future__ import annotations

import re

from chat.concept_first import definition_search
from transactions.query import is_vietnamese
from transactions.query.dictation import marks_written
from transactions.query.vietnamese_chat import VI_PLAIN_WORDS, written_out

# English function and question words that are not also unaccented Vietnamese words.
ENGLISH_WORDS = frozenset("""
what whats how much many did does was were are is am have has had can could would should will which when where
who why my mine our your you we they it its this that these those there their from with without about into
for and but or if than then of at by off over under between during before after since until
spend spent spending pay paid paying cost costs earn earned income show list tell give find compare total
average month months monthly week weeks year years day days today yesterday last next ago every each per
budget budgets jar jars subscription subscriptions account accounts balance money please help
""".split())
_WORD = re.compile(r"[a-z']+")


def question_language(text: str) -> str | None:
    """"vi" or "en" when the question shows its language, None when it does not (a name, a number)."""
    if is_vietnamese(text):
        return "vi"
    words = set(_WORD.findall((text or "").lower()))
    return "en" if words & ENGLISH_WORDS else None


def spelled_out(text: str) -> str:
    """The question as it is read: Vietnamese typed in chat forms ("t xài bn r", "ko", "dc", "mik") written out
    ("tôi xài bao nhiêu rồi") and punctuation said aloud written as marks ("… last month question mark",
    transactions/query/dictation.py), so every reader of the turn — the parser, the capability map, the follow-up
    grammar — reads the words themselves (transactions/query/vietnamese_chat.py); the message is stored as said."""
    return written_out(marks_written(text), VI_PLAIN_WORDS)


def answer_language(text: str, ui_language: str | None) -> str:
    """The question's language, else the UI language ("vi" or "en")."""
    return question_language(text) or ("vi" if (ui_language or "").lower().startswith("vi") else "en")


# A Vietnamese question searched with the English terms it names: "emergency fund (quỹ khẩn cấp là gì?)"
# (chat/offline/frames.knowledge_query). The knowledge base is ranked in English (the embedding model and the
# full-text configuration read English; Vietnamese pages are reached through their English originals), so the
# Vietnamese words in brackets only blur the search.
GLOSSED_RE = re.compile(r"^(.+?) \((.+)\)$", re.S)


def search_words(query: str) -> str:
    """The words to rank the knowledge base with: a glossed Vietnamese question's English terms, else the query."""
    glossed = GLOSSED_RE.match((query or "").strip())
    if glossed and is_vietnamese(glossed.group(2)) and not is_vietnamese(glossed.group(1)):
        return definition_search(glossed.group(1), glossed.group(2))  # "ngân sách là gì": "what is budget"
    return query


# The grounding check's flag on a figure no tool returned (chat/grounding.py), in the answer's own language:
# every label of a Vietnamese answer is Vietnamese.
UNVERIFIED = {"en": "(unverified)", "vi": "(chưa kiểm chứng)"}
UNVERIFIED_RE = re.compile("|".join(re.escape(tag) for tag in UNVERIFIED.values()))


def unverified_tag(answer: str) -> str:
    """"(chưa kiểm chứng)" in an answer written in Vietnamese, else "(unverified)"."""
    return UNVERIFIED["vi" if is_vietnamese(answer or "") else "en"]
