import re

from django.apps import AppConfig

from core.observability import sentry_init


class CoreConfig(AppConfig):
    """Shared code every app uses (errors, embeddings, money, periods, formatting, the LLM factory, request ids and
    logs, metrics) and the platform's own table: the worker heartbeat /healthz reads.

    The label stays "moneta" (the label of the project app these tables and migrations were made under), so
    existing databases keep their tables and migration history."""

    name = "core"
    label = "moneta"
    verbose_name = "Moneta platform"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        sentry_init()
        regex_cache_widen()


# Python's `re` keeps the last 512 compiled patterns and drops the oldest when full. The question grammar
# (transactions/query, chat) says its patterns inline, ~700 distinct ones per chat turn, so with 512 every call
# recompiled its pattern: about 40 % of an offline turn's time. No setting exists for this; `re._MAXCACHE` is the
# module's own limit (CPython 3.11, which Moneta pins), raised here once per process. tests/chat/test_turn_cost.py checks it holds.
REGEX_CACHE = 4096


def regex_cache_widen() -> None:
    """Let `re` keep every pattern Moneta uses compiled (see REGEX_CACHE)."""
    if getattr(re, "_MAXCACHE", REGEX_CACHE) < REGEX_CACHE:
        re._MAXCACHE = REGEX_CACHE  # type: ignore[attr-defined]  # a private module limit typeshed does not declare
