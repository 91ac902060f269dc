"""Prometheus metrics at /metrics: django-prometheus's request/DB metrics, Moneta's own (core/metrics.py), and
gauges read at scrape time from Redis and Postgres, so they are right however many workers (on however many
machines) do the work. Under gunicorn each worker is its own process: `make serve` sets
PROMETHEUS_MULTIPROC_DIR and the scrape sums every worker's files.

Access: a staff session (a person looking) or `Authorization: Bearer $MONETA_METRICS_TOKEN` (the scraper).
Not "bind to localhost only": the web port is the one a load balancer exposes, and a Prometheus on another
host must be able to scrape it; without a token set, only staff can read it.
"""
from __future__ import annotations

import hmac
import logging
import os
from datetime import timedelta

from django.conf import settings
from django.http import HttpResponse
from django.utils import timezone
from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, CollectorRegistry, generate_latest, multiprocess
from prometheus_client.core import GaugeMetricFamily

from core.metrics import queue_depths
from knowledge.selectors import documents_by_status, pages_ingested_since

log = logging.getLogger("moneta.metrics")


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
            docs = GaugeMetricFamily("moneta_documents", "Knowledge documents by status", labels=["status"])
            for status, n in documents_by_status().items():
                docs.add_metric([status], n)
            yield docs
            pages = pages_ingested_since(since=timezone.now() - timedelta(minutes=5))
            yield GaugeMetricFamily("moneta_ingestion_pages_per_minute",
                                    "Pages of documents finished in the last 5 minutes, per minute", value=pages / 5)
        except Exception as exc:
            log.warning("ingestion gauges unavailable: %s", exc)


_state_collector = StateCollector()
REGISTRY.register(_state_collector)


def metrics_payload() -> bytes:
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
        registry.register(_state_collector)
        return generate_latest(registry)
    return generate_latest(REGISTRY)


def metrics_view(request):
    token = settings.MONETA_METRICS_TOKEN
    auth = request.headers.get("Authorization", "")
    by_token = bool(token) and auth.startswith("Bearer ") and hmac.compare_digest(auth[7:].strip(), token)
    by_staff = request.user.is_authenticated and request.user.is_staff
    if not (by_token or by_staff):
        response = HttpResponse("metrics need a staff session or the metrics bearer token\n", status=403,
                                content_type="text/plain")
        return response
    return HttpResponse(metrics_payload(), content_type=CONTENT_TYPE_LATEST)
