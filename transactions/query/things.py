"""Things a money question asks about that are none of the user's merchants, categories or narrative words: a
pet, a party, a wedding, a boat, a hobby ("what did the boat cost me", "spending on the dog"). The parser has
already looked for the word in their descriptions (linking's narrative lookup): when it is still unplaced, the
right answer is that no transaction is about it — said plainly, with the categories it could have been filed
under, never an unrelated total. A name after "at"/"from" ("at Costco") is a shop they don't have, not a thing.
"""
from __future__ import annotations

import re

from transactions.query.linking import Vocab
from transactions.query.spelling import common_words

THING_CATEGORIES = 3  # categories named as where it could be
THING_MEANING_MIN = 0.2  # a category this far from the word in meaning is no place to look
DETERMINER_RE = r"\b(?:the|my|our|his|her|their|a|an|this|that|these|those)\s+(?:\w+\s+)?"
SHOP_CUE_RE = r"\b(?:at|from|pay|paid|paying|to)\s+"


def things_in(unknown: list[str], text: str, vocab: Vocab) -> dict[str, list[str]]:
    """{thing: up to three of the user's spending categories closest to it in meaning} for the unknown words that
    read as things: after a determiner or possessive ("the boat", "my dog"), or everyday words not said as a shop
    ("spending on golf" — not "at Costco")."""
    out: dict[str, list[str]] = {}
    for phrase in unknown:
        words = phrase.split()
        said = re.escape(phrase)
        if re.search(SHOP_CUE_RE + rf"{said}\b", text) and not re.search(rf"{SHOP_CUE_RE}{DETERMINER_RE}{said}\b",
                                                                           text):
            continue
        determined = re.search(rf"{DETERMINER_RE}{said}\b", text)
        if determined or (words and all(w in common_words() for w in words)):
            out[phrase] = []
    if out:
        _places(out, vocab)
    return out


def _places(things: dict[str, list[str]], vocab: Vocab) -> None:
    """The categories each thing could be filed under, by meaning (the embedding model linking uses)."""
    spending = [c for c, kind in vocab.categories.items() if kind not in ("income", "transfer")]
    if vocab.embed is None or not spending:
        return
    phrases = list(things)
    vectors = vocab.embed(phrases + spending)
    for k, phrase in enumerate(phrases):
        sims = vectors[len(phrases):] @ vectors[k]
        ranked = sorted(zip(spending, (float(s) for s in sims)), key=lambda x: -x[1])
        things[phrase] = [c for c, s in ranked[:THING_CATEGORIES] if s >= THING_MEANING_MIN]
