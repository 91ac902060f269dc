"""JSON logs carry the request id; a request's id is echoed and travels in Celery message headers; Sentry
turns on only with SENTRY_DSN."""
from __future__ import annotations

import json
import logging

from core.observability import (
    CELERY_HEADER,
    JsonFormatter,
    RequestIdFilter,
    _before_publish,
    request_id_var,
)


def test_every_response_has_a_request_id_and_a_proxy_id_is_kept(client):
    mine = client.get("/login/", HTTP_X_REQUEST_ID="edge-42.abc")
    assert mine["X-Request-ID"] == "edge-42.abc"
    made_up = client.get("/login/", HTTP_X_REQUEST_ID="bad id; drop table")
    assert len(made_up["X-Request-ID"]) == 32 and " " not in made_up["X-Request-ID"]


def test_json_log_line_has_the_request_id_and_extra_fields():
    token = request_id_var.set("req-json-1")
    try:
        record = logging.LogRecord("moneta.test", logging.INFO, __file__, 1, "tool call %s", ("search",), None)
        record.tool = "search"
        RequestIdFilter().filter(record)
        line = json.loads(JsonFormatter().format(record))
    finally:
        request_id_var.reset(token)
    assert line["message"] == "tool call search" and line["request_id"] == "req-json-1"
    assert line["tool"] == "search" and line["level"] == "INFO"


def test_a_task_published_during_a_request_carries_its_id():
    headers: dict = {}
    token = request_id_var.set("req-publish-1")
    try:
        _before_publish(headers=headers)
    finally:
        request_id_var.reset(token)
    assert headers[CELERY_HEADER] == "req-publish-1"


def test_sentry_is_off_without_a_dsn_and_on_with_one():
    """In a child process: an initialised SDK patches Django globally, which the rest of the suite must not see."""
    import os
    import subprocess
    import sys

    from tests.conftest import ROOT

    code = ("import sys; from core.observability import sentry_init; on = sentry_init(); "
            "print(on, 'sentry_sdk' in sys.modules)")
    env = {k: v for k, v in os.environ.items() if k != "SENTRY_DSN"}
    off = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert off.stdout.split() == ["False", "False"], off.stderr  # not even imported
    env["SENTRY_DSN"] = "https://public@sentry.invalid/1"
    on = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert on.stdout.split() == ["True", "True"], on.stderr
