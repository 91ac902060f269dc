"""Display helpers for page views (numbers arrive from selectors already computed and rounded)."""
from __future__ import annotations

from typing import Any

from core.money import SYMBOLS, money  # noqa: F401  (the one money formatter; re-exported for the views)


def rows_with_money(rows: list[dict[str, Any]], fields: tuple[str, ...] = ("amount",),
                    currency: str | None = None) -> list[dict[str, Any]]:
    """Copies of `rows` with `<field>_display` added for each money field."""
    out = []
    for row in rows:
        row = dict(row)
        for field in fields:
            if field in row:
                row[f"{field}_display"] = money(row[field], row.get("currency") or currency)
        out.append(row)
    return out
