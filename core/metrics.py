"""Moneta's own Prometheus metrics, recorded where the work happens: chat turns, tool latency, escalations and
Celery task run time; plus the queue depths the /metrics scrape reads (config/metrics.py serves them)."""
from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from typing import Any

import redis
from celery.signals import task_postrun, task_prerun
from django.conf import settings
from prometheus_client import Counter, Histogram

log = logging.getLogger("moneta.metrics")

CHAT_TURNS = Counter("moneta_chat_turns_total", "Chat turns answered", ["outcome"])
CHAT_TURN_SECONDS = Histogram("moneta_chat_turn_seconds", "Chat turn latency (question to stored answer)",
                              buckets=(0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60))
TOOL_SECONDS = Histogram("moneta_tool_call_seconds", "Tool call latency inside chat turns", ["tool", "outcome"],
                         buckets=(0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10))
ESCALATIONS = Counter("moneta_escalations_total", "Chat answers escalated to a human")
TASK_SECONDS = Histogram("moneta_celery_task_seconds", "Celery task run time", ["task", "state"],
                         buckets=(0.05, 0.25, 1, 5, 15, 60, 300, 900))


def chat_turn_observe(*, latency_ms: float | None, tool_records: Sequence[Any], escalated: bool,
                      failed: bool) -> None:
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
    if not settings.CELERY_BROKER_URL.startswith(("redis://", "rediss://", "unix://")):
        return {}
    client = redis.Redis.from_url(settings.CELERY_BROKER_URL, socket_connect_timeout=1, socket_timeout=1)
    queues = (settings.CELERY_TASK_DEFAULT_QUEUE, settings.MONETA_INGESTION_QUEUE)
    return {name: int(client.llen(name)) for name in queues}


def _celery_task_timing() -> None:
    started: dict[str | None, float] = {}

    def prerun(task_id: str | None = None, **kwargs: Any) -> None:
        started[task_id] = time.perf_counter()

    def postrun(task_id: str | None = None, task: Any = None, state: str | None = None, **kwargs: Any) -> None:
        t0 = started.pop(task_id, None)
        if t0 is not None and task is not None:
            TASK_SECONDS.labels(task.name, state or "UNKNOWN").observe(time.perf_counter() - t0)

    task_prerun.connect(prerun, weak=False)
    task_postrun.connect(postrun, weak=False)


_celery_task_timing()


