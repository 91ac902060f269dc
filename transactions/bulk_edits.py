"""Writes that change several of a user's rows at once and can be put back exactly as they were: the
category of matching transactions, a category's monthly budget. (A deleted transaction comes back through
`transactions.editing.transactions_undo_delete`.)

The assistant's confirmed actions (chat/actions/) apply and undo through these; each returns what it
changed so the caller can store it and undo it later. Every function takes `user=` and touches only that
user's rows."""
from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.db import transaction

from core.errors import DomainError, NotFound
from core.types import AuthUser

from .categories import categories_ensure_defaults, category_budget_month_set, category_for_write
from .models import Category, CategorySource, Transaction

CATEGORY_FIELDS = ("id", "category_id", "category_source", "category_confidence", "rule_id")


def transactions_category_set_many(*, user: AuthUser, transaction_ids: list[int], category: str
                                   ) -> dict[str, Any]:
    """File these transactions under `category` as the user's own label (automation leaves them alone after).
    Returns {"category", "category_id", "changed", "previous": [{id, category_id, category_source,
    category_confidence, rule_id}]} — `previous` is what `transactions_category_restore` puts back."""
    categories_ensure_defaults(user=user)
    target = category_for_write(user=user, name=category)
    ids = [int(i) for i in transaction_ids]
    with transaction.atomic():
        rows = list(Transaction.objects.select_for_update().filter(user=user, id__in=ids).values(*CATEGORY_FIELDS))
        if len(rows) != len(set(ids)):
            raise NotFound(f"{len(set(ids)) - len(rows)} of the {len(set(ids))} transactions no longer exist.")
        changed = Transaction.objects.filter(user=user, id__in=ids).update(
            category=target, category_source=CategorySource.USER, category_confidence=1.0, rule=None)
    return {"category": target.name, "category_id": target.id, "changed": changed, "previous": rows}


def transactions_category_restore(*, user: AuthUser, previous: list[dict[str, Any]], expected_category_id: int
                                  ) -> dict[str, int]:
    """Put back the categories `transactions_category_set_many` replaced. Rows the user has filed elsewhere
    since (no longer in `expected_category_id`) or deleted are left as they are: {"restored", "skipped"}."""
    restored = 0
    with transaction.atomic():
        current = dict(Transaction.objects.select_for_update().filter(
            user=user, id__in=[int(r["id"]) for r in previous]).values_list("id", "category_id"))
        own_categories = set(Category.objects.filter(user=user).values_list("id", flat=True))
        for row in previous:
            if current.get(int(row["id"]), -1) != expected_category_id:
                continue
            category_id = row.get("category_id") if row.get("category_id") in own_categories else None
            restored += Transaction.objects.filter(user=user, id=int(row["id"])).update(
                category_id=category_id, category_source=row.get("category_source") or CategorySource.NONE,
                category_confidence=float(row.get("category_confidence") or 0.0), rule_id=None)
    return {"restored": restored, "skipped": len(previous) - restored}


def category_budget_set(*, user: AuthUser, category: str, amount: Decimal | None) -> dict[str, Any]:
    """Set (or with None, clear) a category's monthly budget. Returns {"category", "category_id", "previous"}
    (the budget it had, None for none) so the change can be undone with the same function."""
    categories_ensure_defaults(user=user)
    target = category_for_write(user=user, name=category)
    if amount is not None and amount <= 0:
        raise DomainError("amount must be positive.", code="validation_error", details={"field": "amount"})
    with transaction.atomic():
        row = Category.objects.select_for_update().get(user=user, id=target.id)
        previous = row.monthly_budget
        # From this month on: earlier months keep their budgets (and undo puts this month's back).
        category_budget_month_set(user=user, category_id=row.id, amount=amount)
    return {"category": row.name, "category_id": row.id, "previous": None if previous is None else str(previous)}
