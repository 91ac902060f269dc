from django.apps import AppConfig


class DashboardConfig(AppConfig):
    """The home page: this month at a glance (reads only; every figure comes from the transactions selectors)."""

    name = "dashboard"
    default_auto_field = "django.db.models.BigAutoField"
