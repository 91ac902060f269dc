"""Spending analytics: by category, merchant and period, comparisons and what is usual (all figures from SQL)."""
from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from django.utils import formats, timezone
from django.utils.translation import gettext as _

from core.periods import (
    add_months,
    month_bounds,
    period_is_partial,
    period_key_is_month,
    period_resolve,
    period_to_date_comparison,
    previous_full_months,
    range_label,
    usual_window,
)
from core.types import AuthUser

from ..models import Category, Transaction
from . import figures
from ._base import (
    KIND_SQL,
    _chart,
    _currency_note,
    _currency_sql,
    _fetch,
    _figures_currency,
    _num,
    _other_currency_totals,
    _range,
    category_find,
)
from .figures import expense_rows
from .ledger import TX_FIELDS, category_list, merchant_resolve, tx_row
from .subscriptions import is_bill_category


def spending_by_category(*, user: AuthUser, category: str, start: date | None = None,
                         end: date | None = None) -> dict[str, Any]:
    cat = category_find(user=user, name=category)
    start_, end_ = _range(start, end)
    sign = 1 if cat.kind == Category.Kind.INCOME else -1
    currency, other_currencies = _figures_currency(user, start_, end_)
    # The engine's figures for one category: by month, total and averages (from the monthly roll-up when the
    # user has one currency), and its merchants ranked over the same rows.
    found = figures.category_months(user=user, category_id=cat.id, start=start_, end=end_, sign=sign,
                                    currency=currency if other_currencies else None)
    rows = expense_rows(user=user, category=cat).filter(date__range=(start_, end_))
    top = figures.ranking(rows, by="merchant", user=user, sign=sign, limit=10, unnamed="(unknown)")
    label = range_label(start, end) if (start or end) else "all time"
    verb = "Income" if sign == 1 else "Spending"
    return {
        "title": f"{verb} on {cat.name} ({label})", "category": cat.name, "kind": cat.kind,
        "start": start_.isoformat() if start else None, "end": end_.isoformat(), "period": label,
        "currency": currency, "total": found["total"], "count": found["count"],
        "currency_note": (f"Figures are in {currency}; {', '.join(other_currencies)} transactions are not added "
                          f"in.") if other_currencies else "",
        "average": found["average"],
        "monthly_average": found["monthly_average"],
        "first_date": found["first"].isoformat() if found["first"] else None,
        "last_date": found["last"].isoformat() if found["last"] else None,
        "rows": [{"month": r["month"].strftime("%Y-%m"), "total": r["total"], "count": r["count"]}
                 for r in found["rows"]],
        "top_merchants": [{"merchant": r["name"], "total": r["total"], "count": r["count"]} for r in top],
        "chart": _chart("bar", f"{cat.name} by month", [r["month"].strftime("%Y-%m") for r in found["rows"]],
                        [(cat.name, [r["total"] for r in found["rows"]])]),
    }


# The page's summary keeps its own one-pass SQL rather than the engine's ranking: it aggregates the big table by
# category id first (an index-only scan, a handful of groups) and classifies the groups after, ~6x faster on a year
# of a million-row ledger than ranking rows filtered by their category's kind (bench ledger, 26 Nov). Its figures
# are the engine's definitions (spending = expense kind, refunds netting off; transfers in neither).
GROUPED_KIND_SQL = """
    -- Aggregate the big table by category id first (index-only scan, a handful of groups), then classify:
    -- categorised groups take their category's kind; uncategorised money out is expense, money in income.
    SELECT g.category_id, c.name, c.kind AS kind, g.total, g.n FROM g JOIN transactions_category c
        ON c.id = g.category_id AND c.user_id = %(user)s
    UNION ALL
    SELECT NULL, 'Uncategorised', 'expense', g.outflow, g.n_out FROM g WHERE g.category_id IS NULL AND g.n_out > 0
    UNION ALL
    SELECT NULL, 'Uncategorised income', 'income', g.inflow, g.n_in FROM g WHERE g.category_id IS NULL AND g.n_in > 0
"""


_SUMMARY_GROUP = """SELECT category_id, sum(amount) AS total, count(*) AS n,
                   sum(amount) FILTER (WHERE amount < 0) AS outflow, count(*) FILTER (WHERE amount < 0) AS n_out,
                   sum(amount) FILTER (WHERE amount > 0) AS inflow, count(*) FILTER (WHERE amount > 0) AS n_in
            FROM transactions_transaction
            WHERE user_id = %(user)s AND {where}
            GROUP BY category_id"""


def _summary_groups(start_: date, end_: date, currency: str | None, params: dict[str, Any]) -> str:
    """SQL of the window's rows grouped by category id (total, count; money out and in apart). With one currency
    (`currency` None), categorised rows of the months wholly inside the window come from the monthly category
    roll-up (migration 0003) and only the edge days and the uncategorised rows (whose kind is their sign) are read:
    a year is ~12 × categories roll-up rows and a few weeks of rows instead of ~180k rows at 1M. An edge covering
    most of its month reads that month's roll-up less the month's other days (this month to date: the roll-up
    less the rows dated later, usually none)."""
    if currency is not None:
        return _SUMMARY_GROUP.format(where=f"date BETWEEN %(start)s AND %(end)s{_currency_sql(currency)}")
    first, after, edges = figures._whole_months(start_, end_)
    params.update(first=first, after=after)
    parts = ["""SELECT r.category_id, r.total, r.n, NULL::numeric AS outflow, 0 AS n_out, NULL::numeric AS inflow,
                   0 AS n_in
            FROM transactions_monthly_category_spend r
            WHERE r.user_id = %(user)s AND r.category_id IS NOT NULL AND r.month >= %(first)s AND r.month < %(after)s""",
             _SUMMARY_GROUP.format(where="category_id IS NULL AND date BETWEEN %(start)s AND %(end)s")]
    for i, (s_, e_) in enumerate(edges):
        params[f"s{i}"], params[f"e{i}"] = s_, e_
        month_start, month_end = month_bounds(s_.year, s_.month)
        if e_ > month_end or (e_ - s_).days + 1 <= month_end.day // 2:  # across a month's end, or a few days
            parts.append(_SUMMARY_GROUP.format(where=f"category_id IS NOT NULL AND date BETWEEN %(s{i})s AND %(e{i})s"))
            continue
        # Most of a month (this month to date, or a like-for-like month before it): the month's roll-up rows
        # minus the rows of that month outside the days asked — a few days of rows, not most of a month's.
        params[f"m{i}"] = month_start
        parts.append(f"""SELECT r.category_id, r.total, r.n, NULL::numeric, 0, NULL::numeric, 0
            FROM transactions_monthly_category_spend r
            WHERE r.user_id = %(user)s AND r.category_id IS NOT NULL AND r.month = %(m{i})s""")
        for j, (a, b) in enumerate(((month_start, s_ - timedelta(days=1)), (e_ + timedelta(days=1), month_end))):
            if a <= b:
                params[f"o{i}{j}a"], params[f"o{i}{j}b"] = a, b
                parts.append(f"""SELECT category_id, -sum(amount), -count(*), NULL::numeric, 0, NULL::numeric, 0
            FROM transactions_transaction
            WHERE user_id = %(user)s AND category_id IS NOT NULL AND date BETWEEN %(o{i}{j}a)s AND %(o{i}{j}b)s
            GROUP BY category_id""")
    # sum() of counts is numeric in Postgres (a Decimal in Python): cast back, the counts go into JSON answers.
    # HAVING: a category whose rows in that month all lie outside the days asked nets to no rows, as before.
    return (f"""SELECT category_id, sum(total) AS total, sum(n)::bigint AS n, sum(outflow) AS outflow,
                   sum(n_out)::bigint AS n_out, sum(inflow) AS inflow, sum(n_in)::bigint AS n_in
            FROM ({" UNION ALL ".join(parts)}) x GROUP BY category_id HAVING sum(n) > 0""")


def _summary_rows(user: AuthUser, start_: date, end_: date, currency: str | None = None) -> list[dict[str, Any]]:
    params: dict[str, Any] = {"user": user.id, "start": start_, "end": end_}
    groups = _summary_groups(start_, end_, currency, params)
    return _fetch(
        f"""
        WITH g AS (
            {groups}
        ), k AS ({GROUPED_KIND_SQL}), b AS (
            SELECT category_id, name, kind, CASE WHEN kind = 'expense' THEN -total END AS spent,
                   CASE WHEN kind = 'income' THEN total END AS income, n
            FROM k WHERE kind <> 'transfer'
        )
        SELECT category_id, kind, name, round(spent, 2) AS spent, round(income, 2) AS income, n,
               round(100 * spent / nullif(sum(spent) OVER (), 0), 1) AS pct,
               round(coalesce(sum(spent) OVER (), 0), 2) AS total_spent,
               round(coalesce(sum(income) OVER (), 0), 2) AS total_income,
               sum(n) OVER () AS total_n
        FROM b ORDER BY spent DESC NULLS LAST, income DESC NULLS LAST
        """,
        params,
    )


def spending_summary(*, user: AuthUser, period: str = "last_month", start: date | None = None,
                     end: date | None = None) -> dict[str, Any]:
    if start or end:
        start_, end_ = _range(start, end)
        label = range_label(start, end)
    else:
        start_, end_, label = period_resolve(period)
    currency, other_currencies = _figures_currency(user, start_, end_)
    rows = _summary_rows(user, start_, end_, currency if other_currencies else None)
    by_currency = _other_currency_totals(user, start_, end_, other_currencies)
    spending = [r for r in rows if r["kind"] == "expense"]
    income = [r for r in rows if r["kind"] == "income"]
    total_spent = _num(rows[0]["total_spent"]) if rows else 0.0
    total_income = _num(rows[0]["total_income"]) if rows else 0.0
    net = _fetch("SELECT round(%s::numeric - %s::numeric, 2) AS net", [total_income, total_spent])[0]["net"]
    return {
        "title": f"Spending summary: {label}", "period": label, "start": start_.isoformat(), "end": end_.isoformat(),
        "currency": currency, "other_currencies": by_currency, "currency_note": _currency_note(currency, by_currency),
        "total_spent": total_spent, "total_income": total_income, "net": _num(net),
        "transaction_count": int(rows[0]["total_n"]) if rows else 0,
        "rows": [{"category": r["name"], "spent": _num(r["spent"]), "count": r["n"], "share_pct": _num(r["pct"])}
                 for r in spending],
        "income": [{"category": r["name"], "amount": _num(r["income"]), "count": r["n"]} for r in income],
        "categories": category_list(user=user),
        "chart": _chart("pie", f"Spending by category, {label}", [r["name"] for r in spending],
                        [("spent", [r["spent"] for r in spending])]),
        "income_vs_spending": {"income": total_income, "spending": total_spent},
    }


def spending_by_merchant(*, user: AuthUser, merchant: str, group_by_category: bool = False, start: date | None = None,
                         end: date | None = None) -> dict[str, Any]:
    merchants = merchant_resolve(user=user, merchant=merchant)
    ids = [m.id for m in merchants]
    names = sorted({m.name for m in merchants})
    start_, end_ = _range(start, end)
    currency, other_currencies = _figures_currency(user, start_, end_)
    if other_currencies:  # the merchant's own main currency (a euro shop's figures are in euros)
        counts = _fetch("SELECT currency, count(*) AS n FROM transactions_transaction WHERE user_id = %s "
                        "AND merchant_id = ANY(%s) AND date BETWEEN %s AND %s GROUP BY 1 ORDER BY 2 DESC, 1",
                        [user.id, ids, start_, end_])
        if counts:
            currency, other_currencies = counts[0]["currency"], [c["currency"] for c in counts[1:]]
    where = ("t.user_id = %s AND t.merchant_id = ANY(%s) AND t.date BETWEEN %s AND %s"
             + _currency_sql(currency if other_currencies else None, "t."))
    params = [user.id, ids, start_, end_]
    if group_by_category:
        totals = _fetch(f"SELECT round(-coalesce(sum(t.amount) FILTER (WHERE t.amount < 0), 0), 2) AS spent, "
                        f"round(coalesce(sum(t.amount) FILTER (WHERE t.amount > 0), 0), 2) AS refunds, "
                        f"count(*) AS n, round(-avg(t.amount) FILTER (WHERE t.amount < 0), 2) AS average, "
                        f"min(t.date) AS first, max(t.date) AS last FROM transactions_transaction t WHERE {where}",
                        params)[0]
        groups = _fetch(f"SELECT coalesce(c.name, 'Uncategorised') AS label, round(-sum(t.amount), 2) AS total, "
                        f"count(*) AS n FROM transactions_transaction t LEFT JOIN transactions_category c "
                        f"ON c.id = t.category_id AND c.user_id = t.user_id WHERE {where} GROUP BY 1 ORDER BY 2 DESC",
                        params)
        rows = [{"category": g["label"], "total": _num(g["total"]), "count": g["n"]} for g in groups]
        chart = _chart("pie", f"{', '.join(names)} by category", [g["label"] for g in groups],
                       [("spent", [g["total"] for g in groups])])
    else:
        # One pass over the merchant's rows: the months, and the totals from the months (the same sums; two scans
        # of a busy shop's five years cost ~25 ms at 1M rows). date::timestamp: the month of a date without the
        # time-zone arithmetic of timestamptz.
        groups = _fetch(
            f"""
            WITH m AS (
                SELECT date_trunc('month', t.date::timestamp)::date AS month, sum(t.amount) AS s, count(*) AS n,
                       sum(t.amount) FILTER (WHERE t.amount < 0) AS neg, count(*) FILTER (WHERE t.amount < 0) AS n_neg,
                       sum(t.amount) FILTER (WHERE t.amount > 0) AS pos, min(t.date) AS first, max(t.date) AS last
                FROM transactions_transaction t WHERE {where} GROUP BY 1
            )
            SELECT month, round(-s, 2) AS total, n,
                   round(-coalesce(sum(neg) OVER (), 0), 2) AS spent, round(coalesce(sum(pos) OVER (), 0), 2) AS refunds,
                   (sum(n) OVER ())::bigint AS n_all, round(-(sum(neg) OVER () / nullif(sum(n_neg) OVER (), 0)), 2) AS average,
                   min(first) OVER () AS first, max(last) OVER () AS last
            FROM m ORDER BY month
            """, params)
        totals = ({**groups[0], "n": groups[0]["n_all"]} if groups
                  else {"spent": 0, "refunds": 0, "n": 0, "average": None, "first": None, "last": None})
        rows = [{"month": g["month"].strftime("%Y-%m"), "total": _num(g["total"]), "count": g["n"]} for g in groups]
        chart = _chart("bar", f"{', '.join(names)} by month", [r["month"] for r in rows],
                       [("spent", [g["total"] for g in groups])])
    recent = [tx_row(v) for v in Transaction.objects.filter(user=user, merchant_id__in=ids, date__gte=start_,
                                                            date__lte=end_).order_by("-date", "-id")
              .values(*TX_FIELDS)[:10]]
    label = range_label(start, end) if (start or end) else "all time"
    return {
        "title": f"{', '.join(names)}: spending ({label})" + (" by category" if group_by_category else ""),
        "merchant": names[0] if len(names) == 1 else ", ".join(names), "merchants": names, "period": label,
        "currency": currency,
        "currency_note": (f"Figures are in {currency}; {', '.join(other_currencies)} transactions are not added "
                          f"in.") if other_currencies else "", "total": _num(totals["spent"]), "refunds": _num(totals["refunds"]),
        "count": totals["n"], "average": _num(totals["average"]),
        "first_date": totals["first"].isoformat() if totals["first"] else None,
        "last_date": totals["last"].isoformat() if totals["last"] else None,
        "group_by_category": group_by_category, "rows": rows, "recent": recent, "chart": chart,
    }


def spending_compare(*, user: AuthUser, categories: list[str] | None = None, periods: list[str] | None = None,
                     start: date | None = None, end: date | None = None, today: date | None = None) -> dict[str, Any]:
    """Two (or more) categories side by side over one period, or two periods side by side per category."""
    like_for_like = None
    if periods:
        today = today or timezone.localdate()
        windows = [period_resolve(p, today=today) for p in periods]
        windows, like_for_like = comparable_windows(periods, windows, today=today)
    elif start or end:
        s, e = _range(start, end)
        windows = [(s, e, range_label(start, end))]
    else:
        windows = [period_resolve("last_3_months")]
    cats = [category_find(user=user, name=c) for c in (categories or [])]
    currency, other_currencies = _figures_currency(user, min(w[0] for w in windows), max(w[1] for w in windows))
    labels = [w[2] for w in windows]
    spans = [(w[0], w[1]) for w in windows]
    # The engine's figures: each named category's total per window (income categories count money in), or every
    # spending category ranked within each window (uncategorised money out as "Uncategorised").
    table: dict[tuple[int, str], dict[str, Any]] = {}
    if cats:
        for cat in cats:
            sign = 1 if cat.kind == Category.Kind.INCOME else -1
            for i, t in enumerate(figures.window_totals(expense_rows(user=user, category=cat), spans, user=user,
                                                        currency=currency)):
                table[(i, cat.name)] = {"total": (t["net"] if sign > 0 else -t["net"]) + 0.0, "n": t["count"]}
    else:
        # Every spending category per window, as the summary groups them (whole months from the monthly roll-up,
        # edge days and uncategorised rows as rows): the engine's ranking read each window's ~17k rows per
        # month at 1M (bench transactions: last_month vs this_month p95 122 ms).
        for i, (s_, e_) in enumerate(spans):
            for r in _summary_rows(user, s_, e_, currency if other_currencies else None):
                if r["kind"] == "expense":
                    table[(i, r["name"])] = {"total": _num(r["spent"]), "n": int(r["n"])}
    names = [c.name for c in cats] or sorted({name for _, name in table})
    rows: list[dict[str, Any]] = []
    for name in names:
        values = {labels[i]: _num(table.get((i, name), {}).get("total")) for i in range(len(windows))}
        counts = {labels[i]: int(table.get((i, name), {}).get("n") or 0) for i in range(len(windows))}
        rows.append({"category": name, "values": values, "counts": counts})
    totals = {labels[i]: _fetch("SELECT round(coalesce(sum(x), 0), 2) AS t FROM unnest(%s::numeric[]) x",
                                [[r["values"][labels[i]] for r in rows]])[0]["t"] for i in range(len(windows))}
    totals = {k: _num(v) for k, v in totals.items()}
    if len(windows) == 2:
        for r, diff in zip(rows, figures.changes([(r["values"][labels[1]], r["values"][labels[0]]) for r in rows])):
            r.update(diff)
            r["change"] = r.pop("difference")
    if len(windows) > 1:
        title = "Spending compared: " + " vs ".join(labels)
        chart = _chart("bar", title, names, [(lbl, [r["values"][lbl] for r in rows]) for lbl in labels])
    else:
        title = f"{' vs '.join(names)} ({labels[0]})"
        chart = _chart("bar", title, names, [(labels[0], [r["values"][labels[0]] for r in rows])])
    return {"title": title, "currency": currency, "periods": labels, "categories": names, "rows": rows,
            "totals": totals, "chart": chart, "like_for_like": like_for_like,
            "currency_note": (f"Figures are in {currency}; transactions in {', '.join(other_currencies)} are left "
                              f"out, not added (no exchange rates are stored).") if other_currencies else "",
            "windows": [{"label": w[2], "start": w[0].isoformat(), "end": w[1].isoformat()} for w in windows]}


def comparable_windows(periods: list[str], windows: list[tuple[date, date, str]], *, today: date
                       ) -> tuple[list[tuple[date, date, str]], dict[str, Any] | None]:
    """Make a comparison like for like: when exactly one of the periods is still running ("this_month" on the
    22nd), every other period is cut to the same days (1–22 of its month, or as many days from its start).
    Returns the windows to use and a description of the cut (None when nothing was cut)."""
    running = [i for i, (p, (s, e, _)) in enumerate(zip(periods, windows))
               if period_is_partial(s, e, today=today) and not p.strip().lower().startswith(("last_", "all"))]
    if len(running) != 1 or len(windows) < 2:
        return windows, None
    r = running[0]
    r_start = windows[r][0]
    monthly = periods[r].strip().lower() == "this_month" or period_key_is_month(periods[r])
    out = []
    for i, (s, e, _label) in enumerate(windows):
        if i == r:
            out.append((s, today, _days_label(s, today)))
            continue
        if monthly and s.day == 1 and e == month_bounds(s.year, s.month)[1]:
            cut = min(s + timedelta(days=today.day - 1), e)
        else:
            cut = min(s + (today - r_start), e)
        out.append((s, cut, _days_label(s, cut)))
    days = (today - r_start).days + 1
    note = (f"{windows[r][2].capitalize()} has run {days} day{'s' if days != 1 else ''}, so "
            + "; ".join(f"{w[2]} counts only {o[2]}" for i, (w, o) in enumerate(zip(windows, out)) if i != r)
            + " — the same days, so the comparison is like for like.")
    return out, {"days": days, "running_period": periods[r], "note": note,
                 "windows": [{"start": o[0].isoformat(), "end": o[1].isoformat(), "label": o[2]} for o in out]}


def _days_label(start: date, end: date) -> str:
    # Month names in the UI language ("1–26 October 2026"; Vietnamese "1–26 Tháng mười 2026").
    month = formats.date_format(end, "F Y")
    if (start.year, start.month) == (end.year, end.month):
        return f"{start.day}–{end.day} {month}" if start != end else f"{end.day} {month}"
    return f"{formats.date_format(start, 'j M Y')} – {formats.date_format(end, 'j M Y')}"


def spending_usual(*, user: AuthUser, category: str | None = None, months: int = 3,
                   today: date | None = None) -> dict[str, Any]:
    """"Is this more than usual?": the usual is the average of the previous `months` *full* months (zero months
    count), never a partial month; this month so far is set against the same days of last month, and the
    month is projected only as a plain pace figure. Spending in the period's main currency."""
    today = today or timezone.localdate()
    full = previous_full_months(months, today=today)
    usual_start, usual_end, usual_label = usual_window(months, today=today)
    so_far = period_to_date_comparison("this_month", today=today)
    (cur_start, cur_end, _), (prev_start, prev_end, _) = so_far["current"], so_far["previous"]
    cat = category_find(user=user, name=category) if category else None
    currency, other_currencies = _figures_currency(user, usual_start, cur_end)
    sign = 1 if cat is not None and cat.kind == Category.Kind.INCOME else -1
    # The engine's figures (the same "usual" and comparison the assistant's answers use): the rows in the
    # category, or every spending row; signed so spending and money in both read as positive.
    base = expense_rows(user=user, category=cat)
    if other_currencies:
        base = base.filter(currency=currency)
    found = figures.usual(base, today=today, user=user, months=months, sign=sign)
    so_far_totals = figures.window_totals(base, [(cur_start, cur_end), (prev_start, prev_end)], user=user,
                                          currency=currency)
    this_so_far, same_days = ((t["net"] if sign > 0 else -t["net"]) + 0.0 for t in so_far_totals)
    usual = found["average"]
    totals = [r["total"] for r in found["rows"]]
    diff = figures.change(this_so_far, same_days)
    what = cat.name if cat else "all spending"
    return {
        "title": f"{what}: this month so far vs usual", "category": cat.name if cat else None, "currency": currency,
        "usual": _num(usual), "usual_months": [s.strftime("%Y-%m") for s, _ in full],
        "usual_label": usual_label,
        "this_month_so_far": _num(this_so_far), "this_month_days": so_far["days"],
        "same_days_last_month": _num(same_days), "same_days_label": _days_label(prev_start, prev_end),
        "change_vs_same_days": diff["difference"], "change_vs_same_days_pct": diff["change_pct"],
        "rows": found["rows"],
        "currency_note": (f"Figures are in {currency}; {', '.join(other_currencies)} transactions are not added "
                          f"in.") if other_currencies else "",
        "chart": _chart("bar", f"{what}: previous full months, usual and this month so far",
                        [s.strftime("%Y-%m") for s, _ in full] + ["usual", f"this month (to day {so_far['days']})",
                                                                  f"last month (to day {so_far['days']})"],
                        [("spent" if sign < 0 else "received", totals[:len(full)] + [usual, this_so_far, same_days])]),
    }


def _bill_category_ids(user: AuthUser) -> list[int]:
    """The user's expense categories that are fixed bills (rent, utilities, insurance…; see is_bill_category)."""
    return [cid for cid, name in Category.objects.filter(user=user, kind=Category.Kind.EXPENSE)
            .values_list("id", "name") if is_bill_category(name)]


def month_glance(*, user: AuthUser, today: date | None = None) -> dict[str, Any]:
    """This month to date at a glance, set against the same days of last month (like for like): income,
    spending split into fixed bills (rent, utilities, insurance… by category) and everything else, and net
    cash flow (income − spending; transfers count as neither)."""
    today = today or timezone.localdate()
    so_far = period_to_date_comparison("this_month", today=today)
    (cur_start, cur_end, _), (prev_start, prev_end, _) = so_far["current"], so_far["previous"]
    currency, other_currencies = _figures_currency(user, prev_start, cur_end)
    bills = _bill_category_ids(user)
    rows = []
    # Each window grouped by category id as the summary does (most of a month: its roll-up less its other days),
    # then classified: ~30k rows of the two windows at 1M were read and classified row by row before.
    for start_, end_ in ((cur_start, cur_end), (prev_start, prev_end)):
        params: dict[str, Any] = {"user": user.id, "start": start_, "end": end_, "bills": bills}
        groups = _summary_groups(start_, end_, currency if other_currencies else None, params)
        rows += _fetch(
            f"""
            WITH g AS ({groups}), k AS ({GROUPED_KIND_SQL})
            SELECT round(coalesce(sum(k.total) FILTER (WHERE k.kind = 'income'), 0), 2) AS income,
                   round(-coalesce(sum(k.total) FILTER (WHERE k.kind = 'expense'), 0), 2) AS spent,
                   round(-coalesce(sum(k.total) FILTER (WHERE k.kind = 'expense'
                                                        AND k.category_id = ANY(%(bills)s::bigint[])), 0), 2) AS bills,
                   round(-coalesce(sum(k.total) FILTER (WHERE k.kind = 'expense' AND (k.category_id IS NULL
                         OR NOT k.category_id = ANY(%(bills)s::bigint[]))), 0), 2) AS discretionary,
                   round(coalesce(sum(k.total) FILTER (WHERE k.kind = 'income'), 0)
                         + coalesce(sum(k.total) FILTER (WHERE k.kind = 'expense'), 0), 2) AS net,
                   (SELECT coalesce(sum(g.n), 0) FROM g)::bigint AS n  -- every row, transfers too
            FROM k
            """, params)
    now, before = rows[0], rows[1]
    change = figures.change(now["spent"], before["spent"])

    def month_figures(r: dict[str, Any]) -> dict[str, Any]:
        return {"income": _num(r["income"]), "spent": _num(r["spent"]), "bills": _num(r["bills"]),
                "discretionary": _num(r["discretionary"]), "net": _num(r["net"]), "count": int(r["n"])}

    return {
        "title": f"{cur_start:%B %Y} so far", "currency": currency, "days": so_far["days"],
        "start": cur_start.isoformat(), "end": cur_end.isoformat(),
        "same_days_start": prev_start.isoformat(), "same_days_end": prev_end.isoformat(),
        "same_days_label": _days_label(prev_start, prev_end), "this_month": month_figures(now),
        "same_days_last_month": month_figures(before), "spending_change": change["difference"],
        "spending_change_pct": change["change_pct"],
        "currency_note": (f"Figures are in {currency}; {', '.join(other_currencies)} transactions are not added "
                          f"in.") if other_currencies else "",
    }


def cash_flow_trend(*, user: AuthUser, months: int = 6, today: date | None = None) -> dict[str, Any]:
    """Income and spending for each of the last `months` full months and this month to date (labelled as such,
    so a partial month is never read as a whole one), with net cash flow per month. Figures in the main
    currency of the window."""
    today = today or timezone.localdate()
    this_month = today.replace(day=1)
    first = add_months(this_month, -months)
    currency, other_currencies = _figures_currency(user, first, today)
    rows_sql = f"""
            SELECT date_trunc('month', t.date)::date AS m, {KIND_SQL} AS kind, t.amount
            FROM transactions_transaction t
            LEFT JOIN transactions_category c ON c.id = t.category_id AND c.user_id = t.user_id
            WHERE t.user_id = %(user)s AND t.date BETWEEN %(first)s AND %(today)s
              {_currency_sql(currency if other_currencies else None, "t.")}"""
    if not other_currencies:
        # One currency: the full months come from the monthly category roll-up (migration 0003, kind from the
        # category), and only the rows it cannot answer are read — uncategorised ones (their kind is their sign)
        # and this month's. 1M rows: ~120 ms of rows → a few ms.
        rows_sql = f"""
            SELECT r.month AS m, c.kind, r.total AS amount FROM transactions_monthly_category_spend r
            JOIN transactions_category c ON c.id = r.category_id AND c.user_id = r.user_id
            WHERE r.user_id = %(user)s AND r.month >= %(first)s AND r.month < %(this)s
            UNION ALL
            SELECT date_trunc('month', t.date)::date, {KIND_SQL}, t.amount FROM transactions_transaction t
            LEFT JOIN transactions_category c ON false  -- no category: KIND_SQL reads the sign
            WHERE t.user_id = %(user)s AND t.category_id IS NULL AND t.date >= %(first)s AND t.date < %(this)s
            UNION ALL
            SELECT date_trunc('month', t.date)::date, {KIND_SQL}, t.amount FROM transactions_transaction t
            LEFT JOIN transactions_category c ON c.id = t.category_id AND c.user_id = t.user_id
            WHERE t.user_id = %(user)s AND t.date >= %(this)s AND t.date <= %(today)s"""
    rows = _fetch(
        f"""
        WITH m AS (SELECT gs::date AS m FROM generate_series(%(first)s::date, %(this)s::date, interval '1 month') gs),
        k AS ({rows_sql}
        )
        SELECT m.m, round(coalesce(sum(k.amount) FILTER (WHERE k.kind = 'income'), 0), 2) AS income,
               round(-coalesce(sum(k.amount) FILTER (WHERE k.kind = 'expense'), 0), 2) AS spent,
               round(coalesce(sum(k.amount) FILTER (WHERE k.kind IN ('income', 'expense')), 0), 2) AS net
        FROM m LEFT JOIN k ON k.m = m.m GROUP BY m.m ORDER BY m.m
        """, {"first": first, "this": this_month, "today": today, "user": user.id})
    out = []
    for r in rows:
        partial = r["m"] == this_month
        label = (_("%(month)s 1–%(day)s (so far)") % {"month": formats.date_format(r["m"], "M"), "day": today.day}
                 if partial else formats.date_format(r["m"], "M Y"))
        out.append({"month": r["m"].strftime("%Y-%m"), "label": label, "partial": partial,
                    "income": _num(r["income"]), "spent": _num(r["spent"]), "net": _num(r["net"])})
    return {
        "title": f"Income and spending, last {months} months and this month so far", "currency": currency,
        "rows": out,
        "currency_note": (f"Figures are in {currency}; {', '.join(other_currencies)} transactions are not added "
                          f"in.") if other_currencies else "",
        "chart": _chart("bar", _("Income and spending by month (%(currency)s); the last bar is this month so far")
                        % {"currency": currency}, [r["label"] for r in out],
                        [(_("income"), [r["income"] for r in out]), (_("spending"), [r["spent"] for r in out])]),
    }
