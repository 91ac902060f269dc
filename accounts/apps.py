from django.apps import AppConfig


class AccountsConfig(AppConfig):
    """A user's own account: export everything, delete everything, notifications (renewal reminders)."""

    name = "accounts"
    default_auto_field = "django.db.models.BigAutoField"
