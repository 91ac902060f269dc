from django.apps import AppConfig


class AccountsConfig(AppConfig):
    """A person's account: sign-up and sign-in (allauth, the sign-in throttle, expiring API tokens), profile and
    settings, onboarding, export everything, delete everything, notifications (renewal reminders)."""

    name = "accounts"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from accounts import auth  # noqa: F401 - connects the sign-in failure/success signals
