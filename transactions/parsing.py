"""Statement parsing: any statement file → rows, bad rows (line, field, reason), skipped rows and balances.

No database here. `statement_parse` detects the format (`formats.format_detect`), runs its reader
(`formats/`: table.py for CSV, xlsx.py, ofx.py, qif.py, camt.py, mt940.py, pdf.py) and applies the checks all
formats share; the import service decides what to store.
"""
from __future__ import annotations

from core.errors import DomainError

from .formats import format_detect
from .formats.base import (  # noqa: F401 - the parsing vocabulary, importable from one place
    MAX_REPORTED_ERRORS,
    ParsedRow,
    ParsedStatement,
    StatementBalance,
    amount_check,
    currency_check,
    date_plausible_check,
)
from .formats.camt import camt053_parse
from .formats.mt940 import mt940_parse
from .formats.ofx import ofx_parse
from .formats.pdf import pdf_statement_parse
from .formats.qif import qif_parse
from .formats.table import csv_parse
from .formats.values import (
    money_parse,  # noqa: F401
    text_decode,
)
from .formats.xlsx import spreadsheet_parse


def statement_parse(*, file_name: str, content: bytes, date_format: str | None = None,
                    default_currency: str = "USD") -> ParsedStatement:
    if not content.strip():
        raise DomainError(f"{file_name} is empty.", code="bad_file", details={"field": "file"})
    if date_format and ("\x00" in date_format or len(date_format) > 40):
        raise DomainError("date_format must be DMY, MDY, YMD or a short strptime pattern like %d/%m/%Y.",
                          code="validation_error", details={"field": "date_format"})
    parsed = _statement_parse_any(file_name=file_name, content=content, date_format=date_format,
                                  default_currency=default_currency)
    return statement_rows_check(parsed)


def statement_rows_check(parsed: ParsedStatement) -> ParsedStatement:
    """Checks every format's rows the same way (CSV, OFX, QIF, CAMT, MT940, spreadsheets, PDF): a date far
    outside the plausible range, an amount that is not a finite number below 10¹², a currency that is not three
    letters, or a NUL character anywhere becomes a bad row, never a stored one. Bad rows come out one per line,
    in line order, each with every reason found on it."""
    kept = []
    for row in parsed.rows:
        reasons: list[tuple[str, str]] = []
        try:
            date_plausible_check(row.date)
        except ValueError as exc:
            reasons.append(("date", f"date {exc}"))
        try:
            amount_check(row.amount)
        except ValueError as exc:
            reasons.append(("amount", f"amount {exc}"))
        try:
            currency_check(row.currency)
        except ValueError as exc:
            reasons.append(("currency", str(exc)))
        nul = next((f for f in ("description", "category", "notes", "currency") if "\x00" in (getattr(row, f) or "")),
                   None)
        if nul:
            reasons.append((nul, "contains a NUL byte (\\x00)"))
        if reasons:
            parsed.errors.append({"line": row.line, "field": ", ".join(f for f, _ in reasons),
                                  "reason": "; ".join(r for _, r in reasons)})
            continue
        kept.append(row)
    parsed.rows = kept
    parsed.errors = _errors_by_line(parsed.errors)
    return parsed


def _errors_by_line(errors: list[dict]) -> list[dict]:
    """One entry per bad row (its reasons joined), in line order; entries without a line keep theirs."""
    merged: dict[object, dict] = {}
    loose: list[dict] = []
    for err in errors:
        line = err.get("line")
        if line is None:
            loose.append(err)
            continue
        if line in merged:
            first = merged[line]
            if err["reason"] not in first["reason"]:
                first["field"] = ", ".join(dict.fromkeys(f"{first['field']}, {err['field']}".split(", ")))
                first["reason"] = f"{first['reason']}; {err['reason']}"
        else:
            merged[line] = dict(err)
    ordered = sorted(merged.values(), key=lambda e: e["line"] if isinstance(e["line"], int) else 0)
    return ordered + loose


def _statement_parse_any(*, file_name: str, content: bytes, date_format: str | None,
                         default_currency: str) -> ParsedStatement:
    kind = format_detect(file_name=file_name, content=content)
    common = {"file_name": file_name, "default_currency": default_currency}
    if kind == "ofx":
        return ofx_parse(content, **common)
    if kind == "pdf":
        return pdf_statement_parse(content, date_format=date_format, **common)
    if kind in ("xlsx", "xls"):
        return spreadsheet_parse(content, kind=kind, date_format=date_format, **common)
    if kind == "qif":
        return qif_parse(content, date_format=date_format, **common)
    if kind == "camt053":
        return camt053_parse(content, **common)
    if kind == "mt940":
        return mt940_parse(content, **common)
    return csv_parse(text_decode(content, file_name=file_name), date_format=date_format,
                     default_currency=default_currency)
