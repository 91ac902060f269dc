"""Reads for the transactions app. Every function takes `user=` and filters on it in the SQL itself.

Every figure (totals, counts, averages, shares, medians, trends, carry-overs) is computed by Postgres;
Python only shapes the result: `{"title", "rows", "chart", "currency", ...figures}`, JSON-ready.

Spending convention: a row is *expense* when its category is an expense category, or it is uncategorised
and money went out; *income* when its category is an income category, or it is uncategorised and money
came in; transfers count as neither. Spending figures are positive and net of refunds in the same category.
"""
from __future__ import annotations

import difflib
import re
from datetime import date, timedelta
from decimal import Decimal

from django.contrib.postgres.search import SearchQuery, SearchVector
from django.db import connection
from django.db.models import Count, F, Q, Sum
from django.db.models.functions import TruncMonth
from django.utils import timezone

from config.api import NotFound

from .categorize import REVIEW_THRESHOLD
from .models import CategorisationRule, Category, ImportBatch, Jar, Merchant, Subscription, Transaction
from .periods import (
    ALL_TIME_START,
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

KIND_SQL = ("CASE WHEN c.kind IS NULL THEN (CASE WHEN t.amount < 0 THEN 'expense' ELSE 'income' END) "
            "ELSE c.kind END")
MAX_JAR_TRANSACTIONS = 100


def _num(value) -> float:
    return round(float(value), 2) if value is not None else 0.0


def _fetch(sql: str, params: list) -> list[dict]:
    with connection.cursor() as cur:
        cur.execute(sql, params)
        cols = [c.name for c in cur.description]
        return [dict(zip(cols, row)) for row in cur.fetchall()]


def _currency(user) -> str:
    latest = Transaction.objects.filter(user=user).order_by("-date").values_list("currency", flat=True).first()
    return latest or "USD"


def user_currencies(*, user) -> list[str]:
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


def _figures_currency(user, start: date, end: date) -> tuple[str, list[str]]:
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


def _other_currency_totals(user, start: date, end: date, others: list[str]) -> list[dict]:
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


def _currency_note(currency: str, others: list[dict]) -> str:
    if not others:
        return ""
    parts = [f"{o['total_spent']:,.2f} {o['currency']} spent" for o in others if o["count"]]
    if not parts:
        return ""
    return (f"Figures are in {currency}. Also in this period: {', '.join(parts)} — shown separately, never added "
            f"to the {currency} figures (no exchange rates are stored).")


def _chart(kind: str, title: str, labels: list, series: list[tuple[str, list]]) -> dict:
    return {"type": kind, "title": title, "labels": [str(x) for x in labels],
            "series": [{"name": name, "data": [_num(v) for v in data]} for name, data in series]}


def _range(start: date | None, end: date | None) -> tuple[date, date]:
    return start or ALL_TIME_START, end or timezone.localdate()


TX_FIELDS = ("id", "date", "description", "merchant__name", "amount", "currency", "category__name",
             "category_source", "category_confidence", "notes")


def tx_row(values: dict) -> dict:
    return {
        "id": values["id"], "date": values["date"].isoformat(), "description": values["description"],
        "merchant": values.get("merchant__name") or "", "amount": _num(values["amount"]),
        "currency": values["currency"], "category": values.get("category__name") or None,
        "category_source": values["category_source"], "category_confidence": round(values["category_confidence"], 2),
        "notes": values.get("notes") or "",
        "needs_review": (values["category_source"] not in ("user", "rule")
                         and values["category_confidence"] < REVIEW_THRESHOLD),
    }


# --- lists for the chat's parameter extraction and the UI ------------------------------------------------

def category_list(*, user) -> list[str]:
    return list(Category.objects.filter(user=user).order_by("name").values_list("name", flat=True))


def category_rows(*, user) -> list[Category]:
    return list(Category.objects.filter(user=user).order_by("name"))


def merchant_list(*, user) -> list[str]:
    return list(Merchant.objects.filter(user=user).order_by("name").values_list("name", flat=True).distinct())


def rule_list(*, user) -> list[CategorisationRule]:
    return list(CategorisationRule.objects.filter(user=user).select_related("category"))


def jar_list(*, user) -> list[Jar]:
    return list(Jar.objects.filter(user=user).prefetch_related("categories"))


def import_batch_list(*, user) -> list[ImportBatch]:
    return list(ImportBatch.objects.filter(user=user)[:100])


def import_batch_get(*, user, batch_id: int) -> ImportBatch:
    batch = ImportBatch.objects.filter(user=user, id=batch_id).first()
    if batch is None:
        raise NotFound(f"Import {batch_id} not found.")
    return batch


def transaction_get(*, user, transaction_id: int) -> dict:
    values = Transaction.objects.filter(user=user, id=transaction_id).values(*TX_FIELDS).first()
    if values is None:
        raise NotFound(f"Transaction {transaction_id} not found.")
    return tx_row(values)


def _category_ids(user, names: list[str]) -> list[int]:
    from .services import category_resolve

    return [category_resolve(user=user, name=n).id for n in names]


def merchant_resolve(*, user, merchant: str) -> list[Merchant]:
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


def transaction_list(*, user, category: str | None = None, merchant: str | None = None, start: date | None = None,
                     end: date | None = None, search: str | None = None, source: str | None = None,
                     min_amount=None, max_amount=None, uncategorised: bool = False, page: int = 1,
                     page_size: int = 50) -> dict:
    qs = Transaction.objects.filter(user=user)
    applied = []
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
            qs = qs.filter(_text_q(user, [word]))
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


def _text_q(user, words: list[str], *, fulltext: bool = True) -> Q:
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


def correction_preview(*, user, transaction_id: int, category: str) -> dict:
    """What a correction would do, before doing it: how many other rows from the same merchant would be
    re-filed if the user says yes (rows the user categorised themselves are never counted or changed)."""
    from .services import _others_to_refile

    tx = Transaction.objects.filter(user=user, id=transaction_id).select_related("merchant").first()
    if tx is None:
        raise NotFound(f"Transaction {transaction_id} not found.")
    target = Category.objects.filter(user=user, name__iexact=" ".join((category or "").split())).first()
    others = _others_to_refile(user=user, tx=tx, target_id=target.id if target else None) if tx.merchant_id else None
    count = others.count() if others is not None else 0
    return {"transaction_id": tx.id, "merchant": tx.merchant.name if tx.merchant_id else "",
            "category": target.name if target else " ".join((category or "").split()), "others": count,
            "examples": [{"id": o.id, "date": o.date.isoformat(), "description": o.description,
                          "category": o.category.name if o.category_id else None}
                         for o in (others.select_related("category").order_by("-date")[:5] if count else [])]}


# --- the "needs review" queue ------------------------------------------------------------------------------

def _review_q() -> Q:
    # The same condition as the partial index tx_needs_review (models.Transaction.Meta).
    return Q(category_confidence__lt=REVIEW_THRESHOLD) & ~Q(category_source__in=["user", "rule"])


def suggestions_named(*, user, rows: list[dict]) -> list[dict]:
    """Each row with its ranked suggestions as `[{"category", "confidence"}]` (names, the user's own)."""
    names = dict(Category.objects.filter(user=user).values_list("id", "name"))
    out = []
    for row in rows:
        raw = row.pop("category_suggestions", None) or []
        row["suggestions"] = [{"category": names[c], "confidence": round(float(p), 2)} for c, p in raw if c in names]
        out.append(row)
    return out


def review_queue(*, user, page: int = 1, page_size: int = 25) -> dict:
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


def review_item(*, user, transaction_id: int) -> dict:
    """One transaction as the review queue shows it: the tx row plus its named, ranked suggestions."""
    values = (Transaction.objects.filter(user=user, id=transaction_id).values(*TX_FIELDS, "category_suggestions")
              .first())
    if values is None:
        raise NotFound(f"Transaction {transaction_id} not found.")
    row = tx_row(values)
    row["category_suggestions"] = values["category_suggestions"]
    return suggestions_named(user=user, rows=[row])[0]


def review_count(*, user) -> int:
    return Transaction.objects.filter(user=user).filter(_review_q()).count()


# --- natural-language search -------------------------------------------------------------------------------

def transactions_search(*, user, query: str, limit: int = 50, today: date | None = None) -> dict:
    """The search box and the API: the question is read by the one parser (transactions.query) as a list of
    matching transactions; the result says what was understood (`filters`, `filters_text`, `chips`) and names
    anything it could not find (`unknown` with close names)."""
    from .query import money_query_parse, money_query_run, query_vocab

    today = today or timezone.localdate()
    q = money_query_parse(query or "", vocab=query_vocab(user=user), today=today)
    # in the search box every word typed is meant: a word the parser could not place occurs in none of the
    # user's narratives (those became text filters), so it names something they don't have
    q.unknown, q.ignored = q.unknown + q.ignored, []
    if q.measure not in ("list", "largest", "smallest"):
        q.measure = "list"
    q.limit = max(1, min(int(limit or 50), 500)) if q.measure == "list" else q.limit
    result = money_query_run(user=user, query=q, today=today)
    period = q.period
    filters = {"amount_min": float(q.amount_min) if q.amount_min is not None else None,
               "amount_max": float(q.amount_max) if q.amount_max is not None else None,
               "start": period.start.isoformat() if period and period.grain != "all" else None,
               "end": period.end.isoformat() if period and period.grain != "all" else None,
               "period": period.label if period else None, "categories": q.categories, "merchants": q.merchants,
               "text": q.text, "direction": q.direction, "unknown": q.unknown}
    text = q.describe()
    return {
        "query": query, "filters": filters, "filters_text": text, "chips": q.chips()[1:],
        "unknown": q.unknown, "suggestions": q.suggestions, "ignored": q.ignored,
        "count": result.get("count", 0), "total": _num((result.get("received") or 0) - (result.get("spent") or 0)),
        "spent": result.get("spent", 0.0), "received": result.get("received", 0.0),
        "currency": result.get("currency") or _currency(user), "rows": result.get("rows") or [],
        "title": f"Transactions: {text}", "chart": result.get("chart"),
    }


# --- analytics -----------------------------------------------------------------------------------------------

def spending_by_category(*, user, category: str, start: date | None = None, end: date | None = None) -> dict:
    from .services import category_resolve

    cat = category_resolve(user=user, name=category)
    start_, end_ = _range(start, end)
    sign = 1 if cat.kind == Category.Kind.INCOME else -1
    params = {"sign": sign, "user": user.id, "cat": cat.id, "start": start_, "end": end_}
    currency, other_currencies = _figures_currency(user, start_, end_)
    one_currency = _currency_sql(currency if other_currencies else None)
    # One pass over the (user, category, date) index: per month, plus the grand total via GROUPING SETS.
    grouped = _fetch(
        f"""
        SELECT date_trunc('month', date)::date AS month, %(sign)s * sum(amount) AS total, count(*) AS n,
               %(sign)s * avg(amount) AS average, min(date) AS first, max(date) AS last
        FROM transactions_transaction
        WHERE user_id = %(user)s AND category_id = %(cat)s AND date BETWEEN %(start)s AND %(end)s{one_currency}
        GROUP BY GROUPING SETS ((date_trunc('month', date)::date), ())
        """, params)
    by_month = sorted((r for r in grouped if r["month"] is not None), key=lambda r: r["month"])
    totals = next((r for r in grouped if r["month"] is None), {"total": 0, "n": 0, "average": None, "first": None,
                                                               "last": None})
    monthly_avg = _fetch("SELECT round(avg(x), 2) AS a FROM unnest(%s::numeric[]) x",
                         [[r["total"] for r in by_month]])[0]["a"]
    top = _fetch(
        f"""
        WITH m AS (
            SELECT merchant_id, %(sign)s * sum(amount) AS total, count(*) AS n
            FROM transactions_transaction
            WHERE user_id = %(user)s AND category_id = %(cat)s AND date BETWEEN %(start)s AND %(end)s{one_currency}
            GROUP BY 1 ORDER BY 2 DESC LIMIT 10
        )
        SELECT coalesce(mm.name, '(unknown)') AS merchant, round(m.total, 2) AS total, m.n
        FROM m LEFT JOIN transactions_merchant mm ON mm.id = m.merchant_id AND mm.user_id = %(user)s
        ORDER BY m.total DESC
        """, params)
    label = range_label(start, end) if (start or end) else "all time"
    verb = "Income" if sign == 1 else "Spending"
    return {
        "title": f"{verb} on {cat.name} ({label})", "category": cat.name, "kind": cat.kind,
        "start": start_.isoformat() if start else None, "end": end_.isoformat(), "period": label,
        "currency": currency, "total": _num(totals["total"]), "count": totals["n"],
        "currency_note": (f"Figures are in {currency}; {', '.join(other_currencies)} transactions are not added "
                          f"in.") if other_currencies else "",
        "average": _num(totals["average"]),
        "monthly_average": _num(monthly_avg),
        "first_date": totals["first"].isoformat() if totals["first"] else None,
        "last_date": totals["last"].isoformat() if totals["last"] else None,
        "rows": [{"month": r["month"].strftime("%Y-%m"), "total": _num(r["total"]), "count": r["n"]}
                 for r in by_month],
        "top_merchants": [{"merchant": r["merchant"], "total": _num(r["total"]), "count": r["n"]} for r in top],
        "chart": _chart("bar", f"{cat.name} by month", [r["month"].strftime("%Y-%m") for r in by_month],
                        [(cat.name, [r["total"] for r in by_month])]),
    }


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


def _summary_rows(user, start_: date, end_: date, currency: str | None = None) -> list[dict]:
    return _fetch(
        f"""
        WITH g AS (
            SELECT category_id, sum(amount) AS total, count(*) AS n,
                   sum(amount) FILTER (WHERE amount < 0) AS outflow, count(*) FILTER (WHERE amount < 0) AS n_out,
                   sum(amount) FILTER (WHERE amount > 0) AS inflow, count(*) FILTER (WHERE amount > 0) AS n_in
            FROM transactions_transaction
            WHERE user_id = %(user)s AND date BETWEEN %(start)s AND %(end)s{_currency_sql(currency)}
            GROUP BY category_id
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
        {"user": user.id, "start": start_, "end": end_},
    )


def spending_summary(*, user, period: str = "last_month", start: date | None = None, end: date | None = None) -> dict:
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


def spending_by_merchant(*, user, merchant: str, group_by_category: bool = False, start: date | None = None,
                         end: date | None = None) -> dict:
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
    totals = _fetch(f"SELECT round(-coalesce(sum(t.amount) FILTER (WHERE t.amount < 0), 0), 2) AS spent, "
                    f"round(coalesce(sum(t.amount) FILTER (WHERE t.amount > 0), 0), 2) AS refunds, "
                    f"count(*) AS n, round(-avg(t.amount) FILTER (WHERE t.amount < 0), 2) AS average, "
                    f"min(t.date) AS first, max(t.date) AS last FROM transactions_transaction t WHERE {where}",
                    params)[0]
    if group_by_category:
        groups = _fetch(f"SELECT coalesce(c.name, 'Uncategorised') AS label, round(-sum(t.amount), 2) AS total, "
                        f"count(*) AS n FROM transactions_transaction t LEFT JOIN transactions_category c "
                        f"ON c.id = t.category_id AND c.user_id = t.user_id WHERE {where} GROUP BY 1 ORDER BY 2 DESC",
                        params)
        rows = [{"category": g["label"], "total": _num(g["total"]), "count": g["n"]} for g in groups]
        chart = _chart("pie", f"{', '.join(names)} by category", [g["label"] for g in groups],
                       [("spent", [g["total"] for g in groups])])
    else:
        groups = _fetch(f"SELECT date_trunc('month', t.date)::date AS month, round(-sum(t.amount), 2) AS total, "
                        f"count(*) AS n FROM transactions_transaction t WHERE {where} GROUP BY 1 ORDER BY 1", params)
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


def spending_compare(*, user, categories: list[str] | None = None, periods: list[str] | None = None,
                     start: date | None = None, end: date | None = None, today: date | None = None) -> dict:
    """Two (or more) categories side by side over one period, or two periods side by side per category."""
    from .services import category_resolve

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
    cats = [category_resolve(user=user, name=c) for c in (categories or [])]
    cat_ids = [c.id for c in cats] or None
    currency, other_currencies = _figures_currency(user, min(w[0] for w in windows), max(w[1] for w in windows))
    currency_sql = _currency_sql(currency if other_currencies else None, "t.")
    # One query: spending per (window, category) with the windows passed as arrays.
    rows_sql = _fetch(
        f"""
        WITH w AS (SELECT * FROM unnest(%(idx)s::int[], %(s)s::date[], %(e)s::date[]) AS w(idx, s, e)),
        g AS (
            SELECT w.idx, t.category_id, sum(t.amount) AS total, count(*) AS n,
                   sum(t.amount) FILTER (WHERE t.amount < 0) AS outflow, count(*) FILTER (WHERE t.amount < 0) AS n_out
            FROM w JOIN transactions_transaction t ON t.user_id = %(user)s AND t.date BETWEEN w.s AND w.e
            WHERE (%(cats)s::bigint[] IS NULL OR t.category_id = ANY(%(cats)s::bigint[])){currency_sql}
            GROUP BY 1, 2
        )
        SELECT g.idx, c.name, round(CASE WHEN c.kind = 'income' THEN g.total ELSE -g.total END, 2) AS total, g.n
        FROM g JOIN transactions_category c ON c.id = g.category_id AND c.user_id = %(user)s
        WHERE c.kind <> 'transfer' AND (%(cats)s::bigint[] IS NOT NULL OR c.kind = 'expense')
        UNION ALL
        SELECT g.idx, 'Uncategorised', round(-g.outflow, 2), g.n_out FROM g
        WHERE g.category_id IS NULL AND g.n_out > 0 AND %(cats)s::bigint[] IS NULL
        """,
        {"idx": list(range(len(windows))), "s": [w[0] for w in windows], "e": [w[1] for w in windows],
         "user": user.id, "cats": cat_ids},
    )
    labels = [w[2] for w in windows]
    names = [c.name for c in cats] or sorted({r["name"] for r in rows_sql})
    table = {(r["idx"], r["name"]): r for r in rows_sql}
    rows = []
    for name in names:
        values = {labels[i]: _num(table.get((i, name), {}).get("total")) for i in range(len(windows))}
        counts = {labels[i]: int(table.get((i, name), {}).get("n") or 0) for i in range(len(windows))}
        rows.append({"category": name, "values": values, "counts": counts})
    totals_sql = _fetch(
        "SELECT w.idx, round(coalesce(sum(x.total), 0), 2) AS total FROM unnest(%s::int[]) AS w(idx) "
        "LEFT JOIN unnest(%s::int[], %s::numeric[]) AS x(idx, total) ON x.idx = w.idx GROUP BY 1 ORDER BY 1",
        [list(range(len(windows))), [r["idx"] for r in rows_sql if r["name"] in names],
         [r["total"] for r in rows_sql if r["name"] in names]])
    totals = {labels[t["idx"]]: _num(t["total"]) for t in totals_sql}
    if len(windows) == 2:
        diff = _fetch("SELECT x.name, round(x.b - x.a, 2) AS change, round(100 * (x.b - x.a) / nullif(x.a, 0), 1) "
                      "AS pct FROM unnest(%s::text[], %s::numeric[], %s::numeric[]) AS x(name, a, b)",
                      [[r["category"] for r in rows], [r["values"][labels[0]] for r in rows],
                       [r["values"][labels[1]] for r in rows]])
        for r, d in zip(rows, diff):
            r["change"] = _num(d["change"])
            r["change_pct"] = float(d["pct"]) if d["pct"] is not None else None
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
                       ) -> tuple[list[tuple[date, date, str]], dict | None]:
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
    if (start.year, start.month) == (end.year, end.month):
        return f"{start.day}–{end.day} {end:%B %Y}" if start != end else f"{end.day} {end:%B %Y}"
    return f"{start:%-d %b %Y} – {end:%-d %b %Y}"


def spending_usual(*, user, category: str | None = None, months: int = 3, today: date | None = None) -> dict:
    """"Is this more than usual?": the usual is the average of the previous `months` *full* months (zero months
    count), never a partial month; this month so far is set against the same days of last month, and the
    month is projected only as a plain pace figure. Spending in the period's main currency."""
    from .services import category_resolve

    today = today or timezone.localdate()
    full = previous_full_months(months, today=today)
    usual_start, usual_end, usual_label = usual_window(months, today=today)
    so_far = period_to_date_comparison("this_month", today=today)
    (cur_start, cur_end, _), (prev_start, prev_end, _) = so_far["current"], so_far["previous"]
    cat = category_resolve(user=user, name=category) if category else None
    currency, other_currencies = _figures_currency(user, usual_start, cur_end)
    sign = 1 if cat is not None and cat.kind == Category.Kind.INCOME else -1
    where_cat = "AND t.category_id = %(cat)s" if cat else f"AND {KIND_SQL} = 'expense'"
    rows = _fetch(
        f"""
        WITH w AS (SELECT * FROM unnest(%(idx)s::int[], %(s)s::date[], %(e)s::date[]) AS w(idx, s, e))
        SELECT w.idx, round(coalesce(%(sign)s * sum(t.amount), 0), 2) AS total, count(t.id) AS n
        FROM w LEFT JOIN (transactions_transaction t
                          LEFT JOIN transactions_category c ON c.id = t.category_id AND c.user_id = t.user_id)
          ON t.user_id = %(user)s AND t.date BETWEEN w.s AND w.e {where_cat}
             {_currency_sql(currency if other_currencies else None, "t.")}
        GROUP BY w.idx ORDER BY w.idx
        """,
        {"idx": list(range(len(full) + 2)), "s": [s for s, _ in full] + [cur_start, prev_start],
         "e": [e for _, e in full] + [cur_end, prev_end], "sign": sign, "user": user.id,
         "cat": cat.id if cat else None})
    totals = [r["total"] for r in rows]
    usual = _fetch("SELECT round(avg(x), 2) AS a FROM unnest(%s::numeric[]) x", [totals[:len(full)]])[0]["a"]
    this_so_far, same_days = totals[len(full)], totals[len(full) + 1]
    diff = _fetch("SELECT round(%s::numeric - %s::numeric, 2) AS d, "
                  "round(100 * (%s::numeric - %s::numeric) / nullif(%s::numeric, 0), 1) AS pct",
                  [this_so_far, same_days, this_so_far, same_days, same_days])[0]
    what = cat.name if cat else "all spending"
    return {
        "title": f"{what}: this month so far vs usual", "category": cat.name if cat else None, "currency": currency,
        "usual": _num(usual), "usual_months": [s.strftime("%Y-%m") for s, _ in full],
        "usual_label": usual_label,
        "this_month_so_far": _num(this_so_far), "this_month_days": so_far["days"],
        "same_days_last_month": _num(same_days), "same_days_label": _days_label(prev_start, prev_end),
        "change_vs_same_days": _num(diff["d"]),
        "change_vs_same_days_pct": float(diff["pct"]) if diff["pct"] is not None else None,
        "rows": [{"month": s.strftime("%Y-%m"), "total": _num(t), "count": r["n"]}
                 for (s, _), t, r in zip(full, totals, rows)],
        "currency_note": (f"Figures are in {currency}; {', '.join(other_currencies)} transactions are not added "
                          f"in.") if other_currencies else "",
        "chart": _chart("bar", f"{what}: previous full months, usual and this month so far",
                        [s.strftime("%Y-%m") for s, _ in full] + ["usual", f"this month (to day {so_far['days']})",
                                                                  f"last month (to day {so_far['days']})"],
                        [("spent" if sign < 0 else "received", totals[:len(full)] + [usual, this_so_far, same_days])]),
    }


# --- jars, budgets, subscriptions ------------------------------------------------------------------------------

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


def _money_text(value, currency: str) -> str:
    symbol = {"USD": "$", "AUD": "$", "NZD": "$", "CAD": "$", "EUR": "€", "GBP": "£"}.get(currency, "")
    amount = f"{Decimal(value):,.2f}"
    return f"{symbol}{amount}" if symbol else f"{amount} {currency}"


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
    return bool(name) and any(w in name.lower() for w in BILL_CATEGORY_WORDS)


def _is_bill_merchant(name: str) -> bool:
    plain = " " + re.sub(r"[^a-z]+", " ", name.lower()) + " "
    return any(f" {w} " in plain for w in BILL_MERCHANT_WORDS)


def _merchant_main_category(*, user, merchant_ids: list[int]) -> dict[int, str]:
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


def subscription_list(*, user, include_dismissed: bool = False) -> dict:
    """Recurring charges, each a `bill` (rent, utilities, insurance…: by its category, or its merchant's name
    when uncategorised) or a `subscription`. The subscriptions total never includes bills and is given per
    month and per year; totals are per currency (the headline figures are in the main currency, the rest in
    `by_currency`), never summed across currencies."""
    qs = Subscription.objects.filter(user=user).select_related("merchant")
    if not include_dismissed:
        qs = qs.exclude(status=Subscription.Status.DISMISSED)
    subs = list(qs.annotate(yearly=F("monthly_cost") * 12).order_by("-monthly_cost", "merchant__name"))
    main_category = _merchant_main_category(user=user, merchant_ids=[s.merchant_id for s in subs])
    rows = []
    for s in subs:
        category = main_category.get(s.merchant_id)
        bill = is_bill_category(category) if category else _is_bill_merchant(s.merchant.name)
        rows.append({
            "id": s.id, "merchant": s.merchant.name, "cadence": s.cadence, "amount": _num(s.amount),
            "previous_amount": _num(s.previous_amount) if s.previous_amount is not None else None,
            "price_changed": s.price_changed, "monthly_cost": _num(s.monthly_cost), "yearly_cost": _num(s.yearly),
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
    by_currency = [{"currency": c,
                    "subscriptions_per_month": _num(sums.get((c, "subscription"), 0)),
                    "subscriptions_per_year": _num(sums.get((c, "subscription"), Decimal("0")) * 12),
                    "bills_per_month": _num(sums.get((c, "bill"), 0)),
                    "bills_per_year": _num(sums.get((c, "bill"), Decimal("0")) * 12),
                    "total_per_month": _num(sums.get((c, "subscription"), Decimal("0")) + sums.get((c, "bill"),
                                                                                                Decimal("0")))}
                   for c in currencies]
    main = by_currency[0] if by_currency else {k: 0.0 for k in ("subscriptions_per_month", "subscriptions_per_year",
                                                                "bills_per_month", "bills_per_year",
                                                                "total_per_month")}
    upcoming = [r for r in rows if r["next_expected"] <= (timezone.localdate() + timedelta(days=30)).isoformat()]
    subs_only = [r for r in rows if r["kind"] == "subscription" and r["currency"] == currency]
    return {
        "title": "Subscriptions and recurring bills", "currency": currency,
        "total_per_month": main["total_per_month"], "count": len(rows),
        "subscriptions_per_month": main["subscriptions_per_month"],
        "subscriptions_per_year": main["subscriptions_per_year"],
        "bills_per_month": main["bills_per_month"], "bills_per_year": main["bills_per_year"],
        "by_currency": by_currency,
        "currency_note": ("Also recurring in other currencies: " + "; ".join(
            f"{b['subscriptions_per_month']:,.2f} {b['currency']} a month in subscriptions, "
            f"{b['bills_per_month']:,.2f} {b['currency']} in bills" for b in by_currency[1:])
            + " — never added to the figures above.") if len(by_currency) > 1 else "",
        "rows": rows,
        "upcoming_30_days": [{"merchant": r["merchant"], "amount": r["amount"], "date": r["next_expected"],
                              "kind": r["kind"], "currency": r["currency"]}
                             for r in sorted(upcoming, key=lambda r: r["next_expected"])],
        # The chart shows subscriptions only: a rent bill would dwarf every one of them.
        "chart": _chart("bar", f"Subscriptions, monthly cost ({currency})", [r["merchant"] for r in subs_only],
                        [("per month", [r["monthly_cost"] for r in subs_only])]),
    }
