"""Things a money question asks about that are none of the user's merchants, categories or narrative words: a
pet, a party, a wedding, a boat, a hobby ("what did the boat cost me", "spending on the dog"). The parser has
already looked for the word in their descriptions (linking's narrative lookup): when it is still unplaced, the
right answer is that no transaction is about it — said plainly, with the categories it could have been filed
under, never an unrelated total. A name after "at"/"from" ("at Costco") is a shop they don't have, not a thing.
"""
from __future__ import annotations

import re

from transactions.query.lexicon import HEAD_NOUNS
from transactions.query.linking import Vocab
from transactions.query.model import Link
from transactions.query.spelling import GRAMMAR_VOCABULARY, common_words

THING_CATEGORIES = 3  # categories named as where it could be
THING_MEANING_MIN = 0.2  # a category this far from the word in meaning is no place to look
DETERMINER_RE = r"\b(?:the|my|our|his|her|their|a|an|this|that|these|those)\s+(?:\w+\s+)?"
SHOP_CUE_RE = r"\b(?:at|from|pay|paid|paying|to)\s+"
STOREFRONT_RE = r"(?:stores?|shops?|outlets?|mall|market|restaurants?|cafes?|company|station|salon|pharmacy)\b"
HEAD_NOUN_RE = "|".join(sorted(HEAD_NOUNS - {"stuff"}))  # "home depot purchases", "lyft rides": a shop's


def _capitalised(phrase: str, question: str) -> bool:
    """Written with a capital inside the sentence ("any Home Depot purchases"): a proper name."""
    words = re.findall(r"[^\W\d_][\w'&.-]*", question)
    wanted = set(phrase.split())
    return any(w[0].isupper() and not w.isupper() and k > 0 and re.sub(r"[^a-z0-9]", "", w.lower()) in wanted
               for k, w in enumerate(words))


def said_with_determiner(phrase: str, text: str) -> bool:
    """The phrase comes after a determiner or possessive ("the boat", "my dog"): it is said as a thing."""
    return re.search(rf"{DETERMINER_RE}{_as_written(phrase)}(?!\w)", text) is not None


# a category named by an everyday word ("food", "lunches", "doctor"), not by its own name: the word may belong to a thing
LOOSE_CATEGORY = ("synonym", "meaning", "concept")
POSSESSIVE_RE = r"(?:the|my|our|his|her|their|your)\s+"


def _as_written(token: str) -> str:
    """A token of the parser ("dogs") as the question may write it ("dog's", "dogs'")."""
    return "'?".join(re.escape(ch) for ch in token) + "'?"


def things_owning(links: list[Link], ignored: list[str], text: str) -> tuple[list[Link], list[str]]:
    """(links, things): an everyday word for a category that belongs to a thing the user has no name for — "the
    dog's food", "lunches for the kids", "the dog … – food, vet" — is what the thing cost, not the category: the
    category read from it would answer another question (Dining for dog food). Its link becomes a part of the
    thing (kind "concept", names [the thing], how "thing") and the thing is what the question asks about. Only when
    the question names nothing of theirs by its own name."""
    loose = [x for x in links if not x.negated and x.kind == "category" and x.how in LOOSE_CATEGORY]
    if not loose or any(not x.negated and x not in loose for x in links):
        return links, []
    owners: list[str] = []
    owned: dict[int, str] = {}
    for phrase in ignored:
        words = phrase.split()
        if not words or not all(w.isalpha() and (w in common_words() or w[:-1] in common_words()) for w in words) \
                or any(w in GRAMMAR_VOCABULARY or w in HEAD_NOUNS for w in words):
            continue
        said = _as_written(phrase)
        stem = re.escape(phrase[:-1] if phrase.endswith("s") else phrase)
        for link in loose:
            word = re.escape(link.mention)
            if re.search(rf"\b{stem}(?:'s|s')\s+(?:\w+\s+)?{word}\b", text) \
                    or re.search(rf"\b{word}\s+(?:for|on)\s+{POSSESSIVE_RE}(?:\w+\s+)?{said}\b", text) \
                    or re.search(rf"\b{POSSESSIVE_RE}{said}\b[^.?!]{{0,40}}?\s[-–—:]\s[^.?!]{{0,40}}?\b{word}\b", text):
                owned[id(link)] = phrase
                if phrase not in owners:
                    owners.append(phrase)
    if not owners:
        return links, []
    # the category the word alone would have meant is kept (`other`), for the clarifying question
    out = [Link(x.mention, "concept", [owned[id(x)]], "thing", other={"kind": x.kind, "names": list(x.names),
                                                                      "mention": x.mention})
           if id(x) in owned else x for x in links]
    return out, owners


def things_in(unknown: list[str], text: str, vocab: Vocab, *, question: str = "") -> dict[str, list[str]]:
    """{thing: up to three of the user's spending categories closest to it in meaning} for the unknown words that
    read as things: after a determiner or possessive ("the boat", "my dog"), or everyday words said neither as a
    shop ("at Costco", "home depot purchases") nor as a proper name ("Home Depot") — "spending on golf"."""
    out: dict[str, list[str]] = {}
    for phrase in unknown:
        words = phrase.split()
        said = re.escape(phrase)
        determined = said_with_determiner(phrase, text)
        shop = re.search(rf"{SHOP_CUE_RE}{said}\b|\b{said}\s+(?:{HEAD_NOUN_RE})\b", text) or \
            _capitalised(phrase, question)
        if re.search(rf"\b{said}\s+{STOREFRONT_RE}", text):
            continue  # "at the apple store": a shop they don't have, not a thing
        if all(w in GRAMMAR_VOCABULARY for w in words):
            continue  # "recurring charges": a word of the grammar the query cannot say, not a thing
        if determined or (not shop and words and all(w in common_words() for w in words)):
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
