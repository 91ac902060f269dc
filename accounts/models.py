from django.conf import settings
from django.db import models
from django.utils import timezone


class Notification(models.Model):
    """Something Moneta tells a user without being asked (a subscription renewing soon).

    `key` makes each notice unique per user, so the periodic job can run any number of times."""

    class Kind(models.TextChoices):
        SUBSCRIPTION_RENEWAL = "subscription_renewal", "Subscription renewal"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications")
    kind = models.CharField(max_length=32, choices=Kind.choices)
    key = models.CharField(max_length=120)
    text = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [models.UniqueConstraint(fields=["user", "kind", "key"], name="accounts_notification_unique")]

    def __str__(self) -> str:
        return self.text


class LoginThrottle(models.Model):
    """Sign-in failures of one username from one address (accounts/throttle.py). Rows in the database, not a
    per-process cache, so every web process sees the same count."""

    ip = models.CharField(max_length=45, blank=True)  # "" when the address is unknown
    username = models.CharField(max_length=150)  # lower-cased; the account's username when an email was typed
    failures = models.PositiveIntegerField(default=0)
    last_failure_at = models.DateTimeField(null=True, blank=True, db_index=True)
    succeeded_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["ip", "username"], name="accounts_login_throttle_pair")]
        indexes = [models.Index(fields=["username"], name="accounts_throttle_username")]

    def __str__(self) -> str:
        return f"{self.username} from {self.ip or '?'}: {self.failures} failures"


class Profile(models.Model):
    """A person's preferences and where they are in onboarding. Made on first use (accounts/profiles.py)."""

    class Language(models.TextChoices):
        BROWSER = "", "As my browser asks"
        ENGLISH = "en", "English"
        VIETNAMESE = "vi", "Tiếng Việt"

    class SandboxStatus(models.TextChoices):
        NONE = "", "Not a sandbox"
        PENDING = "pending", "Waiting for the worker"
        LOADING = "loading", "Loading the demo money"
        READY = "ready", "Ready"
        FAILED = "failed", "Failed"

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile")
    currency = models.CharField(max_length=3, default="USD")
    language = models.CharField(max_length=8, choices=Language.choices, blank=True, default="")
    notify_renewals = models.BooleanField(default=True, help_text="show reminders before a subscription renews")
    notify_by_email = models.BooleanField(default=False, help_text="also email those reminders")
    # True for people who signed up themselves, until they finish or skip the first-run flow (/welcome/).
    needs_onboarding = models.BooleanField(default=False)
    onboarded_at = models.DateTimeField(null=True, blank=True)
    # Set on a demo sandbox user: the person it belongs to (accounts/sandbox.py). Sandboxes have no password.
    sandbox_owner = models.OneToOneField(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE,
                                         related_name="sandbox_profile")
    # A sandbox's demo money is loaded by a Celery task (accounts/tasks.py): its progress, and why it failed.
    sandbox_status = models.CharField(max_length=8, choices=SandboxStatus.choices, blank=True, default="")
    sandbox_error = models.TextField(blank=True, default="")
    sandbox_status_at = models.DateTimeField(null=True, blank=True)  # when the status last changed

    def __str__(self) -> str:
        return f"profile of {self.user_id}"


class ApiToken(models.Model):
    """A named API token a person made on the settings page. Only its SHA-256 is stored; the key is shown once."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=80)
    key_hash = models.CharField(max_length=64, unique=True)
    prefix = models.CharField(max_length=8, help_text="the key's first characters, to recognise it")
    created_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField()
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [models.UniqueConstraint(fields=["user", "name"], name="accounts_api_token_name")]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"


class LoginFailure(models.Model):
    """A failed sign-in as recorded before the sign-in throttle (`LoginThrottle`, accounts/throttle.py) replaced
    these rows; nothing writes them now. Kept so the history is not lost; the table was made when sign-in lived in
    the platform app."""

    username = models.CharField(max_length=150, db_index=True)
    ip = models.GenericIPAddressField(null=True, blank=True, db_index=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        db_table = "moneta_loginfailure"

    def __str__(self) -> str:
        return f"{self.username} from {self.ip or '?'} @ {self.created_at:%Y-%m-%d %H:%M:%S}"
