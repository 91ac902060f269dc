"""The configured OpenAI-compatible chat model, or None when Moneta runs offline.

An endpoint is configured by OPENAI_API_KEY and/or OPENAI_BASE_URL (Ollama, vLLM and
llama.cpp servers accept any key). Apps call `llm_configured()` to choose their offline path.
"""
from __future__ import annotations

from django.conf import settings


def llm_configured() -> bool:
    return bool(settings.OPENAI_API_KEY or settings.OPENAI_BASE_URL)


def chat_model(*, model: str | None = None, temperature: float = 0.0, max_tokens: int | None = None,
               timeout: float | None = None, max_retries: int | None = None, streaming: bool = False):
    if not llm_configured():
        return None
    from langchain_openai import ChatOpenAI  # lazy: offline Moneta never loads the LLM client (slow import)

    return ChatOpenAI(
        model=model or settings.MONETA_LLM_MODEL,
        api_key=settings.OPENAI_API_KEY or "not-needed",
        base_url=settings.OPENAI_BASE_URL or None,
        temperature=temperature,
        max_tokens=max_tokens,
        timeout=timeout or settings.MONETA_LLM_TIMEOUT,
        max_retries=settings.MONETA_LLM_MAX_RETRIES if max_retries is None else max_retries,
        streaming=streaming,
    )
