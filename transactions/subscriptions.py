"""Subscription detection: recurring charges found from the ledger (cadence, price levels, next date)."""
from __future__ import annotations

import statistics
from collections import defaultdict
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from django.db import connection, transaction
from django.utils import timezone

from core.periods import add_months
from core.types import AuthUser

from .models import (
    Subscription,
)
from .selectors import object_owned, transfer_category_ids

CADENCES = (  # name, period in days, tolerance in days, months per charge
    ("weekly", 7.0, 2.0, 12 / 52),
    ("monthly", 30.44, 5.0, 1.0),
    ("quarterly", 91.3, 12.0, 3.0),
    ("yearly", 365.25, 25.0, 12.0),
)


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


def _detect_cadence(charges: list[tuple[date, Decimal]], today: date) -> dict[str, Any] | None:
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
            return _varying(charges, name, period, tolerance, months, gaps)
        last = charges[-1][1]
        if name == "weekly":
            next_expected = dates[-1] + timedelta(days=7)
        else:
            next_expected = add_months(dates[-1], int(months))
        return {"cadence": name, "amount": last, "previous_amount": levels[-2] if len(levels) > 1 else None,
                "price_changed": len(levels) > 1, "monthly_cost": (last / Decimal(str(months))).quantize(
                    Decimal("0.01")), "occurrences": len(charges), "first_date": dates[0], "last_date": dates[-1],
                "next_expected": next_expected, "amount_varies": False}
    return None


def _varying(charges: list[tuple[date, Decimal]], name: str, period: float, tolerance: float, months: float,
             gaps: list[int]) -> dict[str, Any] | None:
    """A charge on a strict monthly (or longer) rhythm whose amount moves with use — electricity, water, a phone
    bill: recurring, a bill rather than a subscription, costing its recent average. Stricter than a fixed price:
    at least 4 charges, nearly every gap on the rhythm, and no amount more than 3× another (so a shop visited
    about monthly is not taken for one)."""
    amounts = [a for _, a in charges]
    if name == "weekly" or len(charges) < 4 or min(amounts) <= 0 or max(amounts) > 3 * min(amounts):
        return None
    if sum(abs(g - period) <= tolerance for g in gaps) / len(gaps) < 0.9:
        return None
    recent = amounts[-6:]
    typical = (sum(recent, Decimal(0)) / len(recent)).quantize(Decimal("0.01"))
    dates = [d for d, _ in charges]
    return {"cadence": name, "amount": typical, "previous_amount": None, "price_changed": False,
            "monthly_cost": (typical / Decimal(str(months))).quantize(Decimal("0.01")), "occurrences": len(charges),
            "first_date": dates[0], "last_date": dates[-1], "next_expected": add_months(dates[-1], int(months)),
            "amount_varies": True}


def subscriptions_detect(*, user: AuthUser, today: date | None = None) -> list[Subscription]:
    """Find recurring charges: same merchant, similar amount, regular cadence. Keeps the user's
    confirm/dismiss decisions; detected ones that stopped recurring are removed."""
    today = today or timezone.localdate()
    since = today - timedelta(days=800)
    # Rows dated far in the future (typos kept from before imports refused them) would overflow the
    # next-charge arithmetic (year 10000): only charges up to a year ahead count.
    until = today + timedelta(days=366)
    transfers = transfer_category_ids(user=user)
    with connection.cursor() as cur:
        cur.execute(
            """
            WITH candidates AS (
                SELECT merchant_id FROM transactions_transaction
                WHERE user_id = %s AND amount < 0 AND date >= %s AND date <= %s AND merchant_id IS NOT NULL
                  AND (category_id IS NULL OR category_id <> ALL(%s::bigint[]))
                GROUP BY merchant_id HAVING count(*) BETWEEN 3 AND 120
            )
            SELECT t.merchant_id, t.date, -t.amount, t.currency FROM transactions_transaction t
            JOIN candidates c ON c.merchant_id = t.merchant_id
            WHERE t.user_id = %s AND t.amount < 0 AND t.date >= %s AND t.date <= %s
              AND (t.category_id IS NULL OR t.category_id <> ALL(%s::bigint[]))
            ORDER BY t.merchant_id, t.date
            """,
            # Transfers between the user's own accounts (a monthly move to savings) are not subscriptions.
            [user.id, since, until, transfers, user.id, since, until, transfers],
        )
        per_merchant: dict[int, list[tuple[date, Decimal, str]]] = defaultdict(list)
        for merchant_id, d, amount, currency in cur.fetchall():
            per_merchant[merchant_id].append((d, amount, currency))
    found: dict[tuple[int, str], dict[str, Any]] = {}
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


def subscription_confirm(*, user: AuthUser, subscription_id: int) -> Subscription:
    sub = object_owned(Subscription, user=user, object_id=subscription_id)
    sub.status = Subscription.Status.CONFIRMED
    sub.save(update_fields=["status", "updated_at"])
    return sub


def subscription_dismiss(*, user: AuthUser, subscription_id: int) -> Subscription:
    sub = object_owned(Subscription, user=user, object_id=subscription_id)
    sub.status = Subscription.Status.DISMISSED
    sub.save(update_fields=["status", "updated_at"])
    return sub
