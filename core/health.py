"""GET /healthz: database, pgvector, Redis and worker heartbeat, each ok/failed; 503 if one fails."""
from __future__ import annotations

from datetime import timedelta
from typing import Any

import redis
from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.utils import timezone

from core.models import WorkerHeartbeat


def _check_database() -> dict[str, Any]:
    with connection.cursor() as cur:
        cur.execute("SELECT 1")
        cur.fetchone()
    return {"status": "ok"}


def _check_pgvector() -> dict[str, Any]:
    with connection.cursor() as cur:
        cur.execute("SELECT extversion FROM pg_extension WHERE extname = 'vector'")
        row = cur.fetchone()
    if not row:
        return {"status": "failed", "error": "the 'vector' extension is not installed in this database"}
    return {"status": "ok", "version": row[0]}


def _check_redis() -> dict[str, Any]:
    broker = settings.CELERY_BROKER_URL
    if not broker.startswith(("redis", "rediss", "unix")):
        return {"status": "ok", "note": f"not used: Celery broker is {broker.split(':')[0]}"}
    client = redis.Redis.from_url(broker, socket_connect_timeout=1, socket_timeout=1)
    client.ping()
    return {"status": "ok"}


def _check_worker() -> dict[str, Any]:
    window = timedelta(seconds=settings.MONETA_WORKER_HEARTBEAT_SECONDS * 3)
    latest = WorkerHeartbeat.objects.order_by("-last_seen").first()
    if latest is None:
        return {"status": "failed", "error": "no Celery worker has reported a heartbeat"}
    age = (timezone.now() - latest.last_seen).total_seconds()
    if timezone.now() - latest.last_seen > window:
        return {"status": "failed", "error": f"last heartbeat from {latest.hostname} was {age:.0f}s ago"}
    return {"status": "ok", "worker": latest.hostname, "age_seconds": round(age, 1)}


CHECKS = {
    "database": _check_database,
    "pgvector": _check_pgvector,
    "redis": _check_redis,
    "worker": _check_worker,
}


def health_report() -> tuple[dict[str, dict[str, Any]], bool]:
    results: dict[str, dict[str, Any]] = {}
    for name, check in CHECKS.items():
        try:
            results[name] = check()
        except Exception as exc:  # every failure is reported, never raised
            results[name] = {"status": "failed", "error": f"{type(exc).__name__}: {exc}"[:300]}
    healthy = all(r["status"] == "ok" for r in results.values())
    return results, healthy


def healthz(request: HttpRequest) -> JsonResponse:
    results, healthy = health_report()
    return JsonResponse(
        {"status": "ok" if healthy else "failed", "checks": results}, status=200 if healthy else 503
    )
