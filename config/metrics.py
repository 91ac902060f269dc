"""Prometheus metrics at /metrics: django-prometheus's request/DB metrics plus Moneta's own.

Moneta's counters and histograms (chat turns, tool latency, escalations, Celery tasks) are recorded where
the work happens. Queue depth and ingestion throughput are read at scrape time from Redis and Postgres, so
they are right however many workers (on however many machines) do the work. Under gunicorn each worker is
its own process: `make serve` sets PROMETHEUS_MULTIPROC_DIR and the scrape sums every worker's files.

Access: a staff session (a person looking) or `Authorization: Bearer $MONETA_METRICS_TOKEN` (the scraper).
Not "bind to localhost only": the web port is the one a load balancer exposes, and a Prometheus on another
host must be able to scrape it; without a token set, only staff can read it.
"""
from __future__ import annotations

import hmac
import logging
import os
import time
from datetime import timedelta

from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily

log = logging.getLogger("moneta.metrics")

CHAT_TURNS = Counter("moneta_chat_turns_total", "Chat turns answered", ["outcome"])
CHAT_TURN_SECONDS = Histogram("moneta_chat_turn_seconds", "Chat turn latency (question to stored answer)",
                              buckets=(0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60))
TOOL_SECONDS = Histogram("moneta_tool_call_seconds", "Tool call latency inside chat turns", ["tool", "outcome"],
                         buckets=(0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10))
ESCALATIONS = Counter("moneta_escalations_total", "Chat answers escalated to a human")
TASK_SECONDS = Histogram("moneta_celery_task_seconds", "Celery task run time", ["task", "state"],
                         buckets=(0.05, 0.25, 1, 5, 15, 60, 300, 900))


def chat_turn_observe(*, latency_ms: float | None, tool_records, escalated: bool, failed: bool) -> None:
    """Called once per stored assistant answer: metrics plus one structured log line per tool call."""
    CHAT_TURNS.labels("failed" if failed else ("escalated" if escalated else "answered")).inc()
    if latency_ms is not None:
        CHAT_TURN_SECONDS.observe(latency_ms / 1000)
    if escalated:
        ESCALATIONS.inc()
    for record in tool_records:
        outcome = "error" if record.error else "ok"
        TOOL_SECONDS.labels(record.name, outcome).observe((record.duration_ms or 0) / 1000)
        log.info("tool call %s", record.name, extra={"tool": record.name, "duration_ms": record.duration_ms,
                                                    "outcome": outcome})
    log.info("chat turn answered", extra={"latency_ms": latency_ms, "tools": len(tool_records),
                                          "escalated": escalated, "failed": failed})


def queue_depths() -> dict[str, int]:
    """Messages waiting in each Moneta queue (Redis list length); empty when the broker is not Redis."""
    from django.conf import settings

    if not settings.CELERY_BROKER_URL.startswith(("redis://", "rediss://", "unix://")):
        return {}
    import redis

    client = redis.Redis.from_url(settings.CELERY_BROKER_URL, socket_connect_timeout=1, socket_timeout=1)
    queues = (settings.CELERY_TASK_DEFAULT_QUEUE, settings.MONETA_INGESTION_QUEUE)
    return {name: int(client.llen(name)) for name in queues}


class StateCollector:
    """Gauges read at scrape time: queue depth, documents by status, pages ingested in the last 5 minutes."""

    def describe(self):
        return []  # registering must not query the database (it may not be migrated yet)

    def collect(self):
        depth = GaugeMetricFamily("moneta_queue_depth", "Messages waiting per Celery queue", labels=["queue"])
        try:
            for name, n in queue_depths().items():
                depth.add_metric([name], n)
        except Exception as exc:  # the broker being down must not break the scrape
            log.warning("queue depth unavailable: %s", exc)
        yield depth
        try:
            from django.db.models import Count
            from django.utils import timezone

            from knowledge.models import Document, Page

            docs = GaugeMetricFamily("moneta_documents", "Knowledge documents by status", labels=["status"])
            for row in Document.objects.values("status").annotate(n=Count("id")).order_by():
                docs.add_metric([row["status"]], row["n"])
            yield docs
            since = timezone.now() - timedelta(minutes=5)
            pages = Page.objects.filter(document__ingested_at__gte=since).count()
            yield GaugeMetricFamily("moneta_ingestion_pages_per_minute",
                                    "Pages of documents finished in the last 5 minutes, per minute", value=pages / 5)
        except Exception as exc:
            log.warning("ingestion gauges unavailable: %s", exc)


_state_collector = StateCollector()
REGISTRY.register(_state_collector)


def _celery_task_timing() -> None:
    from celery.signals import task_postrun, task_prerun

    started: dict[str, float] = {}

    def prerun(task_id=None, **kwargs):
        started[task_id] = time.perf_counter()

    def postrun(task_id=None, task=None, state=None, **kwargs):
        t0 = started.pop(task_id, None)
        if t0 is not None and task is not None:
            TASK_SECONDS.labels(task.name, state or "UNKNOWN").observe(time.perf_counter() - t0)

    task_prerun.connect(prerun, weak=False)
    task_postrun.connect(postrun, weak=False)


_celery_task_timing()


def metrics_payload() -> bytes:
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
        registry.register(_state_collector)
        return generate_latest(registry)
    return generate_latest(REGISTRY)


def metrics_view(request):
    from django.conf import settings
    from django.http import HttpResponse

    token = settings.MONETA_METRICS_TOKEN
    auth = request.headers.get("Authorization", "")
    by_token = bool(token) and auth.startswith("Bearer ") and hmac.compare_digest(auth[7:].strip(), token)
    by_staff = request.user.is_authenticated and request.user.is_staff
    if not (by_token or by_staff):
        response = HttpResponse("metrics need a staff session or the metrics bearer token\n", status=403,
                                content_type="text/plain")
        return response
    return HttpResponse(metrics_payload(), content_type=CONTENT_TYPE_LATEST)
