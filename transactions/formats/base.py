"""What every statement reader returns: rows, bad rows, rows skipped on purpose, and the statement's balances.

No database here. A reader fills a `ParsedStatement`; `statement_rows_check` (in `transactions.parsing`) then
applies the checks every format shares, and the import service decides what to store.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from django.utils import timezone

MAX_REPORTED_ERRORS = 100
# Amounts at or above this are a damaged file or a test value, never a household's transaction (the column holds
# 12 digits before the point).
AMOUNT_LIMIT = Decimal("1e12")
# A date this far from today is a typo or a test value; it would also break date arithmetic (year 10000).
EARLIEST_PLAUSIBLE_DATE = date(1900, 1, 1)
FUTURE_PLAUSIBLE_DAYS = 366


@dataclass(slots=True)
class ParsedRow:
    line: int
    date: date
    description: str
    amount: Decimal
    currency: str
    category: str = ""
    # The running balance printed on the row (after it), when the statement has one.
    balance: Decimal | None = None
    notes: str = ""
    # The merchant's kind as the card network coded it, when the file carries it: an ISO 18245 merchant category
    # code (OFX <MCC>, CAMT MrchntCtgyCd) or the OFX <SIC> (the MCC list took most of its codes from SIC).
    merchant_code: str = ""


@dataclass
class StatementBalance:
    """One statement's balances as the bank printed them (CAMT `Stmt`, MT940 `:20:` block, OFX `STMTRS`, a PDF's
    opening/closing rows): handed to the ledger's account checkpoints and used for the balance check."""
    statement: str
    currency: str = ""
    account: str = ""
    opening: Decimal | None = None
    opening_date: date | None = None
    closing: Decimal | None = None
    closing_date: date | None = None
    entries_total: Decimal = Decimal(0)
    entries: int = 0

    @property
    def difference(self) -> Decimal | None:
        """closing − (opening + entries): 0 when the statement adds up; None when a balance is missing."""
        if self.opening is None or self.closing is None:
            return None
        return self.closing - (self.opening + self.entries_total)

    def as_dict(self) -> dict[str, Any]:
        diff = self.difference
        return {"statement": self.statement, "account": self.account, "currency": self.currency,
                "opening": None if self.opening is None else str(self.opening),
                "opening_date": self.opening_date.isoformat() if self.opening_date else None,
                "closing": None if self.closing is None else str(self.closing),
                "closing_date": self.closing_date.isoformat() if self.closing_date else None,
                "entries_total": str(self.entries_total), "entries": self.entries,
                "difference": None if diff is None else str(diff)}


@dataclass
class ParsedStatement:
    file_format: str
    rows: list[ParsedRow] = field(default_factory=list)
    # Unreadable rows: {"line", "field", "reason"} (+ "raw": the row's cells when the format has cells).
    errors: list[dict] = field(default_factory=list)
    # Rows left out on purpose, not errors: pending card payments, total lines, holdings of an investment account.
    skipped: list[dict] = field(default_factory=list)
    # Statements whose printed balances were found (opening/closing), in file order.
    balances: list[StatementBalance] = field(default_factory=list)
    # Balance checks that failed: {"statement", "reason", "difference"} (+ "line"/"page" where one row is named).
    balance_problems: list[dict] = field(default_factory=list)
    columns: dict = field(default_factory=dict)
    date_format: str = ""
    # Why the date order was chosen when the dates alone could not settle it ("" when they did).
    date_format_reason: str = ""
    # The header row's cells (empty when the columns were inferred) and the first good row's date as written:
    # the import preview shows them back in words.
    headers: list = field(default_factory=list)
    date_sample: str = ""
    # "positive_out" when the statement itself says money out is printed positive (a card statement).
    sign_hint: str | None = None

    @property
    def bad_row_count(self) -> int:
        """Distinct unreadable rows (a row with a bad date and a bad amount is one row)."""
        lines = {e.get("line") for e in self.errors if e.get("line") is not None}
        return len(lines) + sum(1 for e in self.errors if e.get("line") is None)


def date_plausible_check(value: date, *, today: date | None = None) -> None:
    """Raise ValueError (with a reason) for a date outside 1900-01-01 … one year from today."""
    latest = (today or timezone.localdate()) + timedelta(days=FUTURE_PLAUSIBLE_DAYS)
    if value < EARLIEST_PLAUSIBLE_DATE or value > latest:
        raise ValueError(f"{value.isoformat()} is outside the plausible range "
                         f"({EARLIEST_PLAUSIBLE_DATE.isoformat()} to {latest.isoformat()})")


def amount_check(value: Decimal) -> None:
    """Raise ValueError for an amount no statement holds: not a number, infinite, or 10¹² or more."""
    if not value.is_finite():
        raise ValueError("is not a number")
    if abs(value) >= AMOUNT_LIMIT:
        raise ValueError("is too large (1,000,000,000,000 or more)")


def currency_check(value: str) -> None:
    if len(value) != 3 or not value.isascii() or not value.isalpha():
        raise ValueError(f"currency {value[:20]!r} is not a 3-letter code (EUR, USD…)")


def merchant_code_clean(raw: str) -> str:
    """A 3–4 digit merchant category / SIC code ("5812", "742"), or "" for anything else."""
    raw = (raw or "").strip()
    return raw.zfill(4) if raw.isdigit() and 3 <= len(raw) <= 4 else ""


def narrative_fallback(*parts: str | None, amount: Decimal | None = None) -> str:
    """A row without a narrative takes one from its other fields (counterparty, reference, type, memo), in the
    order given; with none at all it says which way the money went, so the row is still imported and findable."""
    seen: list[str] = []
    for part in parts:
        text = " ".join((part or "").split())
        if text and text not in seen and not any(text in s for s in seen):
            seen.append(text)
    if seen:
        return " ".join(seen)
    if amount is None:
        return "No description"
    return "No description (money in)" if amount > 0 else "No description (money out)"
