"""Brand kinds (the OpenStreetMap name-suggestion-index, `transactions.brands`): world knowledge, by NAME, for
merchants the user has never labelled.

A merchant whose name is a known brand ("countdown spotswood" → Countdown, a supermarket in New Zealand) is of
that brand's kind (`shop/supermarket`). Kinds are mapped to the user's own categories the way merchant category
codes are (`category_mcc`): by the categories the user's own labelled payees of that kind went to, plus their
category nearest to the kind's words (MiniLM, ≥ `category_mcc.ROUTE_SIMILARITY`). Brands that trade in the
statement's country (known from its currency, `brands.CURRENCY_COUNTRIES`) are preferred; a name known only
abroad counts at `brands.FOREIGN_STRENGTH`.

Only for merchants without labels of their own: where the user filed the merchant before, their labels say more.
Without the index (not built at set-up) the evidence is all zeros and nothing changes.
"""
from __future__ import annotations

from collections import Counter

import numpy as np

from .brands import CURRENCY_COUNTRIES, BrandIndex, brand_index, places_of
from .category_evidence import Evidence, Item, LabelTable
from .category_mcc import kind_shares


def statement_places(currencies: list[str]) -> frozenset[str]:
    """Where the statement is from, by its most common currency (empty when no currency says: every brand
    counts as local)."""
    known = Counter(c.upper() for c in currencies if c and c.upper() in CURRENCY_COUNTRIES)
    if not known:
        return frozenset()
    return places_of(CURRENCY_COUNTRIES[known.most_common(1)[0][0]])


def brand_evidence(items: list[Item], evidence: Evidence, labels: LabelTable, *,
                   places: frozenset[str] = frozenset(), index: BrandIndex | None = None) -> np.ndarray:
    """(items, categories) share of each of the user's categories for the brand kind of each item whose merchant
    the user never labelled: from the user's own labelled rows of that kind, plus the nearest own category to
    the kind's words. Zeros without an index."""
    index = index if index is not None else brand_index()
    out = np.zeros((len(items), len(evidence.ids)))
    if index is None:
        return out
    matches = [() if item.merchant_key and item.merchant_key in evidence.merchant
               else index.kinds_of(item.merchant_name or item.merchant_key, item.description, places=places)
               for item in items]
    return kind_shares(matches, evidence, labels, index.kinds,
                       lambda i: index.kinds_of(labels.merchant_name[i] or labels.merchant_key[i],
                                                labels.description[i], places=places))
