"""Celery tasks: take a document id, re-fetch, call one service.

Delivery is at-least-once: `acks_late` + `reject_on_worker_lost` put the message back when a worker dies
mid-task, and the `documents_sweep` task (Celery beat, every minute) re-sends documents whose message was
never published (broker down at upload) or whose worker vanished (claim lease expired). Every task is
idempotent: the document is claimed with a conditional UPDATE, pages are unique per (document, number), and
a duplicate delivery of a finished document does nothing.
"""
from __future__ import annotations

from celery import shared_task
from django.db import InterfaceError, OperationalError

# A module import (not `from … import name`): services imports this module at its top too, and either may be
# imported first (Celery imports tasks; the web imports services).
from knowledge import services

_RELIABLE = dict(bind=True, acks_late=True, reject_on_worker_lost=True, ignore_result=True,
                 autoretry_for=(OperationalError, InterfaceError), retry_backoff=2, retry_backoff_max=60,
                 max_retries=5)


@shared_task(name="knowledge.ingest_pages", **_RELIABLE)
def ingest_pages_task(self, document_id: int) -> bool:
    """Both stages in one task: a finished document becomes searchable at once, instead of its finalize
    message waiting behind every ingest message queued after it."""
    if services.document_ingest_pages(document_id=document_id):
        return services.document_finalize(document_id=document_id)
    return False


@shared_task(name="knowledge.finalize_document", **_RELIABLE)
def finalize_document_task(self, document_id: int) -> bool:
    """Kept for messages queued by older versions (ingest → finalize chains); a no-op unless stage 1 is done."""
    return services.document_finalize(document_id=document_id)


@shared_task(name="knowledge.documents_sweep", ignore_result=True)
def documents_sweep_task() -> int:
    return services.documents_sweep()


def ingestion_chain(document_id: int):
    """The signature that ingests one document (parse → pages → facts → embeddings → searchable)."""
    return ingest_pages_task.si(document_id)
