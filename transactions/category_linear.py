"""The user's own text classifier: a linear model of their labels (`TextClassifier`), the categorisation evidence
that reaches payees they never labelled through the words, character n-grams and kinds of business the labelled
ones share (`category_evidence` feature "linear").
"""
from __future__ import annotations

import hashlib
import re
from collections import OrderedDict, defaultdict
from typing import Any

import numpy as np

from core.embeddings import EMBEDDING_DIM

from .category_base import Item, LabelTable, item_text, plain, vectors_load
from .category_kinds import mcc_matches

# Linear SVM over the user's labelled texts: C (liblinear) and the scale of its margins before the softmax that
# makes them a share. Chosen on the real statements of `python -m bench categorise` (C 0.5 / 1; scale 2 / 4 / 8).
# The merchant's MiniLM embedding as 384 more columns scored 0.004 higher there but made a fit ten times slower
# (dense columns in liblinear: 0.6 s → 6 s for 4,800 label groups); the embedding's nearest neighbours stay.
LINEAR_C = 0.5
LINEAR_SCALE = 8.0
# A narrative word the user never labelled reads as the nearest word they did (cosine of the two words' MiniLM
# embeddings) from this similarity on: on the real statements of the bench 0.5 / 0.6 / 0.7 / 0.8 scored 0.856 /
# 0.856 / 0.860 / 0.860, against 0.857 without.
WORD_NEIGHBOUR_SIMILARITY = 0.7
_LINEAR_CACHE: OrderedDict[str, TextClassifier | None] = OrderedDict()
_LINEAR_CACHE_SIZE = 16


_LEADING_NUMBER = re.compile(r"^\s*\d")
_MASKED = re.compile(r"[*x]{3,}[\s-]*\d", re.I)
_LONG_NUMBER = re.compile(r"\d{6,}")


def _shape_tokens(description: str) -> str:
    """Tokens for how a narrative is built rather than what it says: it starts with a number (a reference or a
    branch before a payee, typical of payments to people), it holds a masked card or account number, a long
    reference, and how many words it has. They carry over to payees the user never labelled."""
    tokens = [f"zzwords{min(len(plain(description).split()), 6)}"]
    if _LEADING_NUMBER.match(description):
        tokens.append("zzleadnum")
    if _MASKED.search(description):
        tokens.append("zzmasked")
    if _LONG_NUMBER.search(description):
        tokens.append("zzlongnum")
    return " ".join(tokens)


def _kind_tokens(merchant_name: str, description: str) -> str:
    """Tokens for the kinds of business the world knows the payee as: its brand's kind in the name-suggestion-
    index and the ISO 18245 merchant kinds its words name. In the user's model they are words like any other, so
    it learns from the user's own payees where *they* file each kind, and carries that to payees they never
    labelled."""
    from .brands import brand_index  # no import cycle: brands imports nothing of the app

    tokens = []
    index = brand_index()
    if index is not None:
        tokens += ["zzkind" + re.sub(r"[^a-z0-9]", "", k) for k, _ in index.kinds_of(merchant_name, description)]
    tokens += [f"zzmcc{code}" for code, _ in mcc_matches(f"{description} {merchant_name}")]
    return " ".join(tokens)


def _linear_doc(text_key: str, description: str, outflow: bool | None, log_amount: float | None,
                merchant_name: str = "") -> str:
    """One text per labelled group or item: the merchant key (for character n-grams), a tab, then the narrative's
    words with tokens for the money's direction, the amount's order of magnitude and the narrative's shape (for
    word features)."""
    direction = "" if outflow is None else (" zzout" if outflow else " zzin")
    size = "" if log_amount is None else f" zzamt{int(log_amount * 1.5)}"
    kinds = _kind_tokens(merchant_name or text_key, description)
    return f"{text_key}\t{plain(description).strip()}{direction}{size} {_shape_tokens(description)} {kinds}"


def _merchant_part(doc: str) -> str:
    return doc.split("\t", 1)[0]


def _narrative_part(doc: str) -> str:
    return doc.split("\t", 1)[1]


class TextClassifier:
    """A linear model of the user's own labels (one-vs-rest linear SVM over character n-grams of the merchant,
    the narrative's words, money in/out, the amount's order of magnitude and the payee's kinds of business,
    `_kind_tokens`). Unlike nearest neighbours it
    weighs every word by how reliably it predicts a category across all of the user's payees ("cafe", "fuel",
    "to ****"), so it reaches merchants the user has never labelled. A linear SVM rather than logistic
    regression: as accurate here and several times faster to fit."""

    def __init__(self, vectorizers: tuple[Any, Any], model: Any, columns: np.ndarray):
        self.vectorizers = vectorizers
        self.model = model
        self.columns = columns
        # The user's narrative words and their MiniLM embeddings, loaded at the first prediction that needs them.
        self.words: tuple[list[str], np.ndarray] | None = None

    def _matrix(self, docs: list[str], *, fit: bool = False) -> Any:
        from scipy.sparse import hstack  # heavy import, only with labels (as TfidfVectorizer above)

        return hstack([v.fit_transform(docs) if fit else v.transform(docs) for v in self.vectorizers]).tocsr()

    @classmethod
    def fit(cls, labels: LabelTable, index: dict[int, int]) -> TextClassifier | None:
        """Fitted on the user's label groups (weight 1 + log of the group's rows, so a payee seen every week does
        not drown the rest), or None when they use fewer than two categories. Cached while the labels are the
        same: an import categorises slice by slice, and each slice would otherwise fit it again."""
        groups: dict[tuple[str, int], float] = defaultdict(float)
        for i in range(len(labels)):
            c = int(labels.category[i])
            if c in index:
                doc = _linear_doc(labels.text_key[i], labels.description[i], bool(labels.outflow[i]),
                                  float(labels.log_amount[i]), labels.merchant_name[i])
                groups[(doc, c)] += float(labels.n[i])
        signature = hashlib.sha1(repr((sorted(groups.items()), sorted(index.items()))).encode()).hexdigest()
        if signature in _LINEAR_CACHE:
            _LINEAR_CACHE.move_to_end(signature)
            return _LINEAR_CACHE[signature]
        model = cls._fit(groups, index)
        _LINEAR_CACHE[signature] = model
        while len(_LINEAR_CACHE) > _LINEAR_CACHE_SIZE:
            _LINEAR_CACHE.popitem(last=False)
        return model

    @classmethod
    def _fit(cls, groups: dict[tuple[str, int], float], index: dict[int, int]) -> TextClassifier | None:
        # heavy: sklearn takes seconds to import; only a user with labels to learn from loads it
        from sklearn.feature_extraction.text import TfidfVectorizer
        from sklearn.svm import LinearSVC
        from threadpoolctl import threadpool_limits

        if len({c for _, c in groups}) < 2:
            return None
        docs = [d for d, _ in groups]
        y = np.array([c for _, c in groups])
        weight = 1.0 + np.log(np.array(list(groups.values())))
        vectorizers = (TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 4), sublinear_tf=True,
                                       preprocessor=_merchant_part),
                       TfidfVectorizer(analyzer="word", token_pattern=r"[a-z0-9]{2,}", sublinear_tf=True,
                                       preprocessor=_narrative_part))
        # A fixed seed: liblinear shuffles the rows in its dual coordinate descent, and an unseeded fit (numpy's
        # global random state) gave a different model, and different suggestions, in every process.
        model = LinearSVC(C=LINEAR_C, random_state=0)
        out = cls(vectorizers, model, np.zeros(0, dtype=np.int64))
        # One thread: on a shared machine BLAS threads fighting over the cores made fits several times slower.
        with threadpool_limits(1):
            model.fit(out._matrix(docs, fit=True), y, sample_weight=weight)
        out.columns = np.array([index[int(c)] for c in model.classes_])
        return out

    def probabilities(self, items: list[Item], width: int) -> np.ndarray:
        """(items, width) softmax of the margins over the user's categories (0 for categories without labels)."""
        out = np.zeros((len(items), width))
        if not items:
            return out
        docs = [_linear_doc(item_text(i), i.description, i.outflow,
                            None if i.amount is None else float(np.log1p(abs(i.amount))), i.merchant_name)
                for i in items]
        docs = self._with_word_neighbours(docs)
        margins = self.model.decision_function(self._matrix(docs)) * LINEAR_SCALE
        if margins.ndim == 1:  # two classes: one margin, for the second
            margins = np.stack([-margins, margins], axis=1)
        e = np.exp(margins - margins.max(axis=1, keepdims=True))
        out[:, self.columns] = e / e.sum(axis=1, keepdims=True)
        return out

    def _with_word_neighbours(self, docs: list[str]) -> list[str]:
        """Each narrative word the user's labels never used gains the nearest word they did use (MiniLM cosine of
        the two words >= WORD_NEIGHBOUR_SIMILARITY): a new payee's "petrol" reads as their "fuel", "motel" as their
        "hotel", so the weight the user's filing gave that word reaches it. Names match nothing that near."""
        vocabulary = self.vectorizers[1].vocabulary_
        unknown: dict[int, list[str]] = {}
        for n, doc in enumerate(docs):
            words = {w for w in _narrative_part(doc).split() if _plain_word(w) and w not in vocabulary}
            if words:
                unknown[n] = sorted(words)
        wanted = sorted({w for ws in unknown.values() for w in ws})
        if not wanted:
            return docs
        if self.words is None:
            known = sorted(w for w in vocabulary if _plain_word(w))
            vectors = vectors_load(known)
            zero = np.zeros(EMBEDDING_DIM, dtype=np.float32)
            self.words = (known, np.stack([vectors.get(w, zero) for w in known]) if known
                          else np.zeros((0, EMBEDDING_DIM), dtype=np.float32))
        known, known_mat = self.words
        if not known:
            return docs
        vectors = vectors_load(wanted)
        nearest: dict[str, str] = {}
        for w in wanted:
            if w in vectors:
                sims = known_mat @ vectors[w]
                best = int(np.argmax(sims))
                if sims[best] >= WORD_NEIGHBOUR_SIMILARITY:
                    nearest[w] = known[best]
        out = list(docs)
        for n, new_words in unknown.items():
            extra = [nearest[w] for w in new_words if w in nearest]
            if extra:
                out[n] = out[n] + " " + " ".join(extra)
        return out


def _plain_word(word: str) -> bool:
    """A word of three letters or more, not one of the model's own tokens (`zzout`, `zzkind…`)."""
    return word.isalpha() and len(word) >= 3 and not word.startswith("zz")
