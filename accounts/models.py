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


class LoginFailure(models.Model):
    """One failed sign-in (web, admin or API token). Rows in the database, not a per-process cache, so every
    web process sees the same count; old rows are pruned as new failures arrive."""

    username = models.CharField(max_length=150, db_index=True)
    ip = models.GenericIPAddressField(null=True, blank=True, db_index=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        db_table = "moneta_loginfailure"  # made when sign-in lived in the platform app; the rows stay where they are

    def __str__(self) -> str:
        return f"{self.username} from {self.ip or '?'} @ {self.created_at:%Y-%m-%d %H:%M:%S}"
