"""A money question's reading (transactions.query.MoneyQuery) → the tool call that answers it: the one structured
query tool, or a preset where it adds something (a category breakdown with income and net, a monthly series, a
side-by-side comparison). Shared by every route of the offline model that ends in the user's money."""
from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

EXCLUDES = ("exclude_merchants", "exclude_categories", "exclude_text")
MONTH_SPLIT = ("total", "count", "income")  # the measures a figure per month is given for (transactions/query/execute.py)


def money_calls(q) -> list[dict]:
    """The tool call that answers a money query: one structured query; the narrow tools only where they add
    something (a category breakdown with income and net, a monthly series, a side-by-side comparison)."""
    args = query_args(q)
    if (q.group_by == "category" or q.measure == "top_categories") and len(set(q.merchants)) == 1 \
            and not q.categories and q.measure in ("total", "list", "top_categories"):
        return [{"name": "analyze_merchant", "args": drop_none({
            "merchant": q.merchants[0], "group_by_category": True, "period": _span(q)})}]
    if q.group_by == "month" and q.measure == "list" and len(set(q.merchants)) == 1 and not q.categories \
            and not (q.text or q.excludes or q.unknown or q.amount_min or q.amount_max):
        # "list Woolworths month by month": its monthly series (a total or a count is split by the query itself)
        return [{"name": "analyze_merchant", "args": drop_none({"merchant": q.merchants[0], "period": _span(q)})}]
    if q.measure == "compare":
        return [{"name": "compare_spending", "args": drop_none({
            "sides": args.get("compare"), "mode": args.get("compare_mode"), "period": args.get("period"),
            "ask": args.get("compare_ask"), "months": args.get("compare_months"),
            "merchants": args.get("merchants"), "categories": args.get("categories"), "text": args.get("text"),
            # "which was higher ex rent?": what the question leaves out is left out of every side
            **{k: args.get(k) for k in EXCLUDES}})}]
    if q.measure in ("top_categories", "summary") and not q.has_filters and not q.offset and not q.smallest_first \
            and not q.limit and not q.excluded_unknown:
        # "top 3", "cut it to 2", "which one": the ranking's length said is the answer's length; "setting aside the
        # mortgage" with no mortgage: the ranking that says nothing was left out for it
        if q.period is None or q.period.grain == "all":
            return [{"name": "get_spending_summary", "args": {"period": "all_time"}}]
        return [{"name": "get_spending_summary", "args": _summary_period(q.period)}]
    if q.measure == "monthly_average" and not q.excludes:  # "… w/o the trader joe's trips": the query leaves it out
        if q.categories and not q.merchants and len(q.categories) == 1:
            return [{"name": "analyze_by_category", "args": {"category": q.categories[0], "measure": "monthly_average",
                                                             "months": q.months}}]
        if q.merchants and not q.categories and len(set(q.merchants)) >= 1 and not q.text:
            if len(q.merchants) == 1:
                return [{"name": "analyze_merchant", "args": {"merchant": q.merchants[0], "measure": "monthly_average",
                                                              "months": q.months}}]
        if not q.has_filters and not q.unknown:  # "what does the cat cost me a month": not all spending
            return [{"name": "get_spending_summary", "args": {"measure": "monthly_average", "months": q.months}}]
    return [{"name": "search_transactions", "args": args}]


def _span(q) -> str | None:
    """A query's period as the presets take it ("2026-01-01 to 2026-11-26"; None for all time)."""
    if q.period is None or q.period.grain == "all":
        return None
    return f"{q.period.start.isoformat()} to {q.period.end.isoformat()}"


def _summary_period(period) -> dict:
    """A whole month or year as its code ("2026-09", "2025"), which the summary names as people do ("September
    2026"); any other stretch by its dates."""
    start, end = period.start, period.end
    if start.day == 1 and (start.year, start.month) == (end.year, end.month) and (end + timedelta(days=1)).day == 1:
        return {"period": f"{start:%Y-%m}"}
    if (start.month, start.day, end.month, end.day) == (1, 1, 12, 31) and start.year == end.year:
        return {"period": str(start.year)}
    today = timezone.localdate()
    if end == today and start == today.replace(day=1):
        return {"period": "this_month"}
    if end == today and start == today.replace(month=1, day=1):
        return {"period": "this_year"}
    return {"start": start.isoformat(), "end": end.isoformat()}


def query_args(q) -> dict:
    """A MoneyQuery as the query tool's arguments (the same schema the LLM fills in)."""
    d = q.as_dict()
    # a concept ("coffee", "gas") travels as the word the user said; the tool resolves it to their merchants
    concept = {link.mention: link.names for link in q.links if link.kind == "merchant" and link.how == "concept"}
    merchants = [m for m in q.merchants if not any(m in names for names in concept.values())]
    merchants = [*[c for c, names in concept.items() if set(names) & set(q.merchants)], *merchants]
    args = {"measure": q.measure, "merchants": merchants or None, "categories": q.categories or None,
            "text": q.text or None, "amount_min": float(q.amount_min) if q.amount_min is not None else None,
            "amount_max": float(q.amount_max) if q.amount_max is not None else None, "direction": q.direction,
            "months": q.months, "limit": q.limit, "unknown": q.unknown or None, "weekdays": q.weekdays or None,
            "exclude_merchants": q.exclude_merchants or None, "exclude_categories": q.exclude_categories or None,
            "exclude_text": q.exclude_text or None, "offset": q.offset or None, "per": q.per,
            "skip_largest": q.skip_largest or None, "smallest_first": q.smallest_first or None,
            "group_by": "month" if q.group_by == "month" and q.measure in MONTH_SPLIT else None}
    if q.period is not None:
        if q.period.grain == "all":
            args["period"] = "all time"
        else:
            args["start"], args["end"] = q.period.start.isoformat(), q.period.end.isoformat()
            args["period"] = None
    if q.compare:
        args["compare_mode"] = q.compare["mode"]
        args["compare_ask"] = q.compare.get("ask")  # "which one was more?": the side the answer leads with
        args["compare_months"] = q.compare.get("months")  # the usual over that many full months
        args["compare"] = []
        for side in d["compare"]["sides"]:
            period = side.pop("period")
            if period:
                side["start"], side["end"] = period["start"], period["end"]
            args["compare"].append({k: v for k, v in side.items() if v})
        if q.period is not None and q.period.grain != "all":
            args["period"] = None
            for side in args["compare"]:
                side.setdefault("start", q.period.start.isoformat())
                side.setdefault("end", q.period.end.isoformat())
            if q.compare["mode"] == "usual":
                args["period"] = q.period.label
                args["compare"] = None
    return drop_none(args)


def drop_none(args: dict) -> dict:
    """Tool arguments without the ones left unset."""
    return {k: v for k, v in args.items() if v is not None}
