"""Merchant kinds from ISO 18245 (merchant category codes, the `iso18245` package): world knowledge for merchants
the user has never labelled.

The words of the codes' descriptions (ISO, Visa, Mastercard, Amex, USDA, Stripe: "Eating places, restaurants",
"Grocery stores, supermarkets", "Taxicabs/limousines", "Drinking places (alcoholic beverages) – bars, taverns…")
name kinds of business. A row whose file carries the card network's merchant category code (OFX <MCC> or <SIC>,
CAMT MrchntCtgyCd) is of that kind; otherwise a narrative that contains such a word ("… TAVERN", "… PHARMACY",
"… PARKING") is evidence for that kind. Kinds are mapped to the user's own categories by their own labels (the categories their
rows of that kind were filed in), and, where they have none of that kind, to their category nearest to the code's
description (MiniLM, ≥ `ROUTE_SIMILARITY`). Brand-specific codes (3000–3999: one airline, hotel chain or car
rental company each) are left out of the words: a brand's name alone ("UNITED", "DELTA") names other businesses
too; as a code from the file they stand for their kind (airline, car rental, lodging).
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping

import numpy as np

from .category_evidence import Evidence, Item, LabelTable, vectors_load
from .category_kinds import mcc_lexicon, mcc_matches

# Cosine similarity (MiniLM) between a code's description and the user's category above which the code's kind
# goes to that category when the user's labels have no row of that kind.
ROUTE_SIMILARITY = 0.45
# Pseudo-rows of the description route against the user's own rows of a kind.
ROUTE_WEIGHT = 1.0


def _text(description: str, merchant_name: str) -> str:
    return f"{description} {merchant_name}"


# Brand codes (one airline, car rental company or hotel chain each) stand for their kind's generic code.
_BRAND_RANGES = ((3000, 3350, "4511"), (3351, 3500, "7512"), (3501, 3999, "7011"))


def mcc_kind(code: str) -> str:
    """The generic ISO 18245 code of a merchant code from the file ("3058" Delta → "4511" airlines), or "" when
    the package does not know it (a SIC code with no MCC of the same number)."""
    if not code or not code.isdigit():
        return ""
    number = int(code)
    for low, high, generic in _BRAND_RANGES:
        if low <= number <= high:
            return generic
    _, descriptions = mcc_lexicon()
    code = f"{number:04d}"
    return code if code in descriptions else ""


def kinds_of(*, merchant_code: str, description: str, merchant_name: str) -> tuple[tuple[str, float], ...]:
    """The merchant kinds of a row: the code the card network gave it when the file carried one (the bank's own
    word on what kind of business it is), else the kinds its narrative's words name."""
    kind = mcc_kind(merchant_code)
    return ((kind, 1.0),) if kind else mcc_matches(_text(description, merchant_name))


def item_mcc_matches(item: Item) -> tuple[tuple[str, float], ...]:
    return kinds_of(merchant_code=item.merchant_code, description=item.description, merchant_name=item.merchant_name)


def mcc_evidence(items: list[Item], evidence: Evidence, labels: LabelTable) -> np.ndarray | None:
    """(items, categories) share of each of the user's categories for the merchant kinds of the items (their
    merchant category code, or the kinds their words name): from the user's own rows of those kinds (`labels`: by
    the code stored on the row when its statement had one, else by its words), plus the nearest own category to
    each code's description."""
    _, descriptions = mcc_lexicon()
    return kind_shares(
        [item_mcc_matches(i) for i in items], evidence, labels, descriptions,
        # a labelled row with a code from its statement teaches how this user files that kind of merchant
        lambda i: kinds_of(merchant_code=labels.merchant_code[i], description=labels.description[i],
                           merchant_name=labels.merchant_name[i]))


def kind_shares(matches: list[tuple[tuple[str, float], ...]], evidence: Evidence, labels: LabelTable,
                descriptions: Mapping[str, str],
                label_kinds: Callable[[int], Iterable[tuple[str, float]]]) -> np.ndarray:
    """(items, categories) share of each of the user's categories for the merchant kinds each item matched
    (`matches`, with weights): from the categories of the user's own labelled rows of those kinds (`label_kinds`
    of a label row's index), plus the user's category nearest to each kind's description. Merchant category codes
    and brand kinds (`category_brands`) are both mapped this way."""
    out = np.zeros((len(matches), len(evidence.ids)))
    kinds = sorted({k for m in matches for k, _ in m})
    if not kinds:
        return out
    wanted = set(kinds)
    counts: dict[str, np.ndarray] = defaultdict(lambda: np.zeros(len(evidence.ids)))
    for i in range(len(labels)):
        col = evidence.index.get(int(labels.category[i]))
        if col is None:
            continue
        for kind, w in label_kinds(i):
            if kind in wanted:
                counts[kind][col] += w * float(labels.n[i])
    used = sorted({evidence.index[int(c)] for c in labels.category if int(c) in evidence.index})
    routes = description_routes(kinds, descriptions, evidence, used)
    for row, found in enumerate(matches):
        for kind, w in found:
            votes = counts[kind] if kind in counts else np.zeros(len(evidence.ids))
            route = routes.get(kind)
            if route is not None:
                votes = votes.copy()
                votes[route] += ROUTE_WEIGHT
            total = votes.sum()
            if total > 0:
                out[row] += w * votes / total
    return out


def description_routes(codes: list[str], descriptions: Mapping[str, str], evidence: Evidence,
                        used: list[int]) -> dict[str, int]:
    """code → column of the user's category (among those they use, or all of them for a new user) nearest to the
    code's description, when it is near enough."""
    columns = used or list(range(len(evidence.ids)))
    prompts = [f"merchant kind: {descriptions[c]}"[:255] for c in codes]
    vectors = vectors_load(prompts)
    category_mat = evidence.prompt_mat[columns]
    routes: dict[str, int] = {}
    for code, prompt in zip(codes, prompts):
        vec = vectors.get(prompt)
        if vec is None:
            continue
        sims = category_mat @ vec
        best = int(np.argmax(sims))
        if sims[best] >= ROUTE_SIMILARITY:
            routes[code] = columns[best]
    return routes

