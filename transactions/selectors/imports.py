"""Reads for the import flow: the user's accounts, and one import's preview, progress and report."""
from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db.models import Q
from django.utils import timezone

from core.types import AuthUser

from ..models import Account, ImportBatch
from .ledger import import_batch_get

# A preview nobody confirmed is deleted after this (with the file it keeps), and no longer listed.
PREVIEW_KEPT_FOR = timedelta(days=1)


def account_list(*, user: AuthUser) -> list[Account]:
    return list(Account.objects.filter(user=user).order_by("name"))


def import_status(*, user: AuthUser, batch_id: int) -> dict[str, Any]:
    """One import as the page and the API show it: the preview (before anything is stored), then progress
    (rows processed of the total), then the result or every bad row. Another user's id is NotFound."""
    batch = import_batch_get(user=user, batch_id=batch_id)
    total = batch.rows_total or 0
    done = batch.rows_processed or 0
    finished = batch.status in (ImportBatch.Status.IMPORTED, ImportBatch.Status.FAILED)
    percent = 100 if batch.status == ImportBatch.Status.IMPORTED else (
        min(100, round(100 * done / total)) if total else 0)
    return {
        "id": batch.id, "file_name": batch.file_name, "file_format": batch.file_format, "status": batch.status,
        "status_text": batch.get_status_display(), "finished": finished,
        "account": ({"id": batch.account_id, "name": batch.account.name}
                    if batch.account_id and batch.account is not None else None),
        "date_format": batch.date_format, "sign_convention": batch.sign_convention,
        "rows_total": total, "rows_processed": total if batch.status == ImportBatch.Status.IMPORTED else done,
        "percent": percent, "rows_created": batch.rows_created, "rows_duplicate": batch.rows_duplicate,
        "rows_categorised": batch.rows_categorised, "error_count": batch.error_count, "errors": batch.errors or [],
        "message": batch.message, "preview": (batch.details or {}).get("preview"),
        "result": {k: v for k, v in (batch.details or {}).items() if k != "preview"},
        "created_at": batch.created_at.isoformat(),
        "started_at": batch.started_at.isoformat() if batch.started_at else None,
        "finished_at": batch.finished_at.isoformat() if batch.finished_at else None,
    }


def import_history(*, user: AuthUser) -> list[ImportBatch]:
    """The user's imports, newest first, without previews abandoned longer than a day (the periodic task
    deletes those; until it runs they are simply not listed)."""
    stale = Q(status=ImportBatch.Status.PREVIEW, created_at__lt=timezone.now() - PREVIEW_KEPT_FOR)
    return list(ImportBatch.objects.filter(user=user).exclude(stale).defer("content").select_related("account")[:100])
