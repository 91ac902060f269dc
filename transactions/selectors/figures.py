"""The one analytics engine: the row set a money figure is computed over, and the figures themselves — totals,
totals per window (comparisons), the average of whole months ("usual", monthly averages), the change between
two figures and rankings — every one computed by Postgres.

Both readers of money call it: the query executor (transactions/query/execute.py: the chat, the search box and
the API's money questions) and the analytics selectors (transactions/selectors/analytics.py: the pages, the API
and the chat's narrow tools). So "how much on Dining in October" is one definition whichever way it is asked.

A row set is a QuerySet of one user's transactions; each function reads it as a subquery. Amounts in different
currencies are never added: figures are in the main currency of the row set (the one with the most rows) and the
other currencies come back beside them.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from django.db.models import Count, Q, QuerySet
from django.db.models.functions import Abs

from core.periods import add_months, full_months_before, period_label
from core.types import AuthUser

from ..models import Category, Merchant, Transaction
from ._base import _fetch, _num, spending_rows, user_currencies
from .ledger import text_q

Window = tuple[date, date]


def money_rows(*, user: AuthUser, merchants: Iterable[str] = (), categories: Iterable[str] = (),
               text: Iterable[str] = (), amount_min: float | None = None, amount_max: float | None = None,
               direction: str | None = None, start: date | None = None, end: date | None = None,
               weekdays: Iterable[int] = (), exclude_merchants: Iterable[str] = (),
               exclude_categories: Iterable[str] = (), exclude_text: Iterable[str] = ()) -> QuerySet[Transaction]:
    """The user's transactions matching the filters (names are the user's own; ids resolved first). Named groups
    are a union — "coffee plus lunches" is rows at the coffee shops OR in Dining; the words of `text` must all
    appear, and narrow the named groups when there are some; `exclude_*` remove rows ("everything except rent").
    Transfers between the user's own accounts are left out unless a category is named (a question naming
    "Transfers" reads exactly those)."""
    merchants, categories, text = list(merchants), list(categories), list(text)
    qs = Transaction.objects.filter(user=user) if categories else spending_rows(user=user)
    if start:
        qs = qs.filter(date__gte=start)
    if end:
        qs = qs.filter(date__lte=end)

    def merchant_ids(names: Iterable[str]) -> list[int]:
        return list(Merchant.objects.filter(user=user, name__in=list(names)).values_list("id", flat=True))

    def category_ids(names: Iterable[str]) -> list[int]:
        return list(Category.objects.filter(user=user, name__in=list(names)).values_list("id", flat=True))

    named: Q | None = None
    for part in ([Q(merchant_id__in=merchant_ids(merchants))] if merchants else []) + \
            ([Q(category_id__in=category_ids(categories))] if categories else []):
        named = part if named is None else named | part
    if text:
        words = Q()
        for phrase in text:
            words &= text_q(user, [phrase])  # narrative full text + merchant names, one definition
        # words beside a name narrow it ("Chipotle online orders", "Delta bag fee"): rows of that name with them
        named = words if named is None else named & words
    if named is not None:
        qs = qs.filter(named)
    if exclude_merchants:
        qs = qs.exclude(merchant_id__in=merchant_ids(exclude_merchants))
    if exclude_categories:
        qs = qs.exclude(category_id__in=category_ids(exclude_categories))
    for phrase in exclude_text or ():
        qs = qs.exclude(text_q(user, [phrase]))
    if weekdays:
        # Django's week_day counts 1 = Sunday … 7 = Saturday; ours 0 = Monday … 6 = Sunday
        qs = qs.filter(date__week_day__in=[(d + 1) % 7 + 1 for d in weekdays])
    if direction == "out":
        qs = qs.filter(amount__lt=0)
    elif direction == "in":
        qs = qs.filter(amount__gt=0)
    if amount_min is not None or amount_max is not None:
        qs = qs.annotate(size=Abs("amount"))
        if amount_min is not None:
            qs = qs.filter(size__gte=Decimal(str(amount_min)))
        if amount_max is not None:
            qs = qs.filter(size__lte=Decimal(str(amount_max)))
    return qs


def expense_rows(*, user: AuthUser, category: Category | None = None) -> QuerySet[Transaction]:
    """Spending as the pages count it: rows in one category, or (no category) every row whose kind is expense —
    an expense category's rows (refunds in it net off) and uncategorised money out; transfers and income never."""
    qs = Transaction.objects.filter(user=user)
    if category is not None:
        return qs.filter(category=category)
    return qs.filter(Q(category__kind=Category.Kind.EXPENSE) | Q(category__isnull=True, amount__lt=0))


def income_rows(*, user: AuthUser) -> QuerySet[Transaction]:
    """Income as the pages count it: rows in an income category and uncategorised money in; never transfers."""
    return Transaction.objects.filter(user=user).filter(
        Q(category__kind=Category.Kind.INCOME) | Q(category__isnull=True, amount__gt=0))


def pay_last(*, user: AuthUser, on_or_before: date) -> date | None:
    """The day of the user's last pay on or before a day: the latest money in from the payer who paid them most
    often in the 100 days before it (a salary, not a one-off refund), else their latest income of all; None
    when they have no income."""
    rows = income_rows(user=user).filter(amount__gt=0, date__lte=on_or_before)
    recent = (rows.filter(date__gt=on_or_before - timedelta(days=100), merchant__isnull=False)
              .values("merchant_id").annotate(n=Count("id")).order_by("-n", "merchant_id").first())
    if recent is not None and recent["n"] >= 2:
        rows = rows.filter(merchant_id=recent["merchant_id"])
    return rows.order_by("-date").values_list("date", flat=True).first()


def _subquery(rows: QuerySet[Transaction], *, currency_column: bool) -> tuple[str, tuple[Any, ...]]:
    """The row set as SQL the figures read FROM (its own WHERE on the user's covering indexes). Only the columns
    those indexes carry, so a one-currency user's figures are index-only scans; the currency column (a heap
    read) only when the user has several currencies."""
    columns = ("date", "amount", "merchant_id", "category_id") + (("currency",) if currency_column else ())
    sql, params = rows.order_by().values(*columns).query.sql_with_params()
    return sql, tuple(params)


def _one_currency(user: AuthUser | None) -> str | None:
    """The user's only currency (then figures need not read the currency column), else None. A skip scan over
    the (user, currency) index; None also when the caller passed no user (every currency is then grouped)."""
    if user is None:
        return None
    found = user_currencies(user=user)
    return found[0] if len(found) == 1 and re.fullmatch(r"[A-Z]{3}", found[0]) else None


def _currency_sql(user: AuthUser | None) -> tuple[str, bool]:
    """(the SQL naming a row's currency, whether the rows carry the currency column)."""
    one = _one_currency(user)
    return (f"'{one}'::text", False) if one else ("t.currency", True)


def totals(rows: QuerySet[Transaction], *, user: AuthUser | None = None) -> list[dict[str, Any]]:
    """Per currency, the one with the most rows first: money out (`spent`, positive), money in (`received`), the
    net (`net` = in − out) and the counts. `user`: the rows' owner, so a one-currency user's figures skip the
    currency column."""
    cur, column = _currency_sql(user)
    sql, params = _subquery(rows, currency_column=column)
    found = _fetch(
        f"""
        SELECT {cur} AS currency, round(-coalesce(sum(t.amount) FILTER (WHERE t.amount < 0), 0), 2) AS spent,
               round(coalesce(sum(t.amount) FILTER (WHERE t.amount > 0), 0), 2) AS received,
               round(coalesce(sum(t.amount), 0), 2) AS net, count(*) FILTER (WHERE t.amount < 0) AS count_out,
               count(*) FILTER (WHERE t.amount > 0) AS count_in, count(*) AS count
        FROM ({sql}) t
        GROUP BY 1 ORDER BY count(*) DESC, 1
        """, params)
    return [{"currency": r["currency"], "spent": _num(r["spent"]), "received": _num(r["received"]),
             "net": _num(r["net"]), "count_out": r["count_out"], "count_in": r["count_in"], "count": r["count"]}
            for r in found]


EMPTY: dict[str, Any] = {"spent": 0.0, "received": 0.0, "net": 0.0, "count_out": 0, "count_in": 0, "count": 0}


def window_totals(rows: QuerySet[Transaction], windows: Sequence[Window], *, user: AuthUser | None = None,
                  currency: str | None = None) -> list[dict[str, Any]]:
    """The figures of `totals` for each window (inclusive dates), in one query: the sides of a comparison, this
    month so far against the same days of last month. All windows are in one currency (`currency`, else the
    main currency of the rows in the windows)."""
    cur, column = _currency_sql(user)
    sql, params = _subquery(rows, currency_column=column)
    found = _fetch(
        f"""
        WITH w AS (SELECT * FROM unnest(%s::int[], %s::date[], %s::date[]) AS w(idx, s, e))
        SELECT w.idx, {cur} AS currency, round(-coalesce(sum(t.amount) FILTER (WHERE t.amount < 0), 0), 2) AS spent,
               round(coalesce(sum(t.amount) FILTER (WHERE t.amount > 0), 0), 2) AS received,
               round(coalesce(sum(t.amount), 0), 2) AS net, count(*) FILTER (WHERE t.amount < 0) AS count_out,
               count(*) FILTER (WHERE t.amount > 0) AS count_in, count(*) AS count
        FROM w JOIN ({sql}) t ON t.date BETWEEN w.s AND w.e
        GROUP BY 1, 2
        """, (list(range(len(windows))), [w[0] for w in windows], [w[1] for w in windows], *params))
    if currency is None:
        per: dict[str, int] = {}
        for r in found:
            per[r["currency"]] = per.get(r["currency"], 0) + r["count"]
        currency = min(per, key=lambda c: (-per[c], c)) if per else None
    out = []
    for i in range(len(windows)):
        hit = [r for r in found if r["idx"] == i and r["currency"] == currency]
        out.append({"currency": currency, **(EMPTY if not hit else {
            "spent": _num(hit[0]["spent"]), "received": _num(hit[0]["received"]), "net": _num(hit[0]["net"]),
            "count_out": hit[0]["count_out"], "count_in": hit[0]["count_in"], "count": hit[0]["count"]})})
    return out


def _main_currency_cte(cur: str, column: bool, where: str = "") -> str:
    """`cur`: the main currency of the row set `r` (the one with the most rows); a constant for a one-currency
    user, so `r` is read once."""
    if not column:
        return f"cur AS (SELECT {cur} AS currency)"
    return (f"cur AS (SELECT t.currency FROM r t {where} GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1)")


def months_average(rows: QuerySet[Transaction], start: date, end: date, *, user: AuthUser | None = None,
                   sign: int = -1, upto_day: int | None = None) -> dict[str, Any]:
    """The average per calendar month over the whole months of start..end — a month with nothing counts as zero —
    with each month's figure and the total. A month's figure is `sign` × the sum of its amounts (−1: spending,
    refunds netting off; +1: money in). With `upto_day`, only days 1..upto_day of each month count (the usual
    for the first days of a month). In the main currency of the rows. `spread` (the months' standard deviation)
    and `months_with_rows` say how steady and how well covered the average is."""
    cur, column = _currency_sql(user)
    sql, params = _subquery(rows, currency_column=column)
    first = start.replace(day=1)
    where = "WHERE t.date BETWEEN %s AND %s" if column else ""
    found = _fetch(
        f"""
        WITH m AS (SELECT gs::date AS m FROM generate_series(%s::date, %s::date, interval '1 month') gs),
        r AS ({sql}),
        {_main_currency_cte(cur, column, where)},
        per AS (
            SELECT date_trunc('month', t.date)::date AS m, %s * sum(t.amount) AS total, count(*) AS n
            FROM r t
            WHERE t.date BETWEEN %s AND %s AND {cur} = (SELECT currency FROM cur)
              AND (%s::int IS NULL OR extract(day FROM t.date) <= %s::int)
            GROUP BY 1
        )
        SELECT m.m, round(coalesce(per.total, 0), 2) AS total, coalesce(per.n, 0) AS n,
               round(avg(coalesce(per.total, 0)) OVER (), 2) AS average,
               round(sum(coalesce(per.total, 0)) OVER (), 2) AS grand, (SELECT currency FROM cur) AS currency,
               round(stddev_pop(coalesce(per.total, 0)) OVER (), 2) AS spread
        FROM m LEFT JOIN per ON per.m = m.m ORDER BY m.m
        """, (first, end, *params, *((start, end) if column else ()), sign, start, end, upto_day, upto_day))
    return {"average": _num(found[0]["average"]) if found else 0.0, "months": len(found),
            "total": _num(found[0]["grand"]) if found else 0.0, "count": sum(int(r["n"]) for r in found),
            "currency": found[0]["currency"] if found else None,
            "spread": _num(found[0]["spread"]) if found else 0.0,  # the months' standard deviation
            "months_with_rows": sum(1 for r in found if r["n"]),
            "rows": [{"month": r["m"].strftime("%Y-%m"), "total": _num(r["total"]), "count": int(r["n"])}
                     for r in found]}


def usual(rows: QuerySet[Transaction], *, today: date, user: AuthUser | None = None, months: int = 3, sign: int = -1,
          upto_day: int | None = None) -> dict[str, Any]:
    """What is usual: the average of the `months` full calendar months before the running one (never a partial
    month; empty months count as zero), as `months_average` gives it, with the window."""
    window = full_months_before(today, months)
    return {**months_average(rows, window.start, window.end, user=user, sign=sign, upto_day=upto_day),
            "start": window.start, "end": window.end, "window": period_label(window.start, window.end, "range")}


# The change from p to c: the difference and the percentage of p (None when p is zero).
_CHANGE_SQL = "round({c} - {p}, 2) AS d, round(100 * ({c} - {p}) / nullif({p}, 0), 1) AS pct"


def _change_out(row: dict[str, Any]) -> dict[str, Any]:
    return {"difference": _num(row["d"]), "change_pct": float(row["pct"]) if row["pct"] is not None else None}


def change(current: Any, previous: Any) -> dict[str, Any]:
    """`current − previous` and that as a percentage of `previous` (None when previous is zero), in SQL."""
    return _change_out(_fetch("SELECT " + _CHANGE_SQL.format(c="%(c)s::numeric", p="%(p)s::numeric"),
                              {"c": current or 0, "p": previous or 0})[0])


def changes(pairs: Sequence[tuple[float | None, float | None]]) -> list[dict[str, Any]]:
    """`change` for each (current, previous) pair of figures (floats, as the selectors return them), in one
    query: a comparison table's rows cost one round trip, not one each."""
    if not pairs:
        return []
    found = _fetch("SELECT " + _CHANGE_SQL.format(c="x.c", p="x.p")
                   + " FROM unnest(%s::float8[], %s::float8[]) WITH ORDINALITY AS u(c8, p8, i), "
                   "LATERAL (SELECT u.c8::numeric AS c, u.p8::numeric AS p) x ORDER BY u.i",
                   [[float(c or 0) for c, _ in pairs], [float(p or 0) for _, p in pairs]])
    return [_change_out(r) for r in found]


def _whole_months(start: date, end: date) -> tuple[date, date, list[Window]]:
    """The calendar months lying wholly inside start..end as [first, after) month starts, and the days before and
    after them (at most two ranges) that only rows can answer."""
    first = start if start.day == 1 else add_months(start.replace(day=1), 1)
    after = end.replace(day=1) if (end + timedelta(days=1)).day != 1 else end + timedelta(days=1)
    if first >= after:
        return first, first, [(start, end)]
    edges = [(start, first - timedelta(days=1))] if start < first else []
    return first, after, edges + ([(after, end)] if after <= end else [])


def category_months(*, user: AuthUser, category_id: int, start: date, end: date, sign: int = -1,
                    currency: str | None = None) -> dict[str, Any]:
    """One category's figures over start..end (inclusive), all its rows counted: per calendar month with rows
    (`sign` × the month's sum, its count), the window's total and count, the average row, the average of those
    months, and the first and last dates. With `currency`, that currency's rows only. Without it (a user with one
    currency) the months wholly inside the window come from the monthly category roll-up kept by triggers
    (migration 0003) and only the days at either edge are read as rows: a year of a busy category is ~12
    roll-up rows instead of ~30,000 transactions."""
    base = "t.user_id = %(user)s AND t.category_id = %(cat)s"
    params: dict[str, Any] = {"user": user.id, "cat": category_id, "sign": sign, "start": start, "end": end}
    if currency is not None:
        params["currency"] = currency
        per = (f"SELECT date_trunc('month', t.date)::date AS m, sum(t.amount) AS s, count(*) AS n "
               f"FROM transactions_transaction t WHERE {base} AND t.currency = %(currency)s "
               f"AND t.date BETWEEN %(start)s AND %(end)s GROUP BY 1")
    else:
        first, after, edges = _whole_months(start, end)
        params.update(first=first, after=after)
        parts = ["SELECT r.month AS m, r.total AS s, r.n FROM transactions_monthly_category_spend r "
                 "WHERE r.user_id = %(user)s AND r.category_id = %(cat)s AND r.month >= %(first)s "
                 "AND r.month < %(after)s"]
        for i, (s_, e_) in enumerate(edges):
            params[f"s{i}"], params[f"e{i}"] = s_, e_
            parts.append(f"SELECT date_trunc('month', t.date)::date, sum(t.amount), count(*) "
                         f"FROM transactions_transaction t WHERE {base} AND t.date BETWEEN %(s{i})s AND %(e{i})s "
                         f"GROUP BY 1")
        per = " UNION ALL ".join(parts)
    one = " AND t.currency = %(currency)s" if currency is not None else ""
    found = _fetch(
        f"""
        WITH per AS ({per}),
        months AS (SELECT m, %(sign)s * sum(s) AS total, sum(n) AS n FROM per GROUP BY m HAVING sum(n) > 0)
        SELECT m, total, n, sum(total) OVER () AS grand, sum(n) OVER () AS count,
               sum(total) OVER () / sum(n) OVER () AS average, round(avg(total) OVER (), 2) AS monthly_average,
               (SELECT min(t.date) FROM transactions_transaction t
                WHERE {base} AND t.date BETWEEN %(start)s AND %(end)s{one}) AS first,
               (SELECT max(t.date) FROM transactions_transaction t
                WHERE {base} AND t.date BETWEEN %(start)s AND %(end)s{one}) AS last
        FROM months ORDER BY m
        """, params)
    total = _num(found[0]["grand"]) if found else 0.0
    count = int(found[0]["count"]) if found else 0
    return {
        "total": total + 0.0, "count": count,
        "average": _num(found[0]["average"]) if found else 0.0,
        "monthly_average": _num(found[0]["monthly_average"]) if found else 0.0,
        "first": found[0]["first"] if found else None, "last": found[0]["last"] if found else None,
        "rows": [{"month": r["m"], "total": _num(r["total"]), "count": int(r["n"])} for r in found],
    }


RANK_BY = {"merchant": ("transactions_merchant", "t.merchant_id"), "category": ("transactions_category", "t.category_id")}


def ranking(rows: QuerySet[Transaction], *, by: str, user: AuthUser | None = None, sign: int = -1,
            limit: int | None = None, offset: int = 0, unnamed: str | None = None,
            smallest_first: bool = False) -> list[dict[str, Any]]:
    """The rows grouped by merchant or category, largest first: each group's `sign` × sum (−1 ranks spending,
    refunds netting off; +1 ranks money in), its count and its share of the whole in percent. `unnamed` labels
    the rows with no merchant/category ("Uncategorised"). In the main currency of the rows. `smallest_first`: the
    other way round ("the 3 smallest categories")."""
    table, group_column = RANK_BY[by]
    cur, column = _currency_sql(user)
    sql, params = _subquery(rows, currency_column=column)
    found = _fetch(
        f"""
        WITH r AS ({sql}),
        {_main_currency_cte(cur, column)},
        g AS (
            SELECT {group_column} AS gid, %s * sum(t.amount) AS total, count(*) AS n
            FROM r t
            WHERE {cur} = (SELECT currency FROM cur)
            GROUP BY 1
        )
        SELECT coalesce(x.name, %s) AS name, round(g.total, 2) AS total, g.n,
               round(100 * g.total / nullif(sum(g.total) OVER (), 0), 1) AS share
        FROM g LEFT JOIN {table} x ON x.id = g.gid
        ORDER BY g.total {"ASC" if smallest_first else "DESC"}, name
        """, (*params, sign, unnamed or f"(no {by})"))
    picked = found[offset:offset + limit] if limit is not None else found[offset:]
    return [{"name": r["name"], "total": _num(r["total"]), "count": int(r["n"]),
             "share_pct": _num(r["share"])} for r in picked]


__all__ = ["EMPTY", "Window", "category_months", "change", "changes", "expense_rows", "income_rows", "money_rows", "months_average", "ranking", "totals", "usual",
           "window_totals"]
