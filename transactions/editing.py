"""Editing the ledger by hand: delete with undo, split across categories, bulk changes, possible duplicates.

Delete moves the row out of the transactions table into DeletedTransaction (the "recently deleted" list), so
no figure anywhere has to filter deleted rows; undo puts it back with its own id. A split keeps the original
row (and its fingerprint, so a re-import still recognises it) as the first part and adds the other parts as
rows pointing at it; the parts always sum to the original amount."""
from __future__ import annotations

import hashlib
import json
import uuid
from datetime import timedelta
from decimal import Decimal
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder
from django.db import IntegrityError, transaction
from django.utils import timezone

from core.errors import DomainError, NotFound
from core.money import money_input
from core.types import AuthUser

from .categories import categories_ensure_defaults, category_for_write
from .models import Account, CategorySource, DeletedTransaction, Merchant, Transaction
from .selectors import object_owned
from .selectors._base import _fetch

# How long deleted rows stay in "recently deleted" (and can be undone).
DELETED_KEEP_DAYS = 30
BULK_MAX = 1000

_FIELDS = [f for f in Transaction._meta.concrete_fields]


def _snapshot(tx: Transaction) -> dict[str, Any]:
    raw = {f.attname: getattr(tx, f.attname) for f in _FIELDS}
    return json.loads(json.dumps(raw, cls=DjangoJSONEncoder))


def _restore(data: dict[str, Any]) -> Transaction:
    tx = Transaction()
    for f in _FIELDS:
        if f.attname in data:
            setattr(tx, f.attname, f.to_python(data[f.attname]) if data[f.attname] is not None else None)
    return tx


def _ids(ids: list[Any]) -> list[int]:
    try:
        out = sorted({int(i) for i in ids})
    except (TypeError, ValueError):
        raise DomainError("ids must be transaction ids (whole numbers).", code="validation_error",
                          details={"field": "ids"})
    if not out:
        raise DomainError("Select at least one transaction.", code="validation_error", details={"field": "ids"})
    if len(out) > BULK_MAX:
        raise DomainError(f"At most {BULK_MAX} transactions at a time.", code="validation_error",
                          details={"field": "ids"})
    return out


def transactions_delete(*, user: AuthUser, ids: list[Any]) -> dict[str, Any]:
    """Delete the user's transactions (with their split parts), keeping them in "recently deleted".
    Returns {"group": undo id, "count": rows deleted}. Another user's id is NotFound; nothing half-done."""
    wanted = _ids(ids)
    with transaction.atomic():
        rows = list(Transaction.objects.select_for_update().filter(user=user, id__in=wanted))
        if len(rows) != len(wanted):
            missing = sorted(set(wanted) - {r.id for r in rows})
            raise NotFound(f"Transaction {missing[0]} not found.")
        # A split goes as a whole: its original row and every part.
        parents = {r.split_of_id or r.id for r in rows}
        rows = list(Transaction.objects.select_for_update().filter(user=user, id__in=parents)) + list(
            Transaction.objects.select_for_update().filter(user=user, split_of_id__in=parents))
        group = uuid.uuid4()
        DeletedTransaction.objects.bulk_create([
            DeletedTransaction(user=user, transaction_id=r.id, fingerprint=r.fingerprint, data=_snapshot(r),
                               group=group) for r in rows])
        ids_gone = [r.id for r in rows]
        # The other side of a transfer stays a transfer, now without its pair.
        Transaction.objects.filter(user=user, transfer_pair_id__in=ids_gone).exclude(id__in=ids_gone).update(
            transfer_pair=None)
        Transaction.objects.filter(user=user, split_of_id__in=ids_gone).delete()
        Transaction.objects.filter(user=user, id__in=ids_gone).delete()
    return {"group": str(group), "count": len(ids_gone)}


def transaction_delete(*, user: AuthUser, transaction_id: int) -> dict[str, Any]:
    return transactions_delete(user=user, ids=[transaction_id])


def transactions_undo_delete(*, user: AuthUser, group: str) -> int:
    """Put back the rows one delete removed (its `group`). Returns how many came back."""
    try:
        group_id = uuid.UUID(str(group))
    except ValueError:
        raise NotFound("Nothing to undo: that deletion is not in your recently deleted list.")
    with transaction.atomic():
        gone = list(DeletedTransaction.objects.select_for_update().filter(user=user, group=group_id))
        if not gone:
            raise NotFound("Nothing to undo: that deletion is not in your recently deleted list.")
        rows = [_restore(d.data) for d in gone]
        ids = {r.id for r in rows}
        existing_ids = set(Transaction.objects.filter(user=user).values_list("id", flat=True).filter(
            id__in=[r.transfer_pair_id for r in rows if r.transfer_pair_id]))
        for r in rows:
            r.user_id = user.id  # a snapshot is only ever restored to its owner
            if r.transfer_pair_id and r.transfer_pair_id not in ids and r.transfer_pair_id not in existing_ids:
                r.transfer_pair_id = None
            if r.category_id and not user.tx_categories.filter(id=r.category_id).exists():
                r.category_id, r.category_source = None, CategorySource.NONE
            if r.account_id and not Account.objects.filter(user=user, id=r.account_id).exists():
                r.account_id = None
            if r.merchant_id and not Merchant.objects.filter(user=user, id=r.merchant_id).exists():
                r.merchant_id = None
            r.rule_id = None if r.rule_id and not user.tx_rules.filter(id=r.rule_id).exists() else r.rule_id
            r.batch_id = None if r.batch_id and not user.tx_import_batches.filter(id=r.batch_id).exists() \
                else r.batch_id
        parents = [r for r in rows if r.split_of_id is None]
        parts = [r for r in rows if r.split_of_id is not None]
        try:
            with transaction.atomic():
                Transaction.objects.bulk_create(parents)
                Transaction.objects.bulk_create(parts)
        except IntegrityError:
            raise DomainError("These transactions are already back (the same rows were imported again).",
                              code="conflict", status_code=409)
        # A pair whose other side was deleted with it points back again.
        for r in rows:
            if r.transfer_pair_id and r.transfer_pair_id not in ids:
                Transaction.objects.filter(user=user, id=r.transfer_pair_id, transfer_pair__isnull=True).update(
                    transfer_pair_id=r.id)
        DeletedTransaction.objects.filter(user=user, group=group_id).delete()
    return len(rows)


def deleted_purge(*, user: AuthUser | None = None, older_than_days: int = DELETED_KEEP_DAYS) -> int:
    """Forget deletions older than the undo window (the beat job calls this for everyone)."""
    qs = DeletedTransaction.objects.filter(deleted_at__lt=timezone.now() - timedelta(days=older_than_days))
    if user is not None:
        qs = qs.filter(user=user)
    return qs.delete()[0]


def deleted_list(*, user: AuthUser, limit: int = 200) -> list[dict[str, Any]]:
    """The user's recently deleted transactions, newest deletion first, grouped by the delete that removed them."""
    out = []
    for d in DeletedTransaction.objects.filter(user=user)[:limit]:
        data = d.data
        out.append({"group": str(d.group), "transaction_id": d.transaction_id, "deleted_at": d.deleted_at.isoformat(),
                    "date": data.get("date"), "description": data.get("description"),
                    "amount": float(data.get("amount") or 0), "currency": data.get("currency"),
                    "split_part": bool(data.get("split_of"))})
    return out


def _money(value: object, field: str) -> Decimal:
    return money_input(value, field=field)


def transaction_split(*, user: AuthUser, transaction_id: int, parts: list[dict[str, Any]]) -> list[Transaction]:
    """Split one transaction across categories: `parts` = [{"category", "amount", "notes"?}, …], two or more,
    summing exactly to the transaction's amount (its whole amount when it was split before: a new split
    replaces the old one). Every part is the user's own choice. Returns the parts, the original row first."""
    categories_ensure_defaults(user=user)
    if not isinstance(parts, list) or len(parts) < 2:
        raise DomainError("A split needs at least two parts.", code="validation_error", details={"field": "parts"})
    with transaction.atomic():
        tx = object_owned(Transaction, user=user, object_id=transaction_id)
        if tx.split_of_id:
            tx = Transaction.objects.select_for_update().get(user=user, id=tx.split_of_id)
        existing = list(Transaction.objects.filter(user=user, split_of=tx))
        total = tx.amount + sum((p.amount for p in existing), Decimal(0))
        clean = []
        for n, part in enumerate(parts, start=1):
            if not isinstance(part, dict):
                raise DomainError(f"part {n} must have a category and an amount.", code="validation_error",
                                  details={"field": "parts"})
            amount = _money(part.get("amount"), f"parts[{n}].amount")
            if amount == 0:
                raise DomainError(f"part {n}: the amount is zero.", code="validation_error",
                                  details={"field": f"parts[{n}].amount"})
            category = category_for_write(user=user, name=str(part.get("category") or ""),
                                          field=f"parts[{n}].category")
            clean.append((amount, category, str(part.get("notes") or "")))
        parts_sum = sum((a for a, _, _ in clean), Decimal(0))
        if parts_sum != total:
            raise DomainError(f"The parts add up to {parts_sum} but the transaction is {total}: they must sum "
                              f"exactly (difference {total - parts_sum}).", code="validation_error",
                              details={"field": "parts"})
        Transaction.objects.filter(user=user, split_of=tx).delete()
        first_amount, first_cat, first_note = clean[0]
        tx.amount, tx.category, tx.category_source, tx.category_confidence, tx.rule = (
            first_amount, first_cat, CategorySource.USER, 1.0, None)
        if first_note:
            tx.notes = first_note
        tx.edited_at = timezone.now()
        tx.save()
        created = [Transaction.objects.create(
            user=user, date=tx.date, description=tx.description, merchant_id=tx.merchant_id, amount=amount,
            currency=tx.currency, category=category, category_source=CategorySource.USER, category_confidence=1.0,
            notes=note, account_id=tx.account_id, batch_id=tx.batch_id, split_of=tx,
            description_key=tx.description_key, edited_at=tx.edited_at,
            fingerprint=hashlib.sha256(f"split|{tx.fingerprint}|{i}".encode()).hexdigest())
            for i, (amount, category, note) in enumerate(clean[1:], start=1)]
    return [tx, *created]


def transaction_unsplit(*, user: AuthUser, transaction_id: int) -> Transaction:
    """Undo a split: the parts fold back into the original row, which gets its whole amount again."""
    with transaction.atomic():
        tx = object_owned(Transaction, user=user, object_id=transaction_id)
        if tx.split_of_id:
            tx = Transaction.objects.get(user=user, id=tx.split_of_id)
        parts = list(Transaction.objects.filter(user=user, split_of=tx))
        if not parts:
            raise DomainError("This transaction is not split.", code="validation_error", details={"field": "id"})
        tx.amount += sum((p.amount for p in parts), Decimal(0))
        tx.edited_at = timezone.now()
        tx.save(update_fields=["amount", "edited_at"])
        Transaction.objects.filter(user=user, split_of=tx).delete()
    return tx


def transactions_bulk(*, user: AuthUser, ids: list[Any], action: str, category: str | None = None,
                      account_id: int | None = None) -> dict[str, Any]:
    """One change to many selected rows: "categorise" (the user's own choice, which automation keeps),
    "delete" (undoable: the reply carries the undo group) or "move" (to another of the user's accounts)."""
    wanted = _ids(ids)
    owned = Transaction.objects.filter(user=user, id__in=wanted)
    if owned.count() != len(wanted):
        missing = sorted(set(wanted) - set(owned.values_list("id", flat=True)))
        raise NotFound(f"Transaction {missing[0]} not found.")
    if action == "delete":
        return {"action": action, **transactions_delete(user=user, ids=wanted)}
    if action == "categorise":
        categories_ensure_defaults(user=user)
        target = category_for_write(user=user, name=category or "")
        n = owned.update(category=target, category_source=CategorySource.USER, category_confidence=1.0, rule=None,
                         edited_at=timezone.now())
        return {"action": action, "count": n, "category": target.name}
    if action == "move":
        account = Account.objects.filter(user=user, id=account_id).first() if account_id else None
        if account is None:
            raise NotFound(f"Account {account_id} not found.", details={"field": "account_id"})
        n = owned.update(account=account, edited_at=timezone.now())
        return {"action": action, "count": n, "account": account.name}
    raise DomainError("action must be one of categorise, delete, move.", code="validation_error",
                      details={"field": "action"})


def transaction_merchant_set(*, user: AuthUser, transaction: Transaction, name: str) -> None:
    """File the row under the merchant called `name` (the user's existing one, any case, else a new one)."""
    clean = " ".join((name or "").split())[:120]
    if not clean:
        transaction.merchant_id = None
        return
    merchant = Merchant.objects.filter(user=user, name__iexact=clean).first()
    if merchant is None:
        merchant, _ = Merchant.objects.get_or_create(user=user, key=clean.lower(), defaults={"name": clean})
    transaction.merchant_id = merchant.id


def duplicates_list(*, user: AuthUser, days: int = 3, limit: int = 100) -> list[dict[str, Any]]:
    """Possible duplicates: the same charge in two of the user's accounts' files — same amount and currency,
    same merchant (or the same narrative), dated within `days`, in different accounts, neither a transfer side
    nor marked "not a duplicate". Newest first; the later-imported row is the one offered for deletion."""
    rows = _fetch(
        """
        SELECT a.id AS keep_id, b.id AS drop_id, a.date AS keep_date, b.date AS drop_date, a.description,
               b.description AS drop_description, a.amount, a.currency, aa.name AS keep_account,
               ba.name AS drop_account
        FROM transactions_transaction a
        JOIN transactions_transaction b
          ON b.user_id = a.user_id AND b.id > a.id AND b.amount = a.amount AND b.currency = a.currency
         AND b.date BETWEEN a.date - %(days)s AND a.date + %(days)s
         AND b.account_id IS DISTINCT FROM a.account_id
         AND (b.merchant_id = a.merchant_id OR lower(b.description) = lower(a.description))
        LEFT JOIN transactions_account aa ON aa.id = a.account_id AND aa.user_id = a.user_id
        LEFT JOIN transactions_account ba ON ba.id = b.account_id AND ba.user_id = b.user_id
        WHERE a.user_id = %(user)s AND NOT a.duplicate_dismissed AND NOT b.duplicate_dismissed
          AND a.transfer_pair_id IS NULL AND b.transfer_pair_id IS NULL
          AND a.split_of_id IS NULL AND b.split_of_id IS NULL
        ORDER BY a.date DESC, a.id DESC LIMIT %(limit)s
        """, {"user": user.id, "days": days, "limit": limit})
    return [{"keep_id": r["keep_id"], "drop_id": r["drop_id"], "date": r["keep_date"].isoformat(),
             "drop_date": r["drop_date"].isoformat(), "description": r["description"],
             "drop_description": r["drop_description"], "amount": float(r["amount"]), "currency": r["currency"],
             "keep_account": r["keep_account"], "drop_account": r["drop_account"]} for r in rows]


def duplicate_resolve(*, user: AuthUser, keep_id: int, drop_id: int, decision: str) -> dict[str, Any]:
    """One click on a flagged pair: "delete" removes `drop_id` (undoable), "keep_both" marks both rows as not
    duplicates so they are not flagged again."""
    keep = object_owned(Transaction, user=user, object_id=keep_id)
    drop = object_owned(Transaction, user=user, object_id=drop_id)
    if decision == "delete":
        return {"decision": decision, **transactions_delete(user=user, ids=[drop.id])}
    if decision == "keep_both":
        Transaction.objects.filter(user=user, id__in=[keep.id, drop.id]).update(duplicate_dismissed=True)
        return {"decision": decision, "count": 2}
    raise DomainError("decision must be delete or keep_both.", code="validation_error", details={"field": "decision"})
