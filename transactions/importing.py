"""Importing a statement: parse, check, de-duplicate, find merchants, categorise and COPY rows in one transaction.

The preview → confirm flow (`import_flow.py`), the API, the web page and `manage.py import_transactions` all end
here. Nothing is half-written: the rows go in one transaction, or none do.
"""
from __future__ import annotations

import gc
import hashlib
import logging
import re
from collections import Counter
from collections.abc import Callable
from datetime import date, timedelta
from typing import Any, cast

from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from core.errors import DomainError
from core.types import AuthUser
from core.uploads import upload_size_check

from .accounts import balance_checkpoint_record
from .categories import categories_ensure_defaults
from .import_rows import fingerprints_compute, rows_copy, rows_prepare, rule_hits_record
from .models import Account, CategorySource, ImportBatch, SignConvention
from .parsing import MAX_REPORTED_ERRORS, ParsedStatement, statement_parse
from .selectors import user_currency
from .subscriptions import subscriptions_detect
from .transfers import TRANSFER_WINDOW_DAYS, transfers_detect

_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
# A batch keeps this many bad rows for its report (and the CSV of unreadable rows); the API's error answer lists
# the first MAX_REPORTED_ERRORS.
STORED_ERRORS = 1000

logger = logging.getLogger(__name__)


def file_name_clean(file_name: str) -> str:
    """A file name is shown back to the user and stored: no control characters (Postgres rejects NUL)."""
    return _CONTROL.sub("", file_name or "")[:255] or "statement"


def _batch_failed(*, user: AuthUser, file_name: str, sha: str, message: str, errors: list[dict[str, Any]], total: int,
                  batch: ImportBatch | None = None) -> ImportBatch:
    if batch is None:
        return ImportBatch.objects.create(user=user, file_name=file_name[:255], sha256=sha,
                                          status=ImportBatch.Status.FAILED, error_count=total,
                                          errors=errors[:MAX_REPORTED_ERRORS], message=message)
    ImportBatch.objects.filter(id=batch.id).update(status=ImportBatch.Status.FAILED, error_count=total,
                                                   errors=errors[:STORED_ERRORS], message=message,
                                                   finished_at=timezone.now())
    return batch


def transactions_import(*, user: AuthUser, file_name: str, content: bytes, date_format: str | None = None,
                        sign_convention: str | None = None, account: Account | None = None,
                        batch: ImportBatch | None = None, progress: Callable[[int], None] | None = None,
                        skip_bad_rows: bool = False, accept_balance_mismatch: bool = False) -> ImportBatch:
    """Import a bank statement; see `_transactions_import`. The cyclic garbage collector is paused meanwhile:
    a 100k-row statement allocates millions of small objects and repeated full collections over them cost
    more than the rest of the import."""
    upload_size_check(file_name=file_name, size=len(content))
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _transactions_import(user=user, file_name=file_name, content=content, date_format=date_format,
                                    sign_convention=sign_convention, account=account, batch=batch, progress=progress,
                                    skip_bad_rows=skip_bad_rows, accept_balance_mismatch=accept_balance_mismatch)
    finally:
        if enabled:
            gc.enable()


def sign_apply(parsed: ParsedStatement, sign_convention: str | None) -> None:
    """"Money out is shown as positive amounts" (many credit-card exports): turn every amount round."""
    if sign_convention == SignConvention.POSITIVE_OUT:
        for row in parsed.rows:
            row.amount = -row.amount


def bad_rows_message(*, file_name: str, parsed: ParsedStatement) -> str:
    total = parsed.bad_row_count
    first = parsed.errors[0]
    where = f"line {first['line']}" if first.get("line") is not None else "the file"
    return (f"{file_name}: {total} unreadable row{'s' if total != 1 else ''} of "
            f"{len(parsed.rows) + total}; nothing was imported. First: {where}, {first['field']}: {first['reason']}.")


def balance_message(parsed: ParsedStatement) -> str:
    first = parsed.balance_problems[0]
    more = len(parsed.balance_problems) - 1
    return (f"The balances printed in the file do not add up: {first['reason']}"
            + (f" (and {more} more statement{'s' if more != 1 else ''})" if more else "")
            + ". Check that the file is complete; you can still import it anyway.")


def _refusals(*, user: AuthUser, file_name: str, sha: str, parsed: ParsedStatement, batch: ImportBatch | None,
              skip_bad_rows: bool, accept_balance_mismatch: bool) -> None:
    """Raise DomainError (recording the failed batch) for what the user has not agreed to import."""
    if parsed.errors and (not skip_bad_rows or not parsed.rows):
        total = parsed.bad_row_count
        shown = parsed.errors[:MAX_REPORTED_ERRORS]
        message = bad_rows_message(file_name=file_name, parsed=parsed)
        failed = _batch_failed(user=user, file_name=file_name, sha=sha, message=message,
                               errors=parsed.errors if batch is not None else shown, total=total, batch=batch)
        raise DomainError(message, code="import_failed", details={
            "file": file_name, "error_count": total, "rows_readable": len(parsed.rows), "errors": shown,
            "errors_truncated": len(parsed.errors) > len(shown), "batch_id": failed.id})
    if parsed.balance_problems and not accept_balance_mismatch:
        message = balance_message(parsed)
        failed = _batch_failed(user=user, file_name=file_name, sha=sha, message=message,
                               errors=[{"line": p.get("line"), "field": "balance", "reason": p["reason"]}
                                       for p in parsed.balance_problems], total=len(parsed.balance_problems),
                               batch=batch)
        raise DomainError(message, code="balance_mismatch", details={
            "file": file_name, "field": "balance", "balance_problems": parsed.balance_problems[:20],
            "batch_id": failed.id})
    if not parsed.rows:
        skipped = f" ({len(parsed.skipped)} row(s) left out: {parsed.skipped[0]['reason']})" if parsed.skipped else ""
        raise DomainError(f"{file_name} holds no transactions{skipped}.", code="bad_file",
                          details={"file": file_name, "field": "file"})


def _transactions_import(*, user: AuthUser, file_name: str, content: bytes, date_format: str | None,
                         sign_convention: str | None, account: Account | None, batch: ImportBatch | None,
                         progress: Callable[[int], None] | None, skip_bad_rows: bool,
                         accept_balance_mismatch: bool) -> ImportBatch:
    """Import a bank statement (CSV, OFX/QFX, QIF, CAMT.053, MT940, XLSX/XLS, PDF).

    Unreadable rows → DomainError listing each (line, field, reason; first 100 + the total) and nothing stored,
    unless `skip_bad_rows`: then the readable rows are imported and the batch keeps the unreadable ones for the
    user to download. Balances that do not add up → DomainError naming the statement and the difference, unless
    `accept_balance_mismatch`. Rows already imported (same fingerprint) are skipped, so re-importing a file or an
    overlapping statement adds only what is new. New rows run through the categorisation chain.

    `batch`: an existing batch of the preview flow, filled in (or marked failed) instead of a new one;
    `progress(rows_done)` is called while rows are categorised; `account` is set on every new row.
    """
    sha = hashlib.sha256(content).hexdigest()
    file_name = file_name_clean(file_name)
    categories_ensure_defaults(user=user)
    try:
        parsed = statement_parse(file_name=file_name, content=content, date_format=date_format,
                                 default_currency=user_currency(user=user))
    except DomainError as exc:
        # A parse error's details are a dict (the parsers never give a list).
        exc_details = cast("dict[str, Any]", exc.details or {})
        failed = _batch_failed(user=user, file_name=file_name, sha=sha, message=exc.message,
                               errors=[{"line": exc_details.get("line"), "field": exc_details.get("field", "file"),
                                        "reason": exc.message}], total=1, batch=batch)
        exc.details = {**exc_details, "file": file_name, "batch_id": failed.id}
        raise
    _refusals(user=user, file_name=file_name, sha=sha, parsed=parsed, batch=batch, skip_bad_rows=skip_bad_rows,
              accept_balance_mismatch=accept_balance_mismatch)
    sign_apply(parsed, sign_convention or parsed.sign_hint)
    fingerprints = fingerprints_compute(parsed.rows)
    with transaction.atomic():
        with connection.cursor() as cur:
            cur.execute("SELECT t.fingerprint FROM unnest(%s::text[]) AS f(fp) "
                        "JOIN transactions_transaction t ON t.user_id = %s AND t.fingerprint = f.fp",
                        [fingerprints, user.id])
            existing = {row[0] for row in cur.fetchall()}
            # Rows the user deleted stay deleted when the same statement is imported again (editing.py).
            cur.execute("SELECT fingerprint FROM transactions_deletedtransaction WHERE user_id = %s "
                        "AND fingerprint = ANY(%s)", [user.id, fingerprints])
            existing.update(row[0] for row in cur.fetchall())
        fresh = [(r, fp) for r, fp in zip(parsed.rows, fingerprints) if fp not in existing]
        if batch is None:
            batch = ImportBatch.objects.create(user=user, file_name=file_name[:255], file_format=parsed.file_format,
                                               sha256=sha, rows_total=len(parsed.rows), account=account)
        duplicates = len(parsed.rows) - len(fresh)
        step = None if progress is None else (lambda done: progress(duplicates + done))
        if step is not None:
            step(0)
        prepared = rows_prepare(user=user, rows=[r for r, _ in fresh], fingerprints=[fp for _, fp in fresh],
                                progress=step)
        try:
            with transaction.atomic():
                rows_copy(user=user, prepared=prepared, batch_id=batch.id,
                          account_id=account.id if account is not None else None)
        except IntegrityError as exc:
            raise DomainError("Another import of the same transactions ran at the same time; try again.",
                              code="conflict", status_code=409) from exc
        rule_hits_record(prepared)
        _batch_imported(batch=batch, parsed=parsed, prepared_sources=Counter(p.decision.source for p in prepared),
                        created=len(prepared), sha=sha)
        if account is not None:
            _checkpoints_record(user=user, account=account, parsed=parsed, batch=batch)
        if prepared:
            _transfers_detect_safely(user=user, since=min(r.date for r in parsed.rows))
            _subscriptions_detect_safely(user=user)
    return batch


def _batch_imported(*, batch: ImportBatch, parsed: ParsedStatement, prepared_sources: Counter[str], created: int,
                    sha: str) -> None:
    batch.rows_created = created
    batch.rows_duplicate = len(parsed.rows) - created
    batch.rows_categorised = sum(n for s, n in prepared_sources.items() if s != CategorySource.NONE)
    bad = parsed.bad_row_count
    batch.error_count = bad
    batch.errors = parsed.errors[:STORED_ERRORS]
    batch.details = {**(batch.details or {}), "date_format": parsed.date_format, "columns": parsed.columns,
                     "headers": parsed.headers,
                     "by_source": {str(k): v for k, v in prepared_sources.items()},
                     "first_date": min(r.date for r in parsed.rows).isoformat(),
                     "last_date": max(r.date for r in parsed.rows).isoformat(),
                     "skipped": parsed.skipped[:STORED_ERRORS], "balances": [b.as_dict() for b in parsed.balances],
                     "balance_problems": parsed.balance_problems[:20]}
    parts = [f"{batch.rows_created} new", f"{batch.rows_duplicate} already imported",
             f"{batch.rows_categorised} categorised"]
    if bad:
        parts.append(f"{bad} unreadable row{'s' if bad != 1 else ''} not imported")
    if parsed.skipped:
        parts.append(f"{len(parsed.skipped)} left out (pending or not transactions)")
    if parsed.balance_problems:
        parts.append("imported although the balances do not add up")
    batch.message = ", ".join(parts)
    batch.status, batch.file_format, batch.sha256 = ImportBatch.Status.IMPORTED, parsed.file_format, sha
    batch.rows_total = batch.rows_processed = len(parsed.rows)
    batch.finished_at = timezone.now()
    batch.content = None  # imported: the stored upload is no longer needed
    batch.save()


def _checkpoints_record(*, user: AuthUser, account: Account, parsed: ParsedStatement, batch: ImportBatch) -> None:
    """Hand each statement's closing balance (as printed, for the end of its date) to the ledger's account
    checkpoints (`accounts.balance_checkpoint_record`, where reconciliation compares against it). Rows' running
    balances are stored on the rows themselves (`Transaction.balance`)."""
    for balance in parsed.balances:
        if balance.closing is None or balance.closing_date is None:
            continue
        with transaction.atomic():
            balance_checkpoint_record(user=user, account_id=account.id, date=balance.closing_date,
                                      balance=balance.closing, source=f"{parsed.file_format} statement closing",
                                      batch_id=batch.id)


def _transfers_detect_safely(*, user: AuthUser, since: date) -> None:
    """Pair transfers between the user's accounts among the new rows (transfers.transfers_detect); like
    subscription detection, a failure there never fails the import."""
    try:
        with transaction.atomic():
            transfers_detect(user=user, since=since - timedelta(days=TRANSFER_WINDOW_DAYS))
    except Exception:  # noqa: BLE001 - logged with its traceback; the import itself succeeded
        logger.exception("transfer detection failed for user %s after an import", user.id)


def _subscriptions_detect_safely(*, user: AuthUser) -> None:
    """Subscription detection is a bonus of an import: a bug or odd data there must never fail the import.
    A savepoint keeps a database error from spoiling the import's transaction."""
    try:
        with transaction.atomic():
            subscriptions_detect(user=user)
    except Exception:  # noqa: BLE001 - logged with its traceback; the import itself succeeded
        logger.exception("subscription detection failed for user %s after an import", user.id)
