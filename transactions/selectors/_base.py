"""Shared pieces of the transactions reads: raw SQL fetch, the user's currencies, chart specs, money text."""
from __future__ import annotations

import difflib
import re
from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any, TypeVar, cast

from django.db import connection
from django.db.models import Model, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import DomainError, NotFound
from core.money import money
from core.periods import (
    ALL_TIME_START,
)
from core.types import AuthUser

from ..models import Category, CategorySource, Transaction

_M = TypeVar("_M", bound=Model)

KIND_SQL = ("CASE WHEN c.kind IS NULL THEN (CASE WHEN t.amount < 0 THEN 'expense' ELSE 'income' END) "
            "ELSE c.kind END")


def _num(value: Any) -> float:
    return round(float(value), 2) if value is not None else 0.0


def _fetch(sql: str, params: Sequence[Any] | Mapping[str, Any]) -> list[dict[str, Any]]:
    with connection.cursor() as cur:
        cur.execute(sql, params)
        cols = [c.name for c in cur.description]
        return [dict(zip(cols, row)) for row in cur.fetchall()]


def _currency(user: AuthUser) -> str:
    latest = Transaction.objects.filter(user=user).order_by("-date").values_list("currency", flat=True).first()
    return latest or "USD"


def user_currencies(*, user: AuthUser) -> list[str]:
    """The currencies of the user's transactions, most recent first is not implied (alphabetical). A skip scan
    over the (user, currency) index: one probe per currency, however many rows."""
    rows = _fetch(
        """
        WITH RECURSIVE c(cur) AS (
            SELECT min(currency) FROM transactions_transaction WHERE user_id = %(user)s
            UNION ALL
            SELECT (SELECT min(currency) FROM transactions_transaction WHERE user_id = %(user)s AND currency > c.cur)
            FROM c WHERE c.cur IS NOT NULL
        )
        SELECT cur FROM c WHERE cur IS NOT NULL
        """, {"user": user.id})
    return [r["cur"] for r in rows]


def _figures_currency(user: AuthUser, start: date, end: date) -> tuple[str, list[str]]:
    """(the currency the figures are in, the user's other currencies). Amounts in different currencies are never
    added up: figures cover the period's main currency (most transactions in the period) and the others are
    reported beside them, each in its own currency."""
    currencies = user_currencies(user=user)
    if len(currencies) <= 1:
        return (currencies[0] if currencies else _currency(user)), []
    counts = _fetch("SELECT currency, count(*) AS n FROM transactions_transaction WHERE user_id = %s "
                    "AND date BETWEEN %s AND %s GROUP BY 1 ORDER BY 2 DESC, 1", [user.id, start, end])
    main = counts[0]["currency"] if counts else _currency(user)
    return main, [c for c in currencies if c != main]


def _currency_sql(currency: str | None, alias: str = "") -> str:
    """An extra WHERE condition for one currency (empty when the user has only one: no cost on that path)."""
    if not currency:
        return ""
    return f" AND {alias}currency = '{currency}'" if re.fullmatch(r"[A-Z]{3}", currency) else " AND false"


def _other_currency_totals(user: AuthUser, start: date, end: date, others: list[str]) -> list[dict[str, Any]]:
    """Spending and income per other currency in the window, each in its own currency (never converted)."""
    if not others:
        return []
    rows = _fetch(
        f"""
        SELECT t.currency,
               round(-coalesce(sum(t.amount) FILTER (WHERE {KIND_SQL} = 'expense'), 0), 2) AS spent,
               round(coalesce(sum(t.amount) FILTER (WHERE {KIND_SQL} = 'income'), 0), 2) AS income, count(*) AS n
        FROM transactions_transaction t LEFT JOIN transactions_category c ON c.id = t.category_id AND c.user_id = t.user_id
        WHERE t.user_id = %s AND t.date BETWEEN %s AND %s AND t.currency = ANY(%s)
        GROUP BY 1 ORDER BY 1
        """, [user.id, start, end, others])
    return [{"currency": r["currency"], "total_spent": _num(r["spent"]), "total_income": _num(r["income"]),
             "count": r["n"]} for r in rows]


def _currency_note(currency: str, others: list[dict[str, Any]]) -> str:
    if not others:
        return ""
    parts = [f"{money(o['total_spent'], o['currency'])} spent" for o in others if o["count"]]
    if not parts:
        return ""
    return (f"Figures are in {currency}. Also in this period: {', '.join(parts)} — shown separately, never added "
            f"to the {currency} figures (no exchange rates are stored).")


def _chart(kind: str, title: str, labels: list[Any], series: list[tuple[str, list[Any]]]) -> dict[str, Any]:
    return {"type": kind, "title": title, "labels": [str(x) for x in labels],
            "series": [{"name": name, "data": [_num(v) for v in data]} for name, data in series]}


def _range(start: date | None, end: date | None) -> tuple[date, date]:
    return start or ALL_TIME_START, end or timezone.localdate()


def _money_text(value: Any, currency: str) -> str:
    """Tip wording writes amounts as the pages and chat answers do (core.money)."""
    return money(value, currency)


def object_owned(model: type[_M], *, user: AuthUser, object_id: int | str) -> _M:
    """The user's `model` row with this id, or NotFound (another user's id is indistinguishable from none)."""
    # The plugin does not know `objects` on a generic model class; every model passed here has it.
    rows: Any = model
    try:
        return cast(_M, rows.objects.get(user=user, id=object_id))
    except (rows.DoesNotExist, ValueError, TypeError):
        raise NotFound(f"{rows._meta.verbose_name.capitalize()} {object_id} not found.")


CATEGORY_NAME_MAX = 80  # Category.name's column


def category_name_clean(name: str | None, *, field: str = "category") -> str:
    """A category name as stored: whitespace collapsed; an empty name is a 400 naming `field`."""
    clean = " ".join((name or "").split())
    if not clean:
        raise DomainError(_("Category name is empty."), code="validation_error", details={"field": field})
    if len(clean) > CATEGORY_NAME_MAX:
        raise DomainError(f"Category names are at most {CATEGORY_NAME_MAX} characters; this one has {len(clean)}.",
                          code="validation_error", details={"field": field})
    return clean


def category_find(*, user: AuthUser, name: str) -> Category:
    """The user's category called `name` (case-insensitive, then close spelling), or NotFound."""
    clean = category_name_clean(name)
    found = Category.objects.filter(user=user, name__iexact=clean).first()
    if found:
        return found
    names = list(Category.objects.filter(user=user).values_list("name", flat=True))
    lower = {n.lower(): n for n in names}
    close = difflib.get_close_matches(clean.lower(), list(lower), n=1, cutoff=0.75)
    if close:
        return Category.objects.get(user=user, name=lower[close[0]])
    raise NotFound(f"You have no category called {clean!r}.", details={"field": "category", "categories": names})


def others_to_refile(*, user: AuthUser, tx: Transaction, target_id: int | None) -> QuerySet[Transaction]:
    """The merchant's other rows that a re-file would change: automatic ones not already in the target."""
    # A None merchant_id is an IS NULL filter (Django's exact lookup), which the plugin does not allow for.
    qs = (Transaction.objects.filter(user=user, merchant_id=tx.merchant_id).exclude(id=tx.id)  # type: ignore[misc]
          .exclude(category_source=CategorySource.USER))
    if target_id is not None:
        qs = qs.exclude(category_id=target_id, category_source=CategorySource.RULE)
    return qs


def transfer_category_ids(*, user: AuthUser) -> list[int]:
    """The user's categories of kind "transfer": rows filed there move money between the user's own accounts."""
    return list(Category.objects.filter(user=user, kind=Category.Kind.TRANSFER).values_list("id", flat=True))


def spending_rows(*, user: AuthUser) -> QuerySet[Transaction]:
    """The one base for income and spending figures: the user's transactions minus transfers between their own
    accounts (rows in a transfer-kind category, which is where pairing and transfer detection file them).
    The raw-SQL figures apply the same rule through KIND_SQL (a transfer's kind is neither income nor expense)."""
    qs = Transaction.objects.filter(user=user)
    transfer_ids = transfer_category_ids(user=user)
    return qs.exclude(category_id__in=transfer_ids) if transfer_ids else qs


def description_keys(*, user: AuthUser) -> set[str]:
    """The normalised descriptions of the user's transactions (the keys of the cached description embeddings)."""
    return set(Transaction.objects.filter(user=user).exclude(description_key="")
               .values_list("description_key", flat=True).distinct())


def user_currency(*, user: AuthUser) -> str:
    """The currency of the user's latest transaction (USD for a user with none): the default for new rows."""
    latest = Transaction.objects.filter(user=user).order_by("-date").values_list("currency", flat=True).first()
    return latest or "USD"
