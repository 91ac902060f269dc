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
