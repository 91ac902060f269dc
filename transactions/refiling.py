"""Re-filing: the suggestion engine run again over a user's automatically categorised transactions, after a rule
changed. What `recategorise_task` runs; `services.transactions_recategorise_soon` decides inline or the task (kept
apart from services so the task module and services do not import each other)."""
from __future__ import annotations

import json
from collections import defaultdict

from django.db import transaction

from core.types import AuthUser

from .categorize import Decision, Item, categorise
from .import_rows import suggestions_json
from .models import CategorySource, Transaction


def transactions_recategorise(*, user: AuthUser) -> int:
    """Run the suggestion engine again over every transaction the user has not categorised themselves."""
    rows = list(Transaction.objects.filter(user=user).exclude(category_source=CategorySource.USER)
                .select_related("merchant").values("id", "description", "merchant__key", "merchant__name",
                                                   "description_key", "amount", "merchant_code", "currency"))
    items: dict[str, Item] = {}
    for r in rows:
        items.setdefault(r["description"], Item(r["description"], r["merchant__key"] or "", r["merchant__name"] or "",
                                                r["description_key"], outflow=r["amount"] < 0,
                                                amount=abs(float(r["amount"])), merchant_code=r["merchant_code"] or "",
                                                currency=r["currency"] or ""))
    decisions = categorise(user=user, items=list(items.values()))
    groups: dict[Decision, list[int]] = defaultdict(list)
    for r in rows:
        groups[decisions[r["description"]]].append(r["id"])
    with transaction.atomic():
        for d, ids in groups.items():
            Transaction.objects.filter(user=user, id__in=ids).exclude(category_source=CategorySource.USER).update(
                category_id=d.category_id, category_source=d.source, category_confidence=d.confidence,
                rule_id=d.rule_id, category_suggestions=json.loads(suggestions_json(d)))
    return len(rows)
