"""The evidence behind a category suggestion, as numbers per (row, category) that `categorize` combines.

Everything the user taught Moneta is read once per call into a `LabelTable` (their own labelled rows, grouped
by narrative shape, merchant, text, category, direction and month), so the same evidence can be computed from
*part* of the history: `category_calibration` predicts the newest months of a user's labels from the older
ones to learn how much each kind of evidence is worth for this user and how often a given confidence is right.

Evidence kinds (`FEATURES`, each a share over the user's categories, times a strength):
- narrative — labels of narratives of the same shape (digits folded);
- merchant — labels of the same normalised merchant;
- family — labels of merchants sharing a distinctive head, their first words up to four letters (branches,
  cities, terminals, channels of one business: `merchant_head`), only when the merchant itself has none;
- embedding / ngram — kernel vote of the nearest labelled texts on MiniLM embeddings / TF-IDF char 2–4-grams;
- prior — how often the user uses each category;
- amount — how typical the amount is of each category in the user's labels (log-ratio of densities; only the
  user's own model gives it a weight);
- zero_shot — similarity of the text to each category's name + description;
- chain / keyword — the shipped seed list (well-known chains per country, kind words in several languages);
- mcc — the merchant kind in ISO 18245 (merchant category codes) that the narrative's words name, mapped to
  the user's categories through their own labels (`category_mcc`);
- linear — a linear model fitted on the user's labels (`category_linear.TextClassifier`: merchant character
  n-grams, narrative words and the nearest of them to a word they never used, direction, amount size, and the kinds of business the world knows the payee as: its brand's kind and
  the ISO 18245 kinds its words name), which generalises to payees the user never labelled;
- centroid — MiniLM similarity of the text to the mean embedding of each category's labelled texts (what the
  user's payees of a category have in common in meaning, where the nearest neighbours see only the closest few);
- code — labels of the user's rows that carried the same merchant category code in their statement
  (`Transaction.merchant_code`): how this user files that kind of merchant, for payees they never labelled;
- brand — the kind of business (OpenStreetMap's name-suggestion-index) of the brand a merchant the user never
  labelled is named after, mapped to the user's categories through their own labels (`category_brands`).
World-knowledge evidence (zero-shot, seeds, MCC descriptions) goes through `vocabulary_routes`: a category the
user never uses hands it to their nearest own category.
"""
from __future__ import annotations

import json
import re
from collections import defaultdict
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from core.embeddings import EMBEDDING_DIM

from .category_base import Item, LabelTable, item_text, plain
from .category_base import embeddings_ensure as embeddings_ensure  # re-exported: callers import them from here
from .category_base import label_table as label_table
from .category_base import vectors_load as vectors_load
from .category_linear import TextClassifier
from .models import Category

SEEDS_PATH = Path(__file__).resolve().parent / "data" / "categorisation_seeds.json"
FEATURES = ("narrative", "merchant", "family", "embedding", "ngram", "prior", "amount", "zero_shot", "chain", "keyword",
            "mcc", "linear", "centroid", "code", "brand")
LEARNED_FEATURES = ("narrative", "merchant", "family", "embedding", "ngram", "prior", "amount", "linear", "centroid",
                    "code")
# Amount evidence: kernel density of log(1 + |amount|) per category (bandwidth ~ ±35 %), shrunk towards the
# user's overall density by this many pseudo-rows, as a log-ratio clipped to ±AMOUNT_CLIP.
AMOUNT_BANDWIDTH = 0.3
AMOUNT_SHRINK = 3.0
AMOUNT_CLIP = 3.0
F = {name: i for i, name in enumerate(FEATURES)}
KNN_NEIGHBOURS = 10
# Softmax temperature of the cosine similarity to each category's centroid (0.02 / 0.05 / 0.1 scored the same on
# the real statements of the bench).
CENTROID_TEMPERATURE = 0.05
CHUNK = 1000
# A user with at least this many labelled rows has a vocabulary of their own: suggestions come from the
# categories they use; a default they never use hands its evidence to their nearest own category.
VOCABULARY_MIN_LABELS = 20
# Cosine similarity (MiniLM, category name + description) above which an unused category is "the same idea"
# as one of the user's own.
VOCABULARY_SIMILARITY = 0.5
# What an unused default keeps of its evidence when none of the user's categories is close to it.
UNUSED_KEEP = 0.05


# --- shared pieces -------------------------------------------------------------------------------------------

@lru_cache(maxsize=1)
def seeds() -> dict:
    """The shipped seed list (descriptions, chains, keywords), keyed by lower-case category name."""
    data = json.loads(SEEDS_PATH.read_text(encoding="utf-8"))
    return {section: {k.lower(): v for k, v in data.get(section, {}).items()}
            for section in ("descriptions", "chains", "keywords")}


_SHAPE_DIGITS = re.compile(r"\d+")


def narrative_shape(description: str) -> str:
    """A narrative with its digits folded and its spacing and case evened out: rows of one payee that differ
    only by a date, reference or card number share a shape."""
    return " ".join(_SHAPE_DIGITS.sub("0", (description or "").upper()).split())[:500]


# Letters a merchant key's head must hold to name a business family.
HEAD_LETTERS = 4


def merchant_head(key: str) -> str:
    """The first words of a merchant key that can name a business family on their own ("countdown" of "countdown
    spotswood", "b good" of "b good digital" and "b good woburn", "the lifthouse" of "the lifthouse ski"): what
    stays the same between rows of one payee while branches, cities, terminals and channels vary. Words are
    taken until they hold HEAD_LETTERS letters; a short word alone ("the", "st", "b") is too common to group
    by, and a head with digits ("a1", "7030wellington") is a reference, not a name."""
    head: list[str] = []
    letters = 0
    for word in key.split() if key else ():
        if not word.isalpha():
            return ""
        head.append(word)
        letters += len(word)
        if letters >= HEAD_LETTERS:
            return " ".join(head)
    return ""


def category_prompt(name: str) -> str:
    description = seeds()["descriptions"].get(name.lower(), "")
    return f"category {name}: {description}"[:255] if description else f"category {name}"[:255]


def _normalised(votes: dict[int, float]) -> dict[int, float]:
    total = sum(votes.values())
    return {c: v / total for c, v in votes.items()} if total > 0 else {}


def _neighbour_votes(sims: np.ndarray, label_cats: np.ndarray, label_n: np.ndarray, *, floor: float,
                     span: float) -> tuple[dict[int, float], float]:
    """Kernel vote of the nearest labelled texts: (category → share, strength 0..1 from the best similarity)."""
    if sims.size == 0:
        return {}, 0.0
    k = min(KNN_NEIGHBOURS, sims.size)
    top = np.argpartition(-sims, k - 1)[:k]
    best = float(sims[top].max())
    votes: dict[int, float] = {}
    for j in top:
        sim = float(sims[j])
        if sim < best - 0.15:
            continue
        weight = float(np.exp((sim - best) / 0.05)) * (1.0 + 0.1 * min(int(label_n[j]), 5))
        votes[int(label_cats[j])] = votes.get(int(label_cats[j]), 0.0) + weight
    strength = min(1.0, max(0.0, (best - floor) / span))
    return _normalised(votes), strength


def _seed_votes(item: Item, names: dict[str, int]) -> tuple[dict[int, float], dict[int, float]]:
    """(chain votes, keyword votes) for one item, over the user's categories that have a seed entry."""
    data = seeds()
    merchant = plain(item.merchant_name or item.merchant_key)
    narrative = plain(item.description + " " + item.merchant_name)
    chain: dict[int, float] = {}
    keyword: dict[int, float] = {}
    for name, category_id in names.items():
        for chain_name in data["chains"].get(name, ()):
            if merchant.startswith(" " + chain_name + " "):
                chain[category_id] = max(chain.get(category_id, 0.0), 1.0 + len(chain_name) / 100)
        hits = sum(1 for word in data["keywords"].get(name, ()) if f" {word} " in narrative)
        if hits:
            keyword[category_id] = keyword.get(category_id, 0.0) + hits
    return chain, keyword


def vocabulary_routes(*, categories: list[tuple[int, str, str]], used: set[int], vectors: dict[str, np.ndarray]
                      ) -> tuple[dict[str, int], dict[int, int | None]]:
    """The user's own vocabulary. Returns (seed name → the user's category that takes its chain and keyword
    evidence, category id → where its world-knowledge evidence goes): a category the user uses keeps its own;
    one they never use (a default) hands it to their nearest own category by name and meaning, or (None) keeps
    only UNUSED_KEEP of it. Without `used` (a new user) every category keeps its own and seeds go by name."""
    names = {n.lower(): c for c, n, _ in categories}
    if not used:
        return names, {c: c for c, _, _ in categories}
    kinds = {c: k for c, _, k in categories}
    own = [c for c, _, _ in categories if c in used]
    own_names = {c: n for c, n, _ in categories if c in used}
    zero = np.zeros(EMBEDDING_DIM, dtype=np.float32)
    own_mat = np.stack([vectors.get(category_prompt(own_names[c]), zero) for c in own])

    def nearest(prompt: str, kind: str | None) -> int | None:
        sims = own_mat @ vectors.get(prompt, zero)
        order = np.argsort(-sims)
        for i in order[:3]:
            if sims[i] < VOCABULARY_SIMILARITY:
                return None
            if kind is None or kinds[own[i]] == kind or kind == Category.Kind.EXPENSE == kinds[own[i]]:
                return own[i]
        return None

    routes: dict[int, int | None] = {}
    for c, n, k in categories:
        routes[c] = c if c in used else nearest(category_prompt(n), k)
    seed_names: dict[str, int] = {}
    for name in seeds()["descriptions"]:
        target = routes.get(names[name]) if name in names else nearest(category_prompt(name), None)
        if target is not None:
            seed_names[name] = target
    return seed_names, routes


# --- evidence from a label table ------------------------------------------------------------------------------

class Evidence:
    """Evidence tensors for items against the user's categories, from one label table (all of the user's
    labels, or the older part of them when calibrating). `world` holds the world-knowledge parts that do not
    depend on labels (zero-shot, seeds), computed once per item and reused."""

    def __init__(self, *, categories: list[tuple[int, str, str]], labels: LabelTable, vectors: dict[str, np.ndarray],
                 routes: dict[int, int | None], seed_names: dict[str, int]):
        self.ids = [c for c, _, _ in categories]
        self.kinds = {c: k for c, _, k in categories}
        self.index = {c: i for i, c in enumerate(self.ids)}
        self.vectors = vectors
        self.routes = routes
        self.seed_names = seed_names
        self.zero = np.zeros(EMBEDDING_DIM, dtype=np.float32)
        self.prompt_mat = np.stack([vectors.get(category_prompt(n), self.zero) for _, n, _ in categories])
        self.moves = [(self.index[c], self.index[t] if t is not None else -1) for c, t in routes.items() if t != c]
        self.narrative: dict[str, dict[int, int]] = defaultdict(dict)
        self.merchant: dict[str, dict[int, int]] = defaultdict(dict)
        self.family: dict[str, dict[str, dict[int, int]]] = defaultdict(lambda: defaultdict(dict))
        self.code: dict[str, dict[int, int]] = defaultdict(dict)
        texts: dict[tuple[str, int], int] = defaultdict(int)
        prior: dict[int, float] = defaultdict(float)
        for i in range(len(labels)):
            c, n = int(labels.category[i]), int(labels.n[i])
            if c not in self.index:
                continue
            d = self.narrative[labels.shape[i]]
            d[c] = d.get(c, 0) + n
            key = labels.merchant_key[i]
            if key:
                d = self.merchant[key]
                d[c] = d.get(c, 0) + n
                head = merchant_head(key)
                if head:
                    d = self.family[head][key]
                    d[c] = d.get(c, 0) + n
            if labels.merchant_code[i]:
                d = self.code[labels.merchant_code[i]]
                d[c] = d.get(c, 0) + n
            if labels.text_key[i]:
                texts[(labels.text_key[i], c)] += n
            prior[c] += n
        self.prior = _normalised(dict(prior))
        known = np.array([int(c) in self.index for c in labels.category], dtype=bool)
        self.amount_x = labels.log_amount[known]
        self.amount_n = labels.n[known].astype(np.float64)
        self.amount_cat = np.array([self.index[int(c)] for c in labels.category[known]], dtype=np.int64)
        self.label_keys = [k for k, _ in texts]
        self.label_cats = np.array([c for _, c in texts], dtype=np.int64)
        self.label_n = np.array(list(texts.values()), dtype=np.int64)
        self.label_mat = (np.stack([vectors.get(k, self.zero) for k in self.label_keys]) if self.label_keys
                          else np.zeros((0, EMBEDDING_DIM), dtype=np.float32))
        self.grams: Any = None
        if self.label_keys:
            from sklearn.feature_extraction.text import TfidfVectorizer  # heavy import, only with labels

            self.grams = TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 4), sublinear_tf=True)
            self.grams.fit(self.label_keys)
            self.label_grams = self.grams.transform(self.label_keys)
        self.linear = TextClassifier.fit(labels, self.index) if self.label_keys else None
        # Each category's centroid: the mean MiniLM embedding of the user's labelled texts filed there.
        self.centroids = np.zeros((len(self.ids), EMBEDDING_DIM), dtype=np.float32)
        self.has_centroid = np.zeros(len(self.ids), dtype=bool)
        if self.label_keys:
            cols = np.array([self.index[int(c)] for c in self.label_cats])
            weight = (1.0 + np.log(self.label_n)).astype(np.float32)
            np.add.at(self.centroids, cols, self.label_mat * weight[:, None])
            norms = np.linalg.norm(self.centroids, axis=1)
            self.has_centroid = norms > 0
            self.centroids[self.has_centroid] /= norms[self.has_centroid, None]

    def _add(self, out: np.ndarray, votes: dict[int, float], weight: float = 1.0) -> None:
        for c, v in votes.items():
            i = self.index.get(c)
            if i is not None:
                out[i] += weight * v

    def tensor(self, items: list[Item], *, mcc: np.ndarray | None = None, brand: np.ndarray | None = None
               ) -> np.ndarray:
        """(items, categories, FEATURES) evidence. `mcc` / `brand`: the items' MCC / brand-kind evidence, already
        over categories."""
        out = np.zeros((len(items), len(self.ids), len(FEATURES)), dtype=np.float64)
        texts = [item_text(i) for i in items]
        for lo in range(0, len(items), CHUNK):
            chunk = items[lo:lo + CHUNK]
            item_mat = np.stack([self.vectors.get(t, self.zero) for t in texts[lo:lo + CHUNK]])
            zs = item_mat @ self.prompt_mat.T
            cs = item_mat @ self.centroids.T
            if self.label_keys:
                emb_sims = item_mat @ self.label_mat.T
                ngram_sims = (self.grams.transform(texts[lo:lo + CHUNK]) @ self.label_grams.T).toarray()
            for row, item in enumerate(chunk):
                x = out[lo + row]
                counts = self.narrative.get(narrative_shape(item.description))
                if counts:
                    total = sum(counts.values())
                    self._add(x[:, F["narrative"]], _normalised({c: float(n) for c, n in counts.items()}),
                              total / (total + 0.5))
                counts = self.merchant.get(item.merchant_key) if item.merchant_key else None
                if counts:
                    total = sum(counts.values())
                    self._add(x[:, F["merchant"]], _normalised({c: float(n) for c, n in counts.items()}),
                              total / (total + 0.5))
                elif item.merchant_key:
                    family: dict[int, int] = {}
                    for key, member in self.family.get(merchant_head(item.merchant_key), {}).items():
                        if key != item.merchant_key:
                            for c, n in member.items():
                                family[c] = family.get(c, 0) + n
                    if family:
                        total = sum(family.values())
                        self._add(x[:, F["family"]], _normalised({c: float(n) for c, n in family.items()}),
                                  max(family.values()) / total * total / (total + 1.0))
                counts = self.code.get(item.merchant_code) if item.merchant_code else None
                if counts:
                    total = sum(counts.values())
                    self._add(x[:, F["code"]], _normalised({c: float(n) for c, n in counts.items()}),
                              total / (total + 0.5))
                if self.label_keys:
                    votes, strength = _neighbour_votes(emb_sims[row], self.label_cats, self.label_n, floor=0.3,
                                                       span=0.5)
                    self._add(x[:, F["embedding"]], votes, strength)
                    votes, strength = _neighbour_votes(ngram_sims[row], self.label_cats, self.label_n, floor=0.2,
                                                       span=0.6)
                    self._add(x[:, F["ngram"]], votes, strength)
                    self._add(x[:, F["prior"]], self.prior)
                if self.has_centroid.sum() >= 2:  # one category's centroid would say nothing but its name
                    best = float(cs[row][self.has_centroid].max())
                    logits = np.where(self.has_centroid, cs[row] / CENTROID_TEMPERATURE, -np.inf)
                    share = np.exp(logits - logits.max())
                    # As strong as the text is close to one of them (the embedding neighbours' floor and span).
                    x[:, F["centroid"]] = share / share.sum() * min(1.0, max(0.0, (best - 0.3) / 0.5))
                z = zs[row] / 0.05
                z = np.exp(z - z.max())
                x[:, F["zero_shot"]] = z / z.sum()
                chain, keyword = _seed_votes(item, self.seed_names)
                self._add(x[:, F["chain"]], _normalised(chain))
                self._add(x[:, F["keyword"]], _normalised(keyword))
        if mcc is not None:
            out[:, :, F["mcc"]] = mcc
        if brand is not None:
            out[:, :, F["brand"]] = brand
        if self.linear is not None:
            out[:, :, F["linear"]] = self.linear.probabilities(items, len(self.ids))
        out[:, :, F["amount"]] = self.amount_evidence(items)
        # World knowledge about a category the user never uses goes to their nearest own one.
        world = [F["zero_shot"], F["chain"], F["keyword"]]
        for src, dst in self.moves:
            if dst >= 0:
                out[:, dst, world] += out[:, src, world]
                out[:, src, world] = 0.0
            else:
                out[:, src, world] *= UNUSED_KEEP
        return out

    def amount_evidence(self, items: list[Item]) -> np.ndarray:
        """(items, categories) log-ratio of how typical each item's amount is of each category's own amounts."""
        out = np.zeros((len(items), len(self.ids)))
        rows = [r for r, i in enumerate(items) if i.amount is not None]
        if not rows or not len(self.amount_x):
            return out
        x = np.log1p(np.array([abs(float(items[r].amount or 0.0)) for r in rows]))
        kernel = np.exp(-0.5 * ((x[:, None] - self.amount_x[None, :]) / AMOUNT_BANDWIDTH) ** 2) * self.amount_n
        onehot = np.zeros((len(self.amount_x), len(self.ids)))
        onehot[np.arange(len(self.amount_x)), self.amount_cat] = 1.0
        per_cat = kernel @ onehot  # (rows, categories)
        counts = self.amount_n @ onehot
        overall = kernel.sum(axis=1, keepdims=True) / self.amount_n.sum()
        density = (per_cat + AMOUNT_SHRINK * overall) / (counts + AMOUNT_SHRINK)
        out[rows] = np.clip(np.log((density + 1e-3) / (overall + 1e-3)), -AMOUNT_CLIP, AMOUNT_CLIP)
        return out

    def wrong_kind(self, items: list[Item]) -> np.ndarray:
        """(items, categories) 1 where the category's kind goes against the money's direction (money out into
        an income category, money in into an expense one)."""
        out = np.zeros((len(items), len(self.ids)))
        for r, item in enumerate(items):
            if item.outflow is None:
                continue
            for c, i in self.index.items():
                if item.outflow and self.kinds[c] == Category.Kind.INCOME:
                    out[r, i] = 1.0
                elif not item.outflow and self.kinds[c] == Category.Kind.EXPENSE:
                    out[r, i] = 2.0
        return out
