"""One period's income, spending and what was kept (chat/affordability.py's income_breakdown with a `period`), and
spending left out of it on the user's word: "not counting rent, how much of my pay did I keep" keeps the pay
against everything spent except the rows of Rent. The rows left out are named and their sum is shown, so the
answer says what it did (`left_out`); the figures stay SQL sums over the same rows the pages count."""
from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from django.db.models import Q, QuerySet

from transactions.query import period_from_words
from transactions.selectors.figures import expense_rows, income_rows, totals

CENT = Decimal("0.01")


def _d(value: Any) -> Decimal:
    return Decimal(str(value or 0)).quantize(CENT, ROUND_HALF_UP)


def leave_out_args(q: Any) -> dict[str, list[str]]:
    """The spending the question's reading leaves out ("not counting rent", "except Amazon"), as the tool's args."""
    out = {}
    if q is not None and getattr(q, "exclude_categories", None):
        out["leave_out_categories"] = list(q.exclude_categories)
    if q is not None and getattr(q, "exclude_merchants", None):
        out["leave_out_merchants"] = list(q.exclude_merchants)
    return out


def _left_out_q(categories: list[str] | None, merchants: list[str] | None) -> Q | None:
    found = None
    for part in ([Q(category__name__in=categories)] if categories else []) + \
            ([Q(merchant__name__in=merchants)] if merchants else []):
        found = part if found is None else found | part
    return found


def spending(user: Any, categories: list[str] | None = None,
             merchants: list[str] | None = None) -> tuple[QuerySet, QuerySet | None]:
    """(the spending rows counted, the rows left out or None)."""
    rows = expense_rows(user=user)
    left = _left_out_q(categories, merchants)
    return (rows, None) if left is None else (rows.exclude(left), rows.filter(left))


def left_out_names(categories: list[str] | None, merchants: list[str] | None) -> list[str]:
    return [*(categories or []), *(merchants or [])]


def period_figures(user: Any, period: str, need_names: list[str], categories: list[str] | None = None,
                   merchants: list[str] | None = None) -> dict:
    """One period's income and spending (the rows the pages count: transfers are neither), its spending split
    into needs and wants, and how much was kept; {"message"} when the period is unreadable or empty. Spending named
    in `categories` / `merchants` is left out and reported as `left_out` (names, sum)."""
    found = period_from_words(period)
    if found is None:
        return {"message": f"I could not read “{period}” as a period.", "currency": "USD"}
    window = {"date__gte": found.start, "date__lte": found.end}
    need_names = [n for n in need_names if n not in (categories or [])]
    counted, left = spending(user, categories, merchants)
    income = next(iter(totals(income_rows(user=user).filter(**window), user=user)), None)
    spent_row = next(iter(totals(counted.filter(**window), user=user)), None)
    left_row = next(iter(totals(left.filter(**window), user=user)), None) if left is not None else None
    if income is None and spent_row is None and left_row is None:
        return {"message": f"There are no transactions in {found.label}.", "currency": "USD"}
    currency = (income or spent_row or left_row or {}).get("currency") or "USD"
    received = _d(income["net"]) if income else Decimal("0.00")
    spent = -_d(spent_row["net"]) if spent_row else Decimal("0.00")
    needs = next(iter(totals(counted.filter(currency=currency, category__name__in=need_names, **window), user=user)),
                 None)
    needs_spent = -_d(needs["net"]) if needs else Decimal("0.00")
    kept = received - spent

    def pct(part: Decimal) -> str | None:
        return str((part / received * 100).quantize(Decimal("0.1"), ROUND_HALF_UP)) if received > 0 else None

    out = {"period": found.label, "grain": found.grain, "start": found.start.isoformat(), "end": found.end.isoformat(),
           "currency": currency, "income": str(received), "spending": str(spent), "kept": str(kept),
           "kept_pct": pct(kept), "needs": str(needs_spent), "needs_pct": pct(needs_spent),
           "wants": str(spent - needs_spent), "wants_pct": pct(spent - needs_spent), "need_categories": need_names,
           "rule_50_30_20": ["50", "30", "20"]}  # the shares the rule suggests, quoted beside the user's own
    if left is not None:
        left_sum = -_d(left_row["net"]) if left_row else Decimal("0.00")
        out["left_out"] = {"names": left_out_names(categories, merchants), "amount": str(left_sum),
                           "all_spending": str(spent + left_sum)}
    return out
