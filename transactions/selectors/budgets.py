"""Budget reads: jars with what is spent and left this month, and budget suggestions from history."""
from __future__ import annotations

from datetime import date, timedelta

from django.utils import timezone

from ..models import Jar
from ..periods import (
    add_months,
    month_bounds,
)
from ._base import _chart, _currency_sql, _fetch, _figures_currency, _money_text, _num
from .subscriptions import is_bill_category

MAX_JAR_TRANSACTIONS = 100


def jar_status(*, user, month: date | None = None) -> dict:
    today = timezone.localdate()
    month = (month or today).replace(day=1)
    month_start, month_end = month_bounds(month.year, month.month)
    starts = [(rs or created.date()).replace(day=1) for rs, created in
              Jar.objects.filter(user=user, rollover=True).values_list("rollover_start", "created_at")]
    since = min([month_start, *starts])
    # Budgets are in one currency: a jar counts the main currency's spending only (others named in a note).
    currency, other_currencies = _figures_currency(user, since, month_end)
    one = _currency_sql(currency if other_currencies else None, "t.")
    figures = _fetch(
        f"""
        WITH jars AS (
            SELECT id, name, monthly_budget AS budget, rollover,
                   date_trunc('month', coalesce(rollover_start, created_at::date))::date AS rs
            FROM transactions_jar WHERE user_id = %(user)s
        ), months AS (
            SELECT j.id AS jar_id, gs::date AS m FROM jars j,
                   generate_series(CASE WHEN j.rollover AND j.rs < %(month)s THEN j.rs ELSE %(month)s END,
                                   %(month)s, interval '1 month') gs
        ), per_cat AS (
            -- Aggregate per (category, month) through the (user, category, date) index, then map to jars.
            SELECT t.category_id, date_trunc('month', t.date)::date AS m, sum(t.amount) AS s, count(*) AS n
            FROM transactions_transaction t
            WHERE t.user_id = %(user)s AND t.date BETWEEN %(since)s AND %(month_end)s{one}
              AND t.category_id IN (SELECT jc.category_id FROM transactions_jar_categories jc
                                    JOIN jars ON jars.id = jc.jar_id)
            GROUP BY 1, 2
        ), spent AS (
            SELECT jc.jar_id, pc.m, -sum(pc.s) AS s, sum(pc.n) AS n
            FROM per_cat pc JOIN transactions_jar_categories jc ON jc.category_id = pc.category_id
            JOIN jars ON jars.id = jc.jar_id
            GROUP BY 1, 2
        ), per_jar AS (
            SELECT j.id, j.name, j.budget, j.rollover,
                   coalesce(sum(j.budget - coalesce(sp.s, 0)) FILTER (WHERE mo.m < %(month)s), 0) AS carryover,
                   coalesce(sum(sp.s) FILTER (WHERE mo.m = %(month)s), 0) AS spent,
                   coalesce(sum(sp.n) FILTER (WHERE mo.m = %(month)s), 0) AS n
            FROM jars j JOIN months mo ON mo.jar_id = j.id
            LEFT JOIN spent sp ON sp.jar_id = j.id AND sp.m = mo.m
            GROUP BY 1, 2, 3, 4
        )
        SELECT id, name, budget, rollover, round(carryover, 2) AS carryover, budget + carryover AS available,
               round(spent, 2) AS spent, round(budget + carryover - spent, 2) AS remaining, n,
               round(100 * spent / nullif(budget + carryover, 0), 1) AS pct,
               round(sum(budget) OVER (), 2) AS total_budget, round(sum(spent) OVER (), 2) AS total_spent
        FROM per_jar ORDER BY name
        """,
        {"user": user.id, "month": month_start, "month_end": month_end, "since": since},
    )
    # Newest rows per (jar, category) by walking the (user, category, date) index backwards: reads at most
    # MAX_JAR_TRANSACTIONS rows per category however busy the month was.
    txs = _fetch(
        f"""
        SELECT jc.jar_id, x.* FROM transactions_jar j
        JOIN transactions_jar_categories jc ON jc.jar_id = j.id
        CROSS JOIN LATERAL (
            SELECT t.id, t.date, t.description, m.name AS merchant, t.amount, t.currency, c.name AS category,
                   t.category_source, t.category_confidence, t.notes
            FROM transactions_transaction t
            JOIN transactions_category c ON c.id = t.category_id AND c.user_id = t.user_id
            LEFT JOIN transactions_merchant m ON m.id = t.merchant_id AND m.user_id = t.user_id
            WHERE t.user_id = %s AND t.category_id = jc.category_id AND t.date BETWEEN %s AND %s{one}
            ORDER BY t.date DESC, t.id DESC LIMIT %s
        ) x
        WHERE j.user_id = %s
        """,
        [user.id, month_start, month_end, MAX_JAR_TRANSACTIONS, user.id],
    )
    txs.sort(key=lambda t: (t["date"], t["id"]), reverse=True)
    by_jar: dict[int, list[dict]] = {}
    for t in txs:
        if len(by_jar.setdefault(t["jar_id"], [])) >= MAX_JAR_TRANSACTIONS:
            continue
        by_jar[t["jar_id"]].append({
            "id": t["id"], "date": t["date"].isoformat(), "description": t["description"],
            "merchant": t["merchant"] or "", "amount": _num(t["amount"]), "currency": t["currency"],
            "category": t["category"], "category_source": t["category_source"],
            "category_confidence": round(t["category_confidence"], 2), "notes": t["notes"]})
    cats: dict[int, list[str]] = {}
    for jar_id, name in Jar.categories.through.objects.filter(jar__user=user).values_list("jar_id",
                                                                                          "category__name"):
        cats.setdefault(jar_id, []).append(name)
    rows = []
    for f in figures:
        pct = float(f["pct"]) if f["pct"] is not None else (0.0 if not f["spent"] else 100.0)
        rows.append({
            "jar_id": f["id"], "name": f["name"], "categories": sorted(cats.get(f["id"], [])),
            "budget": _num(f["budget"]), "rollover": f["rollover"], "carryover": _num(f["carryover"]),
            "available": _num(f["available"]), "spent": _num(f["spent"]), "remaining": _num(f["remaining"]),
            "pct": pct, "status": "over" if pct > 100 else "warning" if pct >= 80 else "ok",
            "transaction_count": int(f["n"]), "transactions": by_jar.get(f["id"], []),
        })
    category_budgets = _fetch(
        f"""
        SELECT c.name, c.monthly_budget AS budget, round(-coalesce(sum(t.amount), 0), 2) AS spent,
               round(100 * -coalesce(sum(t.amount), 0) / nullif(c.monthly_budget, 0), 1) AS pct
        FROM transactions_category c
        LEFT JOIN transactions_transaction t ON t.category_id = c.id AND t.user_id = %s AND t.date BETWEEN %s AND %s{one}
        WHERE c.user_id = %s AND c.monthly_budget IS NOT NULL GROUP BY c.id ORDER BY c.name
        """, [user.id, month_start, month_end, user.id])
    label = f"{month_start:%B %Y}"
    return {
        "title": f"Jars for {label}", "month": month_start.strftime("%Y-%m"), "currency": currency,
        "currency_note": (f"Figures are in {currency}; {', '.join(other_currencies)} transactions are not added "
                          f"in.") if other_currencies else "",
        "total_budget": _num(figures[0]["total_budget"]) if figures else 0.0,
        "total_spent": _num(figures[0]["total_spent"]) if figures else 0.0,
        "rows": rows,
        "category_budgets": [{"category": b["name"], "budget": _num(b["budget"]), "spent": _num(b["spent"]),
                              "pct": float(b["pct"]) if b["pct"] is not None else 0.0} for b in category_budgets],
        "chart": _chart("bar", f"Jars: spent vs available, {label}", [r["name"] for r in rows],
                        [("available", [r["available"] for r in rows]), ("spent", [r["spent"] for r in rows])]),
    }


def budget_suggestions(*, user, months: int = 6, today: date | None = None) -> dict:
    """Per expense category: median and trend of the last `months` complete months, a suggested budget, and
    one tip built only from figures the same query returns (and the tip quotes them as returned).

    Fixed costs (rent, utilities, insurance, loans… see `is_bill_category`) are never given a lower budget:
    their suggestion is the median itself and the tip says so. Variable categories get median × 0.9 when
    rising, × 0.95 otherwise, rounded to 5. Figures are in the period's main currency only."""
    today = today or timezone.localdate()
    this_month = today.replace(day=1)
    first = add_months(this_month, -months)
    last_month = add_months(this_month, -1)
    currency, other_currencies = _figures_currency(user, first, this_month - timedelta(days=1))
    if other_currencies:
        # The roll-up has no currency column: read the rows, one currency only.
        spent_sql = f"""
            SELECT t.category_id, date_trunc('month', t.date)::date AS m, -sum(t.amount) AS s
            FROM transactions_transaction t JOIN cats ON cats.id = t.category_id
            WHERE t.user_id = %(user)s AND t.date >= %(first)s AND t.date < %(this)s{_currency_sql(currency, "t.")}
            GROUP BY 1, 2"""
    else:
        # Monthly sums from the trigger-maintained roll-up (migration 0003): same figures as aggregating the
        # rows, without scanning six months of them on every call.
        spent_sql = """
            SELECT r.category_id, r.month AS m, -r.total AS s
            FROM transactions_monthly_category_spend r JOIN cats ON cats.id = r.category_id
            WHERE r.user_id = %(user)s AND r.month >= %(first)s AND r.month < %(this)s"""
    rows = _fetch(
        f"""
        WITH months AS (
            SELECT gs::date AS m, row_number() OVER (ORDER BY gs) AS idx
            FROM generate_series(%(first)s::date, %(last)s::date, interval '1 month') gs
        ), cats AS (
            SELECT c.id, c.name, c.monthly_budget FROM transactions_category c
            WHERE c.user_id = %(user)s AND c.kind = 'expense'
        ), spent AS ({spent_sql}
        ), grid AS (
            SELECT cats.id, cats.name, cats.monthly_budget, months.idx, months.m, coalesce(spent.s, 0) AS s
            FROM cats CROSS JOIN months LEFT JOIN spent ON spent.category_id = cats.id AND spent.m = months.m
        ), stats AS (
            SELECT id, name, monthly_budget,
                   percentile_cont(0.5) WITHIN GROUP (ORDER BY s) AS median,
                   regr_slope(s, idx) AS slope, avg(s) AS mean,
                   max(s) FILTER (WHERE m = %(last)s) AS last_month,
                   count(*) FILTER (WHERE s > 0) AS active_months
            FROM grid GROUP BY 1, 2, 3
        ), last_rows AS (
            SELECT t.category_id, t.merchant_id, t.amount FROM transactions_transaction t JOIN cats ON cats.id = t.category_id
            WHERE t.user_id = %(user)s AND t.date >= %(last)s AND t.date < %(this)s AND t.amount < 0
              {_currency_sql(currency if other_currencies else None, "t.")}
        ), cat_last AS (
            SELECT category_id, count(*) AS charges, -sum(amount) AS charged FROM last_rows GROUP BY 1
        ), top AS (
            SELECT DISTINCT ON (category_id) category_id, merchant_id, count(*) AS visits, -sum(amount) AS spent
            FROM last_rows WHERE merchant_id IS NOT NULL
            GROUP BY category_id, merchant_id
            ORDER BY category_id, count(*) DESC, -sum(amount) DESC
        ), tip AS (
            SELECT top.category_id, mm.name AS merchant, top.visits, top.spent FROM top
            JOIN transactions_merchant mm ON mm.id = top.merchant_id AND mm.user_id = %(user)s
        )
        SELECT s.id, s.name, s.monthly_budget, round(s.median::numeric, 2) AS median, round(s.slope::numeric, 2) AS slope,
               round(s.mean, 2) AS mean, round(s.last_month, 2) AS last_month, s.active_months,
               round(5 * round((s.median * CASE WHEN s.slope > 0 THEN 0.9 ELSE 0.95 END)::numeric / 5), 2)
                   AS suggested,
               round(5 * ceil(s.median::numeric / 5), 2) AS fixed_suggested,
               coalesce(cl.charges, 0) AS charges, round(coalesce(cl.charged, 0), 2) AS charged,
               tip.merchant, tip.visits, round(tip.spent, 2) AS tip_spent, round(tip.spent / 2, 2) AS tip_half
        FROM stats s LEFT JOIN tip ON tip.category_id = s.id LEFT JOIN cat_last cl ON cl.category_id = s.id
        WHERE s.active_months >= 2 AND s.median > 0
        ORDER BY s.median DESC
        """,
        {"user": user.id, "first": first, "last": last_month, "this": this_month},
    )
    out = []
    for r in rows:
        slope = float(r["slope"] or 0)
        trend = "rising" if slope > 0.05 * float(r["median"]) else "falling" if slope < -0.05 * float(
            r["median"]) else "steady"
        fixed = is_bill_category(r["name"])
        charges = int(r["charges"])
        charge_words = f"{charges} {r['name']} charge{'s' if charges != 1 else ''}"
        if fixed:
            tip = (f"{r['name']} is a fixed cost ({charge_words} last month, "
                   f"{_money_text(r['charged'], currency)}): keep its budget at what it costs and compare "
                   f"providers or terms at renewal rather than cutting it.")
        elif r["merchant"]:
            visit_word = "visit" if r["visits"] == 1 else "visits"
            tip = (f"{r['visits']} {r['merchant']} {visit_word}, {_money_text(r['tip_spent'], currency)} last month: "
                   f"halving them would save about {_money_text(r['tip_half'], currency)} a month.")
        else:
            tip = (f"You spent {_money_text(r['last_month'] or 0, currency)} on {r['name']} last month against a "
                   f"typical {_money_text(r['median'], currency)}.")
        out.append({
            "category": r["name"], "median": _num(r["median"]), "average": _num(r["mean"]),
            "last_month": _num(r["last_month"]), "last_month_charges": charges, "trend": trend,
            "trend_per_month": _num(r["slope"]), "fixed_cost": fixed,
            "suggested_budget": _num(r["fixed_suggested"] if fixed else r["suggested"]),
            "current_budget": _num(r["monthly_budget"]) if r["monthly_budget"] is not None else None,
            "tip": tip,
        })
    return {
        "title": f"Budget suggestions from your last {months} months", "currency": currency,
        "currency_note": (f"Figures are in {currency}; {', '.join(other_currencies)} transactions are not added "
                          f"in.") if other_currencies else "",
        "months": [add_months(first, i).strftime("%Y-%m") for i in range(months)], "rows": out,
        "chart": _chart("bar", "Median monthly spending vs suggested budget", [r["category"] for r in out],
                        [("median", [r["median"] for r in out]), ("suggested", [r["suggested_budget"] for r in out])]),
    }
