"""The offline router's semantic classifier: a question's family (money, knowledge, app help, jars, subscriptions,
notes, out of scope) by embedding similarity to labelled exemplars (chat/offline/exemplars.py): half the nearest
exemplar's cosine, half the mean of the TOP_K nearest. The exemplar embeddings are cached on disk."""
from __future__ import annotations

import hashlib
import threading

import numpy as np
from django.conf import settings

from chat.offline.exemplars import EXEMPLARS
from core.embeddings import EMBEDDING_DIM, embed_texts

TOP_K = 3


class IntentClassifier:
    def __init__(self, exemplars: dict[str, list[str]]):
        self.intents = list(exemplars)
        self.texts = [q for i in self.intents for q in exemplars[i]]
        self.labels = np.array([self.intents.index(i) for i in self.intents for _ in exemplars[i]])
        self._matrix: np.ndarray | None = None
        self._lock = threading.Lock()

    @property
    def matrix(self) -> np.ndarray:
        if self._matrix is None:
            with self._lock:
                if self._matrix is None:
                    self._matrix = self._load()
        return self._matrix

    def _load(self) -> np.ndarray:
        """Exemplar embeddings, cached on disk by a hash of the exemplar texts (recomputed when they change)."""
        digest = hashlib.sha256("\n".join(self.texts).encode()).hexdigest()[:16]
        path = settings.MONETA_DATA_DIR / "cache" / f"chat-exemplars-{settings.MONETA_EMBEDDING_BACKEND}-{digest}.npy"
        if path.exists():
            matrix = np.load(path)
            if matrix.shape == (len(self.texts), EMBEDDING_DIM):
                return matrix
        matrix = embed_texts(self.texts)
        path.parent.mkdir(parents=True, exist_ok=True)
        np.save(path, matrix)
        return matrix

    def scores(self, vectors: np.ndarray) -> list[dict[str, float]]:
        sims = vectors @ self.matrix.T
        out = []
        for row in sims:
            per = {}
            for idx, intent in enumerate(self.intents):
                s = np.sort(row[self.labels == idx])[::-1][:TOP_K]
                per[intent] = float(0.5 * s[0] + 0.5 * s.mean())
            out.append(per)
        return out


classifier = IntentClassifier(EXEMPLARS)
