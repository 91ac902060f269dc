"""Agent configs: validation of an editor's values, which config answers a user, the default one."""
from __future__ import annotations

from typing import Any

from django.db import transaction

from chat.assistant import ALL_TOOLS
from chat.models import AgentConfig, Prompt
from chat.prompts import DEFAULT_PROMPTS
from core.errors import DomainError, NotFound
from core.types import AuthUser
from knowledge.models import Corpus


def agent_config_problems(values: dict[str, Any]) -> dict[str, str]:
    """Field → message for every invalid value of an agent config."""
    errors: dict[str, str] = {}

    def check_range(field: str, low: float, high: float) -> None:
        value = values.get(field)
        if value is None:
            return
        if not (low <= float(value) <= high):
            errors[field] = f"{field.replace('_', ' ')} must be between {low:g} and {high:g}, got {value:g}."

    check_range("temperature", 0, 2)
    check_range("similarity_threshold", 0, 1)
    check_range("confidence_threshold", 0, 1)
    check_range("max_iterations", 1, 25)
    check_range("max_results", 1, 100)
    check_range("max_tokens", 16, 32000)
    check_range("timeout_seconds", 0.5, 600)
    check_range("max_retries", 0, 10)
    for w in ("vector_weight", "text_weight"):
        check_range(w, 0, 10)
    tools = values.get("enabled_tools")
    if tools is not None:
        if not isinstance(tools, list) or not all(isinstance(t, str) for t in tools):
            errors["enabled_tools"] = "enabled tools must be a JSON list of tool names."
        else:
            unknown = [t for t in tools if t not in ALL_TOOLS]
            if unknown:
                errors["enabled_tools"] = f"unknown tool(s) {', '.join(unknown)}; known tools: {', '.join(ALL_TOOLS)}."
    for field in ("corpus_include", "corpus_exclude", "corpus_order"):
        value = values.get(field)
        if value is None:
            continue
        if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
            errors[field] = f"{field.replace('_', ' ')} must be a JSON list of corpus slugs."
            continue
        unknown = _unknown_corpora(value)
        if unknown:
            errors[field] = f"unknown corpus slug(s) in {field.replace('_', ' ')}: {', '.join(unknown)}."
    overlap = set(values.get("corpus_include") or []) & set(values.get("corpus_exclude") or [])
    if overlap and "corpus_exclude" not in errors:
        errors["corpus_exclude"] = f"corpus {', '.join(sorted(overlap))} is both included and excluded."
    prompt_name = values.get("system_prompt")
    if prompt_name and prompt_name not in DEFAULT_PROMPTS and not Prompt.objects.filter(
            name=prompt_name, is_active=True).exists():
        errors["system_prompt"] = f"no active prompt named {prompt_name!r}; create it under Prompts first."
    if values.get("tool_mode") == "react_text" and values.get("provider") == "offline":
        errors["tool_mode"] = "react_text needs a language model; the offline model always uses native tool calls."
    return errors


def _unknown_corpora(slugs: list[str]) -> list[str]:
    known = set(Corpus.objects.filter(slug__in=slugs).values_list("slug", flat=True))
    return [s for s in slugs if s not in known and not s.startswith("private-") and s not in ("private", "mine", "notes")]


def agent_config_for(*, user: AuthUser, agent_slug: str | None = None) -> AgentConfig:
    qs = AgentConfig.objects.filter(is_active=True)
    config = qs.filter(slug=agent_slug).first() if agent_slug else (qs.filter(is_default=True).first()
                                                                      or qs.order_by("id").first())
    if config is None:
        if agent_slug:
            raise NotFound(f"No active assistant named {agent_slug!r}.")
        config = AgentConfig(slug="default", name="Moneta assistant")  # unsaved defaults before the demo loads
    if config.staff_only and not user.is_staff:
        raise DomainError(f"The assistant {config.slug!r} is for staff only.", code="forbidden", status_code=403)
    return config


def agent_config_set_default(*, config_id: int) -> AgentConfig:
    with transaction.atomic():
        AgentConfig.objects.filter(is_default=True).exclude(pk=config_id).update(is_default=False)
        config = AgentConfig.objects.get(pk=config_id)
        config.is_default = True
        config.is_active = True
        config.save(update_fields=["is_default", "is_active"])
        return config
