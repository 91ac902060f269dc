"""Celery tasks for transactions: take ids, re-fetch, call one function of the module doing the work (never the
services that enqueue them, so no module imports back the one that imports it)."""
from __future__ import annotations

from celery import shared_task
from django.contrib.auth import get_user_model
from django.db import InterfaceError, OperationalError

from transactions.import_run import import_batch_run, import_previews_expire
from transactions.refiling import transactions_recategorise
from transactions.rollup import rollup_check


@shared_task(name="transactions.recategorise", acks_late=True, reject_on_worker_lost=True, ignore_result=True,
             autoretry_for=(OperationalError, InterfaceError), retry_backoff=2, max_retries=5)
def recategorise_task(user_id: int) -> int:
    """Re-file a user's automatically categorised transactions after a rule changed (idempotent)."""
    user = get_user_model().objects.filter(id=user_id).first()
    return transactions_recategorise(user=user) if user is not None else 0


@shared_task(name="transactions.import_batch", acks_late=True, reject_on_worker_lost=True, ignore_result=True,
             autoretry_for=(OperationalError, InterfaceError), retry_backoff=2, max_retries=5)
def import_batch_task(batch_id: int) -> str | None:
    """Run a confirmed statement import (claimed by status, so a second delivery does nothing)."""
    batch = import_batch_run(batch_id=batch_id)
    return batch.status if batch is not None else None


@shared_task(name="moneta.rollup_check", ignore_result=True)
def rollup_check_task() -> dict:
    """Periodic (beat): compare the monthly roll-up with the ledger and repair users that drifted."""
    return rollup_check()


@shared_task(name="transactions.import_previews_expire", ignore_result=True)
def import_previews_expire_task() -> int:
    """Delete import previews nobody confirmed within a day (they hold the uploaded file)."""
    return import_previews_expire()
