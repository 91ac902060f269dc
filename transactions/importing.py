"""Importing statements: parse, de-duplicate, find merchants, categorise and COPY rows in one transaction."""
from __future__ import annotations

import gc
import hashlib
import json
import logging
import re
from collections import Counter, defaultdict
from dataclasses import dataclass

from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from config.api import DomainError

from .categories import categories_ensure_defaults, category_resolve
from .categorize import Decision, Item, categorise
from .models import (
    CategorisationRule,
    CategorySource,
    ImportBatch,
    Merchant,
)
from .normalize import description_key, merchant_key, merchant_normalise_ex
from .parsing import MAX_REPORTED_ERRORS, ParsedRow, statement_parse
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
    seen: Counter = Counter()
    out = []
    for r in rows:
        base = f"{r.date.isoformat()}|{r.amount}|{r.currency}|{_canonical(r.description)}"
        occurrence = seen[base]
        seen[base] += 1
        out.append(hashlib.sha256(f"{base}|{occurrence}".encode()).hexdigest())
    return out


def merchants_ensure(*, user, descriptions: list[str]) -> dict[str, tuple[int | None, str, str]]:
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
    new = [Merchant(user=user, key=k, name=names[k], aliases=samples[k]) for k in names if k not in ids]
    if new:
        Merchant.objects.bulk_create(new, ignore_conflicts=True, batch_size=2000)
        ids.update(Merchant.objects.filter(user=user, key__in=[m.key for m in new]).values_list("key", "id"))
    return {d: (ids.get(k), k, n) for d, (k, n) in per_desc.items()}


def rows_prepare(*, user, rows: list[ParsedRow], fingerprints: list[str]) -> list[_Prepared]:
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
    decisions = _categorise_grouped(user=user, items=to_categorise) if to_categorise else {}
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


def _categorise_grouped(*, user, items: dict[str, Item]) -> dict[str, Decision]:
    """Categorise once per merchant when no rule looks at the raw narrative (contains/regex): every narrative
    of a merchant gets the same answer from merchant rules and learning, so 100k narratives cost a few
    hundred decisions."""
    narrative_rules = (CategorisationRule.objects.filter(user=user, active=True)
                       .exclude(match_type=CategorisationRule.MatchType.MERCHANT).exists())
    if narrative_rules:
        return categorise(user=user, items=list(items.values()))
    def group(desc: str, item: Item) -> tuple:
        return (item.merchant_key, item.description_key, item.outflow) if item.merchant_key else ("", desc, None)

    representative: dict[tuple, Item] = {}
    for desc, item in items.items():
        representative.setdefault(group(desc, item), item)
    decided = categorise(user=user, items=list(representative.values()))
    return {desc: decided[representative[group(desc, item)].description] for desc, item in items.items()}


_COPY_COLUMNS = ("user_id", "date", "description", "merchant_id", "amount", "currency", "category_id",
                 "category_source", "category_confidence", "rule_id", "notes", "balance", "batch_id", "fingerprint",
                 "description_key", "created_at", "category_suggestions")


_COPY_ESCAPE = str.maketrans({"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"})


def _copy_text(value) -> str:
    if value is None:
        return "\\N"
    return str(value).translate(_COPY_ESCAPE)


def _copy_rows(*, user, prepared: list[_Prepared], batch_id: int | None) -> None:
    """COPY in text format, built in one pass: ~10× faster than INSERT (and than per-row adaptation) for large
    statements. The unique (user, fingerprint) constraint still guards against duplicates."""
    now = timezone.now().isoformat()
    sql = f"COPY transactions_transaction ({', '.join(_COPY_COLUMNS)}) FROM STDIN"
    head = f"{user.id}\t"
    tail = "\t" + ("\\N" if batch_id is None else str(batch_id))
    lines = []
    for p in prepared:
        r, d = p.row, p.decision
        lines.append("\t".join((
            head + r.date.isoformat(), _copy_text(r.description), _copy_text(p.merchant_id), str(r.amount),
            _copy_text(r.currency), _copy_text(d.category_id), str(d.source), repr(float(d.confidence)),
            _copy_text(d.rule_id), _copy_text(r.notes), _copy_text(r.balance),
        )) + tail + "\t" + p.fingerprint + "\t" + _copy_text(p.description_key) + "\t" + now + "\t"
            + suggestions_json(d) + "\n")
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


def _batch_failed(*, user, file_name: str, sha: str, message: str, errors: list[dict], total: int) -> ImportBatch:
    return ImportBatch.objects.create(user=user, file_name=file_name[:255], sha256=sha,
                                      status=ImportBatch.Status.FAILED, error_count=total,
                                      errors=errors[:MAX_REPORTED_ERRORS], message=message)


def transactions_import(*, user, file_name: str, content: bytes, date_format: str | None = None) -> ImportBatch:
    """Import a bank statement; see `_transactions_import`. The cyclic garbage collector is paused meanwhile:
    a 100k-row statement allocates millions of small objects and repeated full collections over them cost
    more than the rest of the import."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _transactions_import(user=user, file_name=file_name, content=content, date_format=date_format)
    finally:
        if enabled:
            gc.enable()


def _transactions_import(*, user, file_name: str, content: bytes, date_format: str | None = None) -> ImportBatch:
    """Import a bank statement (CSV, OFX/QFX, QIF, CAMT.053, MT940, XLSX/XLS, PDF) all-or-nothing.

    Any bad row → DomainError listing every bad row (line, field, reason; first 100 + the total) and nothing
    stored. Rows already imported (same fingerprint) are skipped, so re-importing a file or an overlapping
    statement adds only what is new. New rows run through the categorisation chain.
    """
    sha = hashlib.sha256(content).hexdigest()
    # A file name is shown back to the user and stored: no control characters (Postgres rejects NUL).
    file_name = _CONTROL.sub("", file_name or "") or "statement"
    categories_ensure_defaults(user=user)
    try:
        parsed = statement_parse(file_name=file_name, content=content, date_format=date_format,
                                 default_currency=user_currency(user=user))
    except DomainError as exc:
        batch = _batch_failed(user=user, file_name=file_name, sha=sha, message=exc.message,
                              errors=[{"line": None, "field": (exc.details or {}).get("field", "file"),
                                       "reason": exc.message}], total=1)
        exc.details = {**(exc.details or {}), "file": file_name, "batch_id": batch.id}
        raise
    if parsed.errors:
        total = len(parsed.errors)
        shown = parsed.errors[:MAX_REPORTED_ERRORS]
        first = shown[0]
        message = (f"{file_name}: {total} bad row{'s' if total != 1 else ''}, nothing was imported. "
                   f"First: line {first['line']}, {first['field']}: {first['reason']}.")
        batch = _batch_failed(user=user, file_name=file_name, sha=sha, message=message, errors=shown, total=total)
        raise DomainError(message, code="import_failed", details={
            "file": file_name, "error_count": total, "errors": shown, "errors_truncated": total > len(shown),
            "batch_id": batch.id})
    if not parsed.rows:
        raise DomainError(f"{file_name} holds no transactions.", code="bad_file",
                          details={"file": file_name, "field": "file"})
    fingerprints = _fingerprints(parsed.rows)
    with transaction.atomic():
        with connection.cursor() as cur:
            cur.execute("SELECT t.fingerprint FROM unnest(%s::text[]) AS f(fp) "
                        "JOIN transactions_transaction t ON t.user_id = %s AND t.fingerprint = f.fp",
                        [fingerprints, user.id])
            existing = {row[0] for row in cur.fetchall()}
        fresh = [(r, fp) for r, fp in zip(parsed.rows, fingerprints) if fp not in existing]
        batch = ImportBatch.objects.create(user=user, file_name=file_name[:255], file_format=parsed.file_format,
                                           sha256=sha, rows_total=len(parsed.rows))
        prepared = rows_prepare(user=user, rows=[r for r, _ in fresh], fingerprints=[fp for _, fp in fresh])
        try:
            with transaction.atomic():
                _copy_rows(user=user, prepared=prepared, batch_id=batch.id)
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
        batch.save()
        if prepared:
            _subscriptions_detect_safely(user=user)
    return batch


def _subscriptions_detect_safely(*, user) -> None:
    """Subscription detection is a bonus of an import: a bug or odd data there must never fail the import.
    A savepoint keeps a database error from spoiling the import's transaction."""
    try:
        with transaction.atomic():
            subscriptions_detect(user=user)
    except Exception:  # noqa: BLE001 - logged with its traceback; the import itself succeeded
        logger.exception("subscription detection failed for user %s after an import", user.id)
