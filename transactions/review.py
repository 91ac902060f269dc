"""The "needs review" queue's decisions beyond one row: the same answer for rows that look the same, and bulk.

- `similar_rows` (read): after the user decides one row, the other rows with the same narrative (digits folded:
  dates, references and card numbers aside) or the same merchant, and exactly what giving them the same
  category would do: how many change (not filed yet, or filed by Moneta as something else), how many the user
  filed themselves as something else (never changed unless they say so), how many already have it.
- `similar_apply` (write): does it; the rows become the user's own labels (they saw them and said yes).
- `review_bulk_decide` (write): several queue rows at once, either each one's own top suggestion or one category.
  All or nothing: a row that is not the user's makes the whole request fail and nothing changes.
- `review_choices`: the suggestions worth a button; a guess under JUNK_CONFIDENCE is never offered as one.
"""
from __future__ import annotations

from typing import Any

from django.db import connection, transaction

from core.errors import DomainError, NotFound
from core.types import AuthUser

from .categories import category_resolve
from .categorize import JUNK_CONFIDENCE, narrative_shape
from .models import Category, CategorySource, Transaction
from .selectors import object_owned
from .services import transaction_category_set, transaction_review_confirm

BULK_MAX = 200
SIMILAR_ROWS_SHOWN = 50


def review_choices(suggestions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The ranked suggestions worth offering as one-click choices (best first, junk left out)."""
    return [s for s in suggestions if float(s.get("confidence") or 0) >= JUNK_CONFIDENCE]


def _similar_ids(*, user: AuthUser, tx: Transaction) -> dict[int, bool]:
    """id → whether the narrative is identical (same shape) for the user's other rows like `tx`."""
    with connection.cursor() as cur:
        cur.execute(
            """
            SELECT id, left(regexp_replace(upper(regexp_replace(trim(description), '[[:space:]]+', ' ', 'g')),
                            '[0-9]+', '0', 'g'), 500) = %s
            FROM transactions_transaction
            WHERE user_id = %s AND id <> %s
              AND ((%s::bigint IS NOT NULL AND merchant_id = %s::bigint)
                   OR left(regexp_replace(upper(regexp_replace(trim(description), '[[:space:]]+', ' ', 'g')),
                                          '[0-9]+', '0', 'g'), 500) = %s)
            """,
            [narrative_shape(tx.description), user.id, tx.id, tx.merchant_id, tx.merchant_id,
             narrative_shape(tx.description)],
        )
        return {row_id: bool(identical) for row_id, identical in cur.fetchall()}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _summary_text(*, merchant: str, category: str, identical: int, same_merchant: int, change: list[dict],
                  user_set: list[dict], already: int) -> str:
    total = identical + same_merchant
    if not total:
        return "No other transaction looks like this one."
    parts = []
    if identical:
        parts.append(f"{identical} with the same description")
    if same_merchant:
        parts.append(f"{same_merchant} more from {merchant}" if identical else f"{same_merchant} from {merchant}")
    text = f"{_plural(total, 'other transaction')} look{'s' if total == 1 else ''} like this one ({', '.join(parts)})."
    if change:
        unfiled = sum(1 for r in change if not r["category"])
        filed: dict[str, int] = {}
        for r in change:
            if r["category"]:
                filed[r["category"]] = filed.get(r["category"], 0) + 1
        how = ([f"{unfiled} not filed yet"] if unfiled else []) + [
            f"{n} filed by Moneta as {name}" for name, n in sorted(filed.items(), key=lambda kv: -kv[1])]
        text += f" Filing them as {category} changes {len(change)} ({', '.join(how)})."
    if user_set:
        mine: dict[str, int] = {}
        for r in user_set:
            mine[r["category"] or "no category"] = mine.get(r["category"] or "no category", 0) + 1
        listed = ", ".join(f"{n} as {name}" for name, n in sorted(mine.items(), key=lambda kv: -kv[1]))
        text += (f" You filed {len(user_set)} yourself ({listed}); they stay as they are unless you include them.")
    if already:
        text += f" {already} already {'is' if already == 1 else 'are'} {category}."
    return text


def similar_rows(*, user: AuthUser, transaction_id: int, category: str) -> dict[str, Any]:
    """The user's other rows that look like this one and what filing them as `category` would do (see module)."""
    tx = object_owned(Transaction, user=user, object_id=transaction_id)
    target = Category.objects.filter(user=user, name__iexact=" ".join((category or "").split())).first()
    target_name = target.name if target else " ".join((category or "").split())
    flags = _similar_ids(user=user, tx=tx)
    rows = list(Transaction.objects.filter(user=user, id__in=list(flags)).order_by("-date", "-id")
                .values("id", "date", "description", "amount", "currency", "category_id", "category__name",
                        "category_source"))
    change, user_set, already = [], [], 0
    for r in rows:
        item = {"id": r["id"], "date": r["date"].isoformat(), "description": r["description"],
                "amount": str(r["amount"]), "currency": r["currency"], "category": r["category__name"],
                "set_by_user": r["category_source"] == CategorySource.USER, "identical": flags[r["id"]]}
        if target is not None and r["category_id"] == target.id:
            already += 1
        elif item["set_by_user"]:
            user_set.append(item)
        else:
            change.append(item)
    identical = sum(1 for v in flags.values() if v)
    merchant = tx.merchant.name if tx.merchant_id and tx.merchant is not None else ""
    return {
        "transaction_id": tx.id, "category": target_name, "merchant": merchant,
        "identical": identical, "same_merchant": len(flags) - identical, "others": len(flags),
        "will_change": len(change), "user_set": len(user_set), "already": already,
        "text": _summary_text(merchant=merchant, category=target_name, identical=identical,
                              same_merchant=len(flags) - identical, change=change, user_set=user_set,
                              already=already),
        "rows": (change + user_set)[:SIMILAR_ROWS_SHOWN],
    }


def similar_apply(*, user: AuthUser, transaction_id: int, category: str, include_user_set: bool = False
                  ) -> dict[str, Any]:
    """File the rows `similar_rows` lists as `category` (the ones the user set themselves only with
    `include_user_set`). They become the user's own labels. Returns the counts of what changed."""
    if not " ".join((category or "").split()):
        raise DomainError("Choose a category.", code="validation_error", details={"field": "category"})
    with transaction.atomic():
        offer = similar_rows(user=user, transaction_id=transaction_id, category=category)
        target = category_resolve(user=user, name=category, create=True)
        flags = _similar_ids(user=user, tx=object_owned(Transaction, user=user, object_id=transaction_id))
        qs = Transaction.objects.filter(user=user, id__in=list(flags)).exclude(category_id=target.id)
        if not include_user_set:
            qs = qs.exclude(category_source=CategorySource.USER)
        changed = qs.update(category=target, category_source=CategorySource.USER, category_confidence=1.0,
                            rule=None)
    return {"transaction_id": transaction_id, "category": target.name, "changed": changed,
            "user_set_changed": offer["user_set"] if include_user_set else 0,
            "user_set_kept": 0 if include_user_set else offer["user_set"]}


def _valid_ids(ids: Any) -> list[int]:
    if not isinstance(ids, list | tuple) or not ids:
        raise DomainError("Select at least one transaction.", code="validation_error", details={"field": "ids"})
    if len(ids) > BULK_MAX:
        raise DomainError(f"Select at most {BULK_MAX} transactions at a time.", code="validation_error",
                          details={"field": "ids"})
    try:
        return list(dict.fromkeys(int(i) for i in ids))
    except (TypeError, ValueError):
        raise DomainError("ids must be transaction ids (whole numbers).", code="validation_error",
                          details={"field": "ids"})


def review_bulk_decide(*, user: AuthUser, ids: Any, category: str | None = None) -> dict[str, Any]:
    """Decide several rows at once: with `category`, file them all as it (each teaches its merchant's rule);
    without, confirm each row's own top suggestion. All or nothing."""
    wanted = _valid_ids(ids)
    with transaction.atomic():
        found = set(Transaction.objects.filter(user=user, id__in=wanted).values_list("id", flat=True))
        missing = [i for i in wanted if i not in found]
        if missing:
            raise NotFound(f"Transaction{'s' if len(missing) > 1 else ''} {', '.join(map(str, missing[:10]))} "
                           f"not found.")
        for tx_id in wanted:
            if category:
                transaction_category_set(user=user, transaction_id=tx_id, category=category)
            else:
                transaction_review_confirm(user=user, transaction_id=tx_id)
    return {"decided": len(wanted), "category": category or None}
