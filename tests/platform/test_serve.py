"""`make serve`'s web process: SSE streams event by event through gunicorn + uvicorn (ASGI), static files
come from whitenoise with hashed names, JSON logs carry the request id into tool calls, /metrics is guarded."""
from __future__ import annotations

import json
import re
import time

import httpx
import pytest

pytestmark = [pytest.mark.slow]


def _token(site, name: str) -> str:
    r = httpx.post(site["url"] + "/api/v1/auth/token/", json={"username": name, "password": site["users"][name]}, timeout=60)
    assert r.status_code == 200, r.text
    return r.json()["token"]


def test_chat_stream_arrives_as_server_sent_events_and_the_request_id_follows_into_tool_calls(served_site):
    headers = {"Authorization": f"Token {_token(served_site, 'sam')}", "Accept": "text/event-stream",
               "X-Request-ID": "serve-sse-test-1"}
    events: list[tuple[float, str, dict]] = []
    with httpx.stream("POST", served_site["url"] + "/api/v1/chat/stream/", headers=headers, timeout=180,
                      json={"message": "What is an emergency fund?"}) as response:
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/event-stream")
        assert response.headers["x-request-id"] == "serve-sse-test-1"
        assert response.headers["server"] == "uvicorn"  # gunicorn's uvicorn workers, not runserver
        kind = None
        for line in response.iter_lines():
            if line.startswith("event: "):
                kind = line[7:]
            elif line.startswith("data: "):
                events.append((time.perf_counter(), kind, json.loads(line[6:])))
    kinds = [k for _, k, _ in events]
    assert kinds[0] == "started" and kinds[-1] == "final", kinds
    assert "tool_started" in kinds and "token" in kinds
    final = events[-1][2]
    assert final["answer"]["answer"] and final["answer"]["message_id"]
    # events reach the client as they happen: "started" is read before the answer is composed
    assert events[-1][0] - events[0][0] > 0.05

    log_lines = [json.loads(x) for x in served_site["log"].read_text().splitlines() if x.startswith("{")]
    mine = [x for x in log_lines if x.get("request_id") == "serve-sse-test-1"]
    assert any(x["message"].startswith("tool call ") and x.get("tool") for x in mine), mine
    assert any(x["message"] == "chat turn answered" for x in mine)


def test_static_files_are_hashed_compressed_and_cached_by_whitenoise(served_site):
    page = httpx.get(served_site["url"] + "/login/")
    assert page.status_code == 200
    css = re.search(r'href="(/static/css/moneta\.[0-9a-f]{12}\.css)"', page.text)
    assert css, "production pages link content-hashed static files"
    asset = httpx.get(served_site["url"] + css.group(1), headers={"Accept-Encoding": "gzip"})
    assert asset.status_code == 200
    assert "max-age=315360000" in asset.headers["cache-control"]
    assert asset.headers.get("content-encoding") in ("gzip", "br")


def test_metrics_need_the_token_or_staff_and_include_moneta_metrics(served_site):
    url = served_site["url"] + "/metrics"
    assert httpx.get(url).status_code == 403
    assert httpx.get(url, headers={"Authorization": "Bearer wrong"}).status_code == 403
    assert httpx.get(url, headers={"Authorization": f"Token {_token(served_site, 'sam')}"}).status_code == 403
    body = httpx.get(url, headers={"Authorization": f"Bearer {served_site['metrics_token']}"})
    assert body.status_code == 200
    text = body.text
    for name in ("django_http_requests_total_by_method_total", "moneta_queue_depth", "moneta_documents",
                 "moneta_ingestion_pages_per_minute", "moneta_chat_turn_seconds"):
        assert name in text, name
    with httpx.Client(base_url=served_site["url"]) as staff:
        staff.get("/login/")
        staff.post("/login/", data={"username": "staffer", "password": served_site["users"]["staffer"],
                                    "csrfmiddlewaretoken": staff.cookies["csrftoken"]},
                   headers={"Referer": served_site["url"] + "/login/"})
        assert staff.get("/metrics").status_code == 200
