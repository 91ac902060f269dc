import pytest

from config.celery_app import ping
from tests.conftest import wait_for


@pytest.mark.worker
def test_celery_round_trip_through_real_worker_and_redis(celery_worker_process, settings):
    assert settings.CELERY_BROKER_URL.startswith("redis://")
    result = ping.delay("hello-moneta")
    value = result.get(timeout=60)
    assert value["echo"] == "hello-moneta"
    assert value["pid"] == celery_worker_process.pid  # ran in the worker, not in this process


@pytest.mark.worker
def test_worker_heartbeat_makes_health_ok(celery_worker_process, client):
    from core.models import WorkerHeartbeat

    assert wait_for(lambda: WorkerHeartbeat.objects.exists(), timeout=60)
    body = client.get("/healthz").json()
    assert body["checks"]["worker"]["status"] == "ok"
