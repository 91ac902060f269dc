"""The platform's own table: one heartbeat row per Celery worker (read by /healthz)."""
from datetime import timedelta

from django.db import models
from django.utils import timezone


class WorkerHeartbeat(models.Model):
    hostname = models.CharField(max_length=255, unique=True)
    last_seen = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.hostname} @ {self.last_seen:%Y-%m-%d %H:%M:%S}"


def worker_heartbeat_record(*, hostname: str) -> None:
    WorkerHeartbeat.objects.update_or_create(hostname=hostname, defaults={"last_seen": timezone.now()})


def worker_alive(*, within_seconds: float) -> bool:
    """Whether some Celery worker has written its heartbeat in the last `within_seconds`."""
    return WorkerHeartbeat.objects.filter(last_seen__gte=timezone.now() - timedelta(seconds=within_seconds)).exists()
