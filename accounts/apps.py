from django.apps import AppConfig


class AccountsConfig(AppConfig):
    """A user's own account: sign-in (lockout, expiring API tokens), export everything, delete everything,
    notifications (renewal reminders)."""

    name = "accounts"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from accounts import auth  # noqa: F401 - connects the sign-in failure/success signals
