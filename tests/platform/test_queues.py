"""Two queues with their own workers: an editor's bulk ingestion never delays a user's note or other interactive
work (issue 23 item 8). Run with the same worker commands `make serve` and the containers use
(config.run.serve_commands); `make run` starts the same two."""
from __future__ import annotations

import json
import os
import subprocess

import pytest

from config.run import serve_commands
from tests.conftest import ROOT, _test_database_url, wait_for


def _queue_of(task_name: str, *args) -> str:
    from config.celery_app import app

    return app.amqp.router.route({}, task_name, args=args)["queue"].name


def test_a_users_note_goes_to_the_interactive_queue_and_an_editors_bulk_upload_to_ingestion(alice, settings):
    from knowledge.corpora import corpus_ensure
    from knowledge.services import document_create, note_save

    note = note_save(user=alice, title="Plan", text="Save ten percent of every paycheck.")
    filing, _ = document_create(corpus=corpus_ensure(slug="filings", name="Filings"), file_name="10k.md",
                                content=b"# 10-K\n\nRevenue grew.\n", enqueue=False)
    assert settings.MONETA_INGESTION_QUEUE != settings.CELERY_TASK_DEFAULT_QUEUE
    for task in ("knowledge.ingest_pages", "knowledge.finalize_document"):
        assert _queue_of(task, note.id) == settings.CELERY_TASK_DEFAULT_QUEUE
        assert _queue_of(task, filing.id) == settings.MONETA_INGESTION_QUEUE
    for name in ("transactions.recategorise", "accounts.subscription_reminders", "moneta.rollup_check",
                 "knowledge.documents_sweep", "moneta.ping"):
        assert _queue_of(name) == settings.CELERY_TASK_DEFAULT_QUEUE


def test_make_run_starts_a_worker_for_each_queue_as_make_serve_does():
    from config.run import run_worker_commands

    env = {"MONETA_CELERY_QUEUE": "q"}
    commands = run_worker_commands(env)
    queues = {name: argv[argv.index("-Q") + 1] for name, argv in commands.items()}
    assert queues == {"worker-interactive": "q", "worker-ingestion": "q-ingestion"}
    assert commands["worker-ingestion"] == serve_commands(env)["worker-ingestion"]
    assert "-B" in commands["worker-interactive"] and "-B" not in commands["worker-ingestion"]  # one beat


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
def test_a_note_is_searchable_while_the_ingestion_queue_is_full_and_the_request_id_follows(alice, start_worker,
                                                                                            settings):
    from config.celery_app import ping
    from core.metrics import queue_depths
    from core.observability import request_id_var
    from knowledge.corpora import corpus_ensure
    from knowledge.models import Document
    from knowledge.services import document_create, note_save

    filings = corpus_ensure(slug="filings", name="Filings")
    bulk = [document_create(corpus=filings, file_name=f"filing-{i}.md", title=f"Filing {i}",
                            content=f"# Filing {i}\n\nRevenue grew {i} percent.\n".encode())[0].id
            for i in range(12)]
    assert wait_for(lambda: queue_depths().get(settings.MONETA_INGESTION_QUEUE) == len(bulk), timeout=10)
    note = note_save(user=alice, title="Plan", text="Save ten percent of every paycheck.")

    interactive_log = start_worker("worker-interactive")
    token = request_id_var.set("req-queue-test-1")
    try:
        result = ping.delay("hello")
    finally:
        request_id_var.reset(token)
    assert result.get(timeout=90)["echo"] == "hello"
    # The note, saved after an editor's twelve filings, is read while every filing still waits.
    assert wait_for(lambda: Document.objects.get(pk=note.pk).status == "ready", timeout=120), \
        interactive_log.read_text()[-2000:]
    assert set(Document.objects.filter(id__in=bulk).values_list("status", flat=True)) == {"pending"}
    assert queue_depths()[settings.MONETA_INGESTION_QUEUE] == len(bulk)

    def request_id_logged() -> bool:
        # The worker logs "succeeded" after it has stored the result, so the line may land just after .get().
        lines = [json.loads(line) for line in interactive_log.read_text().splitlines() if line.startswith("{")]
        return any(line["request_id"] == "req-queue-test-1" and "moneta.ping" in line["message"] for line in lines)

    assert wait_for(request_id_logged, timeout=15), interactive_log.read_text()[-2000:]

    start_worker("worker-ingestion")  # the filings are not lost: the ingestion worker reads them all
    assert wait_for(lambda: Document.objects.filter(id__in=bulk, status="ready").count() == len(bulk), timeout=240)
    assert queue_depths()[settings.MONETA_INGESTION_QUEUE] == 0
