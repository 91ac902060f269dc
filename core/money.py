"""The one money formatter: every page, chat answer and tip writes amounts the same way ("−$4.50",
"€1,200.00", "12.00 ZAR"), so one answer never shows both "USD 12.00" and "$12.00".

Currencies without minor units (VND, JPY, KRW, IDR) have no decimals ("₫1,250,000"). In the Vietnamese UI
(the active Django language) amounts are written the Vietnamese way: "1.250.000 ₫", "−4,50 $".

Inside `written_in_currency_style()` (the assistant's answers) an amount follows its currency's own way instead:
VND stays "1.250.000 ₫" in Vietnamese, but US dollars are "$4.50" in a Vietnamese answer as in an English one.
Why: an answer is text people copy, quote and compare with their bank's app, which writes dollars with a decimal
point; "4,50 $" in a sentence reads as two numbers ("4" and "50") to them and to any reader of the text."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from decimal import Decimal, InvalidOperation
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from core.errors import DomainError

_VI_SEPARATORS = str.maketrans(",.", ".,")  # 1,234.50 → 1.234,50
ZERO_DECIMAL = frozenset({"VND", "JPY", "KRW", "IDR"})
_CURRENCY_STYLE: ContextVar[bool] = ContextVar("money_currency_style", default=False)
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
    code = (currency or "").upper()
    sign = "−" if amount < 0 else ""
    text = f"{abs(amount):,.0f}" if code in ZERO_DECIMAL else f"{abs(amount):,.2f}"
    symbol = SYMBOLS.get(code)
    if _vietnamese() and (code == "VND" or not _CURRENCY_STYLE.get()):
        text = text.translate(_VI_SEPARATORS)
        return f"{sign}{text} {symbol or currency or ''}".rstrip()
    return f"{sign}{symbol}{text}" if symbol else f"{sign}{text} {currency or ''}".rstrip()


@contextmanager
def written_in_currency_style() -> Iterator[None]:
    """Amounts written by `money` follow their currency's own style, not the UI language's (see the module's
    docstring): the assistant's answers."""
    token = _CURRENCY_STYLE.set(True)
    try:
        yield
    finally:
        _CURRENCY_STYLE.reset(token)


def _vietnamese() -> bool:
    try:
        return (get_language() or "").startswith("vi")
    except Exception:  # settings not configured (a script)
        return False


# Moneta's amount columns hold 14 digits, 2 after the point: anything at or above this is refused in words.
MONEY_LIMIT = Decimal(10) ** 12


def money_input(value: object, *, field: str = "amount") -> Decimal:
    """An amount a person typed or an API client sent ("1,234.5", 12, "-4.50") → Decimal to the cent. Not a
    number, infinite, NaN or too large for the columns → DomainError naming `field` (never a database error)."""
    try:
        amount = Decimal(str(value).replace(",", "").strip()).quantize(Decimal("0.01"))
    except (InvalidOperation, TypeError, ValueError):
        amount = None
    if amount is None or not amount.is_finite():
        raise DomainError(_("%(field)s must be a number.") % {"field": field}, code="validation_error",
                          details={"field": field})
    if abs(amount) >= MONEY_LIMIT:
        raise DomainError(_("%(field)s is too large: %(value)s (at most %(limit)s).") % {
            "field": field, "value": str(value)[:40], "limit": f"{MONEY_LIMIT - 1:,}"}, code="validation_error",
            details={"field": field})
    return amount
