"""Turn a contract chart spec into what the chart partial renders.

Spec (CONTRACTS.md): {"type": "bar"|"line"|"pie", "title": str, "labels": [str],
"series": [{"name": str, "data": [number]}]}. The partial draws it with Chart.js and also shows the
numbers as a table, so a screen reader (or a browser without JS) still gets every figure.
"""
from __future__ import annotations

from numbers import Number
from typing import Any

from core.web.format import money

CHART_TYPES = ("bar", "line", "pie")


def chart_prepare(spec: Any, *, currency: str | None = None) -> dict | None:
    """A render-ready chart, or None when `spec` is not a usable chart spec (nothing to draw). With `currency`
    the numbers table shows money as money ("$1,978.99", not "1978.99"). A single bar or point comes back as
    {"sentence": ...} instead: the partial writes it rather than drawing a one-bar chart."""
    if not isinstance(spec, dict) or spec.get("type") not in CHART_TYPES:
        return None
    labels = [str(label) for label in (spec.get("labels") or [])]
    series = []
    for item in spec.get("series") or []:
        if not isinstance(item, dict):
            continue
        data = [float(v) if isinstance(v, Number) else None for v in (item.get("data") or [])]
        data = (data + [None] * len(labels))[: len(labels)]
        series.append({"name": str(item.get("name") or ""), "data": data})
    if not labels or not series:
        return None
    if len(labels) == 1 and (len(series) == 1 or spec["type"] != "bar"):
        # One bar (or one point, or a whole pie) says nothing a sentence can't: say it.
        def figure(value: float) -> str:
            if currency:
                return money(value, currency)
            return f"{value:,.2f}"

        parts = [f"{s['name']} {figure(s['data'][0])}" if s["name"] else figure(s["data"][0])
                 for s in series if s["data"][0] is not None]
        title = str(spec.get("title") or "")
        return {"sentence": f"{title + ': ' if title else ''}{labels[0]} — {', '.join(parts) or 'no figure'}.",
                "title": title, "type": spec["type"]}
    clean = {"type": spec["type"], "title": str(spec.get("title") or ""), "labels": labels, "series": series}
    rows = [[label] + [s["data"][i] for s in series] for i, label in enumerate(labels)]
    out = {"spec": clean, "title": clean["title"], "type": clean["type"],
           "columns": [s["name"] for s in series], "rows": rows}
    if currency:
        out["display_rows"] = [[row[0]] + [money(v, currency) if v is not None else "" for v in row[1:]]
                               for row in rows]
    return out
