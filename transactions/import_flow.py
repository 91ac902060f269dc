"""Preview → confirm → import: read a statement without storing anything, let the user choose (date order,
sign, account, whether to import the readable rows of an imperfect file, whether to import a statement whose
balances do not add up), then run the import at once or on the worker.

The web page and the API call these services; `importing.transactions_import` does the import itself.
"""
from __future__ import annotations

import hashlib
import io
import logging
from datetime import date
from typing import Any, cast

from django.conf import settings
from django.db import IntegrityError, connection, transaction

from core import broker
from core.csv_safe import csv_writer
from core.errors import DomainError, NotFound
from core.types import AuthUser
from core.uploads import upload_size_check

from .categories import categories_ensure_defaults
from .import_rows import fingerprints_compute
from .import_run import import_batch_run, import_previews_expire
from .importing import STORED_ERRORS, balance_message, file_name_clean, sign_apply
from .models import Account, ImportBatch, SignConvention
from .parsing import ParsedStatement, statement_parse
from .selectors import user_currency
from .tasks import import_batch_task

logger = logging.getLogger(__name__)

PREVIEW_ROWS = 10
PREVIEW_ERRORS = 50
ROLE_WORDS = {"date": "date", "value_date": "value date (when there is no date)",
              "description": "description", "counterparty": "description (counterparty, first)",
              "memo": "description (added after it)", "type": "description (when there is none)",
              "reference": "description (when there is none)", "sign": "money out or in",
              "status": "status (pending rows are left out)", "account": "account (one per file)",
              "amount": "amount", "debit": "money out", "credit": "money in", "balance": "balance",
              "category": "category", "currency": "currency", "notes": "notes"}
DATE_FORMAT_CHOICES = {"DMY": "day/month/year", "MDY": "month/day/year", "YMD": "year-month-day"}
_FORMAT_NAMES = {"ofx": "OFX/QFX", "camt053": "CAMT.053", "mt940": "MT940", "qif": "QIF", "pdf": "PDF",
                 "xlsx": "Excel", "xls": "Excel", "csv": "CSV"}


def _long_date(d: date) -> str:
    return f"{d.day} {d:%B %Y}"


def _date_format_text(parsed: ParsedStatement, *, ambiguous: bool) -> str:
    """How the dates were read, in words, with the first row as the example."""
    first = parsed.rows[0] if parsed.rows else None
    sample = parsed.date_sample or (first.date.isoformat() if first else "")
    example = f" (e.g. {sample} = {_long_date(first.date)})" if first and sample else ""
    key = (parsed.date_format or "").upper()
    if ambiguous:
        return (f"Moneta cannot tell whether dates like {sample or '03/04/2026'} are day/month or month/day: choose "
                f"below. Shown here as day/month/year{example}.")
    if key in DATE_FORMAT_CHOICES:
        return f"Dates read as {DATE_FORMAT_CHOICES[key]}{example}"
    if key == "TEXT":
        return f"Dates written with the month's name{example}"
    if "%" in key:
        return f"Dates read with the pattern {parsed.date_format}{example}"
    name = _FORMAT_NAMES.get(parsed.file_format, parsed.file_format.upper())
    return f"Dates come from the {name} file itself, nothing to guess{example}"


def _columns(parsed: ParsedStatement) -> list[dict[str, Any]]:
    roles = {idx: role for role, idx in parsed.columns.items() if isinstance(idx, int)}
    if parsed.headers:
        return [{"column": (h or f"column {i + 1}"), "role": roles.get(i, ""),
                 "meaning": ROLE_WORDS.get(roles.get(i, ""), "not imported")} for i, h in enumerate(parsed.headers)]
    if roles:  # a file without a header row: the columns were recognised from their values
        return [{"column": f"column {i + 1}", "role": role, "meaning": ROLE_WORDS.get(role, role)}
                for i, role in sorted(roles.items())]
    name = _FORMAT_NAMES.get(parsed.file_format, parsed.file_format.upper())
    return [{"column": f"{name} fields", "role": "", "meaning": "date, description, amount (as the format defines them)"}]


def _sign_detect(parsed: ParsedStatement) -> str:
    """A card statement that says so (`sign_hint`), or a single amount column where nearly every row is positive,
    reads like a credit-card export (purchases positive, payments negative); a bank account has mostly money going
    out. The user can always change it."""
    if parsed.sign_hint:
        return parsed.sign_hint
    if "amount" not in parsed.columns or "sign" in parsed.columns or len(parsed.rows) < 5:
        return SignConvention.NEGATIVE_OUT
    positive = sum(1 for r in parsed.rows if r.amount > 0)
    return SignConvention.POSITIVE_OUT if positive >= 0.8 * len(parsed.rows) else SignConvention.NEGATIVE_OUT


def _sign_text(parsed: ParsedStatement, sign_convention: str) -> str:
    if "amount" not in parsed.columns and ("debit" in parsed.columns or "credit" in parsed.columns):
        return "Money out is read from the money-out (debit) column and money in from the money-in (credit) column"
    if "sign" in parsed.columns:
        return "Money out and in are read from the debit/credit column beside the amount"
    if sign_convention == SignConvention.POSITIVE_OUT:
        return "Money out is shown as positive amounts (and money in as negative ones)"
    return "Money out is shown as negative amounts"


def _statement_read(*, user: AuthUser, file_name: str, content: bytes, date_format: str | None
                    ) -> tuple[ParsedStatement, bool]:
    """Parse for the preview. An ambiguous D/M vs M/D file is still shown (read day first) and flagged, so the
    user can choose instead of meeting an error."""
    try:
        return statement_parse(file_name=file_name, content=content, date_format=date_format,
                               default_currency=user_currency(user=user)), False
    except DomainError as exc:
        if exc.code != "ambiguous_date_format" or date_format:
            raise
    return statement_parse(file_name=file_name, content=content, date_format="DMY",
                           default_currency=user_currency(user=user)), True


def _preview_build(*, user: AuthUser, file_name: str, content: bytes, date_format: str | None,
                   sign_convention: str | None) -> tuple[dict[str, Any], list[dict[str, Any]], str]:
    """What the import would do, computed without storing anything: (preview, every bad row, sign used)."""
    parsed, ambiguous = _statement_read(user=user, file_name=file_name, content=content, date_format=date_format)
    sign = sign_convention or _sign_detect(parsed)
    sign_apply(parsed, sign)
    columns = _columns(parsed)
    fingerprints = fingerprints_compute(parsed.rows)
    with connection.cursor() as cur:
        cur.execute("SELECT count(*) FROM unnest(%s::text[]) AS f(fp) "
                    "JOIN transactions_transaction t ON t.user_id = %s AND t.fingerprint = f.fp",
                    [fingerprints, user.id])
        duplicates = cur.fetchone()[0]
    rows = [{"line": r.line, "date": r.date.isoformat(), "description": r.description, "amount": str(r.amount),
             "currency": r.currency, "direction": "out" if r.amount < 0 else "in"} for r in parsed.rows[:PREVIEW_ROWS]]
    bad = parsed.bad_row_count
    preview = {
        "file_format": parsed.file_format, "rows_total": len(parsed.rows) + bad,
        "rows_readable": len(parsed.rows), "rows_unreadable": bad, "rows_duplicate": duplicates,
        "rows_skipped": len(parsed.skipped), "skipped": parsed.skipped[:20],
        "money_out": sum(1 for r in parsed.rows if r.amount < 0), "money_in": sum(1 for r in parsed.rows if r.amount > 0),
        "first_date": min((r.date for r in parsed.rows), default=None),
        "last_date": max((r.date for r in parsed.rows), default=None),
        "currencies": sorted({r.currency for r in parsed.rows}),
        "date_format": "" if ambiguous else parsed.date_format, "date_format_ambiguous": ambiguous,
        "date_format_text": _date_format_text(parsed, ambiguous=ambiguous),
        "date_format_adjustable": parsed.file_format in ("csv", "xlsx", "xls", "qif", "pdf"),
        "sign_convention": str(sign), "sign_text": _sign_text(parsed, sign),
        "sign_adjustable": "amount" in parsed.columns or parsed.file_format not in ("csv", "xlsx", "xls", "pdf"),
        "columns": columns,
        "columns_text": "Columns: " + ", ".join(f"{c['column']} → {c['meaning']}" for c in columns),
        "rows": rows, "error_count": bad, "errors": parsed.errors[:PREVIEW_ERRORS],
        "balances": [b.as_dict() for b in parsed.balances],
        "balance_problems": parsed.balance_problems[:20],
        "balance_text": balance_message(parsed) if parsed.balance_problems else "",
        "date_format_reason": parsed.date_format_reason, "header_cells": parsed.headers,
    }
    if parsed.date_format_reason and not ambiguous:
        preview["date_format_text"] += f" — because {parsed.date_format_reason}; change it below if that is wrong"
    for key in ("first_date", "last_date"):
        preview[key] = preview[key].isoformat() if preview[key] else None
    return preview, parsed.errors, str(sign)


def import_preview_create(*, user: AuthUser, file_name: str, content: bytes, date_format: str | None = None,
                          sign_convention: str | None = None) -> ImportBatch:
    """Read a statement and keep it as a `preview` batch: nothing is imported until `import_confirm`. A file
    Moneta cannot read at all (wrong format, no header, empty) or one over the upload limit raises DomainError
    naming what is wrong."""
    upload_size_check(file_name=file_name, size=len(content))
    file_name = file_name_clean(file_name)
    sign_convention = _sign_choice(sign_convention)
    import_previews_expire(user=user)
    categories_ensure_defaults(user=user)
    preview, errors, sign = _preview_build(user=user, file_name=file_name, content=content, date_format=date_format,
                                           sign_convention=sign_convention)
    if not preview["rows_readable"] and errors:
        # Nothing could be read: there is nothing to choose, so the file is refused here with every reason.
        first = errors[0]
        where = f"line {first['line']}" if first.get("line") is not None else "the file"
        raise DomainError(f"{file_name}: none of its {preview['error_count']} rows can be read, so there is "
                          f"nothing to import. First: {where}, {first['field']}: {first['reason']}.",
                          code="import_failed", details={"file": file_name, "error_count": preview["error_count"],
                                                         "errors": errors[:100], "rows_readable": 0})
    return ImportBatch.objects.create(
        user=user, file_name=file_name[:255], file_format=preview["file_format"],
        sha256=hashlib.sha256(content).hexdigest(), status=ImportBatch.Status.PREVIEW, content=content,
        rows_total=preview["rows_readable"], date_format=(date_format or "").strip()[:40], sign_convention=sign,
        error_count=preview["error_count"], errors=errors[:STORED_ERRORS], details={"preview": preview},
        message=f"Preview: {preview['rows_readable']} rows read, nothing imported yet")


def _sign_choice(value: str | None) -> str | None:
    value = (value or "").strip() or None
    if value is not None and value not in SignConvention.values:
        raise DomainError(f"Unknown sign convention {value!r}: use negative_out (money out is negative) or "
                          "positive_out (money out is positive).", code="validation_error",
                          details={"field": "sign_convention"})
    return value


def _preview_own(*, user: AuthUser, batch_id: int) -> ImportBatch:
    batch = ImportBatch.objects.filter(user=user, id=batch_id).first()
    if batch is None:
        raise NotFound(f"Import {batch_id} not found.")
    if batch.status != ImportBatch.Status.PREVIEW:
        raise DomainError(f"Import {batch_id} was already confirmed ({batch.get_status_display().lower()}).",
                          code="conflict", status_code=409, details={"status": batch.status})
    return batch


def import_preview_update(*, user: AuthUser, batch_id: int, date_format: str | None = None,
                          sign_convention: str | None = None) -> ImportBatch:
    """The user corrected the date format or the sign convention: read the stored file again that way."""
    batch = _preview_own(user=user, batch_id=batch_id)
    sign_convention = _sign_choice(sign_convention)
    content = bytes(cast("bytes | memoryview", batch.content))  # a preview batch always keeps its file
    preview, errors, sign = _preview_build(user=user, file_name=batch.file_name, content=content,
                                           date_format=date_format, sign_convention=sign_convention)
    batch.date_format = (date_format or "").strip()[:40]
    batch.sign_convention = sign
    batch.rows_total = preview["rows_readable"]
    batch.error_count, batch.errors = preview["error_count"], errors[:STORED_ERRORS]
    batch.details = {"preview": preview}
    batch.save(update_fields=["date_format", "sign_convention", "rows_total", "error_count", "errors", "details"])
    return batch


def account_resolve(*, user: AuthUser, account_id: int | None = None, account_name: str | None = None,
                    currency: str | None = None) -> Account | None:
    """One of the user's accounts by id (another user's id is NotFound), or by name, created when new."""
    if account_id:
        account = Account.objects.filter(user=user, id=account_id).first()
        if account is None:
            raise NotFound(f"Account {account_id} not found.")
        return account
    name = " ".join((account_name or "").split())
    if not name:
        return None
    if len(name) > 80:
        raise DomainError("An account name has at most 80 characters.", code="validation_error",
                          details={"field": "account_name"})
    existing = Account.objects.filter(user=user, name__iexact=name).first()
    if existing is not None:
        return existing
    try:
        with transaction.atomic():
            return Account.objects.create(user=user, name=name, currency=(currency or user_currency(user=user))[:3])
    except IntegrityError:  # created by a parallel request a moment ago
        return Account.objects.get(user=user, name__iexact=name)


def import_confirm(*, user: AuthUser, batch_id: int, account_id: int | None = None, account_name: str | None = None,
                   date_format: str | None = None, sign_convention: str | None = None,
                   skip_bad_rows: bool = False, accept_balance_mismatch: bool = False,
                   inline: bool | None = None) -> ImportBatch:
    """Confirm a preview: the import runs now for a small file, or on the worker for a large one (more rows
    than settings.MONETA_IMPORT_INLINE_MAX_ROWS); either way the batch shows its progress and, at the end,
    its result. A file with unreadable rows needs `skip_bad_rows` (import the readable rows; the rest stay on the
    batch as a CSV to download); one whose balances do not add up needs `accept_balance_mismatch` ("import
    anyway"). Rows already imported are skipped. A new account named here is not kept if the import fails."""
    batch = _preview_own(user=user, batch_id=batch_id)
    if date_format is not None or sign_convention is not None:
        changed_date = (date_format or "").strip() != batch.date_format
        changed_sign = sign_convention and sign_convention != batch.sign_convention
        if changed_date or changed_sign:
            batch = import_preview_update(user=user, batch_id=batch_id, date_format=date_format,
                                          sign_convention=sign_convention or batch.sign_convention)
    preview = (batch.details or {}).get("preview") or {}
    if preview.get("date_format_ambiguous") and not batch.date_format:
        raise DomainError("Choose how the dates are written (day/month or month/day) before importing.",
                          code="ambiguous_date_format", details={"field": "date_format", "choices": ["DMY", "MDY"]})
    if preview.get("error_count") and not skip_bad_rows:
        raise DomainError(f"{preview['error_count']} of the {preview.get('rows_total')} rows cannot be read. Import "
                          f"the {preview.get('rows_readable')} readable rows (skip_bad_rows) and download the others "
                          "to fix them, or fix the file and upload it again.", code="bad_rows",
                          details={"field": "skip_bad_rows", "error_count": preview["error_count"],
                                   "rows_readable": preview.get("rows_readable")})
    if preview.get("balance_problems") and not accept_balance_mismatch:
        raise DomainError(preview.get("balance_text") or "The balances printed in the file do not add up.",
                          code="balance_mismatch", details={"field": "accept_balance_mismatch",
                                                            "balance_problems": preview["balance_problems"]})
    currencies = preview.get("currencies") or []
    existed = set(Account.objects.filter(user=user).values_list("id", flat=True))
    account = account_resolve(user=user, account_id=account_id, account_name=account_name,
                              currency=currencies[0] if len(currencies) == 1 else None)
    choices = {"skip_bad_rows": bool(skip_bad_rows), "accept_balance_mismatch": bool(accept_balance_mismatch),
               "new_account": account is not None and account.id not in existed}
    claimed = ImportBatch.objects.filter(id=batch.id, status=ImportBatch.Status.PREVIEW).update(
        status=ImportBatch.Status.QUEUED, account=account, rows_processed=0,
        message="Waiting to start", details={**(batch.details or {}), "choices": choices})
    if not claimed:
        raise DomainError(f"Import {batch_id} was already confirmed.", code="conflict", status_code=409)
    if inline is None:
        inline = batch.rows_total <= settings.MONETA_IMPORT_INLINE_MAX_ROWS
    if inline:
        import_batch_run(batch_id=batch.id, report_progress=False)  # done before the page could poll
    else:
        transaction.on_commit(lambda: import_batch_send(batch_id=batch.id), robust=True)
    return ImportBatch.objects.defer("content").get(id=batch.id)


def import_batch_send(*, batch_id: int) -> bool:
    """Hand a confirmed import to the worker. False (logged) when the broker cannot be reached: the batch stays
    queued and the page says it is waiting for the worker."""
    if not broker.broker_reachable():
        logger.warning("broker unreachable: import %s stays queued", batch_id)
        return False
    try:
        import_batch_task.apply_async((batch_id,), retry=False)
    except Exception as exc:  # noqa: BLE001 - kombu/redis raise many types; all mean "not sent"
        logger.warning("could not queue import %s: %s", batch_id, exc)
        return False
    return True


def import_rejects_csv(*, user: AuthUser, batch_id: int) -> tuple[str, str]:
    """The rows of an import that could not be read, as a CSV to fix and import again: (file name, text).
    Each row carries its line number and the reason, then the row's own cells (under the file's header) when
    the format has cells. Another user's id is NotFound."""
    batch = ImportBatch.objects.filter(user=user, id=batch_id).defer("content").first()
    if batch is None:
        raise NotFound(f"Import {batch_id} not found.")
    details = batch.details or {}
    headers = details.get("headers") or (details.get("preview") or {}).get("header_cells") or []
    errors = batch.errors or []
    out = io.StringIO()
    writer = csv_writer(out)  # a cell a spreadsheet would run as a formula is quoted (core/csv_safe.py)
    writer.writerow(["line", "field", "problem", *headers])
    for err in errors:
        writer.writerow([err.get("line") if err.get("line") is not None else "", err.get("field") or "",
                         err.get("reason") or "", *(err.get("raw") or [])])
    if batch.error_count > len(errors):
        writer.writerow(["", "", f"… and {batch.error_count - len(errors)} more unreadable rows not listed"])
    stem = "".join(c if c.isalnum() or c in "._-" else "_" for c in batch.file_name.rsplit(".", 1)[0])[:60]
    return f"{stem or 'statement'}-unreadable-rows.csv", out.getvalue()
