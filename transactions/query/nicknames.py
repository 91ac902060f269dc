"""Nicknames no string rule reaches: a phrase that keeps one distinctive word of a merchant's name and changes the
rest ("whole paycheck" for Whole Foods, "trader jim's" for Trader Joe's, "blue bodega" for Blue Bottle Coffee).

Without this the phrase is split: the word of the name is dropped or read alone, and the changed word is read as
something else ("paycheck" → money in), a confident answer to another question. Here the phrase is read as that
merchant with `how = "partial"`, and the reading its other words had is kept in `Link.other`: the answer is for the
merchant, a clarifying question offers it and the other reading (transactions/query/clarify.py), and the turn is
never confident (chat/grounding.py). The user's pick teaches their alias table, so next time the phrase is theirs.

A word is distinctive when it is in one of their merchant names only, has four letters or more and is no word
for a kind of merchant or a category ("coffee", "pharmacy", "apartments"), nor a company-form word ("corp").
"""
from __future__ import annotations

from collections import Counter
from functools import cache

from transactions.query.lexicon import CATEGORY_WORDS, CONCEPT_WORDS, CONCEPTS, HEAD_NOUNS
from transactions.query.model import Link
from transactions.query.name_matching import POSSESSIVES, SEPARATORS
from transactions.query.spelling import common_words

# words of company forms and storefronts: in many names, never what tells one business from another
COMPANY_WORDS = {"corp", "corporation", "inc", "llc", "ltd", "company", "store", "stores", "market", "mkt",
                 "online", "services", "service", "group", "international", "center", "centre", "shop", "payment",
                 "payments", "bill", "bills", "club", "lines", "airlines", "restaurant", "foods", "food"}
# before the phrase, a word that makes it an ordinary noun phrase ("my whole paycheck", "the whole trip")
DETERMINERS = POSSESSIVES | {"a", "an", "the", "this", "that", "these", "those", "of"}


def _kind_words() -> set[str]:
    words = {w for ws in CATEGORY_WORDS.values() for p in ws for w in p.split()}
    words |= {w for p in CONCEPT_WORDS for w in p.split()}
    # a kind's one-word marks ("coffee", "fuel", "pharmacy"), not the brands it lists ("blue bottle")
    words |= {p for chain, _ in CONCEPTS.values() for p in chain if " " not in p and p in common_words()}
    return words | HEAD_NOUNS | COMPANY_WORDS


def distinctive_words(merchant_tokens: dict[str, list[str]]) -> dict[str, tuple[str, int]]:
    """{word: (merchant, position in its name)} for the words that tell one of the user's merchants from the others,
    in names of two words or more."""
    seen = Counter(w for mt in merchant_tokens.values() for w in set(mt))
    generic = _kind_words()
    out: dict[str, tuple[str, int]] = {}
    for name, mt in merchant_tokens.items():
        if len(mt) < 2:
            continue
        for k, w in enumerate(mt):
            if len(w) >= 4 and w.isalpha() and seen[w] == 1 and w not in generic:
                out[w] = (name, k)
    return out


def partial_names(toks: list[str], used: list[bool], links: list[tuple[int, Link]],
                  merchant_tokens: dict[str, list[str]], *, function_words: set[str], stopwords: set[str]
                  ) -> list[tuple[int, Link]]:
    """`links` with each partial name read as its merchant: the links its words had are taken into it (the one for
    another thing is kept as `other`), and its words are marked used."""
    distinct = distinctive_words(merchant_tokens)
    for i, word in enumerate(toks):
        if word not in distinct or used[i] and not any(p <= i < p + len(link.mention.split()) and link.how in
                                                       ("prefix", "spelling", "nickname") for p, link in links):
            continue
        name, k = distinct[word]
        mt = merchant_tokens[name]
        window = _window(toks, i, k, mt, function_words | stopwords)
        if window is None:
            continue
        start, end = window
        inside = [(p, link) for p, link in links if start <= p < end]
        if any(p + len(link.mention.split()) > end for p, link in inside):
            continue  # a reading that reaches past the phrase: the phrase is not a name on its own
        others = [link for _, link in inside if name not in link.names]
        if any(link.kind == "merchant" and link.how not in ("meaning", "concept") for link in others):
            continue  # "whole foods, tjs and target": another of their names listed beside it, not a changed word
        if inside and not others and all(used[start:end]):
            continue  # its words read as this merchant already ("planet gym": the gym is Planet Fitness)
        links = [(p, link) for p, link in links if (p, link) not in inside]
        if not others and all(toks[j] in common_words() for j in range(start, end) if toks[j] not in mt):
            # "planet hollywood", "blue apron", "best western": a name's word with an everyday word that means nothing
            # of theirs is another business, a name they don't have — not theirs by one shared word
            used[start:end] = [False] * (end - start)
            continue
        other = others[0] if others else None
        links.append((start, Link(" ".join(toks[start:end]), "merchant", [name], "partial", other=None if other is None
                                  else {"kind": other.kind, "names": list(other.names), "mention": other.mention})))
        used[start:end] = [True] * (end - start)
    return links


def _window(toks: list[str], i: int, k: int, mt: list[str], common: set[str]) -> tuple[int, int] | None:
    """(start, end) of the phrase around toks[i] (word k of the name `mt`) that keeps more of the name than it
    changes — the whole name's length, or its first words — whose changed words are content words."""
    for n in range(len(mt), max(k + 1, 2) - 1, -1):
        start, end = i - k, i - k + n
        if start < 0 or end > len(toks) or any(t in SEPARATORS for t in toks[start:end]):
            continue
        changed = [j for j in range(start, end) if toks[j] != mt[j - start]]
        if not changed or len(changed) > n - len(changed):
            continue
        if any(toks[j] in common or toks[j].isdigit() or len(toks[j]) < 3 for j in changed):
            continue
        if start > 0 and toks[start - 1] in DETERMINERS:
            return None
        return start, end
    return None


# the names of the letters, as people write them when they spell initials out ("teejays" is "tj's")
LETTER_NAMES = {"bee": "b", "cee": "c", "see": "c", "dee": "d", "eff": "f", "gee": "g", "aitch": "h", "jay": "j",
                "kay": "k", "ell": "l", "pee": "p", "cue": "q", "arr": "r", "ess": "s", "tee": "t", "vee": "v",
                "zee": "z", "zed": "z", "ef": "f", "el": "l", "em": "m", "en": "n", "ex": "x", "ar": "r"}


def spelled_letters(word: str) -> str | None:
    """The letters a word spells out by their names, when it is made only of two or more letter names
    ("teejay" → "tj", "beebee" → "bb"), else None."""
    @cache
    def split(i: int) -> str | None:
        if i == len(word):
            return ""
        for name, letter in LETTER_NAMES.items():
            if word.startswith(name, i) and (rest := split(i + len(name))) is not None:
                return letter + rest
        return None
    letters = split(0) if word.isalpha() and len(word) >= 4 else None
    return letters if letters and len(letters) >= 2 else None


# prepositions that put a word where a shop's name goes ("spent at whole", "ordered from amaz")
SHOP_PREPOSITIONS = {"at", "from"}
# words that make an idiom after "at"/"from", not a shop: "at best", "at least", "at home", "from scratch"
IDIOM_AFTER = {"best", "worst", "least", "most", "all", "first", "last", "once", "home", "work", "night", "times",
               "large", "present", "hand", "length", "random", "heart", "ease", "scratch", "then", "now", "there",
               "here", "that", "this", "what", "which", "one", "a", "an", "the", "my", "our", "your", "his", "her"}
# what may follow a shortened shop name: the end, a period or amount already read, or a word that goes on asking
AFTER_SHOP = {"last", "this", "in", "on", "during", "since", "so", "for", "and", "or", "vs", "versus", "compared",
              "over", "under", "above", "below", "between", "before", "after", "total", "overall", "lately"}


def shop_prefixes(toks: list[str], used: list[bool], merchant_tokens: dict[str, list[str]],
                  merchant_category: dict[str, str]) -> list[tuple[int, Link]]:
    """A word said where a shop's name goes, that is the start of one of the user's merchant names and no idiom
    there: that merchant, read by its prefix ("at whole last month": Whole Foods; "from trader": Trader Joe's; "at
    best" before a period, when Best Buy is theirs). A shortened or misheard name — speech to text writes the first
    word. Only when the start fits one business (names sharing their first word and category), and never "at best,"
    / "on the whole": an idiom closes its clause or stands after a figure."""
    out: list[tuple[int, Link]] = []
    for i, word in enumerate(toks):
        if used[i] or i == 0 or toks[i - 1] not in SHOP_PREPOSITIONS or len(word) < 3 or not word.isalpha() \
                or word in DETERMINERS:
            continue  # "from the 1st": a function word starts no name said short ("The Good Plate Restaurant")
        after = toks[i + 1] if i + 1 < len(toks) else ""
        if after not in SEPARATORS and after not in AFTER_SHOP:
            continue  # "at whole foods market" is linking's; "at best guess" is no name
        if word in IDIOM_AFTER and (not after or (i >= 2 and toks[i - 2].replace(".", "").isdigit())):
            continue  # "$50 at best", "what did it cost at best": the idiom
        names = [m for m, mt in merchant_tokens.items() if mt and len("".join(mt)) > len(word) and (
            mt[0] == word and len(mt) > 1 or "".join(mt).startswith(word) and len(word) >= 4)]
        firsts = {merchant_tokens[m][0] for m in names}
        if names and len(firsts) == 1 and len({merchant_category.get(m) for m in names}) == 1:
            used[i] = True
            out.append((i, Link(word, "merchant", names, "prefix")))
    return out
