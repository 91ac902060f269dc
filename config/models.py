from django.db import models
from django.utils import timezone


class WorkerHeartbeat(models.Model):
    hostname = models.CharField(max_length=255, unique=True)
    last_seen = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.hostname} @ {self.last_seen:%Y-%m-%d %H:%M:%S}"


def worker_heartbeat_record(*, hostname: str) -> None:
    WorkerHeartbeat.objects.update_or_create(hostname=hostname, defaults={"last_seen": timezone.now()})


class LoginFailure(models.Model):
    """One failed sign-in (web, admin or API token). Rows in the database, not a per-process cache, so every
    web process sees the same count; old rows are pruned as new failures arrive."""

    username = models.CharField(max_length=150, db_index=True)
    ip = models.GenericIPAddressField(null=True, blank=True, db_index=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)

    def __str__(self) -> str:
        return f"{self.username} from {self.ip or '?'} @ {self.created_at:%Y-%m-%d %H:%M:%S}"
