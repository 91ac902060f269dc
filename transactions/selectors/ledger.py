"""Ledger reads: transactions, categories, merchants, rules, import batches and the review queue (the search box
reads through the question parser: transactions.search)."""
from __future__ import annotations

import difflib
import re
from datetime import date
from decimal import Decimal
from typing import Any

from django.contrib.postgres.search import SearchQuery, SearchVector
from django.db.models import Count, Q, Sum
from django.db.models.functions import TruncMonth

from core.errors import NotFound
from core.periods import (
    range_label,
)
from core.types import AuthUser

from ..categorize import REVIEW_THRESHOLD
from ..models import Account, CategorisationRule, Category, ImportBatch, Jar, Merchant, Transaction
from ._base import _chart, _currency, _num, category_find, others_to_refile

TX_FIELDS = ("id", "date", "description", "merchant__name", "amount", "currency", "category__name",
             "category_source", "category_confidence", "notes", "account__name", "account_id", "transfer_pair_id",
             "split_of_id", "category__kind")


def tx_row(values: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": values["id"], "date": values["date"].isoformat(), "description": values["description"],
        "merchant": values.get("merchant__name") or "", "amount": _num(values["amount"]),
        "currency": values["currency"], "category": values.get("category__name") or None,
        "category_source": values["category_source"], "category_confidence": round(values["category_confidence"], 2),
        "notes": values.get("notes") or "", "account": values.get("account__name") or None,
        "account_id": values.get("account_id"), "transfer_pair_id": values.get("transfer_pair_id"),
        "is_transfer": values.get("category__kind") == "transfer", "split_of_id": values.get("split_of_id"),
        "needs_review": (values["category_source"] not in ("user", "rule")
                         and values["category_confidence"] < REVIEW_THRESHOLD),
    }


def category_list(*, user: AuthUser, active_only: bool = False) -> list[str]:
    """The user's category names; `active_only` leaves out archived ones (pickers for new choices)."""
    qs = Category.objects.filter(user=user)
    if active_only:
        qs = qs.filter(archived_at__isnull=True)
    return list(qs.order_by("name").values_list("name", flat=True))


def category_rows(*, user: AuthUser) -> list[Category]:
    return list(Category.objects.filter(user=user).order_by("name"))


def merchant_list(*, user: AuthUser) -> list[str]:
    return list(Merchant.objects.filter(user=user).order_by("name").values_list("name", flat=True).distinct())


def merchant_rows(*, user: AuthUser, limit: int = 500) -> list[Merchant]:
    """The user's payees (merchants) by name, for renaming and merging."""
    return list(Merchant.objects.filter(user=user).order_by("name")[:limit])


def rule_list(*, user: AuthUser) -> list[CategorisationRule]:
    return list(CategorisationRule.objects.filter(user=user).select_related("category"))


def jar_list(*, user: AuthUser, archived: bool | None = None) -> list[Jar]:
    """The user's jars (`archived`: only archived ones, or only active ones when False; both when None)."""
    qs = Jar.objects.filter(user=user)
    if archived is not None:
        qs = qs.filter(archived_at__isnull=not archived)
    return list(qs.order_by("name").select_related("merged_into").prefetch_related("categories"))


def import_batch_list(*, user: AuthUser) -> list[ImportBatch]:
    return list(ImportBatch.objects.filter(user=user).defer("content").select_related("account")[:100])


def import_batch_get(*, user: AuthUser, batch_id: int) -> ImportBatch:
    batch = ImportBatch.objects.filter(user=user, id=batch_id).defer("content").select_related("account").first()
    if batch is None:
        raise NotFound(f"Import {batch_id} not found.")
    return batch


def transaction_get(*, user: AuthUser, transaction_id: int) -> dict[str, Any]:
    values = Transaction.objects.filter(user=user, id=transaction_id).values(*TX_FIELDS).first()
    if values is None:
        raise NotFound(f"Transaction {transaction_id} not found.")
    return tx_row(values)


def _category_ids(user: AuthUser, names: list[str]) -> list[int]:
    return [category_find(user=user, name=n).id for n in names]


def merchant_resolve(*, user: AuthUser, merchant: str) -> list[Merchant]:
    """The user's merchants called `merchant`: exact name, then containing it, then closest spelling."""
    text = " ".join((merchant or "").split())
    qs = Merchant.objects.filter(user=user)
    exact = list(qs.filter(name__iexact=text))
    if exact:
        return exact
    contains = list(qs.filter(name__icontains=text)[:20]) if text else []
    if contains:
        return contains
    names = list(qs.values_list("name", flat=True))
    close = difflib.get_close_matches(text.lower(), [n.lower() for n in names], n=1, cutoff=0.7)
    if close:
        return list(qs.filter(name__iexact=close[0]))
    raise NotFound(f"No transactions from a merchant called {text!r}.", details={"field": "merchant"})


def transaction_list(*, user: AuthUser, category: str | None = None, merchant: str | None = None,
                     start: date | None = None, end: date | None = None, search: str | None = None,
                     source: str | None = None,
                     min_amount: Decimal | float | str | None = None, max_amount: Decimal | float | str | None = None,
                     uncategorised: bool = False, page: int = 1,
                     page_size: int = 50, account: int | None = None) -> dict[str, Any]:
    qs = Transaction.objects.filter(user=user)
    applied = []
    if account:
        # Another user's account id matches none of this user's rows (the user filter above).
        name = Account.objects.filter(user=user, id=account).values_list("name", flat=True).first()
        if name is None:
            raise NotFound(f"Account {account} not found.", details={"field": "account"})
        qs = qs.filter(account_id=account)
        applied.append(f"account: {name}")
    if category:
        qs = qs.filter(category_id__in=_category_ids(user, [category]))
        applied.append(f"category: {category}")
    if uncategorised:
        qs = qs.filter(category__isnull=True)
        applied.append("uncategorised")
    if merchant:
        qs = qs.filter(merchant__in=merchant_resolve(user=user, merchant=merchant))
        applied.append(f"merchant: {merchant}")
    if start:
        qs = qs.filter(date__gte=start)
    if end:
        qs = qs.filter(date__lte=end)
    if start or end:
        applied.append(range_label(start, end))
    if search:
        for word in search.split():
            qs = qs.filter(text_q(user, [word]))
        applied.append(f'text: "{search}"')
    if source:
        qs = qs.filter(category_source=source)
        applied.append(f"categorised by: {source}")
    if min_amount is not None:
        qs = qs.filter(amount__gte=min_amount)
    if max_amount is not None:
        qs = qs.filter(amount__lte=max_amount)
    page_size = max(1, min(int(page_size or 50), 500))
    agg = qs.aggregate(count=Count("id"), total=Sum("amount"))
    count = agg["count"]
    pages = max(1, -(-count // page_size))
    page = max(1, min(int(page or 1), pages))
    rows = [tx_row(v) for v in qs.order_by("-date", "-id").values(*TX_FIELDS)[(page - 1) * page_size:page * page_size]]
    monthly = list(qs.annotate(month=TruncMonth("date")).values("month").annotate(total=Sum("amount"))
                   .order_by("month"))[-24:]
    return {
        "title": "Transactions" + (f" ({' · '.join(applied)})" if applied else ""),
        "rows": rows, "count": count, "total": _num(agg["total"]), "page": page, "pages": pages,
        "page_size": page_size, "currency": _currency(user), "filters_text": " · ".join(applied),
        "chart": _chart("bar", "Net amount by month", [m["month"].strftime("%Y-%m") for m in monthly],
                        [("net", [m["total"] for m in monthly])]),
    }


def _tsquery_term(word: str) -> str:
    clean = re.sub(r"[^\w]+", " ", word.lower()).split()
    return " & ".join(f"{w}:*" for w in clean)


def text_q(user: AuthUser, words: list[str], *, fulltext: bool = True) -> Q:
    """Any of `words`: a word (prefix) in the narrative via the full-text index, or part of a merchant's name
    (the user's merchant table is small, so a substring match there is cheap)."""
    merchant_ids: list[int] = []
    terms = []
    for word in words:
        ids = list(Merchant.objects.filter(user=user, name__icontains=word).values_list("id", flat=True)[:500])
        merchant_ids += ids
        if fulltext and not ids and _tsquery_term(word):
            # Merchant names come from the narratives, so a word found in a merchant's name is covered by
            # that merchant; the full-text index is for the other words (memos, references, places).
            terms.append(_tsquery_term(word))
    q = Q(merchant_id__in=merchant_ids) if merchant_ids else Q(pk__in=[])
    if terms:
        # The matching ids come from the GIN index in a subquery, so Postgres never re-parses every narrative
        # of the period into a tsvector.
        matching = (Transaction.objects.filter(user=user)
                    .annotate(search_vector=SearchVector("description", config="simple"))
                    .filter(search_vector=SearchQuery(" | ".join(f"({t})" for t in terms), search_type="raw",
                                                      config="simple"))
                    .values("id"))
        q |= Q(id__in=matching)
    return q


def correction_preview(*, user: AuthUser, transaction_id: int, category: str) -> dict[str, Any]:
    """What a correction would do, before doing it: how many other rows from the same merchant would be
    re-filed if the user says yes (rows the user categorised themselves are never counted or changed)."""
    tx = Transaction.objects.filter(user=user, id=transaction_id).select_related("merchant").first()
    if tx is None:
        raise NotFound(f"Transaction {transaction_id} not found.")
    target = Category.objects.filter(user=user, name__iexact=" ".join((category or "").split())).first()
    others = others_to_refile(user=user, tx=tx, target_id=target.id if target else None) if tx.merchant_id else None
    count = others.count() if others is not None else 0
    return {"transaction_id": tx.id,
            "merchant": tx.merchant.name if tx.merchant_id and tx.merchant is not None else "",
            "category": target.name if target else " ".join((category or "").split()), "others": count,
            "examples": [{"id": o.id, "date": o.date.isoformat(), "description": o.description,
                          "category": o.category.name if o.category_id and o.category is not None else None}
                         for o in (others.select_related("category").order_by("-date")[:5]
                                   if count and others is not None else [])]}


def _review_q() -> Q:
    # The same condition as the partial index tx_needs_review (models.Transaction.Meta).
    return Q(category_confidence__lt=REVIEW_THRESHOLD) & ~Q(category_source__in=["user", "rule"])


def suggestions_named(*, user: AuthUser, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each row with its ranked suggestions as `[{"category", "confidence"}]` (names, the user's own)."""
    names = dict(Category.objects.filter(user=user).values_list("id", "name"))
    out = []
    for row in rows:
        raw = row.pop("category_suggestions", None) or []
        row["suggestions"] = [{"category": names[c], "confidence": round(float(p), 2)} for c, p in raw if c in names]
        out.append(row)
    return out


def review_queue(*, user: AuthUser, page: int = 1, page_size: int = 25) -> dict[str, Any]:
    """Rows Moneta was not sure about (confidence under categorize.REVIEW_THRESHOLD, not set by the user or a
    rule), newest first, each with its ranked top-3: one click confirms the first or picks another."""
    qs = Transaction.objects.filter(user=user).filter(_review_q())
    count = qs.count()
    page_size = max(1, min(int(page_size or 25), 200))
    pages = max(1, -(-count // page_size))
    page = max(1, min(int(page or 1), pages))
    values = list(qs.order_by("-date", "-id").values(*TX_FIELDS, "category_suggestions")
                  [(page - 1) * page_size:page * page_size])
    rows = []
    for v in values:
        row = tx_row(v)
        row["category_suggestions"] = v["category_suggestions"]
        rows.append(row)
    return {"title": "Needs review", "count": count, "page": page, "pages": pages, "page_size": page_size,
            "threshold": REVIEW_THRESHOLD, "currency": _currency(user),
            "rows": suggestions_named(user=user, rows=rows)}


def review_item(*, user: AuthUser, transaction_id: int) -> dict[str, Any]:
    """One transaction as the review queue shows it: the tx row plus its named, ranked suggestions."""
    values = (Transaction.objects.filter(user=user, id=transaction_id).values(*TX_FIELDS, "category_suggestions")
              .first())
    if values is None:
        raise NotFound(f"Transaction {transaction_id} not found.")
    row = tx_row(values)
    row["category_suggestions"] = values["category_suggestions"]
    return suggestions_named(user=user, rows=[row])[0]


def review_count(*, user: AuthUser) -> int:
    return Transaction.objects.filter(user=user).filter(_review_q()).count()
