"""The one money formatter: every page, chat answer and tip writes amounts the same way ("−$4.50",
"€1,200.00", "12.00 ZAR"), so one answer never shows both "USD 12.00" and "$12.00"."""
from __future__ import annotations

from typing import Any

SYMBOLS = {"USD": "$", "AUD": "A$", "NZD": "NZ$", "CAD": "C$", "EUR": "€", "GBP": "£", "JPY": "¥", "VND": "₫"}


def money(value: Any, currency: str | None = "USD") -> str:
    """-4.5, "USD" → "−$4.50"; unknown currencies keep their code: "12.00 ZAR"; no currency: "12.00".
    None → ""; a value that is not a number is written as it is."""
    if value is None:
        return ""
    try:
        amount = float(value)
    except (TypeError, ValueError):
        return str(value)
    sign = "−" if amount < 0 else ""
    text = f"{abs(amount):,.2f}"
    symbol = SYMBOLS.get((currency or "").upper())
    return f"{sign}{symbol}{text}" if symbol else f"{sign}{text} {currency or ''}".rstrip()
