import pytest
from django.utils import timezone

from core.models import worker_heartbeat_record


@pytest.mark.django_db
def test_health_ok_when_everything_is_up(client):
    worker_heartbeat_record(hostname="test-worker")
    response = client.get("/healthz")
    body = response.json()
    assert response.status_code == 200, body
    assert body["status"] == "ok"
    assert {k: v["status"] for k, v in body["checks"].items()} == {
        "database": "ok", "pgvector": "ok", "redis": "ok", "worker": "ok"}
    assert body["checks"]["pgvector"]["version"]


@pytest.mark.django_db
def test_health_503_when_no_worker_heartbeat(client):
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["checks"]["worker"]["status"] == "failed"
    assert body["checks"]["database"]["status"] == "ok"


@pytest.mark.django_db
def test_health_503_when_worker_heartbeat_stale(client):
    from core.models import WorkerHeartbeat

    WorkerHeartbeat.objects.create(hostname="old", last_seen=timezone.now() - timezone.timedelta(minutes=5))
    body = client.get("/healthz").json()
    assert body["checks"]["worker"]["status"] == "failed"
    assert "old" in body["checks"]["worker"]["error"]


@pytest.mark.django_db
def test_health_503_when_redis_down(client, settings):
    worker_heartbeat_record(hostname="test-worker")
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"  # nothing listens on port 1
    response = client.get("/healthz")
    assert response.status_code == 503
    checks = response.json()["checks"]
    assert checks["redis"]["status"] == "failed"
    assert checks["database"]["status"] == "ok"
