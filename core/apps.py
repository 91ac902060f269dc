from django.apps import AppConfig


class CoreConfig(AppConfig):
    """Shared infrastructure with no models: embeddings, money formatting, period arithmetic, text helpers."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "core"
