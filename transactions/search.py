"""The transaction search box and the search API: a question read by the one parser (transactions.query) as a
list of matching transactions, with what was understood as removable chips and, when nothing matches, broader
searches that would.

It lives above both the query package and the selectors: the query executor computes its figures with the
selectors' analytics engine (selectors.figures), so a search kept among the selectors made the two packages
import each other."""
from __future__ import annotations

import copy
import difflib
from datetime import date
from typing import Any

from django.utils import timezone

from core.types import AuthUser
from transactions.query import (
    MoneyQuery,
    money_query_count,
    money_query_parse,
    money_query_rows,
    money_query_run,
    query_vocab,
)
from transactions.selectors import category_list, merchant_list, user_currency


def _chip_keys(q: MoneyQuery) -> list[dict[str, Any]]:
    """The understood parts as removable chips, each with the `key` that removes it (`drop=` in the page URL):
    "period", "amount_min", "direction", "merchants:Starbucks", "text:coffee"…"""
    out, seen = [], {"merchants": 0, "categories": 0, "text": 0}
    for chip in q.chips()[1:]:
        field = chip["field"]
        if field in seen:
            value = getattr(q, field)[seen[field]]
            seen[field] += 1
            out.append({**chip, "key": f"{field}:{value}"})
        else:
            out.append({**chip, "key": field})
    return out


def _query_drop(q: MoneyQuery, keys: list[str]) -> list[str]:
    """Remove the parts named by `keys` (see _chip_keys) from a parsed query; returns the keys applied."""
    applied = []
    for key in keys:
        field, _, value = key.partition(":")
        if field in ("merchants", "categories", "text", "unknown") and value in getattr(q, field):
            getattr(q, field).remove(value)
            if field == "unknown":
                q.suggestions.pop(value, None)
        elif field in ("period", "amount_min", "amount_max", "direction", "months") and getattr(q, field):
            setattr(q, field, None)
        elif field == "weekdays" and q.weekdays:
            q.weekdays = []
        else:
            continue
        applied.append(key)
    return applied


def _close_names(user: AuthUser, words: list[str]) -> dict[str, list[str]]:
    """For names the parser could not place and found no close merchant for: close category or merchant names
    with a looser cutoff ("did you mean")."""
    names = category_list(user=user) + merchant_list(user=user)
    lower = {n.lower(): n for n in names}
    out = {}
    for word in words:
        close = difflib.get_close_matches(word.lower(), list(lower), n=3, cutoff=0.5)
        if close:
            out[word] = [lower[c] for c in close]
    return out


def transactions_search(*, user: AuthUser, query: str, limit: int = 50, today: date | None = None,
                        page: int | None = None, drop: list[str] | None = None) -> dict[str, Any]:
    """The search box and the API: the question is read by the one parser (transactions.query) as a list of
    matching transactions; the result says what was understood (`filters`, `filters_text`, `chips`, each chip
    with the `key` that removes it) and names anything it could not find (`unknown` with close names).

    `page` pages through every match, `limit` rows a page (`count`, `pages`). `drop` removes understood parts
    (chip keys) before the search runs. When nothing matches, `broader` offers searches that would: the same
    without the period, or without one other part, each with its count (all counts from SQL)."""
    today = today or timezone.localdate()
    q = money_query_parse(query or "", vocab=query_vocab(user=user), today=today)
    # in the search box every word typed is meant: a word the parser could not place occurs in none of the
    # user's narratives (those became text filters), so it names something they don't have
    q.unknown, q.ignored = q.unknown + q.ignored, []
    dropped = _query_drop(q, list(drop or []))
    if q.measure not in ("list", "largest", "smallest"):
        q.measure = "list"
    page_size = max(1, min(int(limit or 50), 200))
    q.limit = page_size if q.measure == "list" else q.limit
    result = money_query_run(user=user, query=q, today=today)
    count, rows, pages, page_no = result.get("count", 0), result.get("rows") or [], 1, 1
    if q.measure == "list" and result.get("found") is not False:
        page_no = max(1, int(page or 1))
        listed = money_query_rows(user=user, query=q, offset=(page_no - 1) * page_size, limit=page_size)
        count = listed["count"]
        pages = max(1, -(-count // page_size))
        if page_no > pages:
            page_no = pages
            listed = money_query_rows(user=user, query=q, offset=(page_no - 1) * page_size, limit=page_size)
        rows = listed["rows"]
    chips = _chip_keys(q)
    suggestions = dict(q.suggestions)
    missing = [w for w in q.unknown if not suggestions.get(w)]
    suggestions.update(_close_names(user, missing))
    broader = []
    if not count and (q.has_filters or q.period or q.direction) and not q.unknown:
        for chip in [c for c in chips if c["field"] == "period"] + [c for c in chips if c["field"] != "period"]:
            if chip["field"] == "direction":
                continue
            trial = copy.deepcopy(q)
            _query_drop(trial, [chip["key"]])
            n = money_query_count(user=user, query=trial)
            if n:
                broader.append({"key": chip["key"], "label": chip["label"], "kind": chip["kind"], "count": n})
            if len(broader) >= 4:
                break
    corrections = [{"mention": link.mention, "names": link.names} for link in q.links if link.how == "spelling"]
    period = q.period
    filters = {"amount_min": float(q.amount_min) if q.amount_min is not None else None,
               "amount_max": float(q.amount_max) if q.amount_max is not None else None,
               "start": period.start.isoformat() if period and period.grain != "all" else None,
               "end": period.end.isoformat() if period and period.grain != "all" else None,
               "period": period.label if period else None, "categories": q.categories, "merchants": q.merchants,
               "text": q.text, "direction": q.direction, "unknown": q.unknown}
    text = q.describe()
    return {
        "query": query, "filters": filters, "filters_text": text, "chips": chips, "dropped": dropped,
        "unknown": q.unknown, "suggestions": suggestions, "ignored": q.ignored, "corrections": corrections,
        "broader": broader,
        "count": count, "total": round(float((result.get("received") or 0) - (result.get("spent") or 0)), 2),
        "spent": result.get("spent", 0.0), "received": result.get("received", 0.0),
        "currency": result.get("currency") or user_currency(user=user), "rows": rows,
        "page": page_no, "pages": pages, "page_size": page_size,
        "title": f"Transactions: {text}", "chart": result.get("chart"),
    }
