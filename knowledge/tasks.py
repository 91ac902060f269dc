"""Celery tasks: take a document id, re-fetch, call one service. Both are idempotent (acks_late)."""
from __future__ import annotations

from celery import chain, shared_task
from django.db import InterfaceError, OperationalError


@shared_task(bind=True, acks_late=True, autoretry_for=(OperationalError, InterfaceError), retry_backoff=2,
             retry_backoff_max=60, max_retries=5, name="knowledge.ingest_pages")
def ingest_pages_task(self, document_id: int) -> bool:
    from knowledge.services import document_ingest_pages

    return document_ingest_pages(document_id=document_id)


@shared_task(bind=True, acks_late=True, autoretry_for=(OperationalError, InterfaceError), retry_backoff=2,
             retry_backoff_max=60, max_retries=5, name="knowledge.finalize_document")
def finalize_document_task(self, document_id: int) -> bool:
    from knowledge.services import document_finalize

    return document_finalize(document_id=document_id)


def ingestion_chain(document_id: int):
    """parse → pages → representation/PNG → summaries → facts → embeddings (stage 1), then searchable (stage 2)."""
    return chain(ingest_pages_task.si(document_id), finalize_document_task.si(document_id))
