"""Budget reads: jars with what is spent and left this month, and budget suggestions from history."""
from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.errors import DomainError
from core.periods import (
    add_months,
    month_bounds,
)
from core.types import AuthUser

from ..models import Category, CategoryBudget, Jar, JarBudget
from ._base import (
    KIND_SQL,
    _chart,
    _currency_sql,
    _fetch,
    _figures_currency,
    _money_text,
    _num,
    object_owned,
)
from .subscriptions import income_expected, is_bill_category

MAX_JAR_TRANSACTIONS = 100

# A jar's budget for a month: the amount set for that month or the latest month before it (JarBudget rows);
# for a month before any row, the first amount; for a jar without rows, its monthly_budget.
JAR_BUDGET_AT = """coalesce(
    (SELECT b.amount FROM transactions_jarbudget b WHERE b.jar_id = {jar} AND b.month <= {month}
     ORDER BY b.month DESC LIMIT 1),
    (SELECT b.amount FROM transactions_jarbudget b WHERE b.jar_id = {jar} ORDER BY b.month LIMIT 1),
    {fallback})"""

# A category's budget for a month, by the same rule (CategoryBudget rows, whose amount may be empty: no budget from
# that month on); for a category without rows, its monthly_budget.
CATEGORY_BUDGET_AT = """(CASE WHEN EXISTS (SELECT 1 FROM transactions_categorybudget b WHERE b.category_id = {cat})
    THEN (SELECT b.amount FROM transactions_categorybudget b WHERE b.category_id = {cat}
          ORDER BY b.month <= {month} DESC, CASE WHEN b.month <= {month} THEN b.month END DESC, b.month LIMIT 1)
    ELSE {fallback} END)"""


def category_budgets_at(month_sql: str) -> str:
    """SQL for the user's categories (`%(user)s`) with their budget in force in `month_sql`: id, name, budget
    (rows with no budget that month left out)."""
    at = CATEGORY_BUDGET_AT.format(cat="c.id", month=month_sql, fallback="c.monthly_budget")
    return (f"SELECT * FROM (SELECT c.id, c.name, {at} AS budget FROM transactions_category c "
            f"WHERE c.user_id = %(user)s) cb WHERE cb.budget IS NOT NULL")


def category_budget_months(*, user: AuthUser, category_id: int) -> dict[str, Any]:
    """A category's budget by month: each stored amount with the month it starts (None: no budget from then on)
    and the amount in force this month. NotFound for another user's category."""
    category = object_owned(Category, user=user, object_id=category_id)
    this_month = timezone.localdate().replace(day=1)
    at = CATEGORY_BUDGET_AT.format(cat="%(cat)s", month="%(month)s::date", fallback="c.monthly_budget")
    now = _fetch(f"SELECT {at} AS b FROM transactions_category c WHERE c.id = %(cat)s",
                 {"cat": category.id, "month": this_month})[0]["b"]
    return {"id": category.id, "name": category.name, "this_month": this_month.strftime("%Y-%m"),
            "budget_this_month": str(now) if now is not None else None,
            "months": [{"month": m.strftime("%Y-%m"), "amount": str(a) if a is not None else None}
                       for m, a in CategoryBudget.objects.filter(category=category).values_list("month", "amount")]}


def jar_rollover_from(jar: Jar) -> date:
    """The first month a jar's carry-over counts (its rollover start, else the month it was created): the `rs` of
    `_jar_figures`."""
    return (jar.rollover_start or jar.created_at.date()).replace(day=1)


def _jar_merge_pair(user: AuthUser, source_id: int, target_id: object) -> tuple[Jar, Jar]:
    """The user's active jar `source_id` and the active jar to merge it into, or an error in words naming the
    field. Another user's target reads exactly like a jar that does not exist."""
    source = object_owned(Jar, user=user, object_id=source_id)
    if source.archived_at is not None:
        raise DomainError(_("Jar %(name)s is archived: restore it before merging it into another jar.")
                          % {"name": source.name}, code="validation_error", details={"field": "id"})
    if target_id in (None, ""):
        raise DomainError(_("target_id: pick the jar to merge %(name)s into.") % {"name": source.name},
                          code="validation_error", details={"field": "target_id"})
    try:
        wanted = int(str(target_id))
        if not 0 < wanted < 2 ** 63:  # beyond the id column: none of the user's jars, not a database error
            raise ValueError(target_id)
        target = Jar.objects.get(user=user, id=wanted)
    except (Jar.DoesNotExist, ValueError):
        raise DomainError(_("target_id: you have no jar with id %(id)s to merge into.") % {"id": target_id},
                          code="validation_error", details={"field": "target_id"})
    if target.id == source.id:
        raise DomainError(_("target_id: pick a different jar to merge %(name)s into.") % {"name": source.name},
                          code="validation_error", details={"field": "target_id"})
    if target.archived_at is not None:
        raise DomainError(_("target_id: jar %(name)s is archived; restore it first or pick an active jar.")
                          % {"name": target.name}, code="validation_error", details={"field": "target_id"})
    if source.rollover != target.rollover:
        carries, not_carries = (source, target) if source.rollover else (target, source)
        raise DomainError(
            _("rollover: %(carries)s carries unspent money over and %(other)s does not, so merging them would add "
              "or drop carried-over money. Turn rollover on or off on one of them first.")
            % {"carries": carries.name, "other": not_carries.name},
            code="validation_error", details={"field": "rollover"})
    return source, target


def jar_merge_plan(*, user: AuthUser, source_id: int, target_id: object) -> dict[str, Any]:
    """What merging jar `source_id` (S) into `target_id` (T) does — `jars.jar_merge` writes exactly this plan.

    Budgets carry forward until changed (`JAR_BUDGET_AT`), so each jar's amount is a step function of the month
    that changes only at its stored months. Their sum changes only at the union of both jars' stored months, so T
    gets, for each of those months, T's amount in force that month + S's amount in force that month; a month
    neither jar set is never written, and carry-forward gives every other month the sum as well (a month before
    both jars' first rows reads T's first row: the two first amounts added). So every month's budget total —
    past months' and their carry-over's included — stays what it was. S's categories move to T; a category in
    both is counted once from then on. Both jars must carry money over the same way (rollover on or off); when
    both do, T's carry-over counts from the earlier of their two start months.

    Errors (in words naming the field): another user's or a missing target, an archived S or T, S itself,
    differing rollover. Amounts are strings (Decimal), months YYYY-MM."""
    source, target = _jar_merge_pair(user, source_id, target_id)
    stored = sorted(set(JarBudget.objects.filter(jar__in=[source, target]).values_list("month", flat=True)))
    starts = (jar_rollover_from(source), jar_rollover_from(target))
    # Jars from before budgets by month had no rows: one month written for the sum, from which it carries forward.
    write = stored or [min(starts)]
    this_month = timezone.localdate().replace(day=1)
    at_t = JAR_BUDGET_AT.format(jar="t.id", month="x.m", fallback="t.monthly_budget")
    at_s = JAR_BUDGET_AT.format(jar="s.id", month="x.m", fallback="s.monthly_budget")
    rows = _fetch(
        f"""SELECT m, tb, sb, tb + sb AS combined FROM (
                SELECT x.m, {at_t} AS tb, {at_s} AS sb
                FROM unnest(%(months)s::date[]) AS x(m), transactions_jar t, transactions_jar s
                WHERE t.id = %(t)s AND s.id = %(s)s AND t.user_id = %(user)s AND s.user_id = %(user)s) y
            ORDER BY m""",
        {"months": sorted({*write, this_month}), "t": target.id, "s": source.id, "user": user.id})
    set_by = {jar_id: set(months) for jar_id, months in (
        (j, JarBudget.objects.filter(jar_id=j).values_list("month", flat=True)) for j in (source.id, target.id))}
    now = next(r for r in rows if r["m"] == this_month)
    source_cats = sorted(source.categories.values_list("name", flat=True))
    target_cats = sorted(target.categories.values_list("name", flat=True))
    rollover_start = min(starts) if target.rollover else None
    return {
        "source": {"id": source.id, "name": source.name}, "target": {"id": target.id, "name": target.name},
        "categories_moved": [c for c in source_cats if c not in target_cats],
        "categories_shared": [c for c in source_cats if c in target_cats],
        "categories_after": sorted({*source_cats, *target_cats}),
        "months": [{"month": r["m"].strftime("%Y-%m"), "target": str(r["tb"]), "source": str(r["sb"]),
                    "combined": str(r["combined"]),
                    "set_by": [j.name for j in (target, source) if r["m"] in set_by[j.id]]}
                   for r in rows if r["m"] in write],
        "this_month": {"month": this_month.strftime("%Y-%m"), "target": str(now["tb"]), "source": str(now["sb"]),
                       "combined": str(now["combined"])},
        "rollover": target.rollover,
        "rollover_start": rollover_start.strftime("%Y-%m") if rollover_start else None,
        "rollover_starts_differ": target.rollover and starts[0] != starts[1],
    }


def _jar_figures(user: AuthUser, month_start: date,
                 month_end: date) -> tuple[str, list[str], str, list[dict[str, Any]]]:
    """Each active jar's budget, carry-over, spent and left in the month (the SQL behind jar_status, which
    safe_to_spend reads without the jars' transaction lists): (currency, other currencies, the currency
    condition for rows, figures)."""
    starts = [(rs or created.date()).replace(day=1) for rs, created in
              Jar.objects.filter(user=user, rollover=True).values_list("rollover_start", "created_at")]
    since = min([month_start, *starts])
    # Budgets are in one currency: a jar counts the main currency's spending only (others named in a note).
    currency, other_currencies = _figures_currency(user, since, month_end)
    one = _currency_sql(currency if other_currencies else None, "t.")
    jar_cats = ("SELECT jc.category_id FROM transactions_jar_categories jc JOIN transactions_jar j2 "
                "ON j2.id = jc.jar_id WHERE j2.user_id = %(user)s AND j2.archived_at IS NULL")
    # Totals per (category, month), then mapped to jars. A jar counts whole months (the running one included,
    # rows dated later in it too), so with one currency every month comes from the monthly category roll-up
    # (migration 0003, kept exact by triggers): a few roll-up rows instead of the month's transactions (1M
    # rows: this month's ~6,500 rows grouped by month cost ~5 ms). With several currencies the rows are read,
    # one currency, through the (user, category, date) index.
    per_cat = f"""
            SELECT t.category_id, date_trunc('month', t.date)::date AS m, sum(t.amount) AS s, count(*) AS n
            FROM transactions_transaction t
            WHERE t.user_id = %(user)s AND t.date BETWEEN %(since)s AND %(month_end)s{one}
              AND t.category_id IN ({jar_cats})
            GROUP BY 1, 2"""
    if not other_currencies:
        per_cat = f"""
            SELECT r.category_id, r.month AS m, r.total AS s, r.n FROM transactions_monthly_category_spend r
            WHERE r.user_id = %(user)s AND r.month >= %(since)s AND r.month <= %(month)s
              AND r.category_id IN ({jar_cats})"""
    figures = _fetch(
        f"""
        WITH jars AS (
            SELECT id, name, monthly_budget AS budget, rollover,
                   date_trunc('month', coalesce(rollover_start, created_at::date))::date AS rs
            FROM transactions_jar WHERE user_id = %(user)s AND archived_at IS NULL
        ), months AS (
            -- Each month's own budget (the amount in force that month), so carry-over uses stored amounts.
            SELECT j.id AS jar_id, gs::date AS m, {JAR_BUDGET_AT.format(jar="j.id", month="gs::date",
                                                                         fallback="j.budget")} AS budget
            FROM jars j,
                 generate_series(CASE WHEN j.rollover AND j.rs < %(month)s THEN j.rs ELSE %(month)s END,
                                 %(month)s, interval '1 month') gs
        ), per_cat AS ({per_cat}
        ), spent AS (
            SELECT jc.jar_id, pc.m, -sum(pc.s) AS s, sum(pc.n) AS n
            FROM per_cat pc JOIN transactions_jar_categories jc ON jc.category_id = pc.category_id
            JOIN jars ON jars.id = jc.jar_id
            GROUP BY 1, 2
        ), per_jar AS (
            SELECT j.id, j.name, max(mo.budget) FILTER (WHERE mo.m = %(month)s) AS budget, j.rollover,
                   coalesce(sum(mo.budget - coalesce(sp.s, 0)) FILTER (WHERE mo.m < %(month)s), 0) AS carryover,
                   coalesce(sum(sp.s) FILTER (WHERE mo.m = %(month)s), 0) AS spent,
                   coalesce(sum(sp.n) FILTER (WHERE mo.m = %(month)s), 0) AS n
            FROM jars j JOIN months mo ON mo.jar_id = j.id
            LEFT JOIN spent sp ON sp.jar_id = j.id AND sp.m = mo.m
            GROUP BY j.id, j.name, j.rollover
        )
        SELECT id, name, budget, rollover, round(carryover, 2) AS carryover, budget + carryover AS available,
               round(spent, 2) AS spent, round(budget + carryover - spent, 2) AS remaining, n,
               round(100 * spent / nullif(budget + carryover, 0), 1) AS pct,
               round(sum(budget) OVER (), 2) AS total_budget, round(sum(spent) OVER (), 2) AS total_spent
        FROM per_jar ORDER BY name
        """,
        {"user": user.id, "month": month_start, "month_end": month_end, "since": since},
    )
    return currency, other_currencies, one, figures


def jar_status(*, user: AuthUser, month: date | None = None) -> dict[str, Any]:
    today = timezone.localdate()
    month = (month or today).replace(day=1)
    month_start, month_end = month_bounds(month.year, month.month)
    currency, other_currencies, one, figures = _jar_figures(user, month_start, month_end)
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
        WHERE j.user_id = %s AND j.archived_at IS NULL
        """,
        [user.id, month_start, month_end, MAX_JAR_TRANSACTIONS, user.id],
    )
    txs.sort(key=lambda t: (t["date"], t["id"]), reverse=True)
    by_jar: dict[int, list[dict[str, Any]]] = {}
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
    # Each category's budget in force in the month shown (a later change never rewrites an earlier month).
    category_budgets = _category_budgets_spent(user, month_start, month_end, one)
    label = date_format(month_start, "F Y")  # the month's name in the UI language
    return {
        "title": _("Jars for %(month)s") % {"month": label}, "month": month_start.strftime("%Y-%m"), "currency": currency,
        "currency_note": (f"Figures are in {currency}; {', '.join(other_currencies)} transactions are not added "
                          f"in.") if other_currencies else "",
        "total_budget": _num(figures[0]["total_budget"]) if figures else 0.0,
        "total_spent": _num(figures[0]["total_spent"]) if figures else 0.0,
        "rows": rows,
        "category_budgets": [{"category": b["name"], "category_id": b["id"], "budget": _num(b["budget"]),
                              "spent": _num(b["spent"]),
                              "pct": float(b["pct"]) if b["pct"] is not None else 0.0} for b in category_budgets],
        "chart": _chart("bar", _("Jars: spent vs available, %(month)s") % {"month": label}, [r["name"] for r in rows],
                        [(_("available"), [r["available"] for r in rows]), (_("spent"), [r["spent"] for r in rows])]),
    }


def budget_suggestions(*, user: AuthUser, months: int = 6, today: date | None = None) -> dict[str, Any]:
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
            SELECT c.id, c.name, {CATEGORY_BUDGET_AT.format(cat="c.id", month="%(this)s::date",
                                                            fallback="c.monthly_budget")} AS monthly_budget
            FROM transactions_category c
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
        # In the active language (the web page's; an API client's Accept-Language), like the page around it.
        if fixed:
            tip = ngettext(
                "%(name)s is a fixed cost (%(count)s %(name)s charge last month, %(charged)s): keep its budget at "
                "what it costs and compare providers or terms at renewal rather than cutting it.",
                "%(name)s is a fixed cost (%(count)s %(name)s charges last month, %(charged)s): keep its budget at "
                "what it costs and compare providers or terms at renewal rather than cutting it.", charges) % {
                "name": r["name"], "count": charges, "charged": _money_text(r["charged"], currency)}
        elif r["merchant"]:
            tip = ngettext(
                "%(count)s %(merchant)s visit, %(spent)s last month: halving them would save about %(half)s a month.",
                "%(count)s %(merchant)s visits, %(spent)s last month: halving them would save about %(half)s a "
                "month.", r["visits"]) % {
                "count": r["visits"], "merchant": r["merchant"], "spent": _money_text(r["tip_spent"], currency),
                "half": _money_text(r["tip_half"], currency)}
        else:
            tip = _("You spent %(spent)s on %(name)s last month against a typical %(typical)s.") % {
                "spent": _money_text(r["last_month"] or 0, currency), "name": r["name"],
                "typical": _money_text(r["median"], currency)}
        out.append({
            "category": r["name"], "median": _num(r["median"]), "average": _num(r["mean"]),
            "last_month": _num(r["last_month"]), "last_month_charges": charges, "trend": trend,
            "trend_per_month": _num(r["slope"]), "fixed_cost": fixed,
            "suggested_budget": _num(r["fixed_suggested"] if fixed else r["suggested"]),
            "current_budget": _num(r["monthly_budget"]) if r["monthly_budget"] is not None else None,
            "tip": tip,
        })
    return {
        "title": _("Budget suggestions from your last %(months)s months") % {"months": months},
        "currency": currency,
        "currency_note": _("Figures are in %(currency)s; %(others)s transactions are not added in.") % {
            "currency": currency, "others": ", ".join(other_currencies)} if other_currencies else "",
        "months": [add_months(first, i).strftime("%Y-%m") for i in range(months)], "rows": out,
        "chart": _chart("bar", "Median monthly spending vs suggested budget", [r["category"] for r in out],
                        [("median", [r["median"] for r in out]), ("suggested", [r["suggested_budget"] for r in out])]),
    }


def _category_budgets_spent(user: AuthUser, month_start: date, month_end: date, one: str, *,
                            outside_jars: bool = False) -> list[dict[str, Any]]:
    """The categories with a budget in force in the month (`month_start`..`month_end`, a whole month): id, name,
    budget, what they spent in it and the share spent (`pct`). `outside_jars`: only categories that feed no
    active jar (a category in a jar is budgeted by its jar: counting both would budget the same money twice).

    The budgets are worked out once per category (MATERIALIZED: inlined, the budget subquery ran once per
    joined transaction row). What a category spent in a whole month is its monthly roll-up row with one
    currency (`one` empty); with several, its rows in that currency."""
    if one:
        spent = f"""SELECT t.category_id, sum(t.amount) AS s FROM transactions_transaction t
            WHERE t.user_id = %(user)s AND t.date BETWEEN %(start)s AND %(end)s{one}
              AND t.category_id IN (SELECT id FROM cb) GROUP BY 1"""
    else:
        spent = """SELECT r.category_id, r.total AS s FROM transactions_monthly_category_spend r
            WHERE r.user_id = %(user)s AND r.month = %(start)s AND r.category_id IN (SELECT id FROM cb)"""
    in_jar = """NOT EXISTS (SELECT 1 FROM transactions_jar_categories jc JOIN transactions_jar j ON j.id = jc.jar_id
                            WHERE jc.category_id = cb.id AND j.user_id = %(user)s AND j.archived_at IS NULL)"""
    return _fetch(
        f"""
        WITH cb AS MATERIALIZED ({category_budgets_at("%(start)s::date")}), spent AS ({spent})
        SELECT cb.id, cb.name, cb.budget, round(-coalesce(sp.s, 0), 2) AS spent,
               round(100 * -coalesce(sp.s, 0) / nullif(cb.budget, 0), 1) AS pct
        FROM cb LEFT JOIN spent sp ON sp.category_id = cb.id
        {"WHERE " + in_jar if outside_jars else ""}
        ORDER BY cb.name
        """, {"user": user.id, "start": month_start, "end": month_end})


def _standalone_category_budgets(user: AuthUser, month_start: date, month_end: date, one: str) -> list[dict[str, Any]]:
    """Category budgets of categories that feed no active jar, with what they spent in the month."""
    return _category_budgets_spent(user, month_start, month_end, one, outside_jars=True)


def budget_overview(*, user: AuthUser, month: date | None = None, today: date | None = None) -> dict[str, Any]:
    """Income against what is budgeted for a month: "Income 4,200 · Budgeted 3,100 · Unbudgeted 1,100".

    Budgeted = the jars' monthly budgets plus the budgets of categories that feed no jar (never both for one
    category). Income = money in under income categories (and uncategorised money in) during the month, to
    date for the running month (with the month before's income beside it, since pay may not have come in yet).
    Unbudgeted = income − budgeted (negative: more budgeted than earned)."""
    today = today or timezone.localdate()
    month_start, month_end = month_bounds(*(month or today).replace(day=1).timetuple()[:2])
    end = min(month_end, today) if month_start <= today else month_end
    currency, other_currencies = _figures_currency(user, month_start, month_end)
    one = _currency_sql(currency if other_currencies else None, "t.")
    jars = _fetch(f"SELECT coalesce(sum({JAR_BUDGET_AT.format(jar='j.id', month='%s::date', fallback='j.monthly_budget')}"
                  "), 0) AS b, count(*) AS n FROM transactions_jar j WHERE j.user_id = %s AND j.archived_at IS NULL",
                  [month_start, user.id])[0]
    standalone = _standalone_category_budgets(user, month_start, month_end, one)
    figures = _fetch(
        f"""
        WITH inc AS (
            SELECT coalesce(sum(t.amount) FILTER (WHERE t.date >= %(start)s), 0) AS income,
                   coalesce(sum(t.amount) FILTER (WHERE t.date < %(start)s), 0) AS previous
            FROM transactions_transaction t
            LEFT JOIN transactions_category c ON c.id = t.category_id AND c.user_id = t.user_id
            WHERE t.user_id = %(user)s AND t.date BETWEEN %(prev)s AND %(end)s AND {KIND_SQL} = 'income'{one}
        ), bud AS (
            SELECT %(jars)s::numeric + coalesce((SELECT sum(x) FROM unnest(%(cats)s::numeric[]) x), 0) AS budgeted
        )
        SELECT round(inc.income, 2) AS income, round(inc.previous, 2) AS previous, round(bud.budgeted, 2) AS budgeted,
               round(inc.income - bud.budgeted, 2) AS unbudgeted
        FROM inc, bud
        """, {"user": user.id, "start": month_start, "end": end, "prev": add_months(month_start, -1), "jars": jars["b"],
              "cats": [r["budget"] for r in standalone]})[0]
    running = month_start <= today <= month_end
    return {
        "month": month_start.strftime("%Y-%m"), "label": f"{month_start:%B %Y}", "currency": currency,
        "income": _num(figures["income"]), "income_to_date": running,
        "previous_month_income": _num(figures["previous"]),
        "budgeted": _num(figures["budgeted"]), "unbudgeted": _num(figures["unbudgeted"]),
        "jar_count": int(jars["n"]), "category_budgets_outside_jars": [r["name"] for r in standalone],
        "currency_note": (f"Figures are in {currency}; {', '.join(other_currencies)} transactions are not added "
                          f"in.") if other_currencies else "",
    }


# How often each cadence charges, as a Postgres interval (generate_series steps).
_CADENCE_STEP = {"weekly": "7 days", "monthly": "1 month", "quarterly": "3 months", "yearly": "1 year"}


_UNBUDGETED_SETS = """
        budgeted AS (
            SELECT jc.category_id FROM transactions_jar_categories jc
            JOIN transactions_jar j ON j.id = jc.jar_id AND j.user_id = %(user)s AND j.archived_at IS NULL
            UNION SELECT id FROM ({category_budgets}) cbt
        ), billed AS (
            SELECT merchant_id FROM transactions_subscription WHERE user_id = %(user)s AND status <> 'dismissed'
              AND currency = %(currency)s
        ), cats AS (
            SELECT id FROM transactions_category WHERE user_id = %(user)s AND kind = 'expense'
              AND id NOT IN (SELECT category_id FROM budgeted)
        )"""


def _unbudgeted_usual(user: AuthUser, today: date, currency: str, one: str) -> dict[str, Any]:
    """Usual monthly spending outside every budget: the median over the 3 complete months before this one of
    what went out in expense categories that feed no jar and have no category budget (and uncategorised money
    out), leaving out transfers (their kind is neither) and the merchants of recurring charges (those are
    counted as bills due, once). Also what that spending is so far this month.

    With one currency, every month (this one too) comes from the monthly category roll-up (migration 0003) and
    only the rows it cannot answer are read: uncategorised money out, and the rows to take back out — the
    recurring charges' and this month's rows dated after today (1M rows: ~50 ms of rows → ~1 ms; reading this
    month's ~5,600 rows alone cost ~5 ms). With several currencies the rows are read, one currency."""
    this_month = today.replace(day=1)
    first = add_months(this_month, -3)
    params = {"user": user.id, "first": first, "last": add_months(this_month, -1), "this": this_month,
              "next": add_months(this_month, 1), "today": today, "currency": currency}
    if one:
        per_month = f"""
            SELECT date_trunc('month', t.date)::date AS m, -sum(t.amount) AS s
            FROM transactions_transaction t
            WHERE t.user_id = %(user)s AND t.date >= %(first)s AND t.date <= %(today)s{one}
              AND (t.category_id IN (SELECT id FROM cats) OR (t.category_id IS NULL AND t.amount < 0))
              AND (t.merchant_id IS NULL OR t.merchant_id NOT IN (SELECT merchant_id FROM billed))
            GROUP BY 1"""
    else:
        per_month = """
            SELECT m, sum(s) AS s FROM (
                SELECT r.month AS m, -r.total AS s FROM transactions_monthly_category_spend r
                WHERE r.user_id = %(user)s AND r.category_id IN (SELECT id FROM cats)
                  AND r.month >= %(first)s AND r.month <= %(this)s
                UNION ALL  -- the recurring charges' rows the roll-up counted, taken back out
                SELECT date_trunc('month', t.date)::date, t.amount FROM transactions_transaction t
                WHERE t.user_id = %(user)s AND t.merchant_id IN (SELECT merchant_id FROM billed)
                  AND t.category_id IN (SELECT id FROM cats) AND t.date >= %(first)s AND t.date <= %(today)s
                UNION ALL  -- and this month's rows dated after today (the roll-up counts the whole month)
                SELECT %(this)s::date, t.amount FROM transactions_transaction t
                WHERE t.user_id = %(user)s AND t.category_id IN (SELECT id FROM cats)
                  AND t.date > %(today)s AND t.date < %(next)s
                UNION ALL
                SELECT date_trunc('month', t.date)::date, -t.amount FROM transactions_transaction t
                WHERE t.user_id = %(user)s AND t.category_id IS NULL AND t.amount < 0
                  AND t.date >= %(first)s AND t.date <= %(today)s
                  AND (t.merchant_id IS NULL OR t.merchant_id NOT IN (SELECT merchant_id FROM billed))
            ) x GROUP BY 1"""
    return _fetch(
        f"""
        WITH {_UNBUDGETED_SETS.format(category_budgets=category_budgets_at("%(this)s::date")).strip()}, per_month AS ({per_month}
        )
        SELECT round(percentile_cont(0.5) WITHIN GROUP (ORDER BY coalesce(p.s, 0))::numeric, 2) AS usual,
               round(coalesce((SELECT s FROM per_month WHERE m = %(this)s), 0), 2) AS so_far
        FROM generate_series(%(first)s::date, %(last)s::date, interval '1 month') gs
        LEFT JOIN per_month p ON p.m = gs::date
        """, params)[0]


def safe_to_spend(*, user: AuthUser, today: date | None = None) -> dict[str, Any]:
    """What is safe to spend for the rest of this month, and per day, and how it was worked out.

    safe = budgets left − bills due − unbudgeted spending still to come, where
    - budgets left = the jars' budgets this month (with carried-over money for rollover jars) plus the budgets of
      categories that feed no jar, minus what those jars/categories spent this month;
    - bills due = every expected charge of a subscription or bill (not dismissed) from today until the month's
      end, or until the day before the next expected pay when that comes after the month's end (rent due on
      the 1st is paid before pay on the 3rd); each charge of a weekly one counted;
    - unbudgeted spending still to come = the usual monthly spending outside every budget
      (`_unbudgeted_usual`) × the share of the month left (days left including today / days in the month).
    The next expected pay (recurring income, `income_expected`) sets how far the bills reach and is shown
    beside the figure; it is not added to it (budgets already say how income is spent). Main currency only.
    Negative when the month is already over budget. `per_day` divides by the days left including today."""
    today = today or timezone.localdate()
    month_start, month_end = month_bounds(today.year, today.month)
    # The jars' figures only: the Jars page's transaction lists and category budgets are not needed here.
    currency, other_currencies, _one, jars = _jar_figures(user, month_start, month_end)
    one = _currency_sql(currency, "t.") if other_currencies else ""
    standalone = _standalone_category_budgets(user, month_start, month_end, one)
    pays = [p for p in income_expected(user=user, today=today, days=45) if p["currency"] == currency]
    next_pay = pays[0] if pays else None
    bills_until = month_end
    if next_pay and date.fromisoformat(next_pay["date"]) - timedelta(days=1) > month_end:
        bills_until = date.fromisoformat(next_pay["date"]) - timedelta(days=1)
    steps = " ".join(f"WHEN '{cadence}' THEN interval '{step}'" for cadence, step in _CADENCE_STEP.items())
    due = _fetch(
        f"""
        SELECT s.id, m.name AS merchant, d::date AS date, s.amount
        FROM transactions_subscription s JOIN transactions_merchant m ON m.id = s.merchant_id AND m.user_id = s.user_id
        CROSS JOIN LATERAL generate_series(s.next_expected::timestamp, %(end)s::timestamp,
                                           CASE s.cadence {steps} END) d
        WHERE s.user_id = %(user)s AND s.status <> 'dismissed' AND s.currency = %(currency)s
          AND d::date >= %(today)s
        ORDER BY d, m.name
        """, {"user": user.id, "end": bills_until, "today": today, "currency": currency})
    usual = _unbudgeted_usual(user, today, currency, one)
    # One type per array: jar figures arrive as floats, standalone budgets as Decimals (psycopg refuses a mix).
    # (jar figures rounded as jar_status shows them, so the two pages agree to the cent)
    budgets = [Decimal(str(x)) for x in [_num(r["available"]) for r in jars] + [r["budget"] for r in standalone]]
    spent = [Decimal(str(x)) for x in [_num(r["spent"]) for r in jars] + [r["spent"] for r in standalone]]
    days_left = (month_end - today).days + 1
    f = _fetch(
        """
        WITH x AS (
            SELECT coalesce((SELECT sum(x) FROM unnest(%(b)s::numeric[]) x), 0) AS budgeted,
                   coalesce((SELECT sum(x) FROM unnest(%(s)s::numeric[]) x), 0) AS spent,
                   coalesce((SELECT sum(x) FROM unnest(%(d)s::numeric[]) x), 0) AS due,
                   round(greatest(%(usual)s::numeric, 0) * %(days)s / %(month_days)s, 2) AS unbudgeted
        )
        SELECT round(budgeted, 2) AS budgeted, round(spent, 2) AS spent, round(budgeted - spent, 2) AS budget_left,
               round(due, 2) AS due, unbudgeted, round(budgeted - spent - due - unbudgeted, 2) AS safe,
               round((budgeted - spent - due - unbudgeted) / %(days)s, 2) AS per_day
        FROM x
        """, {"b": budgets, "s": spent, "d": [r["amount"] for r in due], "usual": usual["usual"],
              "days": days_left, "month_days": month_end.day})[0]
    return {
        "title": f"Safe to spend for the rest of {month_start:%B %Y}", "currency": currency,
        "has_budgets": bool(budgets), "budgeted": _num(f["budgeted"]), "spent": _num(f["spent"]),
        "budget_left": _num(f["budget_left"]), "upcoming": _num(f["due"]), "bills_until": bills_until.isoformat(),
        "unbudgeted_usual": _num(usual["usual"]), "unbudgeted_so_far": _num(usual["so_far"]),
        "unbudgeted_to_come": _num(f["unbudgeted"]),
        "safe": _num(f["safe"]), "per_day": _num(f["per_day"]),
        "days_left": days_left, "month_end": month_end.isoformat(),
        "next_pay": next_pay, "expected_pay": pays,
        "upcoming_charges": [{"merchant": r["merchant"], "date": r["date"].isoformat(), "amount": _num(r["amount"])}
                             for r in due],
        "includes": ("your jar budgets (with carried-over money) and category budgets outside jars, minus what "
                     "they have spent this month, minus subscriptions and bills still due before the month ends "
                     "(or before your next pay when it comes later), minus your usual spending outside budgets "
                     "for the days left"),
    }
