"""Two queues with their own workers: ingestion never delays interactive work. Run with the same worker
commands `make serve` and the containers use (config.run.serve_commands)."""
from __future__ import annotations

import json
import os
import subprocess

import pytest

from config.run import serve_commands
from tests.conftest import ROOT, _test_database_url, wait_for


def test_ingestion_and_interactive_tasks_are_routed_to_their_own_queues(settings):
    from config.celery_app import app

    def queue_of(task_name: str) -> str:
        return app.amqp.router.route({}, task_name)["queue"].name

    assert queue_of("knowledge.ingest_pages") == settings.MONETA_INGESTION_QUEUE
    for name in ("transactions.recategorise", "accounts.subscription_reminders", "moneta.rollup_check",
                 "knowledge.documents_sweep", "moneta.ping"):
        assert queue_of(name) == settings.CELERY_TASK_DEFAULT_QUEUE
    assert settings.MONETA_INGESTION_QUEUE != settings.CELERY_TASK_DEFAULT_QUEUE


@pytest.fixture
def start_worker(transactional_db, tmp_path):
    procs: list[subprocess.Popen] = []

    def start(name: str):
        env = dict(os.environ, DATABASE_URL=_test_database_url(), DJANGO_SETTINGS_MODULE="config.settings.test",
                   MONETA_LOG_FORMAT="json", MONETA_TORCH_THREADS="1", MONETA_INTERACTIVE_CONCURRENCY="1")
        log_path = tmp_path / f"{name}.log"
        proc = subprocess.Popen(serve_commands(env)[name], cwd=ROOT, env=env, start_new_session=True,
                                stdout=log_path.open("w"), stderr=subprocess.STDOUT)
        procs.append(proc)
        return log_path

    yield start
    for proc in procs:
        proc.terminate()
    for proc in procs:
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.mark.worker
@pytest.mark.slow
def test_a_queued_document_does_not_hold_up_interactive_work_and_the_request_id_follows(alice, start_worker,
                                                                                         settings):
    from config.celery_app import ping
    from core.metrics import queue_depths
    from core.observability import request_id_var
    from knowledge.corpora import corpus_private_for
    from knowledge.models import Document
    from knowledge.services import document_create

    doc, _ = document_create(corpus=corpus_private_for(user=alice), file_name="plan.md",
                             content=b"# Plan\n\nSave ten percent of every paycheck.\n", title="Plan")
    assert wait_for(lambda: queue_depths().get(settings.MONETA_INGESTION_QUEUE) == 1, timeout=10)

    interactive_log = start_worker("worker-interactive")
    token = request_id_var.set("req-queue-test-1")
    try:
        result = ping.delay("hello")
    finally:
        request_id_var.reset(token)
    assert result.get(timeout=90)["echo"] == "hello"  # answered while the document still waits
    assert Document.objects.get(pk=doc.pk).status == "pending"
    assert queue_depths()[settings.MONETA_INGESTION_QUEUE] == 1

    def request_id_logged() -> bool:
        # The worker logs "succeeded" after it has stored the result, so the line may land just after .get().
        lines = [json.loads(line) for line in interactive_log.read_text().splitlines() if line.startswith("{")]
        return any(line["request_id"] == "req-queue-test-1" and "moneta.ping" in line["message"] for line in lines)

    assert wait_for(request_id_logged, timeout=15), interactive_log.read_text()[-2000:]

    start_worker("worker-ingestion")
    assert wait_for(lambda: Document.objects.get(pk=doc.pk).status == "ready", timeout=150)
    assert queue_depths()[settings.MONETA_INGESTION_QUEUE] == 0
