"""Request ids, structured JSON logs, and Sentry (only when SENTRY_DSN is set).

A request id is taken from a well-formed `X-Request-ID` header (a proxy's) or made up, kept in a context
variable for the whole request, echoed in the response, added to every log record, and carried into Celery
tasks the request enqueues (a message header), so one chat turn's log lines, its tool calls and the tasks
it starts can be found with one id.
"""
from __future__ import annotations

import contextvars
import json
import logging
import os
import re
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from celery.signals import before_task_publish, task_prerun
from django.http import HttpRequest, HttpResponse

request_id_var: contextvars.ContextVar[str] = contextvars.ContextVar("moneta_request_id", default="")
_VALID_ID = re.compile(r"^[A-Za-z0-9._-]{1,64}$")
CELERY_HEADER = "moneta_request_id"


def request_id_current() -> str:
    return request_id_var.get()


def request_id_new(incoming: str | None = None) -> str:
    return incoming if incoming and _VALID_ID.match(incoming) else uuid.uuid4().hex


class RequestIdMiddleware:
    """Outermost middleware: every log line of the request (and its stream) carries the id."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        rid = request_id_new(request.headers.get("X-Request-ID"))
        request_id_var.set(rid)
        request.request_id = rid  # type: ignore[attr-defined]  # read by views and the stream
        response = self.get_response(request)
        response["X-Request-ID"] = rid
        return response


class RequestIdFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if not getattr(record, "request_id", None):
            record.request_id = request_id_var.get()
        return True


_STANDARD = set(vars(logging.LogRecord("x", 0, "x", 0, "x", None, None))) | {"message", "asctime", "request_id"}


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message, request_id, plus any `extra=` fields."""

    def format(self, record: logging.LogRecord) -> str:
        payload = {
            "ts": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "request_id": getattr(record, "request_id", "") or request_id_var.get() or None,
            "pid": record.process,
        }
        for key, value in vars(record).items():
            if key not in _STANDARD and not key.startswith("_"):
                payload[key] = value
        if record.exc_info:
            payload["exc"] = self.formatException(record.exc_info)
        return json.dumps(payload, default=str, ensure_ascii=False)


# --- Celery: the request id travels in a message header ---------------------------------------------

def _before_publish(headers: dict[str, Any] | None = None, **kwargs: Any) -> None:
    rid = request_id_var.get()
    if rid and headers is not None and not headers.get(CELERY_HEADER):
        headers[CELERY_HEADER] = rid


def _task_prerun(task: Any = None, task_id: str | None = None, **kwargs: Any) -> None:
    rid = getattr(task.request, CELERY_HEADER, None) or (task.request.headers or {}).get(CELERY_HEADER) \
        if task is not None and task.request is not None else None
    request_id_var.set(rid or f"task-{task_id}")


def celery_signals_connect() -> None:
    before_task_publish.connect(_before_publish, weak=False)
    task_prerun.connect(_task_prerun, weak=False)


def sentry_init() -> bool:
    """Sentry is on only when SENTRY_DSN is set (no DSN: the SDK is not even imported)."""
    dsn = os.environ.get("SENTRY_DSN", "").strip()
    if not dsn:
        return False
    import sentry_sdk  # optional: imported only when SENTRY_DSN is set

    sentry_sdk.init(dsn=dsn, environment=os.environ.get("SENTRY_ENVIRONMENT", "production"),
                    traces_sample_rate=float(os.environ.get("SENTRY_TRACES_SAMPLE_RATE", "0") or 0),
                    send_default_pii=False)
    return True
