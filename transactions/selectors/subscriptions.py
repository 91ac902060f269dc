"""Subscription and bill reads: what recurs, what it costs a month and a year, what is due."""
from __future__ import annotations

import re
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from django.db.models import Count, F, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from core.money import money
from core.types import AuthUser

from ..models import Category, Subscription, Transaction
from ._base import _chart, _currency, _fetch, _num

# Recurring charges in these categories are bills (rent, utilities, insurance…), not subscriptions a
# user might cancel; they are listed, but kept out of the "subscriptions cost" figure, and budget tips never
# suggest cutting them.
BILL_CATEGORY_WORDS = ("rent", "housing", "mortgage", "utilit", "insurance", "loan", "bill", "tax", "childcare",
                       "electric", "water", "energy", "council", "phone", "internet")


# Words in a merchant's name that make a recurring charge a bill even when it has no category yet.
BILL_MERCHANT_WORDS = ("rent", "rental", "rentals", "lettings", "property", "apts", "apartments", "insurance",
                       "assurance", "electric", "electricity", "water", "energy", "power", "gas", "council",
                       "mortgage", "loan", "miete", "loyer", "huur", "versicherung", "eskom", "tien nha", "tien dien")


def is_bill_category(name: str | None) -> bool:
    """Rent, utilities, insurance and the like: fixed costs, told apart from subscriptions everywhere."""
    if not name:
        return False
    return any(w in name.lower() for w in BILL_CATEGORY_WORDS)


def _is_bill_merchant(name: str) -> bool:
    plain = " " + re.sub(r"[^a-z]+", " ", name.lower()) + " "
    return any(f" {w} " in plain for w in BILL_MERCHANT_WORDS)


def _merchant_main_category(*, user: AuthUser, merchant_ids: list[int]) -> dict[int, str]:
    """The category most of the user's charges at each merchant carry (one grouped query)."""
    if not merchant_ids:
        return {}
    rows = (Transaction.objects.filter(user=user, merchant_id__in=merchant_ids, amount__lt=0,
                                       category__isnull=False)
            .values("merchant_id", "category__name").annotate(n=Count("id")).order_by("merchant_id", "-n"))
    main: dict[int, str] = {}
    for row in rows:
        main.setdefault(row["merchant_id"], row["category__name"])
    return main


def subscription_list(*, user: AuthUser, include_dismissed: bool = False,
                      merchants: list[str] | None = None) -> dict[str, Any]:
    """Recurring charges, each a `bill` (rent, utilities, insurance…: by its category, or, when uncategorised,
    its merchant's name or an amount that moves with use) or a `subscription`. The subscriptions total never includes bills and is given per
    month and per year; totals are per currency (the headline figures are in the main currency, the rest in
    `by_currency`), never summed across currencies. `merchants`: only the recurring charges of these merchants
    (by name, case-insensitive), their totals theirs alone."""
    qs = Subscription.objects.filter(user=user).select_related("merchant")
    if merchants:
        named = Q()
        for name in merchants:
            named |= Q(merchant__name__iexact=name)
        qs = qs.filter(named)
    if not include_dismissed:
        qs = qs.exclude(status=Subscription.Status.DISMISSED)
    subs = list(qs.annotate(yearly=F("monthly_cost") * 12).order_by("-monthly_cost", "merchant__name"))
    main_category = _merchant_main_category(user=user, merchant_ids=[s.merchant_id for s in subs])
    rows: list[dict[str, Any]] = []
    for s in subs:
        category = main_category.get(s.merchant_id)
        # a charge whose amount moves with use (electricity, water) is metered: a bill, unless its category
        # says what it is
        bill = is_bill_category(category) if category else (_is_bill_merchant(s.merchant.name) or s.amount_varies)
        rows.append({
            "id": s.id, "merchant": s.merchant.name, "cadence": s.cadence, "amount": _num(s.amount),
            "previous_amount": _num(s.previous_amount) if s.previous_amount is not None else None,
            "price_changed": s.price_changed, "amount_varies": s.amount_varies,
            "monthly_cost": _num(s.monthly_cost), "yearly_cost": _num(s.yearly),
            "currency": s.currency, "occurrences": s.occurrences, "first_date": s.first_date.isoformat(),
            "last_date": s.last_date.isoformat(), "next_expected": s.next_expected.isoformat(), "status": s.status,
            "category": category, "kind": "bill" if bill else "subscription",
        })
    # Exact Decimal sums of the stored monthly costs, per (currency, kind).
    sums: dict[tuple[str, str], Decimal] = {}
    for s, r in zip(subs, rows):
        key = (s.currency, r["kind"])
        sums[key] = sums.get(key, Decimal("0")) + s.monthly_cost
    currencies = sorted({c for c, _ in sums}, key=lambda c: -sum(v for (cc, _), v in sums.items() if cc == c))
    currency = currencies[0] if currencies else _currency(user)
    by_currency: list[dict[str, Any]] = [{"currency": c,
                    "subscriptions_per_month": _num(sums.get((c, "subscription"), 0)),
                    "subscriptions_per_year": _num(sums.get((c, "subscription"), Decimal("0")) * 12),
                    "bills_per_month": _num(sums.get((c, "bill"), 0)),
                    "bills_per_year": _num(sums.get((c, "bill"), Decimal("0")) * 12),
                    "total_per_month": _num(sums.get((c, "subscription"), Decimal("0")) + sums.get((c, "bill"),
                                                                                                Decimal("0"))),
                    "total_per_year": _num((sums.get((c, "subscription"), Decimal("0"))
                                            + sums.get((c, "bill"), Decimal("0"))) * 12)}
                   for c in currencies]
    main: dict[str, Any] = by_currency[0] if by_currency else {
        k: 0.0 for k in ("subscriptions_per_month", "subscriptions_per_year", "bills_per_month", "bills_per_year",
                         "total_per_month", "total_per_year")}
    upcoming = [r for r in rows if r["next_expected"] <= (timezone.localdate() + timedelta(days=30)).isoformat()]
    subs_only = [r for r in rows if r["kind"] == "subscription" and r["currency"] == currency]
    return {
        "title": "Subscriptions and recurring bills", "currency": currency,
        "total_per_month": main["total_per_month"], "total_per_year": main["total_per_year"], "count": len(rows),
        "subscriptions_per_month": main["subscriptions_per_month"],
        "subscriptions_per_year": main["subscriptions_per_year"],
        "bills_per_month": main["bills_per_month"], "bills_per_year": main["bills_per_year"],
        "by_currency": by_currency,
        "currency_note": ("Also recurring in other currencies: " + "; ".join(
            f"{money(b['subscriptions_per_month'], b['currency'])} a month in subscriptions, "
            f"{money(b['bills_per_month'], b['currency'])} in bills" for b in by_currency[1:])
            + " — never added to the figures above.") if len(by_currency) > 1 else "",
        "rows": rows,
        "upcoming_30_days": [{"merchant": r["merchant"], "amount": r["amount"], "date": r["next_expected"],
                              "kind": r["kind"], "currency": r["currency"]}
                             for r in sorted(upcoming, key=lambda r: r["next_expected"])],
        # The chart shows subscriptions only: a rent bill would dwarf every one of them.
        "chart": _chart("bar", _("Subscriptions, monthly cost (%(currency)s)") % {"currency": currency},
                        [r["merchant"] for r in subs_only],
                        [(_("per month"), [r["monthly_cost"] for r in subs_only])]),
    }


def income_expected(*, user: AuthUser, today: date | None = None, days: int = 30) -> list[dict[str, Any]]:
    """Expected pay in the next `days`: money in from one payer (income, never a transfer) at least 3 times in
    the last 200 days at a regular gap (weekly to monthly, median gap 6–35 days); the next one is the last
    date plus the median gap, for the last amount. Every figure comes from the query."""
    today = today or timezone.localdate()
    rows = _fetch(
        """
        WITH money_in AS (
            -- KIND_SQL = 'income' for money in, as two range scans of the (user, category, date) index: rows in
            -- an income-kind category, and uncategorised ones (1M rows: 220 ms as one scan of 200 days → ~1 ms).
            SELECT t.merchant_id, t.date, t.amount, t.currency FROM transactions_transaction t
            WHERE t.user_id = %(user)s AND t.category_id = ANY(%(income)s::bigint[])
              AND t.date >= %(since)s AND t.date <= %(today)s AND t.amount > 0 AND t.merchant_id IS NOT NULL
            UNION ALL
            SELECT t.merchant_id, t.date, t.amount, t.currency FROM transactions_transaction t
            WHERE t.user_id = %(user)s AND t.category_id IS NULL
              AND t.date >= %(since)s AND t.date <= %(today)s AND t.amount > 0 AND t.merchant_id IS NOT NULL
        ), inc AS (
            SELECT merchant_id, date, amount, currency,
                   date - lag(date) OVER (PARTITION BY merchant_id ORDER BY date) AS gap
            FROM money_in
        ), per AS (
            SELECT merchant_id, count(*) AS n, percentile_cont(0.5) WITHIN GROUP (ORDER BY gap) AS gap,
                   max(date) AS last, (array_agg(amount ORDER BY date DESC))[1] AS amount,
                   (array_agg(currency ORDER BY date DESC))[1] AS currency
            FROM inc GROUP BY 1 HAVING count(*) >= 3
        )
        SELECT m.name, per.amount, per.currency, (per.last + round(per.gap)::int) AS next
        FROM per JOIN transactions_merchant m ON m.id = per.merchant_id AND m.user_id = %(user)s
        WHERE per.gap BETWEEN 6 AND 35 AND per.last + round(per.gap)::int BETWEEN %(today)s AND %(until)s
        ORDER BY next, m.name
        """, {"user": user.id, "since": today - timedelta(days=200), "today": today,
              "until": today + timedelta(days=days),
              "income": list(Category.objects.filter(user=user, kind=Category.Kind.INCOME).values_list("id", flat=True))})
    return [{"merchant": r["name"], "date": r["next"].isoformat(), "amount": _num(r["amount"]),
             "currency": r["currency"], "kind": "income"} for r in rows]


STEP_SQL = ("CASE s.cadence WHEN 'weekly' THEN interval '7 days' WHEN 'quarterly' THEN interval '3 months' "
            "WHEN 'yearly' THEN interval '1 year' ELSE interval '1 month' END")


def recurring_merchant_names(*, user: AuthUser) -> list[str]:
    """The merchants the user pays again and again (their recurring charges, dismissed ones left out)."""
    return list(Subscription.objects.filter(user=user).exclude(status=Subscription.Status.DISMISSED)
                .values_list("merchant__name", flat=True))


def recurring_due(*, user: AuthUser, start: date, end: date, currency: str | None = None) -> dict[str, Any]:
    """The recurring charges (subscriptions and bills, not dismissed) due between start and end: each expected
    charge from its next expected date on, stepped by its cadence, with the total — in SQL. In `currency` (else
    the main currency of the charges); charges in other currencies are counted apart, never added."""
    rows = _fetch(
        f"""
        WITH due AS (
            SELECT m.name, s.amount, s.currency, d::date AS due
            FROM transactions_subscription s
            JOIN transactions_merchant m ON m.id = s.merchant_id AND m.user_id = s.user_id
            CROSS JOIN LATERAL generate_series(s.next_expected, %(end)s::date, {STEP_SQL}) d
            WHERE s.user_id = %(user)s AND s.status <> 'dismissed' AND d::date BETWEEN %(start)s AND %(end)s
        ), cur AS (
            SELECT coalesce(%(currency)s, (SELECT currency FROM due GROUP BY 1 ORDER BY sum(amount) DESC, 1 LIMIT 1))
                   AS currency
        )
        SELECT due.name, round(due.amount, 2) AS amount, due.currency, due.due,
               round(sum(due.amount) FILTER (WHERE due.currency = cur.currency) OVER (), 2) AS total,
               cur.currency AS main
        FROM due, cur ORDER BY due.due, due.name
        """, {"user": user.id, "start": start, "end": end, "currency": currency})
    main = rows[0]["main"] if rows else (currency or _currency(user))
    return {"start": start.isoformat(), "end": end.isoformat(), "currency": main,
            "total": _num(rows[0]["total"]) if rows else 0.0,
            "rows": [{"merchant": r["name"], "amount": _num(r["amount"]), "currency": r["currency"],
                      "date": r["due"].isoformat()} for r in rows if r["currency"] == main],
            "other_currencies": sorted({r["currency"] for r in rows if r["currency"] != main})}


def coming_up(*, user: AuthUser, today: date | None = None) -> list[dict[str, Any]]:
    """What is coming in the next 30 days, by date: money out (subscriptions and bills, `upcoming_30_days` of
    `subscription_list`, kind "subscription"/"bill") and money in (expected pay, `income_expected`, kind
    "income"), each with `direction` "out" or "in" — so the day before payday shows the pay coming, not only bills."""
    today = today or timezone.localdate()
    out = [{**u, "direction": "out"} for u in subscription_list(user=user)["upcoming_30_days"]]
    pay = [{**i, "direction": "in"} for i in income_expected(user=user, today=today)]
    return sorted(out + pay, key=lambda u: (str(u["date"]), u["direction"], u["merchant"]))
