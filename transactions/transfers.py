"""Transfers between the user's own accounts: detection, pairing by hand, unpairing; possible duplicates.

A transfer is filed in the user's transfer-kind category ("Transfers"), so every income and spending figure
leaves it out through the one rule the reads share (selectors `spending_rows` / `KIND_SQL`). Both sides of a
detected pair point at each other (`transfer_pair`). A user's own category choice is never overwritten."""
from __future__ import annotations

import re
from datetime import date, timedelta
from typing import Any

from django.db import transaction
from django.db.models import Count, Q

from core.errors import DomainError
from core.types import AuthUser

from .categories import categories_ensure_defaults
from .models import Account, Category, CategorySource, Transaction
from .selectors import object_owned
from .selectors._base import _fetch

# Days apart the two sides of a transfer may be dated (a card payment often clears a day or three later).
TRANSFER_WINDOW_DAYS = 4

# Narratives banks use for money moving between one's own accounts and for paying off a card.
TRANSFER_NARRATIVE = re.compile(
    r"payment\s*(?:-\s*)?thank\s*you|thank\s*you\s*for\s*your\s*payment|\bautopay\b|\bauto[- ]pay(?:ment)?\b|"
    # "card payment" pays a card off when nothing names a payee after it ("BARCLAYCARD PAYMENT", "VISA CARD
    # PAYMENT 1234", "credit card payment"); "CARD PAYMENT TO TESCO" / "CARD PAYMENT PRET A MANGER" are UK banks'
    # wording for a purchase made with the card.
    r"credit\s*card\s*(?:payment|pymt)|card\s*payment(?=\s*(?:$|[-,.:]|thank|received|\d))|payment\s*received|"
    r"\bpayment\s*to\s*card\b|"
    r"\btransfer\s*(?:to|from)\b|\b(?:online|internal|own[- ]account|inter[- ]account)\s*transfer\b|"
    r"\b(?:to|from)\s*(?:savings|checking|chequing|current)\s*(?:account|acct)?\b",
    re.I)


def transfer_category(*, user: AuthUser) -> Category:
    """The user's transfer category: the transfer-kind one they file most rows in themselves (their own
    vocabulary first), else their default "Transfers" or any transfer-kind one; made when missing."""
    categories_ensure_defaults(user=user)
    found = (Category.objects.filter(user=user, kind=Category.Kind.TRANSFER)
             .annotate(own=Count("transaction", filter=Q(transaction__category_source=CategorySource.USER)))
             .order_by("-own", "-is_default", "id").first())
    if found is not None:
        return found
    return Category.objects.get_or_create(user=user, name="Transfers",
                                          defaults={"kind": Category.Kind.TRANSFER})[0]


def _file_as_transfer(ids: list[int], target: Category, *, source: str, user: AuthUser) -> int:
    return Transaction.objects.filter(user=user, id__in=ids).update(
        category=target, category_source=source, category_confidence=1.0, rule=None)


def transfers_detect(*, user: AuthUser, since: date | None = None) -> dict[str, int]:
    """Find transfers among the rows Moneta filed itself (the user's own choices stay):

    1. pairs: a row out of one account and a row of the same amount into another of the user's accounts,
       same currency, dated within TRANSFER_WINDOW_DAYS; closest dates pair first, each row once;
    2. one-sided: a narrative saying so ("PAYMENT THANK YOU", "transfer to savings"), or money into a credit
       card or loan account (a card payment is never income).
    Returns {"paired": pairs made, "one_sided": rows filed by narrative}."""
    target = transfer_category(user=user)
    since = since or date(1900, 1, 1)
    candidates = _fetch(
        """
        SELECT o.id AS out_id, i.id AS in_id, abs(o.date - i.date) AS gap
        FROM transactions_transaction o
        JOIN transactions_transaction i
          ON i.user_id = o.user_id AND i.amount = -o.amount AND i.currency = o.currency
         AND i.account_id IS NOT NULL AND i.account_id <> o.account_id
         AND i.date BETWEEN o.date - %(days)s AND o.date + %(days)s
        WHERE o.user_id = %(user)s AND o.amount < 0 AND o.account_id IS NOT NULL AND o.date >= %(since)s
          AND o.transfer_pair_id IS NULL AND i.transfer_pair_id IS NULL
          AND (o.category_source <> 'user' OR o.category_id = %(cat)s)
          AND (i.category_source <> 'user' OR i.category_id = %(cat)s)
          AND o.split_of_id IS NULL AND i.split_of_id IS NULL
        ORDER BY gap, o.date, o.id, i.id
        LIMIT 20000
        """, {"user": user.id, "days": TRANSFER_WINDOW_DAYS, "since": since, "cat": target.id})
    used: set[int] = set()
    pairs: list[tuple[int, int]] = []
    for c in candidates:
        if c["out_id"] in used or c["in_id"] in used:
            continue
        used.update((c["out_id"], c["in_id"]))
        pairs.append((c["out_id"], c["in_id"]))
    liabilities = list(Account.objects.filter(user=user, kind__in=Account.LIABILITIES).values_list("id", flat=True))
    # A row the user's own labels placed (source `learned`) keeps that place: their history says what such a
    # narrative is, whatever its wording suggests.
    loose = (Transaction.objects.filter(user=user, date__gte=since, transfer_pair__isnull=True)
             .exclude(id__in=used).exclude(category_source__in=(CategorySource.USER, CategorySource.LEARNED))
             .exclude(category_id=target.id))
    one_sided = [r["id"] for r in loose.filter(Q(description__iregex=r"payment|transfer|autopay|auto.pay|savings|"
                                                                        r"checking|chequing|current")
                                                | Q(account_id__in=liabilities, amount__gt=0))
                 .values("id", "description", "account_id", "amount")
                 if TRANSFER_NARRATIVE.search(r["description"])
                 or (r["account_id"] in liabilities and r["amount"] > 0)]
    with transaction.atomic():
        if pairs:  # both sides point at each other, in one statement (10,000 pairs: one UPDATE, not 20,000)
            _fetch("""
                UPDATE transactions_transaction t SET transfer_pair_id = p.other
                FROM unnest(%(ids)s::bigint[], %(others)s::bigint[]) AS p(id, other)
                WHERE t.id = p.id AND t.user_id = %(user)s RETURNING t.id
                """, {"ids": [o for o, _ in pairs] + [i for _, i in pairs],
                      "others": [i for _, i in pairs] + [o for o, _ in pairs], "user": user.id})
        _file_as_transfer([i for p in pairs for i in p], target, source=CategorySource.RULE, user=user)
        _file_as_transfer(one_sided, target, source=CategorySource.RULE, user=user)
    return {"paired": len(pairs), "one_sided": len(one_sided)}


def transfer_pair(*, user: AuthUser, transaction_id: int, other_id: int) -> tuple[Transaction, Transaction]:
    """The user pairs two of their rows as one transfer: money out of one, into the other. Both are filed as
    a transfer by the user (so detection and re-categorisation leave them alone)."""
    if int(transaction_id) == int(other_id):
        raise DomainError("A transfer pairs two different transactions.", code="validation_error",
                          details={"field": "other_id"})
    with transaction.atomic():
        a = object_owned(Transaction, user=user, object_id=transaction_id)
        b = object_owned(Transaction, user=user, object_id=other_id)
        if (a.amount < 0) == (b.amount < 0) or a.amount == 0 or b.amount == 0:
            raise DomainError("A transfer pairs money out of one account with money into another: one amount must "
                              "be negative and the other positive.", code="validation_error",
                              details={"field": "other_id"})
        if a.currency != b.currency:
            raise DomainError(f"The two sides are in different currencies ({a.currency}, {b.currency}).",
                              code="validation_error", details={"field": "other_id"})
        for tx in (a, b):
            if tx.transfer_pair_id and tx.transfer_pair_id not in (a.id, b.id):
                transfer_unpair(user=user, transaction_id=tx.id)
        target = transfer_category(user=user)
        Transaction.objects.filter(user=user, id=a.id).update(transfer_pair_id=b.id)
        Transaction.objects.filter(user=user, id=b.id).update(transfer_pair_id=a.id)
        _file_as_transfer([a.id, b.id], target, source=CategorySource.USER, user=user)
    a.refresh_from_db()
    b.refresh_from_db()
    return a, b


def transfer_mark(*, user: AuthUser, transaction_id: int) -> Transaction:
    """One row is a transfer whose other side is not in Moneta (e.g. a card paid from an account not imported)."""
    tx = object_owned(Transaction, user=user, object_id=transaction_id)
    _file_as_transfer([tx.id], transfer_category(user=user), source=CategorySource.USER, user=user)
    tx.refresh_from_db()
    return tx


def transfer_unpair(*, user: AuthUser, transaction_id: int) -> list[int]:
    """Not a transfer: both sides leave the transfer category and become uncategorised by the user's choice
    (so detection does not pair them again); the user picks their categories. Returns the ids changed."""
    with transaction.atomic():
        tx = object_owned(Transaction, user=user, object_id=transaction_id)
        ids = [tx.id] + ([tx.transfer_pair_id] if tx.transfer_pair_id else [])
        transfer_ids = list(Category.objects.filter(user=user, kind=Category.Kind.TRANSFER).values_list("id", flat=True))
        Transaction.objects.filter(user=user, id__in=ids).update(transfer_pair=None)
        Transaction.objects.filter(user=user, id__in=ids, category_id__in=transfer_ids).update(
            category=None, category_source=CategorySource.USER, category_confidence=1.0, rule=None)
    return ids


def transfer_candidates(*, user: AuthUser, transaction_id: int, days: int = 10) -> list[dict[str, Any]]:
    """Rows that could be the other side of this one (opposite sign, same currency, another account or none,
    dated within `days`), closest amount and date first: the choices offered when pairing by hand."""
    tx = object_owned(Transaction, user=user, object_id=transaction_id)
    rows = _fetch(
        """
        SELECT t.id, t.date, t.description, t.amount, t.currency, a.name AS account
        FROM transactions_transaction t
        LEFT JOIN transactions_account a ON a.id = t.account_id AND a.user_id = t.user_id
        WHERE t.user_id = %(user)s AND t.id <> %(id)s AND sign(t.amount) = -sign(%(amount)s::numeric)
          AND t.currency = %(currency)s AND t.date BETWEEN %(start)s AND %(end)s
          AND (t.account_id IS DISTINCT FROM %(account)s OR %(account)s IS NULL)
        ORDER BY abs(abs(t.amount) - abs(%(amount)s::numeric)), abs(t.date - %(day)s::date), t.id LIMIT 20
        """, {"user": user.id, "id": tx.id, "amount": tx.amount, "currency": tx.currency,
              "start": tx.date - timedelta(days=days), "end": tx.date + timedelta(days=days), "day": tx.date,
              "account": tx.account_id})
    return [{"id": r["id"], "date": r["date"].isoformat(), "description": r["description"],
             "amount": float(r["amount"]), "currency": r["currency"], "account": r["account"]} for r in rows]
