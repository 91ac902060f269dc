"""The kinds of business a narrative's words name, by the words of ISO 18245's merchant category codes (the
`iso18245` package: ISO, Visa, Mastercard, Amex, USDA and Stripe descriptions such as "Eating places,
restaurants", "Drinking places (alcoholic beverages) – bars, taverns…"). No Django, no evidence: both
`category_mcc` (kinds as evidence per category) and the user's linear model (`category_evidence`, kinds as words)
read it.
"""
from __future__ import annotations

import re
from collections import defaultdict
from functools import lru_cache

# Words that say nothing about the kind of business on their own.
_GENERIC = {
    "and", "or", "the", "of", "for", "to", "not", "elsewhere", "classified", "other", "others", "miscellaneous",
    "stores", "store", "services", "service", "shops", "shop", "sales", "goods", "supplies", "supply", "dealers",
    "only", "equipment", "outlets", "including", "merchant", "merchants", "commercial", "non", "direct",
    "marketing", "specialty", "speciality", "products", "local", "customer", "retail", "general", "new", "used",
    "parts", "related", "agencies", "agency", "establishments", "places", "place", "types", "type", "except",
    "etc", "purpose", "various", "wholesale", "distributors", "manufacturers", "organizations", "organisations",
    "institution", "institutions", "system", "systems", "business", "businesses", "professional", "personal",
    "payment", "payments", "transactions", "transaction", "cash", "card", "cards", "financial", "government",
}
MAX_CODES_PER_WORD = 5
_WORD = re.compile(r"[a-z]+")


def _stem(word: str) -> str:
    """A crude plural fold shared by descriptions and narratives ("bakeries" → "bakery", "taverns" → "tavern")."""
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("es") and len(word) > 4 and word[-3] in "sxz":
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        return word[:-1]
    return word


@lru_cache(maxsize=1)
def mcc_lexicon() -> tuple[dict[str, dict[str, float]], dict[str, str]]:
    """(word stem → {code: weight}, code → description) from the iso18245 package, read once per process."""
    import iso18245  # a data package read once; imported here so a process that never categorises skips it

    descriptions: dict[str, str] = {}
    words: dict[str, set[str]] = defaultdict(set)
    for mcc in iso18245.get_all_mccs():
        if 3000 <= int(mcc.mcc) <= 3999:
            continue
        texts = [mcc.iso_description, mcc.visa_description, mcc.mastercard_description, mcc.amex_description,
                 mcc.usda_description, mcc.stripe_description]
        text = next((t for t in texts if t), "")
        if not text:
            continue
        descriptions[mcc.mcc] = text
        for word in _WORD.findall(" ".join(texts).lower()):
            if len(word) >= 4 and word not in _GENERIC:
                words[_stem(word)].add(mcc.mcc)
    lexicon = {w: {c: 1.0 / len(codes) for c in codes} for w, codes in words.items()
               if len(codes) <= MAX_CODES_PER_WORD}
    return lexicon, descriptions


@lru_cache(maxsize=100_000)
def mcc_matches(text: str) -> tuple[tuple[str, float], ...]:
    """(code, weight) pairs the words of a narrative name, weights summing to 1; () when none does."""
    lexicon, _ = mcc_lexicon()
    found: dict[str, float] = defaultdict(float)
    for word in set(_WORD.findall(text.lower())):
        for code, w in lexicon.get(_stem(word), {}).items():
            found[code] += w
    total = sum(found.values())
    return tuple((c, w / total) for c, w in sorted(found.items())) if total else ()
