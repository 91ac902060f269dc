from django.conf import settings
from django.db import models


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
