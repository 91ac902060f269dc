"""Two words said together that name one business they never had ("delta dental" beside their Delta Air Lines): moved
out of linking.py (module size) unchanged; called by linking_sentence.link_entities."""
from __future__ import annotations

from typing import Any

from transactions.query.model import Link


def brand_pairs(links: list[tuple[int, Link]], unknown: list[str], suggestions: dict[str, list[str]],
                 linker: Any) -> list[tuple[int, Link]]:
    """"delta dental", "apple bank": the first word of one of their longer names (read as a prefix) right before a
    word read as a kind of thing that is none of that merchant's ("dental" is Health, Delta Air Lines is Travel) is
    one business they never had — not their merchant plus that kind, which would be answered confidently wrong."""
    cat = linker.vocab.merchant_category
    gone: list[Link] = []
    for i, link in links:
        nxt = next((x for j, x in links if j == i + 1), None)
        if link.kind != "merchant" or link.how != "prefix" or len(link.mention.split()) != 1 or nxt is None \
                or nxt.how not in ("concept", "synonym") or set(nxt.names) & set(link.names) \
                or not all(len(linker.merchant_tokens.get(n, [])) > 1 for n in link.names):
            continue
        theirs = {cat.get(n) for n in link.names} - {None}
        other = set(nxt.names) | {cat.get(n) for n in nxt.names} - {None}
        if not theirs or theirs & other:
            continue  # "delta travel": that merchant's own kind of spending
        gone += [link, nxt]
        phrase = f"{link.mention} {nxt.mention}"
        unknown.append(phrase)
        suggestions[phrase] = list(link.names)
    return [(i, x) for i, x in links if x not in gone]
