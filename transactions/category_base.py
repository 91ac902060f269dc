"""The data every kind of categorisation evidence reads: an item to categorise, the user's own labels grouped
(`LabelTable`), the text an item is embedded and compared by, and the MiniLM embeddings of texts (computed once
per distinct text, `DescriptionEmbedding`). No evidence here: `category_evidence` and the user's linear model
(`category_linear`) both build on it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np
from django.db import connection

from core.text import strip_accents

from .models import DescriptionEmbedding


@dataclass(frozen=True)
class Item:
    description: str
    merchant_key: str
    merchant_name: str
    description_key: str
    outflow: bool | None = None  # money out (True), in (False), unknown (None)
    amount: float | None = None  # absolute amount of (one of) the rows with this narrative
    merchant_code: str = ""  # the merchant category code the file gave the row, if any (`category_mcc`)
    currency: str = ""  # the row's currency: where the statement is from, for brand names (`category_brands`)


@dataclass
class LabelTable:
    """The user's own labels, one entry per (shape, merchant, text, category, direction, month) group."""
    description: list[str]
    merchant_name: list[str]
    shape: list[str]
    merchant_key: list[str]
    text_key: list[str]
    category: np.ndarray
    outflow: np.ndarray
    month: np.ndarray
    n: np.ndarray
    log_amount: np.ndarray  # mean log(1 + |amount|) of the group
    merchant_code: list[str]  # the merchant category code the statement gave the group's rows ("" for none)

    def __len__(self) -> int:
        return len(self.shape)

    def subset(self, mask: np.ndarray) -> LabelTable:
        idx = np.flatnonzero(mask)
        return LabelTable([self.description[i] for i in idx], [self.merchant_name[i] for i in idx],
                          [self.shape[i] for i in idx], [self.merchant_key[i] for i in idx],
                          [self.text_key[i] for i in idx], self.category[idx], self.outflow[idx], self.month[idx],
                          self.n[idx], self.log_amount[idx], [self.merchant_code[i] for i in idx])


def label_table(*, user) -> LabelTable:
    """The user's own labelled rows, grouped (one query; the shape expression is `narrative_shape` in SQL), in
    the order of the group's keys: the evidence built from them (nearest-neighbour ties, the linear model's
    fit, the calibration's sample) must not depend on the order Postgres happens to return groups in."""
    with connection.cursor() as cur:
        cur.execute(
            """
            SELECT left(regexp_replace(upper(regexp_replace(trim(t.description), '[[:space:]]+', ' ', 'g')),
                        '[0-9]+', '0', 'g'), 500) AS shape,
                   coalesce(m.key, ''), t.description_key, t.category_id, t.amount < 0,
                   (extract(year FROM t.date) * 12 + extract(month FROM t.date))::int, count(*), min(t.description),
                   coalesce(min(m.name), ''), avg(ln(1 + abs(t.amount)))::float, coalesce(t.merchant_code, '')
            FROM transactions_transaction t LEFT JOIN transactions_merchant m ON m.id = t.merchant_id
            WHERE t.user_id = %s AND t.category_source = 'user' AND t.category_id IS NOT NULL
            GROUP BY 1, 2, 3, 4, 5, 6, 11
            ORDER BY 1, 2, 3, 4, 5, 6, 11
            """,
            [user.id],
        )
        rows = cur.fetchall()
    return LabelTable([r[7] for r in rows], [r[8] for r in rows], [r[0] for r in rows], [r[1] for r in rows],
                      [r[2] or "" for r in rows], np.array([r[3] for r in rows], dtype=np.int64),
                      np.array([bool(r[4]) for r in rows], dtype=bool), np.array([r[5] for r in rows], dtype=np.int64),
                      np.array([r[6] for r in rows], dtype=np.int64),
                      np.array([r[9] or 0.0 for r in rows], dtype=np.float64), [r[10] for r in rows])



def plain(text: str) -> str:
    """Lower case, accents and punctuation removed, padded with spaces for whole-word `in` tests."""
    text = strip_accents(text.lower())
    return " " + " ".join(re.sub(r"[^a-z0-9]+", " ", text).split()) + " "



def item_text(item: Item) -> str:
    return item.description_key or item.merchant_key or plain(item.description).strip()


def embeddings_ensure(keys: list[str]) -> None:
    """Embed each distinct key not embedded yet (one model call for all of them)."""
    keys = sorted({k for k in keys if k})
    if not keys:
        return
    known = set(DescriptionEmbedding.objects.filter(key__in=keys).values_list("key", flat=True))
    missing = [k for k in keys if k not in known]
    if not missing:
        return
    from core.embeddings import embed_texts  # loads the model: only when something new must be embedded

    vectors = embed_texts(missing)
    DescriptionEmbedding.objects.bulk_create(
        [DescriptionEmbedding(key=k, embedding=v) for k, v in zip(missing, vectors)], ignore_conflicts=True,
        batch_size=1000,
    )


def vectors_load(keys: list[str]) -> dict[str, np.ndarray]:
    embeddings_ensure(keys)
    out: dict[str, np.ndarray] = {}
    unique = sorted(set(keys))
    for i in range(0, len(unique), 5000):
        for key, vec in DescriptionEmbedding.objects.filter(key__in=unique[i:i + 5000]).values_list("key",
                                                                                                   "embedding"):
            out[key] = np.asarray(vec, dtype=np.float32)
    return out


