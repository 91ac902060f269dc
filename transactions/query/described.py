"""Merchants described instead of named: "that music thing I pay for", "the ride cars", "the burrito place".

A word of a money question that names none of the user's merchants, categories or narratives, and names no
merchant they lack (it is an everyday word, not "costco"), is compared by meaning with each of THEIR merchants:
the MiniLM embedding of the word against the merchant's name (company-form words left out: "Planet Fitness",
not "Planet Fitness Club Fees"), blended with the kind of business it is — the brand's kind in the name-suggestion
index (transactions/brands.py: "fast food", "fuel") where the index knows the name, else the category the
merchant is mostly filed under. The model knows many brands by name ("music" is close to Spotify), the kind covers
the rest.

A merchant is taken only when it leads the next one by `DESCRIBED_MARGIN` and is at least `DESCRIBED_MIN` close;
names of one business ("Delta Air", "Delta Air Lines") count as one. The link is read by meaning (how = "meaning"),
so the answer says how the word was read, the turn is never confident, and "no, I meant …" teaches their alias
table (chat/clarify.py). When two or three are close the word stays unknown and the clarifying question offers
them (`described_candidates`, used by transactions/query/clarify.py). Nothing here lists descriptions.

The merchants' vectors are computed once per set of merchants (and their categories) and kept in the process.
"""
from __future__ import annotations

import re
import threading
from collections.abc import Callable

import numpy as np

from transactions.brands import brand_index, kind_words
from transactions.query.lexicon import HEAD_NOUNS, PLACE_NOUNS
from transactions.query.model import Link, MoneyQuery, Vocab
from transactions.query.name_matching import tokens
from transactions.query.nicknames import COMPANY_WORDS
from transactions.query.spelling import common_words

DESCRIBED_MIN = 0.45  # below it a word is about none of their merchants ("the boat", "a membership card")
DESCRIBED_MARGIN = 0.08  # the lead over the next merchant that makes the reading clear; within it: ask
KIND_MIN_WEIGHT = 0.3  # a brand kind shared by fewer of the brands of that name is noise ("vending machine")
# name words that say the form of a charge, not the business ("Acme Corp Payroll", "Pg&e Web", "Club Fees")
CHARGE_WORDS = {"fees", "payroll", "web", "rent", "mkt", "treas", "oil"}
_CACHE_SIZE = 64
_cache: dict[tuple, tuple[list[str], np.ndarray, np.ndarray]] = {}
_lock = threading.Lock()


def _plain_name(name: str) -> str:
    """The name without words of a company form or a charge ("planet fitness"); a lone everyday word left is no
    name, so the form word stays ("whole foods", not "whole")."""
    said = [w for w in tokens(name.lower()) if w not in CHARGE_WORDS]
    words = [w for w in said if w not in COMPANY_WORDS]
    if len(words) == 1 and len(said) > 1 and words[0] in common_words():
        words = said
    return " ".join(words) or name


def _kind_text(name: str, vocab: Vocab) -> str:
    index = brand_index()
    kinds = index.kinds_of(name) if index is not None else ()
    said = [kind_words(kind).rsplit(" ", 1)[0] for kind, weight in kinds if weight >= KIND_MIN_WEIGHT]
    return ", ".join(said) or vocab.merchant_category.get(name, "") or name


def merchant_vectors(vocab: Vocab, embed: Callable) -> tuple[list[str], np.ndarray, np.ndarray]:
    """(their spending merchants, name vectors, kind vectors), cached per merchants and their categories."""
    merchants = [m for m in vocab.merchants if vocab.categories.get(vocab.merchant_category.get(m, "")) != "income"]
    key = tuple((m, vocab.merchant_category.get(m, "")) for m in merchants)
    with _lock:
        hit = _cache.get(key)
    if hit is not None:
        return hit
    names = embed([_plain_name(m) for m in merchants])
    kinds = embed([_kind_text(m, vocab) for m in merchants])
    out = (merchants, names, kinds)
    with _lock:
        if len(_cache) >= _CACHE_SIZE:
            _cache.clear()
        _cache[key] = out
    return out


def _scores(description: str, vocab: Vocab) -> list[tuple[str, float]]:
    """Their merchants, closest to the description first: the name's similarity, raised towards the kind's."""
    if vocab.embed is None or not vocab.merchants:
        return []
    merchants, names, kinds = merchant_vectors(vocab, vocab.embed)
    if not merchants:
        return []
    said = vocab.embed([description])[0]
    by_name, by_kind = names @ said, kinds @ said
    score = np.maximum(by_name, 0.5 * (by_name + by_kind))
    order = np.argsort(-score)
    return [(merchants[int(k)], float(score[int(k)])) for k in order]


def _business(name: str, vocab: Vocab) -> tuple[str, str]:
    """Names sharing their first word and their usual category are one business ("Delta Air", "Delta Air Lines";
    not "Uber" and "Uber Eats")."""
    return (tokens(name.lower()) or [name.lower()])[0], vocab.merchant_category.get(name, "")


def described_candidates(description: str, vocab: Vocab) -> tuple[list[str], list[str]]:
    """(taken, close): the merchant(s) of one business the description clearly means, or else the two or three
    close to it (for a clarifying question); ([], []) when it is about none of them."""
    ranked = _scores(description, vocab)
    if not ranked or ranked[0][1] < DESCRIBED_MIN:
        return [], []
    best = _business(ranked[0][0], vocab)
    same = [m for m, _ in ranked if _business(m, vocab) == best]
    others = [(m, s) for m, s in ranked if _business(m, vocab) != best]
    if not others or ranked[0][1] - others[0][1] >= DESCRIBED_MARGIN:
        return same, []
    close = [ranked[0][0]] + [m for m, s in others if s > ranked[0][1] - DESCRIBED_MARGIN]
    return [], close[:3]


def _described_as(word: str, toks: list[str]) -> str:
    """The description a word heads: the word with the noun of a shop or service after it ("the burrito place",
    "that music thing") or with a noun of a kind of charge beside it ("the ride cars": "ride cars"); "" when it heads
    none ("the bus stop", "the boat": a thing, not one of their shops described)."""
    for i, t in enumerate(toks):
        if t != word:
            continue
        before = toks[i - 1] if i > 0 else ""
        after = toks[i + 1] if i + 1 < len(toks) else ""
        if before in HEAD_NOUNS:
            return f"{before} {word}"
        if after in HEAD_NOUNS:
            return f"{word} {after}"
        if after in PLACE_NOUNS:
            return word  # "place", "thing", "one" add nothing to compare
    return ""


ADDING_RE = re.compile(r"\b(?:too|as well|also|incl|including|plus)\b")


def adds_to_last(text: str, previous: MoneyQuery | None) -> bool:
    """A turn that adds to the last answer's subject ("and the online orders too" after dining): its words widen
    that subject, they do not describe another merchant."""
    return previous is not None and bool(previous.merchants or previous.categories) and bool(ADDING_RE.search(text))


def described_links(links: list[Link], unknown: list[str], suggestions: dict[str, list[str]], vocab: Vocab,
                    toks: list[str]) -> tuple[list[Link], list[str], dict[str, list[str]]]:
    """Each unknown everyday word that clearly describes one of their merchants, read as it (how = "meaning"), when
    the question names no merchant of theirs itself. `toks`: the question's words, for a head noun beside it."""
    if any(link.kind == "merchant" and not link.negated for link in links):
        return links, unknown, suggestions
    kept: list[str] = []
    for word in unknown:
        if word in vocab.aliases or " " in word or not word.isalpha() or word not in common_words():
            # a word no one uses every day is a name they don't have ("costco"); words together are a name or a
            # thing of their own ("planet hollywood", "the university bookstore", "the bus stop"), not a description
            kept.append(word)
            continue
        said = _described_as(word, toks)
        taken = described_candidates(said, vocab)[0] if said else []
        if taken:
            links = [*links, Link(word, "merchant", taken, "meaning")]
            suggestions = {k: v for k, v in suggestions.items() if k != word}
        else:
            kept.append(word)
    return links, kept, suggestions
