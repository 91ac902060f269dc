"""Moved to core.embeddings (transactions and chat use it too); this name stays importable."""
from core.embeddings import (  # noqa: F401
    BF16_MIN_BATCH,
    EMBEDDING_DIM,
    embed_text,
    embed_texts,
    local_model_path,
    single_thread_inference,
    use_bf16,
)
