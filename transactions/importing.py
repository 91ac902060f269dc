"""Importing statements: parse, de-duplicate, find merchants, categorise and COPY rows in one transaction."""
from __future__ import annotations

import gc
import hashlib
import json
import logging
import re
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any, cast

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, IntegrityError, connection, connections, transaction
from django.utils import timezone

from core.errors import DomainError, NotFound
from core.types import AuthUser
from core.uploads import upload_size_check

from .categories import categories_ensure_defaults, category_resolve
from .categorize import Decision, Item, categorise
from .models import (
    Account,
    CategorisationRule,
    CategorySource,
    ImportBatch,
    Merchant,
    SignConvention,
)
from .normalize import description_key, merchant_key, merchant_normalise_ex
from .parsing import MAX_REPORTED_ERRORS, ParsedRow, ParsedStatement, statement_parse
from .selectors import user_currency
from .subscriptions import subscriptions_detect

_DIGITS = re.compile(r"\d")


_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


logger = logging.getLogger(__name__)


@dataclass(slots=True)
class _Prepared:
    row: ParsedRow
    fingerprint: str
    merchant_id: int | None
    description_key: str
    decision: Decision


def _canonical(description: str) -> str:
    return " ".join(description.upper().split())


def _fingerprints(rows: list[ParsedRow]) -> list[str]:
    """Content fingerprints. The occurrence index keeps two genuine identical same-day purchases apart,
    while an overlapping statement (same rows, same order) produces the same fingerprints again."""
    seen: Counter[str] = Counter()
    out = []
    for r in rows:
        base = f"{r.date.isoformat()}|{r.amount}|{r.currency}|{_canonical(r.description)}"
        occurrence = seen[base]
        seen[base] += 1
        out.append(hashlib.sha256(f"{base}|{occurrence}".encode()).hexdigest())
    return out


def merchants_ensure(*, user: AuthUser, descriptions: list[str]) -> dict[str, tuple[int | None, str, str]]:
    """description → (merchant id, merchant key, merchant name); creates the user's new merchants in bulk."""
    per_desc: dict[str, tuple[str, str]] = {}
    samples: dict[str, list[str]] = defaultdict(list)
    names: dict[str, str] = {}
    by_shape: dict[str, tuple[str, bool]] = {}
    raw_names: dict[str, tuple[str, bool]] = {}
    for desc in descriptions:
        # Narratives that differ only in their digits (store numbers, dates, references) name the same
        # merchant: normalise one of them. Cuts import time when every row's narrative is unique.
        shape = _DIGITS.sub("0", desc)
        found = by_shape.get(shape)
        if found is None:
            found = by_shape[shape] = merchant_normalise_ex(desc)
        raw_names[desc] = found
    # A word that ends names before a state/country code for 3+ different merchants in this statement is a
    # place ("Freshmart Springfield IL", "Toytown Springfield IL"): drop it wherever it ends a name.
    followers: dict[str, set[str]] = defaultdict(set)
    for name, had_code in set(raw_names.values()):
        parts = name.split()
        if had_code and len(parts) >= 2:
            followers[parts[-1]].add(" ".join(parts[:-1]))
    places = {word for word, heads in followers.items() if len(heads) >= 3}
    cleaned: dict[str, tuple[str, str]] = {}
    for desc, (name, _had_code) in raw_names.items():
        if name not in cleaned:
            parts = name.split()
            final = " ".join(parts[:-1]) if len(parts) >= 2 and parts[-1] in places else name
            final = final[:120]
            cleaned[name] = (merchant_key(final)[:120], final)
        per_desc[desc] = cleaned[name]
    for desc, (key, name) in per_desc.items():
        if key:
            names.setdefault(key, name)
            if len(samples[key]) < 5:
                samples[key].append(desc[:255])
    ids = dict(Merchant.objects.filter(user=user, key__in=list(names)).values_list("key", "id"))
    # Payees the user merged: their keys answer to the merchant they were merged into (jars.merchant_merge).
    ids.update({k: m_id for m_id, keys in Merchant.objects.filter(user=user, merged_keys__overlap=list(names))
                .values_list("id", "merged_keys") for k in keys if k in names})
    new = [Merchant(user=user, key=k, name=names[k], aliases=samples[k]) for k in names if k not in ids]
    if new:
        Merchant.objects.bulk_create(new, ignore_conflicts=True, batch_size=2000)
        ids.update(Merchant.objects.filter(user=user, key__in=[m.key for m in new]).values_list("key", "id"))
    return {d: (ids.get(k), k, n) for d, (k, n) in per_desc.items()}


# A background import reports progress about this many times (categorising one slice of rows at a time).
PROGRESS_STEPS = 20
PROGRESS_MIN_ROWS = 250


def rows_prepare(*, user: AuthUser, rows: list[ParsedRow], fingerprints: list[str],
                 progress: Callable[[int], None] | None = None) -> list[_Prepared]:
    """Merchants, categories and the categorisation decision of every row. With `progress` (a callable taking
    the number of rows done) the rows are categorised slice by slice and progress is reported after each."""
    descriptions = list(dict.fromkeys(r.description for r in rows))
    merchants = merchants_ensure(user=user, descriptions=descriptions)
    file_categories = {r.category for r in rows if r.category}
    category_ids = {name: category_resolve(user=user, name=name, create=True).id for name in file_categories}
    to_categorise = {}
    for r in rows:
        if not r.category and r.description not in to_categorise:
            _mid, key, name = merchants[r.description]
            to_categorise[r.description] = Item(r.description, key, name, merchant_key(name) if name else
                                                description_key(r.description, name), outflow=r.amount < 0)
    if progress is None:
        decisions = _categorise_grouped(user=user, items=to_categorise) if to_categorise else {}
    else:
        decisions = {}
        step = max(PROGRESS_MIN_ROWS, -(-len(rows) // PROGRESS_STEPS))
        for start in range(0, len(rows), step):
            todo = {d: to_categorise[d] for d in dict.fromkeys(r.description for r in rows[start:start + step])
                    if d in to_categorise and d not in decisions}
            if todo:
                decisions.update(_categorise_grouped(user=user, items=todo))
            progress(min(len(rows), start + step))
    prepared = []
    desc_keys = {d: description_key(d, name) for d, (_mid, _key, name) in merchants.items()}
    for r, fp in zip(rows, fingerprints):
        mid = merchants[r.description][0]
        if r.category:
            decision = Decision(category_ids[r.category], CategorySource.USER, 1.0)
        else:
            decision = decisions[r.description]
        prepared.append(_Prepared(r, fp, mid, desc_keys[r.description], decision))
    return prepared


def _categorise_grouped(*, user: AuthUser, items: dict[str, Item]) -> dict[str, Decision]:
    """Categorise once per merchant when no rule looks at the raw narrative (contains/regex): every narrative
    of a merchant gets the same answer from merchant rules and learning, so 100k narratives cost a few
    hundred decisions."""
    narrative_rules = (CategorisationRule.objects.filter(user=user, active=True)
                       .exclude(match_type=CategorisationRule.MatchType.MERCHANT).exists())
    if narrative_rules:
        return categorise(user=user, items=list(items.values()))
    def group(desc: str, item: Item) -> tuple[Any, ...]:
        return (item.merchant_key, item.description_key, item.outflow) if item.merchant_key else ("", desc, None)

    representative: dict[tuple[Any, ...], Item] = {}
    for desc, item in items.items():
        representative.setdefault(group(desc, item), item)
    decided = categorise(user=user, items=list(representative.values()))
    return {desc: decided[representative[group(desc, item)].description] for desc, item in items.items()}


_COPY_COLUMNS = ("user_id", "date", "description", "merchant_id", "amount", "currency", "category_id",
                 "category_source", "category_confidence", "rule_id", "notes", "balance", "batch_id", "fingerprint",
                 "description_key", "created_at", "category_suggestions", "account_id")


_COPY_ESCAPE = str.maketrans({"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"})


def _copy_text(value: object) -> str:
    if value is None:
        return "\\N"
    return str(value).translate(_COPY_ESCAPE)


def _copy_rows(*, user: AuthUser, prepared: list[_Prepared], batch_id: int | None,
               account_id: int | None = None) -> None:
    """COPY in text format, built in one pass: ~10× faster than INSERT (and than per-row adaptation) for large
    statements. The unique (user, fingerprint) constraint still guards against duplicates."""
    now = timezone.now().isoformat()
    sql = f"COPY transactions_transaction ({', '.join(_COPY_COLUMNS)}) FROM STDIN"
    head = f"{user.id}\t"
    tail = "\t" + ("\\N" if batch_id is None else str(batch_id))
    account = "\t" + ("\\N" if account_id is None else str(account_id)) + "\n"
    lines = []
    for p in prepared:
        r, d = p.row, p.decision
        lines.append("\t".join((
            head + r.date.isoformat(), _copy_text(r.description), _copy_text(p.merchant_id), str(r.amount),
            _copy_text(r.currency), _copy_text(d.category_id), str(d.source), repr(float(d.confidence)),
            _copy_text(d.rule_id), _copy_text(r.notes), _copy_text(r.balance),
        )) + tail + "\t" + p.fingerprint + "\t" + _copy_text(p.description_key) + "\t" + now + "\t"
            + suggestions_json(d) + account)
    with connection.cursor() as cursor, cursor.cursor.copy(sql) as copy:
        chunk = 5000
        for i in range(0, len(lines), chunk):
            copy.write("".join(lines[i:i + chunk]))


def suggestions_json(decision: Decision) -> str:
    return json.dumps([[c, round(p, 2)] for c, p in decision.suggestions])


def rule_hits_record(prepared: list[_Prepared]) -> None:
    hits = Counter(p.decision.rule_id for p in prepared if p.decision.rule_id)
    if not hits:
        return
    values = ", ".join(["(%s, %s)"] * len(hits))
    params = [x for item in hits.items() for x in item]
    with connection.cursor() as cur:
        cur.execute(f"UPDATE transactions_categorisationrule r SET hits = r.hits + v.n "
                    f"FROM (VALUES {values}) AS v(id, n) WHERE r.id = v.id", params)


# A batch from the preview flow keeps this many bad rows for its report (and CSV download); the API's error
# answer lists the first MAX_REPORTED_ERRORS.
STORED_ERRORS = 1000


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
                        batch: ImportBatch | None = None,
                        progress: Callable[[int], None] | None = None) -> ImportBatch:
    """Import a bank statement; see `_transactions_import`. The cyclic garbage collector is paused meanwhile:
    a 100k-row statement allocates millions of small objects and repeated full collections over them cost
    more than the rest of the import."""
    upload_size_check(file_name=file_name, size=len(content))
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _transactions_import(user=user, file_name=file_name, content=content, date_format=date_format,
                                    sign_convention=sign_convention, account=account, batch=batch, progress=progress)
    finally:
        if enabled:
            gc.enable()


def _sign_apply(parsed: ParsedStatement, sign_convention: str | None) -> None:
    """"Money out is shown as positive amounts" (many credit-card exports): turn every amount round."""
    if sign_convention == SignConvention.POSITIVE_OUT:
        for row in parsed.rows:
            row.amount = -row.amount


def _transactions_import(*, user: AuthUser, file_name: str, content: bytes, date_format: str | None = None,
                         sign_convention: str | None = None, account: Account | None = None,
                         batch: ImportBatch | None = None,
                         progress: Callable[[int], None] | None = None) -> ImportBatch:
    """Import a bank statement (CSV, OFX/QFX, QIF, CAMT.053, MT940, XLSX/XLS, PDF) all-or-nothing.

    Any bad row → DomainError listing every bad row (line, field, reason; first 100 + the total) and nothing
    stored. Rows already imported (same fingerprint) are skipped, so re-importing a file or an overlapping
    statement adds only what is new. New rows run through the categorisation chain.

    `batch`: an existing batch of the preview flow, filled in (or marked failed) instead of a new one;
    `progress(rows_done)` is called while rows are categorised; `account` is set on every new row.
    """
    sha = hashlib.sha256(content).hexdigest()
    # A file name is shown back to the user and stored: no control characters (Postgres rejects NUL).
    file_name = _CONTROL.sub("", file_name or "") or "statement"
    categories_ensure_defaults(user=user)
    try:
        parsed = statement_parse(file_name=file_name, content=content, date_format=date_format,
                                 default_currency=user_currency(user=user))
    except DomainError as exc:
        # A parse error's details are a dict (the parsers never give a list).
        exc_details = cast("dict[str, Any]", exc.details or {})
        failed = _batch_failed(user=user, file_name=file_name, sha=sha, message=exc.message,
                               errors=[{"line": None, "field": exc_details.get("field", "file"),
                                        "reason": exc.message}], total=1, batch=batch)
        exc.details = {**exc_details, "file": file_name, "batch_id": failed.id}
        raise
    if parsed.errors:
        total = len(parsed.errors)
        shown = parsed.errors[:MAX_REPORTED_ERRORS]
        first = shown[0]
        message = (f"{file_name}: {total} bad row{'s' if total != 1 else ''}, nothing was imported. "
                   f"First: line {first['line']}, {first['field']}: {first['reason']}.")
        failed = _batch_failed(user=user, file_name=file_name, sha=sha, message=message,
                               errors=parsed.errors if batch is not None else shown, total=total, batch=batch)
        raise DomainError(message, code="import_failed", details={
            "file": file_name, "error_count": total, "errors": shown, "errors_truncated": total > len(shown),
            "batch_id": failed.id})
    if not parsed.rows:
        raise DomainError(f"{file_name} holds no transactions.", code="bad_file",
                          details={"file": file_name, "field": "file"})
    _sign_apply(parsed, sign_convention)
    fingerprints = _fingerprints(parsed.rows)
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
                _copy_rows(user=user, prepared=prepared, batch_id=batch.id,
                           account_id=account.id if account is not None else None)
        except IntegrityError as exc:
            raise DomainError("Another import of the same transactions ran at the same time; try again.",
                              code="conflict", status_code=409) from exc
        rule_hits_record(prepared)
        by_source = Counter(p.decision.source for p in prepared)
        batch.rows_created = len(prepared)
        batch.rows_duplicate = len(parsed.rows) - len(prepared)
        batch.rows_categorised = sum(n for s, n in by_source.items() if s != CategorySource.NONE)
        batch.details = {"date_format": parsed.date_format, "columns": parsed.columns,
                         "by_source": {str(k): v for k, v in by_source.items()},
                         "first_date": min(r.date for r in parsed.rows).isoformat(),
                         "last_date": max(r.date for r in parsed.rows).isoformat()}
        batch.message = (f"{batch.rows_created} new, {batch.rows_duplicate} already imported, "
                         f"{batch.rows_categorised} categorised")
        batch.status, batch.file_format, batch.sha256 = ImportBatch.Status.IMPORTED, parsed.file_format, sha
        batch.rows_total = batch.rows_processed = len(parsed.rows)
        batch.finished_at = timezone.now()
        batch.content = None  # imported: the stored upload is no longer needed
        batch.save()
        if prepared:
            _transfers_detect_safely(user=user, since=min(r.date for r in parsed.rows))
            _subscriptions_detect_safely(user=user)
    return batch


def _transfers_detect_safely(*, user: AuthUser, since: date) -> None:
    """Pair transfers between the user's accounts among the new rows (transfers.transfers_detect); like
    subscription detection, a failure there never fails the import."""
    from .transfers import TRANSFER_WINDOW_DAYS, transfers_detect

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


# --- preview → confirm → background import ----------------------------------------------------------------------

PREVIEW_ROWS = 10
PREVIEW_KEPT_FOR = timedelta(days=1)
ROLE_WORDS = {"date": "date", "description": "description", "memo": "description (added after it)",
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
    """A single amount column where nearly every row is positive reads like a credit-card export (purchases
    positive, payments negative); a bank account has mostly money going out. The user can always change it."""
    if "amount" not in parsed.columns or len(parsed.rows) < 5:
        return SignConvention.NEGATIVE_OUT
    positive = sum(1 for r in parsed.rows if r.amount > 0)
    return SignConvention.POSITIVE_OUT if positive >= 0.8 * len(parsed.rows) else SignConvention.NEGATIVE_OUT


def _sign_text(parsed: ParsedStatement, sign_convention: str) -> str:
    if "amount" not in parsed.columns and ("debit" in parsed.columns or "credit" in parsed.columns):
        return "Money out is read from the money-out (debit) column and money in from the money-in (credit) column"
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
    _sign_apply(parsed, sign)
    columns = _columns(parsed)
    fingerprints = _fingerprints(parsed.rows)
    with connection.cursor() as cur:
        cur.execute("SELECT count(*) FROM unnest(%s::text[]) AS f(fp) "
                    "JOIN transactions_transaction t ON t.user_id = %s AND t.fingerprint = f.fp",
                    [fingerprints, user.id])
        duplicates = cur.fetchone()[0]
    rows = [{"line": r.line, "date": r.date.isoformat(), "description": r.description, "amount": str(r.amount),
             "currency": r.currency, "direction": "out" if r.amount < 0 else "in"} for r in parsed.rows[:PREVIEW_ROWS]]
    total_errors = len(parsed.errors)
    preview = {
        "file_format": parsed.file_format, "rows_total": len(parsed.rows) + len({e.get("line") for e in parsed.errors}),
        "rows_readable": len(parsed.rows), "rows_duplicate": duplicates,
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
        "rows": rows, "error_count": total_errors, "errors": parsed.errors[:20],
    }
    for key in ("first_date", "last_date"):
        preview[key] = preview[key].isoformat() if preview[key] else None
    return preview, parsed.errors, str(sign)


def _clean_file_name(file_name: str) -> str:
    return _CONTROL.sub("", file_name or "") or "statement"


def import_preview_create(*, user: AuthUser, file_name: str, content: bytes, date_format: str | None = None,
                          sign_convention: str | None = None) -> ImportBatch:
    """Read a statement and keep it as a `preview` batch: nothing is imported until `import_confirm`. A file
    Moneta cannot read at all (wrong format, no header, empty) or one over the upload limit raises DomainError
    naming what is wrong."""
    upload_size_check(file_name=file_name, size=len(content))
    file_name = _clean_file_name(file_name)
    sign_convention = _sign_choice(sign_convention)
    # Previews never confirmed hold their file: drop the user's abandoned ones (older than a day).
    ImportBatch.objects.filter(user=user, status=ImportBatch.Status.PREVIEW,
                               created_at__lt=timezone.now() - PREVIEW_KEPT_FOR).delete()
    categories_ensure_defaults(user=user)
    preview, errors, sign = _preview_build(user=user, file_name=file_name, content=content, date_format=date_format,
                                           sign_convention=sign_convention)
    return ImportBatch.objects.create(
        user=user, file_name=file_name[:255], file_format=preview["file_format"],
        sha256=hashlib.sha256(content).hexdigest(), status=ImportBatch.Status.PREVIEW, content=content,
        rows_total=preview["rows_readable"], date_format=(date_format or "").strip()[:40], sign_convention=sign,
        error_count=len(errors), errors=errors[:STORED_ERRORS], details={"preview": preview},
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
    batch.error_count, batch.errors = len(errors), errors[:STORED_ERRORS]
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
                   inline: bool | None = None) -> ImportBatch:
    """Confirm a preview: the import runs now for a small file, or on the worker for a large one (more rows
    than settings.MONETA_IMPORT_INLINE_MAX_ROWS); either way the batch shows its progress and, at the end,
    its result or every bad row. Still all or nothing, and rows already imported are skipped."""
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
    currencies = preview.get("currencies") or []
    account = account_resolve(user=user, account_id=account_id, account_name=account_name,
                              currency=currencies[0] if len(currencies) == 1 else None)
    claimed = ImportBatch.objects.filter(id=batch.id, status=ImportBatch.Status.PREVIEW).update(
        status=ImportBatch.Status.QUEUED, account=account, rows_processed=0,
        message="Waiting to start")
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
    from core.broker import broker_reachable
    from transactions.tasks import import_batch_task

    if not broker_reachable():
        logger.warning("broker unreachable: import %s stays queued", batch_id)
        return False
    try:
        import_batch_task.apply_async((batch_id,), retry=False)
    except Exception as exc:  # noqa: BLE001 - kombu/redis raise many types; all mean "not sent"
        logger.warning("could not queue import %s: %s", batch_id, exc)
        return False
    return True


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
    # Progress from another connection only when this one is not inside a transaction that holds the row
    # (an inline run in a request or a test): that writer would wait on the lock.
    writer = _ProgressWriter(batch_id) if report_progress and not connection.in_atomic_block else None
    try:
        return transactions_import(user=batch.user, file_name=batch.file_name, content=bytes(batch.content or b""),
                                   date_format=batch.date_format or None, sign_convention=batch.sign_convention,
                                   account=batch.account, batch=batch, progress=writer)
    except DomainError as exc:
        details = exc.details if isinstance(exc.details, dict) else {}
        ImportBatch.objects.filter(id=batch_id, status=ImportBatch.Status.RUNNING).update(
            status=ImportBatch.Status.FAILED, message=exc.message, finished_at=timezone.now(),
            error_count=details.get("error_count") or 1,
            errors=details.get("errors") or [{"line": details.get("line"), "field": details.get("field", "file"),
                                              "reason": exc.message}])
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
