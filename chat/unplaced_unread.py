"""Words of a question in no language Moneta reads, in a turn where no tool ran (chat/turn_check.py): "cuánto gasté en
supermercado el mes pasado", "wie viel habe ich ausgegeben" are not out of scope — they were not read. The reply
("I can't help with that") is then no confident answer, and it says which words were not read.

A word is unread when it is no everyday English word (the embedding model's word list), no word of the query
grammar or lexicon (transactions/query/spelling.py, lexicon.py), and no Vietnamese syllable (read by its own grammar:
a letter only Vietnamese writes, or a syllable Vietnamese types without accents). One unknown word is a name or a rare word ("who is Elon Musk"); a question is unread only when two or more
of its words of three letters or more are, and they are at least a third of them.
"""
from __future__ import annotations

import re
from functools import lru_cache

from transactions.query import strip_accents
from transactions.query.grammar import is_vietnamese
from transactions.query.lexicon import CATEGORY_WORDS, CONCEPT_WORDS, GRAMMAR_WORDS, HEAD_NOUNS, STOPWORDS
from transactions.query.spelling import common_words, vocabulary
from transactions.query.vietnamese_chat import VI_CHARS, VI_PLAIN_WORDS

UNREAD_SHARE = 1 / 3
UNREAD_AT_LEAST = 2
# letters only Vietnamese writes (Spanish, French and Portuguese share á, é, à, ó, ú with it, not these)
VI_ONLY = re.compile(r"[ăâđêôơưạảãẹẻẽịỉĩọỏõụủũỳỷỹỵằắẳẵặầấẩẫậềếểễệồốổỗộờớởỡợừứửữự]")


@lru_cache(maxsize=1)
def _known() -> frozenset[str]:
    """Everyday English words and the words of the query grammar and lexicon, one by one."""
    phrases = [*CONCEPT_WORDS, *(w for ws in CATEGORY_WORDS.values() for w in ws)]
    return frozenset(common_words() | vocabulary() | STOPWORDS | GRAMMAR_WORDS | HEAD_NOUNS
                     | {w for p in phrases for w in p.split()})


def _vietnamese(word: str) -> bool:
    return bool(VI_ONLY.search(word)) or strip_accents(word) in VI_PLAIN_WORDS


def unread_words(question: str) -> list[str]:
    """The words of the question Moneta could not read, or [] when it read the question (see the module)."""
    if not VI_CHARS.search(question or "") and is_vietnamese(question):
        return []  # Vietnamese typed without accents, known by its syllables (transactions/query/grammar.py)
    words = [w for w in re.findall(r"[^\W\d_]+", (question or "").lower()) if len(w) >= 3]
    known = _known()
    unread = list(dict.fromkeys(w for w in words if w not in known and strip_accents(w) not in known
                                   and not _vietnamese(w)))
    if len(unread) < UNREAD_AT_LEAST or len(unread) < UNREAD_SHARE * len(set(words)):
        return []
    return unread


def unread_note(words: list[str]) -> str:
    """What the answer says about the words it could not read."""
    shown = ", ".join(f"'{w}'" for w in words[:6])
    return (f"_I couldn't read {shown}, so I haven't answered your question — I read English and Vietnamese. "
            "Could you ask again in one of them?_")
