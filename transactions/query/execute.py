"""MoneyQuery → figures, computed by Postgres. Every sum, count, average and share in the result comes from SQL;
Python only shapes it. Money out is what left the account (amount < 0), money in what arrived (amount > 0);
figures are kept per currency and never summed across currencies.
"""
from __future__ import annotations

import re
from datetime import date, timedelta

from django.db import connection
from django.db.models import Count, QuerySet, Sum
from django.db.models.functions import TruncMonth
from django.utils import timezone

from core.periods import Period, add_months, full_months_before, period_label, period_same_days
from transactions.models import Category, Transaction
from transactions.query.model import MoneyQuery, Side
from transactions.selectors import figures
from transactions.selectors.figures import money_rows

LIST_LIMIT = 20
MAX_LIMIT = 200
USUAL_MONTHS = 3
# The row set of a query: the analytics engine's one definition (transactions/selectors/figures.py), under the
# name the assistant's action tools use.
filtered = money_rows


def _num(value) -> float:
    return round(float(value), 2) if value is not None else 0.0


def _totals(qs: QuerySet, user=None) -> list[dict]:
    """Per currency: money out, money in, counts (largest currency first) — the engine's totals."""
    return figures.totals(qs, user=user)


def _row(t: dict) -> dict:
    return {"id": t["id"], "date": t["date"].isoformat(), "merchant": t.get("merchant__name") or "",
            "description": t["description"], "amount": _num(t["amount"]), "currency": t["currency"],
            "category": t.get("category__name") or None}


ROW_FIELDS = ("id", "date", "merchant__name", "description", "amount", "currency", "category__name")


def _window(q: MoneyQuery, period: Period | None) -> tuple[date | None, date | None, str]:
    if period is None or period.grain == "all":
        return None, None, "all time"
    return period.start, period.end, period.label


def _base(user, q: MoneyQuery, *, side: Side | None = None, period: Period | None = None,
          direction: str | None = "unset") -> QuerySet:
    start, end, _ = _window(q, period if period is not None else (side.period if side and side.period else q.period))
    named = side is not None and bool(side.merchants or side.categories or side.text)
    qs = filtered(user=user, merchants=(side.merchants if named else q.merchants) or (),
                  categories=(side.categories if named else q.categories) or (),
                  text=(side.text if named else q.text) or (), amount_min=q.amount_min, amount_max=q.amount_max,
                  direction=q.direction if direction == "unset" else direction, start=start, end=end,
                  weekdays=q.weekdays, exclude_merchants=[*q.exclude_merchants, *(side.exclude_merchants if side else ())],
                  exclude_categories=[*q.exclude_categories, *(side.exclude_categories if side else ())],
                  exclude_text=[*q.exclude_text, *(side.exclude_text if side else ())])
    return qs.exclude(id__in=_largest_ids(qs, q)) if q.skip_largest else qs


def _largest_ids(qs: QuerySet, q: MoneyQuery) -> list[int]:
    """The ids of the query's N biggest rows ("and excluding the biggest?"): money out by size, money in when the
    query is about money in."""
    order = "-amount" if q.direction == "in" or q.measure == "income" else "amount"
    return list(qs.order_by(order, "-date", "-id").values_list("id", flat=True)[:q.skip_largest])


def money_query_run(*, user, query: MoneyQuery, today: date | None = None) -> dict:
    """Run a MoneyQuery for `user`. The result always carries the query as understood (`query`, `understood`,
    `chips`), the period it covered, the figures of its measure, and `rows` for a table."""
    today = today or timezone.localdate()
    q = query
    start, end, label = _window(q, q.period)
    out: dict = {"query": q.as_dict(), "understood": q.describe(), "chips": q.chips(), "measure": q.measure,
                 "period": label, "start": start.isoformat() if start else None,
                 "end": (end or today).isoformat(), "unknown": q.unknown, "suggestions": q.suggestions,
                 "ignored": q.ignored}
    if q.unknown and not q.has_filters:
        # asked about names this user does not have: say so, never answer a different total
        out.update({"count": 0, "total": 0.0, "rows": [], "found": False, "currency": _currency(user)})
        return out
    concept_missing = [link.mention for link in q.links if link.kind == "concept"]
    if concept_missing and not q.has_filters:
        out.update({"count": 0, "total": 0.0, "rows": [], "found": False, "currency": _currency(user),
                    "unknown": q.unknown + concept_missing})
        return out
    runner = {"compare": _compare, "top_merchants": _top_merchants, "top_categories": _top_categories,
              "summary": _top_categories,
              "monthly_average": _monthly_average, "largest": _extreme, "smallest": _extreme}.get(q.measure, _aggregate)
    out.update(runner(user, q, today))
    if q.skip_largest:  # what was left out, for the answer to say
        kept = MoneyQuery.from_dict({**q.as_dict(), "skip_largest": 0})
        everything = _base(user, kept)
        gone = everything.filter(id__in=_largest_ids(everything, q))
        out["left_out"] = [_row(t) for t in gone.order_by("-amount" if q.direction == "in" else "amount", "-date")
                           .values(*ROW_FIELDS)]
    out.setdefault("currency", _currency(user))
    out["found"] = bool(out.get("count"))
    out["title"] = f"{MEASURE_TITLES.get(q.measure, 'Transactions')}: {out['understood']}"
    chart = _chart_for(user, q, out)
    if chart:
        out["chart"] = chart
    return out


MEASURE_TITLES = {"total": "Spending", "count": "Count", "average": "Average purchase", "income": "Money in",
                  "net": "Net cash flow", "list": "Transactions", "largest": "Largest", "smallest": "Smallest",
                  "top_merchants": "Top merchants", "top_categories": "Top categories",
                  "monthly_average": "Monthly average", "compare": "Comparison"}


def _chart_for(user, q: MoneyQuery, out: dict) -> dict | None:
    """A chart only where it shows more than one bar: months of the period, or the parts of the answer."""
    def bar(title: str, labels: list, values: list) -> dict | None:
        if len(labels) < 2:
            return None
        return {"type": "bar", "title": title, "labels": [str(x) for x in labels],
                "series": [{"name": q.measure, "data": [_num(v) for v in values]}]}

    rows = out.get("rows") or []
    if q.measure in ("top_merchants", "top_categories", "summary"):
        key = "merchant" if q.measure == "top_merchants" else "category"
        return bar(out["title"], [r[key] for r in rows], [r["total"] for r in rows])
    if q.measure == "monthly_average":
        return bar(out["title"], [r["month"] for r in rows], [r["total"] for r in rows])
    if q.measure == "compare":
        return bar(out["title"], [r["label"] for r in rows], [r["total"] for r in rows])
    if q.measure in ("total", "count", "average", "income", "list", "net") and out.get("count"):
        per_month = list(_base(user, q, direction=None if q.measure in ("net", "list") else "unset")
                         .annotate(m=TruncMonth("date")).values("m").order_by("m").annotate(t=Sum("amount")))[-24:]
        if len(per_month) >= 2:
            return bar(f"{out['title']} — by month", [r["m"].strftime("%Y-%m") for r in per_month],
                       [abs(r["t"] or 0) for r in per_month])
        parts = out.get("by_merchant") or out.get("by_source") or []
        return bar(f"{out['title']} — by merchant", [r["merchant"] for r in parts], [r["total"] for r in parts])
    return None


def _by_month(user, q: MoneyQuery, qs: QuerySet, *, direction: str | None, currency: str) -> list[dict] | None:
    """"split by month": the figure of each calendar month of the period (the first and last cut to it), from the
    engine's windows; None when the period is one month or runs over more than two years."""
    start, end = q.period.start if q.period else None, q.period.end if q.period else None
    if start is None or end is None or q.period.grain == "all":
        return None
    months, first = [], start
    while first <= end and len(months) <= 24:
        last = min(add_months(first.replace(day=1), 1) - timedelta(days=1), end)
        months.append((first, last))
        first = last + timedelta(days=1)
    if not 2 <= len(months) <= 24:
        return None
    found = figures.window_totals(qs, months, user=user, currency=currency)
    inward = direction == "in"
    return [{"month": f"{a:%Y-%m}", "start": a.isoformat(), "end": b.isoformat(),
             "total": r["received"] if inward else r["spent"], "count": r["count_in"] if inward else r["count_out"]}
            for (a, b), r in zip(months, found)]


def _currency(user) -> str:
    latest = Transaction.objects.filter(user=user).order_by("-date").values_list("currency", flat=True).first()
    return latest or "USD"


def _aggregate(user, q: MoneyQuery, today: date) -> dict:
    """total, count, average, income, net, list."""
    direction = None if q.measure in ("net", "list") and q.direction is None else q.direction
    qs = _base(user, q, direction=direction)
    totals = _totals(qs, user)
    main = totals[0] if totals else {"currency": _currency(user), "spent": 0.0, "received": 0.0, "count_out": 0,
                                     "count_in": 0, "count": 0}
    limit = max(1, min(int(q.limit or LIST_LIMIT), MAX_LIMIT))
    first = max(0, q.offset or 0)  # "and the one before that?" after the latest one: the rows after the newest
    rows = [_row(t) for t in qs.order_by("-date", "-id").values(*ROW_FIELDS)[first:first + limit]]
    result = {"currency": main["currency"], "by_currency": totals if len(totals) > 1 else [],
              "count": main["count_in"] if q.direction == "in" else main["count_out"] if q.direction == "out"
              else main["count"],
              "spent": main["spent"], "received": main["received"], "rows": rows}
    result["total"] = main["received"] if q.direction == "in" else main["spent"]
    if q.measure == "net":
        result["net"] = main.get("net", 0.0)
    if q.per in PER_DAYS and result["count"]:
        result["per"] = _per_unit(user, q, qs, result["count"] if q.measure == "count" else result["total"], today)
    if q.group_by == "month" and q.measure in ("total", "count", "income") and not q.per and result["count"]:
        result["by_month"] = _by_month(user, q, qs, direction=q.direction, currency=main["currency"])
    if q.measure == "average" and result["count"]:
        avg = qs.aggregate(a=Sum("amount") / Count("id"))["a"]
        result["average"] = _num(abs(avg or 0))
    if q.measure == "income" or q.direction == "in":
        result["by_source"] = [{"merchant": r["name"], "total": r["total"], "count": r["count"]} for r in
                               figures.ranking(qs.filter(amount__gt=0), by="merchant", user=user, sign=1, limit=5,
                                               unnamed="(unknown)")]
    if q.measure in ("total", "count", "average") and result["count"]:
        result["by_merchant"] = [{"merchant": r["name"], "total": r["total"], "count": r["count"]} for r in
                                 figures.ranking(qs, by="merchant", user=user, sign=-1 if q.direction == "out" else 1, limit=5,
                                                 unnamed="(unknown)")]
    return result


PER_DAYS = {"day": 1, "week": 7, "month": None}


def months_in(start: date, end: date) -> float:
    """The months from `start` to `end` (both included): whole months counted from the start day ("the past 4
    months", 27 Jul – 26 Nov, is 4; August–October is 3), and what is left as a share of the next month's days."""
    whole = 0
    while add_months(start, whole + 1) - timedelta(days=1) <= end:
        whole += 1
    rest_start = add_months(start, whole)
    rest = (end - rest_start).days + 1
    return round(whole + (rest / (add_months(start, whole + 1) - rest_start).days if rest > 0 else 0), 2)


def _per_unit(user, q: MoneyQuery, qs: QuerySet, total: float, today: date) -> dict:
    """The total spread over the period ("per week?"): total ÷ days × 7, or ÷ its months ("per month?"), in SQL;
    for all time the period runs from the first matching transaction to today."""
    start, end, _ = _window(q, q.period)
    history = Transaction.objects.filter(user=user).order_by("date").values_list("date", flat=True).first()
    if start is None:
        start = qs.order_by("date").values_list("date", flat=True).first() or today
    elif history is not None and start < history:
        # a period that starts before their transactions do ("2025" when the statements begin in October): spread
        # over the part Moneta has, said in the answer, never over months with no data at all
        start = history.replace(day=1) if q.per == "month" and start.day == 1 else history
    end = min(end or today, today)
    days = max(1, (end - start).days + 1)
    months = months_in(start, end) if q.per == "month" else None
    with connection.cursor() as cur:
        if months:
            cur.execute("SELECT round(%s::numeric / %s, 2)", [total, months])
        else:
            cur.execute("SELECT round(%s::numeric / %s * %s, 2)", [total, days, PER_DAYS[q.per] or 1])
        value = cur.fetchone()[0]
    out = {"unit": q.per, "value": _num(value), "days": days, **({"months": months} if months else {})}
    if q.period is not None and q.period.grain != "all" and start > q.period.start:
        out["from"] = start.isoformat()  # the period was cut to where their transactions begin
    # the full months before this one that lie in the period: "the past 4 months" (27 Jul – 26 Nov) rounds to
    # August–October and July; a period from a month's first day ("this year") counts only its whole months
    whole_months = round(months) if months and start.day != 1 else int(months or 0)
    if whole_months >= 2 and end == today and q.measure != "count":
        # a period running to today ("the past 4 months"): also the average of that many full months before this one
        whole = MoneyQuery.from_dict({**q.as_dict(), "measure": "monthly_average", "period": None, "per": None})
        whole.months = whole_months
        full = _monthly_average(user, whole, today)
        out["full_months"] = {k: full[k] for k in ("months", "average", "total", "window", "start", "end")}
    return out


def money_query_rows(*, user, query: MoneyQuery, offset: int = 0, limit: int = LIST_LIMIT) -> dict:
    """One page of a list query's rows, newest first, as the list measure orders them (paging past the first
    MAX_LIMIT rows): `{"rows", "count"}`, `count` counting every matching row, in every currency."""
    qs = _base(user, query, direction=query.direction)
    offset, limit = max(0, int(offset)), max(1, min(int(limit), MAX_LIMIT))
    values = qs.order_by("-date", "-id").values(*ROW_FIELDS, "category_source", "category_confidence")
    rows = [{**_row(t), "category_source": t["category_source"],
             "category_confidence": round(t["category_confidence"], 2)} for t in values[offset:offset + limit]]
    return {"rows": rows, "count": qs.count()}


def money_query_count(*, user, query: MoneyQuery) -> int:
    """How many transactions a query's filters match (the "what if I dropped this part" counts)."""
    return _base(user, query, direction=query.direction).count()


def _extreme(user, q: MoneyQuery, today: date) -> dict:
    qs = _base(user, q)
    order = ("amount" if q.direction != "in" else "-amount") if q.measure == "largest" else \
        ("-amount" if q.direction != "in" else "amount")
    first = max(0, q.offset)
    rows = [_row(t) for t in qs.order_by(order, "-date").values(*ROW_FIELDS)[first:first + max(1, min(q.limit or 5, 50))]]
    totals = _totals(qs, user)
    main = totals[0] if totals else {"count_out": 0, "count_in": 0, "currency": _currency(user)}
    return {"rows": rows, "count": main["count_in"] if q.direction == "in" else main["count_out"],
            "currency": main["currency"], "pick": rows[0] if rows else None}


def _top_merchants(user, q: MoneyQuery, today: date) -> dict:
    qs = _base(user, q)
    n = q.limit or 5
    rows = [{"merchant": r["name"], "total": r["total"], "count": r["count"]} for r in
            figures.ranking(qs, by="merchant", user=user, sign=1 if q.direction == "in" else -1, limit=n, offset=q.offset,
                            unnamed="(no merchant)", smallest_first=q.smallest_first)]
    totals = _totals(qs, user)
    main = totals[0] if totals else {"count_out": 0, "spent": 0.0, "currency": _currency(user)}
    return {"rows": rows, "count": main.get("count_out", 0), "total": main.get("spent", 0.0),
            "currency": main["currency"], "n": n, "offset": q.offset,
            **({"smallest_first": True} if q.smallest_first else {})}


def _top_categories(user, q: MoneyQuery, today: date) -> dict:
    qs = _base(user, q).exclude(category__kind=Category.Kind.TRANSFER)
    n = q.limit or 5
    ranked = figures.ranking(qs, by="category", user=user, sign=-1, unnamed="Uncategorised",
                             smallest_first=q.smallest_first)
    rows = [{"category": r["name"], "total": r["total"], "count": r["count"], "share_pct": r["share_pct"]}
            for r in ranked]
    main = (_totals(qs, user) or [{"net": 0.0}])[0]
    return {"rows": rows[q.offset:q.offset + max(n, 1)], "all_rows": len(rows),
            "count": sum(r["count"] for r in rows), "total": _num(-main["net"]), "n": n, "offset": q.offset,
            **({"smallest_first": True} if q.smallest_first else {})}


def _monthly_average(user, q: MoneyQuery, today: date) -> dict:
    n = q.months or USUAL_MONTHS
    if q.period is not None and q.period.grain == "year" and q.period.start.year < today.year:
        start, end = q.period.start, q.period.end
    else:
        window = full_months_before(today, n)
        start, end = window.start, window.end
    qs = _base(user, q, period=Period(start, end, "", "range"))
    found = figures.months_average(qs, start, end, user=user, sign=1 if q.direction == "in" else -1)
    three, six = (figures.change(found["average"] * k, 0)["difference"] for k in (3, 6))
    return {"average": found["average"], "three_months": three, "six_months": six, "months": found["months"],
            "total": found["total"], "count": found["count"], "rows": found["rows"],
            "window": period_label(start, end, "range"), "start": start.isoformat(), "end": end.isoformat(),
            **({"currency": found["currency"]} if found["currency"] else {})}


def _side_total(user, q: MoneyQuery, side: Side, period: Period | None) -> dict:
    direction = side.direction or q.direction  # a share of what they earn: its whole is money in
    main = (_totals(_base(user, q, side=side, period=period, direction=direction), user) or [figures.EMPTY])[0]
    value = main["received"] if direction == "in" else main["spent"]
    count = main["count_in"] if direction == "in" else main["count_out"]
    return {"total": value, "count": count}


def _usual(user, q: MoneyQuery, today: date, *, upto_day: int | None, months: int = USUAL_MONTHS) -> dict:
    """The usual of the query's rows: the engine's average of the full months before this one."""
    window = full_months_before(today, months)
    return figures.usual(_base(user, q, period=window), today=today, user=user, months=months,
                         sign=1 if q.direction == "in" else -1, upto_day=upto_day)


def _same_dates_before(user, q: MoneyQuery, rows: list[dict], today: date) -> None:
    """"this year vs last year", "compared to last quarter": a year or quarter so far against a whole one before it
    has two readings — against all of it, or against its same dates. Both are given, each side labelled with its
    dates so a reader can tell which figure is which ("2026 so far (1 Jan – 27 Nov 2026)")."""
    if not all(r.get("period") for r in rows):
        return
    spans = [(date.fromisoformat(r["period"]["start"]), date.fromisoformat(r["period"]["end"])) for r in rows]
    now, other = (0, 1) if spans[0][1] >= spans[1][1] else (1, 0)
    (n0, n1), (o0, o1) = spans[now], spans[other]
    quarter_start = n0.day == 1 and n0.month in (1, 4, 7, 10)
    if n1 < today or not quarter_start or o1 >= n0 or (n1 - n0).days < 35 or (o1 - o0).days <= (n1 - n0).days:
        return  # not a year or quarter so far against a longer whole before it (a month so far has its own row)
    months = (n0.year - o0.year) * 12 + n0.month - o0.month
    if o0 != add_months(n0, -months):
        return
    same = Period(o0, min(add_months(n1, -months), o1), "", "range")
    for k, (start, end) in ((now, spans[now]), (other, spans[other])):
        if not re.search(r"\d{1,2} [A-Z][a-z]{2}\b", rows[k]["label"]):  # its dates, unless the label gives them
            rows[k]["label"] = f"{rows[k]['label']} ({start:%-d %b} – {end:%-d %b %Y})"
    rows.append({"label": f"the same dates of {period_label(o0, o1, 'range', today=today)} "
                          f"({same.start:%-d %b} – {same.end:%-d %b %Y})", "period": same.as_dict(),
                 **_side_total(user, q, Side(label=""), same), "same_days": True})


def _compare(user, q: MoneyQuery, today: date) -> dict:
    compare = q.compare or {}
    sides: list[Side] = compare.get("sides") or []
    rows = []
    if compare.get("mode") == "usual":
        current = sides[0].period if sides and sides[0].period else q.period
        now = _side_total(user, q, Side(label=current.label), current)
        rows.append({"label": current.label, **now, "period": current.as_dict()})
        partial = current.grain == "month" and current.end >= today and current.start.day == 1
        n = int(compare.get("months") or USUAL_MONTHS)  # "compared with the average over the last six months"
        usual = _usual(user, q, today, upto_day=today.day if partial else None, months=n)
        rows.append({"label": (f"usual for days 1–{today.day} (average of the {n} full months before)"
                               if partial else f"usual (average of the {n} full months before)"),
                     "total": usual["average"], "count": None, "months": usual["months"],
                     "usual": {"months": n, "upto_day": today.day if partial else None}})
        if partial:
            full = _usual(user, q, today, upto_day=None, months=n)
            rows.append({"label": f"a usual whole month (average of the {n} full months before)",
                         "total": full["average"], "count": None, "months": full["months"],
                         "usual": {"months": n, "upto_day": None}})
    else:
        for side in sides:
            period = side.period or q.period
            rows.append({"label": side.label if compare.get("mode") == "sides" else (period.label if period
                                                                                      else side.label),
                         **_side_total(user, q, side, period),
                         **({"period": period.as_dict()} if period and compare.get("mode") != "sides" else {})})
            if compare.get("mode") == "periods" and period and period.grain == "month" and period.end >= today \
                    and period.start.day == 1 and len(sides) == 2:
                # a partial current month against the same days of the other month, as well as its whole
                other = next(s.period for s in sides if s is not side and s.period)
                if other and other.end < period.start:
                    same_days = period_same_days(other, day=today.day)
                    rows.append({"label": f"{same_days.label} (same days)", "period": same_days.as_dict(),
                                 **_side_total(user, q, Side(label=""), same_days), "same_days": True})
    if compare.get("mode") == "periods" and len(sides) == 2 and len(rows) == 2:
        _same_dates_before(user, q, rows, today)
    change = figures.change(rows[0]["total"], rows[1]["total"]) if len(rows) >= 2 else \
        {"difference": None, "change_pct": None}
    if compare.get("ask") in ("more", "less") and len(rows) == 2 and min(r["total"] for r in rows):
        # "which was higher, and by what percentage": the higher side over the lower one as a percentage ("which was
        # cheaper": the lower one under the higher one)
        high, low = max(r["total"] for r in rows), min(r["total"] for r in rows)
        change["gap_pct"] = figures.change(*((high, low) if compare["ask"] == "more" else (low, high)))["change_pct"]
    if compare.get("ask") == "share" and len(rows) >= 2 and rows[1]["total"]:  # "what percent is that of my total?"
        change["share_pct"] = round(100 * rows[0]["total"] / rows[1]["total"], 1)
    return {"rows": rows, "mode": compare.get("mode"), **change,
            "count": sum((r.get("count") or 0) for r in rows) or (1 if any(r["total"] for r in rows) else 0)}


__all__ = ["filtered", "money_query_run"]
