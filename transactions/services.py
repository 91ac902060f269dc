"""Writes for the transactions app: import, categorisation, corrections, rules, jars, budgets, subscriptions."""
from __future__ import annotations

import difflib
import gc
import hashlib
import json
import logging
import re
import statistics
import uuid
from collections import Counter, defaultdict
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal, InvalidOperation

from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from config.api import DomainError, NotFound

from .categorize import Decision, Item, categorise, embeddings_ensure
from .models import (
    CategorisationRule,
    Category,
    CategorySource,
    ImportBatch,
    Jar,
    Merchant,
    Subscription,
    Transaction,
)
from .normalize import description_key, merchant_key, merchant_normalise_ex
from .parsing import MAX_REPORTED_ERRORS, ParsedRow, date_plausible_check, statement_parse
from .saferegex import rule_regex_check

DEFAULT_CATEGORIES: tuple[tuple[str, str], ...] = (
    ("Dining", "expense"), ("Groceries", "expense"), ("Shopping", "expense"), ("Transport", "expense"),
    ("Utilities", "expense"), ("Rent", "expense"), ("Entertainment", "expense"), ("Subscriptions", "expense"),
    ("Health", "expense"), ("Travel", "expense"), ("Fees", "expense"), ("Salary", "income"),
    ("Other Income", "income"), ("Transfers", "transfer"),
)
_INCOME_WORDS = re.compile(r"salary|income|payroll|wage|interest|dividend|refund|thu nh", re.I)
_DIGITS = re.compile(r"\d")
_TRANSFER_WORDS = re.compile(r"transfer|savings|chuyển", re.I)
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
logger = logging.getLogger(__name__)


# --- categories ---------------------------------------------------------------------------------------

def categories_ensure_defaults(*, user) -> None:
    """Give a user Moneta's default categories once (idempotent; the user may rename or delete them)."""
    if Category.objects.filter(user=user).exists():
        return
    Category.objects.bulk_create(
        [Category(user=user, name=name, kind=kind, is_default=True) for name, kind in DEFAULT_CATEGORIES],
        ignore_conflicts=True,
    )


def category_resolve(*, user, name: str, create: bool = False, kind: str | None = None) -> Category:
    """The user's category called `name` (case-insensitive, then close spelling), or NotFound."""
    clean = " ".join((name or "").split())
    if not clean:
        raise DomainError("Category name is empty.", code="validation_error", details={"field": "category"})
    found = Category.objects.filter(user=user, name__iexact=clean).first()
    if found:
        return found
    if create:
        guessed = kind or ("income" if _INCOME_WORDS.search(clean) else
                           "transfer" if _TRANSFER_WORDS.search(clean) else "expense")
        try:
            with transaction.atomic():
                return Category.objects.create(user=user, name=clean[:80], kind=guessed)
        except IntegrityError:
            return Category.objects.get(user=user, name__iexact=clean)
    names = list(Category.objects.filter(user=user).values_list("name", flat=True))
    lower = {n.lower(): n for n in names}
    close = difflib.get_close_matches(clean.lower(), list(lower), n=1, cutoff=0.75)
    if close:
        return Category.objects.get(user=user, name=lower[close[0]])
    raise NotFound(f"You have no category called {clean!r}.", details={"field": "category", "categories": names})


def category_for_write(*, user, name: str, field: str = "category") -> Category:
    """The user's category with exactly this name (any case). A write never guesses: a near-miss name is a 400
    that suggests the close match, instead of silently filing money under a different category."""
    clean = " ".join((name or "").split())
    if not clean:
        raise DomainError("Category name is empty.", code="validation_error", details={"field": field})
    found = Category.objects.filter(user=user, name__iexact=clean).first()
    if found:
        return found
    names = sorted(Category.objects.filter(user=user).values_list("name", flat=True))
    close = difflib.get_close_matches(clean.lower(), [n.lower() for n in names], n=1, cutoff=0.6)
    hint = ""
    if close:
        hint = " Did you mean " + repr(next(n for n in names if n.lower() == close[0])) + "?"
    raise DomainError(f"You have no category called {clean!r}.{hint} Create it first, or use one of yours.",
                      code="unknown_category", details={"field": field, "categories": names})


def category_create(*, user, name: str, kind: str = "expense", monthly_budget=None) -> Category:
    categories_ensure_defaults(user=user)
    clean = " ".join((name or "").split())
    if not clean:
        raise DomainError("Category name is empty.", code="validation_error", details={"field": "name"})
    if Category.objects.filter(user=user, name__iexact=clean).exists():
        raise DomainError(f"You already have a category called {clean!r}.", code="duplicate",
                          details={"field": "name"})
    return Category.objects.create(user=user, name=clean[:80], kind=kind, monthly_budget=monthly_budget)


def category_update(*, user, category_id: int, **fields) -> Category:
    category = _own(Category, user, category_id)
    if "name" in fields and fields["name"] is not None:
        clean = " ".join(fields["name"].split())
        if Category.objects.filter(user=user, name__iexact=clean).exclude(id=category.id).exists():
            raise DomainError(f"You already have a category called {clean!r}.", code="duplicate",
                              details={"field": "name"})
        category.name = clean[:80]
    for key in ("kind", "monthly_budget"):
        if key in fields:
            setattr(category, key, fields[key])
    category.save()
    return category


def category_delete(*, user, category_id: int) -> None:
    category = _own(Category, user, category_id)
    # Automated categorisations into it become uncategorised; the user's own choices are kept visible as none.
    Transaction.objects.filter(user=user, category=category).update(
        category=None, category_source=CategorySource.NONE, category_confidence=0.0, rule=None)
    category.delete()


def _own(model, user, object_id):
    try:
        return model.objects.get(user=user, id=object_id)
    except (model.DoesNotExist, ValueError, TypeError):
        raise NotFound(f"{model._meta.verbose_name.capitalize()} {object_id} not found.")


def user_currency(*, user) -> str:
    latest = Transaction.objects.filter(user=user).order_by("-date").values_list("currency", flat=True).first()
    return latest or "USD"


# --- import ---------------------------------------------------------------------------------------------

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


def _merchants_ensure(*, user, descriptions: list[str]) -> dict[str, tuple[int | None, str, str]]:
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


def _prepare(*, user, rows: list[ParsedRow], fingerprints: list[str]) -> list[_Prepared]:
    descriptions = list(dict.fromkeys(r.description for r in rows))
    merchants = _merchants_ensure(user=user, descriptions=descriptions)
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
            + _suggestions_json(d) + "\n")
    with connection.cursor() as cursor, cursor.cursor.copy(sql) as copy:
        chunk = 5000
        for i in range(0, len(lines), chunk):
            copy.write("".join(lines[i:i + chunk]))


def _suggestions_json(decision: Decision) -> str:
    return json.dumps([[c, round(p, 2)] for c, p in decision.suggestions])


def _rule_hits_record(prepared: list[_Prepared]) -> None:
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
        prepared = _prepare(user=user, rows=[r for r, _ in fresh], fingerprints=[fp for _, fp in fresh])
        try:
            with transaction.atomic():
                _copy_rows(user=user, prepared=prepared, batch_id=batch.id)
        except IntegrityError as exc:
            raise DomainError("Another import of the same transactions ran at the same time; try again.",
                              code="conflict", status_code=409) from exc
        _rule_hits_record(prepared)
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


# --- single transactions ---------------------------------------------------------------------------------

def _money(value, field_name: str = "amount") -> Decimal:
    try:
        amount = Decimal(str(value)).quantize(Decimal("0.01"))
    except (InvalidOperation, TypeError, ValueError):
        raise DomainError(f"{field_name} must be a number.", code="validation_error", details={"field": field_name})
    if not amount.is_finite():
        raise DomainError(f"{field_name} must be a number.", code="validation_error", details={"field": field_name})
    return amount


def _plausible_date(value) -> date:
    """A date (or ISO string) between 1900-01-01 and a year from today, else DomainError."""
    try:
        if isinstance(value, str):
            value = date.fromisoformat(value.strip())
        date_plausible_check(value)
    except (ValueError, TypeError, AttributeError) as exc:
        raise DomainError(f"date {exc}.", code="validation_error", details={"field": "date"})
    return value


def transaction_create(*, user, date: date, description: str, amount, currency: str | None = None,
                       category: str | None = None, notes: str = "") -> Transaction:
    date = _plausible_date(date)
    if not (description or "").strip():
        raise DomainError("description is empty.", code="validation_error", details={"field": "description"})
    categories_ensure_defaults(user=user)
    if (category or "").strip():
        category = category_for_write(user=user, name=category).name  # a manual entry never invents one
    row = ParsedRow(line=0, date=date, description=description.strip()[:500], amount=_money(amount),
                    currency=(currency or user_currency(user=user)).upper(), category=(category or "").strip(),
                    notes=notes or "")
    # Manual entries get a unique fingerprint: typing the same coffee twice means two coffees.
    fingerprint = hashlib.sha256(f"manual|{uuid.uuid4()}".encode()).hexdigest()
    with transaction.atomic():
        p = _prepare(user=user, rows=[row], fingerprints=[fingerprint])[0]
        tx = Transaction.objects.create(
            user=user, date=row.date, description=row.description, merchant_id=p.merchant_id, amount=row.amount,
            currency=row.currency, category_id=p.decision.category_id, category_source=p.decision.source,
            category_confidence=p.decision.confidence, rule_id=p.decision.rule_id, notes=row.notes,
            category_suggestions=json.loads(_suggestions_json(p.decision)),
            fingerprint=fingerprint, description_key=p.description_key)
        _rule_hits_record([p])
    return tx


def transaction_update(*, user, transaction_id: int, **fields) -> Transaction:
    tx = _own(Transaction, user, transaction_id)
    if "category" in fields:
        category = fields.pop("category")
        if category:
            tx = transaction_category_set(user=user, transaction_id=tx.id, category=category)
        else:
            Transaction.objects.filter(id=tx.id).update(category=None, category_source=CategorySource.USER,
                                                        category_confidence=1.0, rule=None)
            tx.refresh_from_db()
    if "notes" in fields:
        tx.notes = fields["notes"] or ""
    if "amount" in fields and fields["amount"] is not None:
        tx.amount = _money(fields["amount"])
    if "date" in fields and fields["date"] is not None:
        tx.date = _plausible_date(fields["date"])
    if "description" in fields and fields["description"]:
        tx.description = fields["description"].strip()[:500]
        merchants = _merchants_ensure(user=user, descriptions=[tx.description])
        tx.merchant_id, _key, name = merchants[tx.description]
        tx.description_key = description_key(tx.description, name)
    tx.save()
    return tx


def transaction_delete(*, user, transaction_id: int) -> None:
    _own(Transaction, user, transaction_id).delete()


def transaction_category_set(*, user, transaction_id: int, category: str, refile_others: bool = False
                             ) -> Transaction:
    """The user says what this transaction is. Moneta learns it:

    - the transaction is marked source=user (automation never touches it again);
    - a visible, editable learned rule "merchant is X → category" is created or updated, so *future*
      transactions from that merchant follow the correction;
    - past transactions are re-filed only when asked (`refile_others=True`, after the user saw how many
      `correction_preview` says would change): the merchant's other automatically categorised rows follow it
      then; the user's own choices on those stay as they are either way.
    The number of rows re-filed is on the returned object as `others_refiled`.
    """
    categories_ensure_defaults(user=user)
    refiled = 0
    with transaction.atomic():
        tx = _own(Transaction, user, transaction_id)
        target = category_resolve(user=user, name=category, create=True)
        tx.category = target
        tx.category_source = CategorySource.USER
        tx.category_confidence = 1.0
        tx.rule = None
        tx.save(update_fields=["category", "category_source", "category_confidence", "rule"])
        if tx.merchant_id:
            merchant = tx.merchant
            rule = (CategorisationRule.objects
                    .filter(user=user, match_type=CategorisationRule.MatchType.MERCHANT, pattern__iexact=merchant.name)
                    .first())
            if rule is None:
                rule = CategorisationRule.objects.create(
                    user=user, match_type=CategorisationRule.MatchType.MERCHANT, pattern=merchant.name,
                    category=target, origin=CategorisationRule.Origin.LEARNED, priority=50)
            elif rule.category_id != target.id or not rule.active:
                rule.category, rule.active = target, True
                rule.save(update_fields=["category", "active", "updated_at"])
            if refile_others:
                refiled = (_others_to_refile(user=user, tx=tx, target_id=target.id)
                           .update(category=target, category_source=CategorySource.RULE, category_confidence=1.0,
                                   rule=rule))
    tx.others_refiled = refiled
    if tx.description_key:
        transaction.on_commit(lambda: embeddings_ensure([tx.description_key]))
    return tx


def _others_to_refile(*, user, tx: Transaction, target_id: int | None):
    """The merchant's other rows that a re-file would change: automatic ones not already in the target."""
    qs = (Transaction.objects.filter(user=user, merchant_id=tx.merchant_id).exclude(id=tx.id)
          .exclude(category_source=CategorySource.USER))
    if target_id is not None:
        qs = qs.exclude(category_id=target_id, category_source=CategorySource.RULE)
    return qs


# Re-filing more transactions than this after a rule change runs in the worker, not in the request.
RECATEGORISE_INLINE_MAX = 2000


def transactions_recategorise_soon(*, user) -> str:
    """Re-file after a rule change: inline when small ("done"), else a task after commit ("queued")."""
    from config.celery_app import broker_reachable

    count = Transaction.objects.filter(user=user).exclude(category_source=CategorySource.USER).count()
    if count <= RECATEGORISE_INLINE_MAX or not broker_reachable():
        transactions_recategorise(user=user)  # small, or no worker can be reached: do it now rather than never
        return "done"
    from .tasks import recategorise_task

    user_id = user.id
    transaction.on_commit(lambda: recategorise_task.delay(user_id), robust=True)
    return "queued"


def transactions_recategorise(*, user) -> int:
    """Run the suggestion engine again over every transaction the user has not categorised themselves."""
    rows = list(Transaction.objects.filter(user=user).exclude(category_source=CategorySource.USER)
                .select_related("merchant").values("id", "description", "merchant__key", "merchant__name",
                                                   "description_key", "amount"))
    items = {}
    for r in rows:
        items.setdefault(r["description"], Item(r["description"], r["merchant__key"] or "", r["merchant__name"] or "",
                                                r["description_key"], outflow=r["amount"] < 0))
    decisions = categorise(user=user, items=list(items.values()))
    groups: dict[Decision, list[int]] = defaultdict(list)
    for r in rows:
        groups[decisions[r["description"]]].append(r["id"])
    with transaction.atomic():
        for d, ids in groups.items():
            Transaction.objects.filter(user=user, id__in=ids).exclude(category_source=CategorySource.USER).update(
                category_id=d.category_id, category_source=d.source, category_confidence=d.confidence,
                rule_id=d.rule_id, category_suggestions=json.loads(_suggestions_json(d)))
    return len(rows)


def transaction_review_confirm(*, user, transaction_id: int) -> Transaction:
    """The user confirms Moneta's suggestion as it stands (one click in the "needs review" queue): the row
    becomes the user's own label, so it teaches the next suggestions. Re-files nothing else."""
    with transaction.atomic():
        tx = _own(Transaction, user, transaction_id)
        if tx.category_id is None:
            raise DomainError("This transaction has no suggested category to confirm; pick one.",
                              code="validation_error", details={"field": "category"})
        Transaction.objects.filter(user=user, id=tx.id).update(
            category_source=CategorySource.USER, category_confidence=1.0, rule=None)
        tx.refresh_from_db()
    if tx.description_key:
        transaction.on_commit(lambda: embeddings_ensure([tx.description_key]))
    return tx


# --- rules ------------------------------------------------------------------------------------------------

# The column is a 32-bit integer; a sane ordering needs far less room.
RULE_PRIORITY_MIN, RULE_PRIORITY_MAX = 0, 1_000_000


def _rule_priority(value) -> int:
    try:
        priority = int(value)
    except (TypeError, ValueError):
        raise DomainError("priority must be a whole number.", code="validation_error", details={"field": "priority"})
    if not RULE_PRIORITY_MIN <= priority <= RULE_PRIORITY_MAX:
        raise DomainError(f"priority must be between {RULE_PRIORITY_MIN} and {RULE_PRIORITY_MAX:,}.",
                          code="validation_error", details={"field": "priority"})
    return priority


def _rule_validate(match_type: str, pattern: str) -> str:
    pattern = (pattern or "").strip()
    if not pattern:
        raise DomainError("pattern is empty.", code="validation_error", details={"field": "pattern"})
    if match_type not in CategorisationRule.MatchType.values:
        raise DomainError(f"match_type must be one of {', '.join(CategorisationRule.MatchType.values)}.",
                          code="validation_error", details={"field": "match_type"})
    if match_type == CategorisationRule.MatchType.REGEX:
        try:
            rule_regex_check(pattern)
        except ValueError as exc:
            raise DomainError(f"pattern is {exc}", code="validation_error", details={"field": "pattern"})
    return pattern


def rule_create(*, user, pattern: str, category: str, match_type: str = "contains", priority: int = 100,
                active: bool = True, apply: bool = True) -> CategorisationRule:
    categories_ensure_defaults(user=user)
    pattern = _rule_validate(match_type, pattern)
    target = category_for_write(user=user, name=category)
    if CategorisationRule.objects.filter(user=user, match_type=match_type, pattern__iexact=pattern).exists():
        raise DomainError(f"You already have a rule for {pattern!r}.", code="duplicate", details={"field": "pattern"})
    rule = CategorisationRule.objects.create(user=user, pattern=pattern, match_type=match_type, category=target,
                                             priority=_rule_priority(priority), active=active)
    rule.refiling = transactions_recategorise_soon(user=user) if apply else "skipped"
    return rule


def rule_update(*, user, rule_id: int, apply: bool = True, **fields) -> CategorisationRule:
    rule = _own(CategorisationRule, user, rule_id)
    if "category" in fields and fields["category"]:
        rule.category = category_for_write(user=user, name=fields.pop("category"))
    match_type = fields.get("match_type") or rule.match_type
    if "pattern" in fields or "match_type" in fields:
        rule.pattern = _rule_validate(match_type, fields.get("pattern") or rule.pattern)
        rule.match_type = match_type
    if fields.get("priority") is not None:
        rule.priority = _rule_priority(fields["priority"])
    if fields.get("active") is not None:
        rule.active = fields["active"]
    if rule.origin == CategorisationRule.Origin.LEARNED:
        rule.origin = CategorisationRule.Origin.USER  # the user has now written it
    try:
        with transaction.atomic():
            rule.save()
    except IntegrityError:
        raise DomainError(f"You already have a rule for {rule.pattern!r}.", code="duplicate",
                          details={"field": "pattern"})
    rule.refiling = transactions_recategorise_soon(user=user) if apply else "skipped"
    return rule


def rule_delete(*, user, rule_id: int) -> None:
    _own(CategorisationRule, user, rule_id).delete()


# --- jars and budgets ---------------------------------------------------------------------------------------

def _jar_categories(user, names) -> list[Category]:
    return [category_for_write(user=user, name=n, field="categories") for n in (names or [])]


def jar_create(*, user, name: str, monthly_budget, categories: list[str] | None = None, rollover: bool = False,
               rollover_start: date | None = None) -> Jar:
    categories_ensure_defaults(user=user)
    clean = " ".join((name or "").split())
    if not clean:
        raise DomainError("Jar name is empty.", code="validation_error", details={"field": "name"})
    budget = _money(monthly_budget, "monthly_budget")
    if budget < 0:
        raise DomainError("monthly_budget must not be negative.", code="validation_error",
                          details={"field": "monthly_budget"})
    if Jar.objects.filter(user=user, name__iexact=clean).exists():
        raise DomainError(f"You already have a jar called {clean!r}.", code="duplicate", details={"field": "name"})
    cats = _jar_categories(user, categories)
    with transaction.atomic():
        jar = Jar.objects.create(user=user, name=clean[:80], monthly_budget=budget, rollover=rollover,
                                 rollover_start=rollover_start or timezone.localdate().replace(day=1))
        jar.categories.set(cats)
    return jar


def jar_update(*, user, jar_id: int, name: str | None = None, monthly_budget=None,
               categories: list[str] | None = None, rollover: bool | None = None,
               rollover_start: date | None = None) -> Jar:
    jar = _own(Jar, user, jar_id)
    if name is not None:
        clean = " ".join(name.split())
        if not clean:
            raise DomainError("Jar name is empty.", code="validation_error", details={"field": "name"})
        if Jar.objects.filter(user=user, name__iexact=clean).exclude(id=jar.id).exists():
            raise DomainError(f"You already have a jar called {clean!r}.", code="duplicate",
                              details={"field": "name"})
        jar.name = clean[:80]
    if monthly_budget is not None:
        jar.monthly_budget = _money(monthly_budget, "monthly_budget")
        if jar.monthly_budget < 0:
            raise DomainError("monthly_budget must not be negative.", code="validation_error",
                              details={"field": "monthly_budget"})
    if rollover is not None:
        jar.rollover = rollover
    if rollover_start is not None:
        jar.rollover_start = rollover_start.replace(day=1)
    with transaction.atomic():
        jar.save()
        if categories is not None:
            jar.categories.set(_jar_categories(user, categories))
    return jar


def jar_delete(*, user, jar_id: int) -> None:
    _own(Jar, user, jar_id).delete()


def budget_suggestion_accept(*, user, category: str, amount) -> Category:
    categories_ensure_defaults(user=user)
    target = category_for_write(user=user, name=category)
    value = _money(amount, "amount")
    if value <= 0:
        raise DomainError("amount must be positive.", code="validation_error", details={"field": "amount"})
    target.monthly_budget = value
    target.save(update_fields=["monthly_budget"])
    return target


# --- subscriptions --------------------------------------------------------------------------------------------

CADENCES = (  # name, period in days, tolerance in days, months per charge
    ("weekly", 7.0, 2.0, 12 / 52),
    ("monthly", 30.44, 5.0, 1.0),
    ("quarterly", 91.3, 12.0, 3.0),
    ("yearly", 365.25, 25.0, 12.0),
)


def _add_months(d: date, months: int) -> date:
    import calendar

    y, m = divmod(d.month - 1 + months, 12)
    year, month = d.year + y, m + 1
    return date(year, month, min(d.day, calendar.monthrange(year, month)[1]))


def _amount_levels(amounts: list[Decimal]) -> list[Decimal] | None:
    """Consecutive price levels ([15.49, 17.99]); None when the amounts wander (not a subscription)."""
    levels = [amounts[0]]
    for a in amounts[1:]:
        if abs(a - levels[-1]) <= max(Decimal("0.02") * levels[-1], Decimal("0.01")):
            continue
        if abs(a - levels[-1]) > Decimal("0.35") * levels[-1]:
            return None
        levels.append(a)
    return levels if len(levels) <= 3 else None


def _detect_cadence(charges: list[tuple[date, Decimal]], today: date) -> dict | None:
    if len(charges) < 3:
        return None
    dates = [d for d, _ in charges]
    gaps = [(b - a).days for a, b in zip(dates, dates[1:])]
    if not gaps or min(gaps) <= 0:
        return None
    median_gap = statistics.median(gaps)
    for name, period, tolerance, months in CADENCES:
        if abs(median_gap - period) > tolerance:
            continue
        regular = sum(abs(g - period) <= tolerance * 1.5 for g in gaps) / len(gaps)
        if regular < 0.75 or (name == "yearly" and len(charges) < 2):
            continue
        if (today - dates[-1]).days > period * 1.6 + tolerance:
            return None  # stopped
        levels = _amount_levels([a for _, a in charges])
        if levels is None:
            return None
        last = charges[-1][1]
        if name == "weekly":
            next_expected = dates[-1] + timedelta(days=7)
        else:
            next_expected = _add_months(dates[-1], int(months))
        return {"cadence": name, "amount": last, "previous_amount": levels[-2] if len(levels) > 1 else None,
                "price_changed": len(levels) > 1, "monthly_cost": (last / Decimal(str(months))).quantize(
                    Decimal("0.01")), "occurrences": len(charges), "first_date": dates[0], "last_date": dates[-1],
                "next_expected": next_expected}
    return None


def subscriptions_detect(*, user, today: date | None = None) -> list[Subscription]:
    """Find recurring charges: same merchant, similar amount, regular cadence. Keeps the user's
    confirm/dismiss decisions; detected ones that stopped recurring are removed."""
    today = today or timezone.localdate()
    since = today - timedelta(days=800)
    # Rows dated far in the future (typos kept from before imports refused them) would overflow the
    # next-charge arithmetic (year 10000): only charges up to a year ahead count.
    until = today + timedelta(days=366)
    with connection.cursor() as cur:
        cur.execute(
            """
            WITH candidates AS (
                SELECT merchant_id FROM transactions_transaction
                WHERE user_id = %s AND amount < 0 AND date >= %s AND date <= %s AND merchant_id IS NOT NULL
                GROUP BY merchant_id HAVING count(*) BETWEEN 3 AND 120
            )
            SELECT t.merchant_id, t.date, -t.amount, t.currency FROM transactions_transaction t
            JOIN candidates c ON c.merchant_id = t.merchant_id
            WHERE t.user_id = %s AND t.amount < 0 AND t.date >= %s AND t.date <= %s
            ORDER BY t.merchant_id, t.date
            """,
            [user.id, since, until, user.id, since, until],
        )
        per_merchant: dict[int, list[tuple[date, Decimal, str]]] = defaultdict(list)
        for merchant_id, d, amount, currency in cur.fetchall():
            per_merchant[merchant_id].append((d, amount, currency))
    found: dict[tuple[int, str], dict] = {}
    for merchant_id, charges in per_merchant.items():
        result = _detect_cadence([(d, a) for d, a, _ in charges], today)
        if result is None:
            # Several things at one merchant (Amazon orders + Prime): try each amount cluster on its own.
            clusters: list[list[tuple[date, Decimal, str]]] = []
            for charge in sorted(charges, key=lambda c: c[1]):
                if clusters and charge[1] <= clusters[-1][0][1] * Decimal("1.25"):
                    clusters[-1].append(charge)
                else:
                    clusters.append([charge])
            for cluster in clusters:
                cluster.sort()
                result = _detect_cadence([(d, a) for d, a, _ in cluster], today)
                if result:
                    break
        if result:
            result["currency"] = charges[-1][2]
            found[(merchant_id, result["cadence"])] = result
    with transaction.atomic():
        existing = {(s.merchant_id, s.cadence): s for s in Subscription.objects.filter(user=user)}
        kept = []
        for key, data in found.items():
            sub = existing.pop(key, None)
            if sub is None:
                sub = Subscription(user=user, merchant_id=key[0], cadence=key[1])
            for field_name, value in data.items():
                if field_name != "cadence":
                    setattr(sub, field_name, value)
            sub.save()
            kept.append(sub)
        stale = [s.id for s in existing.values() if s.status == Subscription.Status.DETECTED]
        Subscription.objects.filter(user=user, id__in=stale).delete()
    return kept


def subscription_confirm(*, user, subscription_id: int) -> Subscription:
    sub = _own(Subscription, user, subscription_id)
    sub.status = Subscription.Status.CONFIRMED
    sub.save(update_fields=["status", "updated_at"])
    return sub


def subscription_dismiss(*, user, subscription_id: int) -> Subscription:
    sub = _own(Subscription, user, subscription_id)
    sub.status = Subscription.Status.DISMISSED
    sub.save(update_fields=["status", "updated_at"])
    return sub
