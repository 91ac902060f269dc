"""Fault tests with real processes: a private Redis broker and real Celery workers.

Each ends with every document ready (or failed with a reason), no duplicate pages or facts, nothing lost:
- the broker is down during an upload (the API answers at once; the sweeper sends the document later);
- a worker is killed (SIGKILL) mid-ingestion and another one started;
- the same task is delivered twice (and a stale finalize message from an older version arrives).
"""
from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from datetime import timedelta

import pytest
from django.db.models import Count
from django.utils import timezone

from knowledge.models import Document, Fact, Page

from ..conftest import ROOT, _test_database_url, wait_for, worker_queues

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

NOTE = "\n\n".join(f"## Section {i}\n\nEmergency funds cover {i} months of essential spending. " * 3
                   for i in range(1, 4))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PrivateRedis:
    """A throwaway redis-server this test can stop and start (the shared one is never touched)."""

    def __init__(self):
        self.port = _free_port()
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.proc = subprocess.Popen([shutil.which("redis-server"), "--port", str(self.port), "--save", "",
                                      "--appendonly", "no", "--bind", "127.0.0.1"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        assert wait_for(self._answers, timeout=10), "redis-server did not start"

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait(timeout=10)
            self.proc = None

    def queue_length(self, queue: str) -> int:
        import redis

        return redis.Redis(port=self.port).llen(queue)

    def _answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                return True
        except OSError:
            return False


@pytest.fixture
def broker():
    if not shutil.which("redis-server"):
        pytest.skip("redis-server is not installed")
    from config.celery_app import app

    server = PrivateRedis()
    old = app.conf.broker_url
    _use_broker(app, server.url)
    yield server
    server.stop()
    _use_broker(app, old)


def _use_broker(app, url: str) -> None:
    """Point this process's publisher at another broker (a fresh connection pool). kombu keeps its pools in a
    registry keyed by the broker's address: closing only the app's pool left the registry's entry for the original
    broker closed, so after this fixture every later test's publish failed with "Acquire on closed pool"."""
    from kombu import pools

    pools.reset()
    app.conf.broker_url = url
    app._after_fork()


@pytest.fixture
def workers(broker, transactional_db):
    procs: list[subprocess.Popen] = []

    def start() -> subprocess.Popen:
        env = dict(os.environ, DATABASE_URL=_test_database_url(), DJANGO_SETTINGS_MODULE="config.settings.test",
                   CELERY_BROKER_URL=broker.url, CELERY_RESULT_BACKEND=broker.url, MONETA_TORCH_THREADS="1")
        proc = subprocess.Popen([sys.executable, "-m", "celery", "-A", "config", "worker", "--loglevel", "WARNING",
                                 "-Q", worker_queues(), "--concurrency", "1", "--pool", "solo", "-n", f"fault-{len(procs)}-{os.getpid()}@%h"],
                                cwd=ROOT, env=env, start_new_session=True)
        procs.append(proc)
        return proc

    yield start
    for proc in procs:  # the private broker is thrown away: no graceful shutdown needed
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)


def _queue() -> str:
    from django.conf import settings

    return settings.CELERY_TASK_DEFAULT_QUEUE  # a user's note is routed to the interactive queue (config/celery_routes.py)


def _assert_complete(doc_id: int) -> Document:
    doc = wait_for(lambda: Document.objects.filter(id=doc_id, status__in=["ready", "failed"]).first(), timeout=90)
    assert doc is not None, f"document stuck: {Document.objects.filter(id=doc_id).values().first()}"
    assert doc.status == "ready", doc.error
    pages = Page.objects.filter(document_id=doc_id).count()
    assert pages > 0 and pages == doc.pages_total == doc.pages_done
    assert Fact.objects.filter(document_id=doc_id).exists()
    dupes = (Fact.objects.filter(document_id=doc_id).values("page_id", "text").annotate(n=Count("id"))
             .filter(n__gt=1))
    assert not dupes.exists()
    return doc


@contextmanager
def _timed(limit: float):
    started = time.monotonic()
    yield
    assert time.monotonic() - started < limit


def test_upload_while_the_broker_is_down_is_sent_by_the_sweeper(broker, workers, alice, alice_client):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from knowledge.tasks import documents_sweep

    upload = {"corpus": "private", "file": SimpleUploadedFile("funds.md", f"# Funds\n\n{NOTE}".encode())}
    with _timed(3):  # was a 500 after ~19 s
        response = alice_client.post("/api/v1/knowledge/documents/", upload, format="multipart")
    assert response.status_code == 201, response.content
    doc = Document.objects.get()
    assert doc.status == "pending" and doc.enqueued_at is None
    # The same file again: the same document (no duplicate), and still nothing lost.
    again = alice_client.post("/api/v1/knowledge/documents/", {
        "corpus": "private", "file": SimpleUploadedFile("funds.md", f"# Funds\n\n{NOTE}".encode())},
        format="multipart")
    assert again.status_code == 200 and Document.objects.count() == 1
    assert documents_sweep() == 0  # broker still down: nothing sent, nothing marked

    broker.start()
    workers()
    assert documents_sweep() == 1
    assert Document.objects.get().enqueued_at is not None
    assert documents_sweep() == 0  # just sent: not sent again
    _assert_complete(doc.id)


def test_worker_killed_mid_ingestion_then_restarted(broker, workers, alice):
    from knowledge.services import note_save
    from knowledge.tasks import documents_sweep

    broker.start()
    first = workers()
    doc = note_save(user=alice, title="Emergency funds", text=NOTE)
    assert wait_for(lambda: Document.objects.filter(id=doc.id, status="processing").exists(), timeout=60)
    os.killpg(first.pid, signal.SIGKILL)
    first.wait(timeout=10)
    doc.refresh_from_db()
    assert doc.status == "processing", "the worker finished before it could be killed"
    assert documents_sweep() == 0  # the claim lease has not expired: maybe a worker is still busy on it
    Document.objects.filter(id=doc.id).update(claimed_at=timezone.now() - timedelta(minutes=10),
                                              enqueued_at=timezone.now() - timedelta(minutes=10))
    workers()
    assert documents_sweep() == 1
    done = _assert_complete(doc.id)
    assert done.attempts == 2


def test_same_task_delivered_twice_and_a_stale_finalize(broker, workers, alice):
    from knowledge.services import note_save
    from knowledge.tasks import finalize_document_task, ingest_pages_task

    broker.start()
    doc = note_save(user=alice, title="Emergency funds", text=NOTE)  # published once on commit
    ingest_pages_task.apply_async((doc.id,), retry=False)  # ...and delivered again
    finalize_document_task.apply_async((doc.id,), retry=False)  # an older version's chain tail, too
    workers()
    done = _assert_complete(doc.id)
    assert wait_for(lambda: broker.queue_length(_queue()) == 0, timeout=60)
    time.sleep(1.0)  # the last message, if still running, finishes
    assert Document.objects.get(id=doc.id).status == "ready" and done.attempts == 1
    assert Page.objects.filter(document_id=doc.id).count() == done.pages_total


def test_finalize_before_pages_are_stored_never_publishes_an_empty_document(alice):
    """A duplicate delivery's finalize while another worker is still parsing (pages_total still 0)."""
    from knowledge.corpora import corpus_private_for
    from knowledge.ingestion.pipeline import document_claim, document_finalize
    from knowledge.services import document_create

    doc, _ = document_create(corpus=corpus_private_for(user=alice), file_name="n.md", content=b"# N\n\nText.",
                             enqueue=False)
    assert document_claim(document_id=doc.id)
    assert document_finalize(document_id=doc.id) is False
    assert Document.objects.get(id=doc.id).status == "processing"
