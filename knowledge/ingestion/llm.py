"""LLM enrichment of a page: summary + self-contained facts with the questions each answers.

Used only when an OpenAI-compatible endpoint is configured (core.llm). Transient errors (timeouts,
connection errors, 429/5xx) are retried with exponential backoff; if the page still fails, the caller
falls back to the offline chunker for that page and records mode="offline" on its facts.
"""
from __future__ import annotations

import json
import logging
import re

from tenacity import retry, retry_if_exception, stop_after_attempt, wait_exponential

logger = logging.getLogger(__name__)

PROMPT = """You turn one page of a document into facts for a search index.
Document: {context}
Page {number} text (tables as `label | value | value` rows):
---
{text}
---
Reply with JSON only: {{"summary": "<one or two sentences>", "facts": [{{"text": "<a self-contained statement
naming the company/subject, period and unit, e.g. '3M's purchases of PP&E were $1,577 million in 2018.'>",
"questions": ["<a question this fact answers>", "..."]}}]}}. At most 12 facts; copy numbers exactly."""


def _transient(exc: BaseException) -> bool:
    try:
        import openai  # here, not at the top: only LLM mode needs the client, and it is slow to import
    except ImportError:  # pragma: no cover - openai is a dependency
        return False
    if isinstance(exc, (openai.APITimeoutError, openai.APIConnectionError, openai.RateLimitError)):
        return True
    return isinstance(exc, openai.APIStatusError) and exc.status_code >= 500


def _parse(content: str) -> dict:
    match = re.search(r"\{.*\}", content, re.S)
    if not match:
        raise ValueError("the model did not return JSON")
    data = json.loads(match.group(0))
    facts = []
    for item in data.get("facts") or []:
        text = str(item.get("text", "")).strip() if isinstance(item, dict) else ""
        if text:
            questions = [str(q).strip() for q in (item.get("questions") or []) if str(q).strip()][:5]
            facts.append({"text": text[:2000], "questions": questions})
    return {"summary": str(data.get("summary", "")).strip()[:1000], "facts": facts}


def page_enrich(*, model, context: str, number: int, text: str, attempts: int = 4) -> dict:
    @retry(retry=retry_if_exception(_transient), stop=stop_after_attempt(attempts),
           wait=wait_exponential(multiplier=0.5, min=0.5, max=8), reraise=True)
    def call() -> str:
        reply = model.invoke(PROMPT.format(context=context, number=number, text=text[:12000]))
        return reply.content if isinstance(reply.content, str) else str(reply.content)

    return _parse(call())
