"""Misspelt words of the grammar and vocabulary, read as the words they misspell: "top 3 categries" is "top 3
categories", "avrage monthly spendng" is "average monthly spending", "febuary" is "february". Without this a
misspelt grammar word is left over and read as the name of a shop ("no transactions at Categries").

A word is respelt only when it is no word people know (not an everyday English word, not a word of the lexicon,
not Vietnamese of the grammar), has five letters or more, starts with the same letter as the word it misspells and
is within one edit of it (two for words of eight letters or more; a swap of two letters is one edit), and exactly one
word of the vocabulary is that close. Shop names are not in the vocabulary: their misspellings are linking's
(transactions/query/linking.py), against the user's own merchants.
"""
from __future__ import annotations

import calendar
import re
from functools import lru_cache

from core.embeddings import local_model_path
from transactions.query.lexicon import CATEGORY_WORDS, CONCEPT_WORDS, GRAMMAR_WORDS, HEAD_NOUNS, STOPWORDS
from transactions.query.name_matching import same_word

# the words of the grammar a question is read by: what is measured, how it is grouped, ranked, compared, limited
GRAMMAR_VOCABULARY = set("""
category categories spending spent spends expenses expense expenditure purchases purchase payments payment
transactions transaction merchants merchant subscriptions subscription recurring monthly weekly yearly annually
annual average averaged biggest largest smallest cheapest highest lowest expensive priciest costliest total totals
compare compared comparison versus between against difference summary overview breakdown income earnings earned
salary paycheck deposits received refunds refund spending excluding except exclude without besides together
combined including altogether through until since during before after yesterday weekend weekends weekday weekdays
quarter month months weeks years today previous typical usually normally usual increase decrease
""".split())
# everyday words for kinds of spending: misspellings of them are read as them too ("resturants", "insurnace")
KIND_VOCABULARY = set("""
restaurants restaurant groceries grocery dining entertainment utilities transport transportation shopping health
travel insurance coffee lunches dinners breakfast takeout delivery pharmacy flights airline electricity internet
""".split())


@lru_cache(maxsize=1)
def common_words() -> frozenset[str]:
    """Everyday English words (the embedding model's word-piece vocabulary): a nickname or shortened name is
    looked for only in words that are not one of these ("sbux", "tj's", "wf" — not "bus" or "boat")."""
    try:
        path = local_model_path() / "vocab.txt"
        return frozenset(w for w in path.read_text().split() if w.isalpha())
    except (ImportError, OSError):
        return frozenset()


def _single_words(phrases) -> set[str]:
    return {w for p in phrases for w in p.split()}


@lru_cache(maxsize=1)
def vocabulary() -> frozenset[str]:
    """The words a misspelling is read as: the grammar's, the everyday words for categories and kinds of
    merchant, and the months."""
    months = {m.lower() for m in calendar.month_name if m}
    # the lexicon's everyday words in English only: its Vietnamese words ("thuoc") are known, never a target
    everyday = _single_words(w for ws in CATEGORY_WORDS.values() for w in ws) | _single_words(CONCEPT_WORDS)
    words = GRAMMAR_VOCABULARY | KIND_VOCABULARY | months | (everyday & common_words())
    return frozenset(w for w in words if len(w) >= 5 and w.isalpha())


@lru_cache(maxsize=1)
def _known() -> frozenset[str]:
    return frozenset(common_words() | STOPWORDS | GRAMMAR_WORDS | HEAD_NOUNS | vocabulary()
                     | _single_words(w for ws in CATEGORY_WORDS.values() for w in ws) | _single_words(CONCEPT_WORDS))


def edits(a: str, b: str, limit: int) -> int:
    """Optimal-string-alignment distance between a and b (insert, delete, substitute, swap two neighbours);
    anything above `limit` is returned as limit + 1."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        row = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                row[j] = min(row[j], previous2[j - 2] + 1)
        if min(row) > limit:
            return limit + 1
        previous2, previous = previous, row
    return previous[-1]


# verbs made with -ise/-ize ("categorise", "recategorize") are words, not misspellings of a noun
VERB_RE = re.compile(r"(?:is|iz)(?:e|ed|es|ing)$")


@lru_cache(maxsize=4096)
def respelt(word: str) -> str | None:
    """The vocabulary word `word` misspells, or None (a known word, a name, too short, or two words as close)."""
    if len(word) < 5 or not word.isalpha() or word in _known() or VERB_RE.search(word):
        return None
    if "cheque" in word:  # the British spelling of the same word ("paycheques", "cheques")
        return word.replace("cheque", "check")
    limit = 2 if len(word) >= 8 else 1
    best: dict[int, list[str]] = {}
    for target in vocabulary():
        if target[0] != word[0] or abs(len(target) - len(word)) > limit:
            continue
        d = edits(word, target, limit)
        if d <= limit:
            best.setdefault(d, []).append(target)
    if not best:
        return None
    closest = best[min(best)]
    if len(closest) != 1 or re.fullmatch(re.escape(closest[0].rstrip("e")) + r"e?(?:d|ed|ing|er|ers|ly)",
                                              word):
        return None  # two words as close, or an inflected form of the word ("excepted"), not a misspelling
    return closest[0]


WORD_RE = re.compile(r"(?<![\w'&.+-])[a-z]{5,}(?![\w'&+-])")


def respell(text: str) -> str:
    """Normalised text with each misspelt vocabulary word replaced by the word it misspells (word for word, so the
    words of the question and of its account stay aligned)."""
    return WORD_RE.sub(lambda m: respelt(m.group(0)) or m.group(0), text)


def name_word_respelt(said: str, name_word: str) -> bool:
    """Is `said` the word of a name, or a misspelling of it? An everyday word is itself, not a misspelling of another
    ("plane" is no "Planet", "delta" no "Dental"): it counts only as the same word, plural or singular."""
    close = same_word(said, name_word)
    return close == 1.0 or bool(close) and said not in common_words()


def kin_word(said: str, word: str) -> bool:
    """An everyday word read as a category word it resembles only when it is a form of it, all but its last letter
    the same ("travels", "healthy", "concert"), never another word ("shipping" is no "shopping", "heating" no
    "eating", "hostel" no "hotel")."""
    if said == word or said not in common_words():
        return True
    shared = next((k for k, (a, b) in enumerate(zip(said, word)) if a != b), min(len(said), len(word)))
    return shared >= min(len(said), len(word)) - 1
