"""Display helpers for page views (numbers arrive from selectors already computed and rounded)."""
from __future__ import annotations

SYMBOLS = {"USD": "$", "AUD": "A$", "NZD": "NZ$", "CAD": "C$", "EUR": "€", "GBP": "£", "JPY": "¥", "VND": "₫"}


def money(value, currency: str | None = "USD") -> str:
    """-4.5, "USD" → "−$4.50"; unknown currencies keep their code: "12.00 ZAR"."""
    if value is None:
        return ""
    amount = float(value)
    sign = "−" if amount < 0 else ""
    text = f"{abs(amount):,.2f}"
    symbol = SYMBOLS.get((currency or "").upper())
    return f"{sign}{symbol}{text}" if symbol else f"{sign}{text} {currency or ''}".rstrip()


def rows_with_money(rows: list[dict], fields: tuple[str, ...] = ("amount",), currency: str | None = None) -> list[dict]:
    """Copies of `rows` with `<field>_display` added for each money field."""
    out = []
    for row in rows:
        row = dict(row)
        for field in fields:
            if field in row:
                row[f"{field}_display"] = money(row[field], row.get("currency") or currency)
        out.append(row)
    return out
