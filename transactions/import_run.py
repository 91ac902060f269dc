"""Running a confirmed statement import, and expiring unconfirmed previews: what the import tasks run.

`import_flow` (preview → confirm) decides whether a confirmed import runs inline or on the worker and enqueues it;
the tasks call this module, which imports neither of them back."""
from __future__ import annotations

import logging

from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.utils import timezone

from core.errors import DomainError
from core.types import AuthUser

from .importing import transactions_import
from .models import Account, ImportBatch, Transaction
from .selectors.imports import PREVIEW_KEPT_FOR

logger = logging.getLogger(__name__)


class _ProgressWriter:
    """Writes `rows_processed` through a connection of its own, committed at once, so the page polling the
    batch sees it move while the import's own transaction (all or nothing) is still open."""

    def __init__(self, batch_id: int):
        self.batch_id = batch_id
        self.conn = connections.create_connection(DEFAULT_DB_ALIAS)

    def __call__(self, done: int) -> None:
        with self.conn.cursor() as cur:
            cur.execute("UPDATE transactions_importbatch SET rows_processed = %s WHERE id = %s AND status = %s",
                        [done, self.batch_id, ImportBatch.Status.RUNNING])

    def close(self) -> None:
        self.conn.close()


def import_batch_run(*, batch_id: int, report_progress: bool = True) -> ImportBatch | None:
    """Run a confirmed import (the worker's task, or inline for a small file). Claimed with a conditional
    UPDATE, so a second delivery of the task does nothing. Failures are recorded on the batch (message and
    every bad row); nothing is half-written."""
    claimed = ImportBatch.objects.filter(id=batch_id, status=ImportBatch.Status.QUEUED).update(
        status=ImportBatch.Status.RUNNING, started_at=timezone.now(), rows_processed=0, message="Importing")
    if not claimed:
        return None
    batch = ImportBatch.objects.select_related("user", "account").get(id=batch_id)
    choices = (batch.details or {}).get("choices") or {}
    # Progress from another connection only when this one is not inside a transaction that holds the row
    # (an inline run in a request or a test): that writer would wait on the lock.
    writer = _ProgressWriter(batch_id) if report_progress and not connection.in_atomic_block else None
    try:
        return transactions_import(user=batch.user, file_name=batch.file_name, content=bytes(batch.content or b""),
                                   date_format=batch.date_format or None, sign_convention=batch.sign_convention,
                                   account=batch.account, batch=batch, progress=writer,
                                   skip_bad_rows=bool(choices.get("skip_bad_rows")),
                                   accept_balance_mismatch=bool(choices.get("accept_balance_mismatch")))
    except DomainError as exc:
        details = exc.details if isinstance(exc.details, dict) else {}
        ImportBatch.objects.filter(id=batch_id, status=ImportBatch.Status.RUNNING).update(
            status=ImportBatch.Status.FAILED, message=exc.message, finished_at=timezone.now(),
            error_count=details.get("error_count") or 1,
            errors=details.get("errors") or [{"line": details.get("line"), "field": details.get("field", "file"),
                                              "reason": exc.message}])
        _new_account_drop(batch_id=batch_id)
    except Exception:
        logger.exception("import %s failed", batch_id)
        ImportBatch.objects.filter(id=batch_id, status=ImportBatch.Status.RUNNING).update(
            status=ImportBatch.Status.FAILED, finished_at=timezone.now(), error_count=1,
            message="The import stopped on an unexpected error; nothing was imported. Try again.",
            errors=[{"line": None, "field": "file", "reason": "unexpected error (logged for the developers)"}])
        raise
    finally:
        if writer is not None:
            writer.close()
    return ImportBatch.objects.defer("content").get(id=batch_id)


def _new_account_drop(*, batch_id: int) -> None:
    """An account created by this import's confirm, still empty after the import failed, is not left behind."""
    batch = ImportBatch.objects.filter(id=batch_id).only("account_id", "details", "status").first()
    if batch is None or batch.status != ImportBatch.Status.FAILED or not batch.account_id:
        return
    if not ((batch.details or {}).get("choices") or {}).get("new_account"):
        return
    if not Transaction.objects.filter(account_id=batch.account_id).exists() and \
            not ImportBatch.objects.filter(account_id=batch.account_id).exclude(id=batch_id).exists():
        ImportBatch.objects.filter(id=batch_id).update(account=None)
        Account.objects.filter(id=batch.account_id).delete()


def import_previews_expire(*, user: AuthUser | None = None) -> int:
    """Delete previews nobody confirmed within PREVIEW_KEPT_FOR (with the file each keeps): they leave the
    import history. For one user, or everyone (the periodic task). Returns how many went."""
    stale = ImportBatch.objects.filter(status=ImportBatch.Status.PREVIEW,
                                       created_at__lt=timezone.now() - PREVIEW_KEPT_FOR)
    if user is not None:
        stale = stale.filter(user=user)
    deleted, _ = stale.delete()
    return deleted
