"""Celery tasks: take a document id, re-fetch, run the ingestion pipeline; and the sending side (publish one
document's ingestion, re-send stuck ones).

Delivery is at-least-once: `acks_late` + `reject_on_worker_lost` put the message back when a worker dies
mid-task, and the `documents_sweep` task (Celery beat, every minute) re-sends documents whose message was
never published (broker down at upload) or whose worker vanished (claim lease expired). Every task is
idempotent: the document is claimed with a conditional UPDATE, pages are unique per (document, number), and
a duplicate delivery of a finished document does nothing.

Services enqueue (`knowledge.services.ingestion_enqueue` → `ingestion_send` after commit); tasks call the
pipeline; nothing here imports the services.
"""
from __future__ import annotations

import logging
from datetime import datetime, timedelta

from celery import Signature, shared_task
from django.db import InterfaceError, OperationalError
from django.db.models import Q
from django.utils import timezone

from core.broker import broker_reachable
from knowledge.ingestion import pipeline
from knowledge.models import Document

logger = logging.getLogger(__name__)

_RELIABLE = dict(bind=True, acks_late=True, reject_on_worker_lost=True, ignore_result=True,
                 autoretry_for=(OperationalError, InterfaceError), retry_backoff=2, retry_backoff_max=60,
                 max_retries=5)

# A pending document whose message was published this long ago without a worker claiming it is sent again
# (a lost message is rare; a long queue only costs a duplicate that the claim turns into a no-op).
REQUEUE_PENDING_AFTER = timedelta(minutes=30)


@shared_task(name="knowledge.ingest_pages", **_RELIABLE)
def ingest_pages_task(self, document_id: int) -> bool:
    """Both stages in one task: a finished document becomes searchable at once, instead of its finalize
    message waiting behind every ingest message queued after it."""
    return pipeline.document_ingest(document_id=document_id)


@shared_task(name="knowledge.finalize_document", **_RELIABLE)
def finalize_document_task(self, document_id: int) -> bool:
    """Kept for messages queued by older versions (ingest → finalize chains); a no-op unless stage 1 is done."""
    return pipeline.document_finalize(document_id=document_id)


@shared_task(name="knowledge.documents_sweep", ignore_result=True)
def documents_sweep_task() -> int:
    return documents_sweep()


def ingestion_chain(document_id: int) -> Signature:
    """The signature that ingests one document (parse → pages → facts → embeddings → searchable)."""
    return ingest_pages_task.si(document_id)


def ingestion_send(*, document_id: int) -> bool:
    """Publish the ingestion task now; record when. False (logged) when the broker cannot be reached."""
    if not broker_reachable():
        logger.warning("broker unreachable: ingestion of document %s left for the sweeper", document_id)
        return False
    try:
        ingestion_chain(document_id).apply_async(retry=False)
    except Exception as exc:  # noqa: BLE001 - kombu/redis raise many types; all mean "not sent"
        logger.warning("could not queue ingestion of document %s (the sweeper will retry): %s", document_id, exc)
        return False
    Document.objects.filter(id=document_id).update(enqueued_at=timezone.now())
    return True


def documents_sweep(*, now: datetime | None = None) -> int:
    """Re-send work that would otherwise be stuck (run every minute by Celery beat):

    - `pending` documents never published (broker down at upload) or published long ago and never claimed;
    - `processing` documents whose claim lease expired (the worker died; the claim may be taken over).
    Returns how many were sent."""
    now = now or timezone.now()
    stuck = Document.objects.filter(
        Q(status=Document.Status.PENDING, enqueued_at__isnull=True)
        | Q(status=Document.Status.PENDING, enqueued_at__lt=now - REQUEUE_PENDING_AFTER)
        | Q(status=Document.Status.PROCESSING, claimed_at__isnull=True, enqueued_at__lt=now - pipeline.CLAIM_LEASE)
        | Q(status=Document.Status.PROCESSING, claimed_at__lt=now - pipeline.CLAIM_LEASE)
    ).exclude(Q(status=Document.Status.PROCESSING) & Q(enqueued_at__gte=now - pipeline.CLAIM_LEASE))
    sent = 0
    for document_id in stuck.order_by("id").values_list("id", flat=True)[:500]:
        if not ingestion_send(document_id=document_id):
            break  # the broker is still down: try again next sweep
        sent += 1
    if sent:
        logger.info("documents sweep re-queued %s document(s)", sent)
    return sent
