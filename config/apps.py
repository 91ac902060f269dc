from django.apps import AppConfig


class ConfigConfig(AppConfig):
    """Project-wide pieces: health, worker heartbeat, the run/demo commands."""

    name = "config"
    label = "moneta"
    verbose_name = "Moneta platform"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from config.observability import sentry_init

        sentry_init()
