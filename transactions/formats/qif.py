"""QIF (Quicken Interchange Format), as exported by Quicken, Microsoft Money, GnuCash, YNAB 4 and many banks.

A file is a `!Type:Bank` (or Cash, CCard, Oth A, Oth L) header followed by records of one-letter fields, each
record ended by `^`: D date, T/U amount, P payee, M memo, L category (`[Account]` = a transfer), N number,
C cleared, A address, S/E/$ split lines. Dates come as `3/ 2'26`, `03/02/2026`, `02.03.2026` or `2026-03-02`;
the whole file decides day/month order, as for CSV. Investment (`!Type:Invst`) and list sections (`!Type:Cat`,
`!Type:Class`, `!Type:Memorized`) hold no bank transactions and are skipped.
"""
from __future__ import annotations

import re

from core.errors import DomainError

from .base import ParsedRow, ParsedStatement, StatementBalance, date_plausible_check, narrative_fallback
from .values import date_formats_for, date_parse, decimal_comma_detect, money_parse, text_decode

_TRANSACTION_TYPES = {"bank", "cash", "ccard", "oth a", "oth l"}
_SKIPPED_TYPES = {"invst", "cat", "class", "memorized", "prices", "security", "invitem", "template"}


def _qif_date(raw: str) -> str:
    """`3/ 2'26` → `3/2/26`; `03/02'2026` → `03/02/2026`."""
    return raw.replace("'", "/").replace(" ", "").strip()


def qif_parse(content: bytes, *, file_name: str, date_format: str | None = None,
              default_currency: str = "USD") -> ParsedStatement:
    text = text_decode(content, file_name=file_name).replace("\r\n", "\n").replace("\r", "\n")
    records: list[tuple[int, dict[str, str]]] = []
    section = "bank"
    current: dict[str, str] = {}
    start_line = 0
    for number, raw_line in enumerate(text.split("\n"), start=1):
        line = raw_line.rstrip()
        if not line.strip():
            continue
        if line.startswith("!"):
            header = line[1:].strip().lower()
            if header.startswith("type:"):
                section = header[5:].strip()
            elif header.startswith("account"):
                section = "account"
            elif header.startswith("option:autoswitch"):
                section = "account"  # a list of accounts follows, until !Clear:AutoSwitch
            elif header.startswith("option") or header.startswith("clear"):
                continue
            current = {}
            continue
        if line.startswith("^"):
            if current and section in _TRANSACTION_TYPES:
                records.append((start_line, current))
            current = {}
            continue
        if not current:
            start_line = number
        code, value = line[0], line[1:].strip()
        if code in "SE$":  # split lines: the record's total (T) is what the bank moved
            continue
        if code in current and code in "PM":
            current[code] += " " + value
        else:
            current.setdefault(code, value)
    if current and section in _TRANSACTION_TYPES:
        records.append((start_line, current))
    if not records:
        if section == "invst":
            raise DomainError(f"{file_name} holds only investment transactions (QIF !Type:Invst): Moneta reads "
                              "bank and card statements, not holdings.", code="unsupported_format",
                              details={"field": "file", "detected": "a QIF investment account"})
        if section in _SKIPPED_TYPES:
            raise DomainError(f"{file_name} is a QIF {section} list, not a bank account's transactions.",
                              code="bad_file", details={"field": "file"})
        raise DomainError(f"{file_name} holds no QIF transactions (records ending with ^).", code="bad_file",
                          details={"field": "file"})
    result = ParsedStatement(file_format="qif", columns={"fields": "D T/U P M L"})
    formats, result.date_format, result.date_format_reason = date_formats_for(
        [_qif_date(r.get("D", "")) for _, r in records], date_format)
    decimal_comma = decimal_comma_detect([r.get("T") or r.get("U") or "" for _, r in records])
    for line, record in records:
        errors = []
        try:
            when = date_parse(_qif_date(record.get("D", "")), formats)
            date_plausible_check(when)
        except ValueError as exc:
            errors.append({"line": line, "field": "date", "reason": f"date {exc}"})
        try:
            amount, currency = money_parse(record.get("T") or record.get("U") or "", decimal_comma=decimal_comma)
        except ValueError as exc:
            errors.append({"line": line, "field": "amount", "reason": f"amount {exc}"})
        if errors:
            result.errors.extend(errors)
            continue
        if " ".join(record.get("P", "").lower().split()) == "opening balance" and record.get("L", "").startswith("["):
            # Quicken's first record: the account's balance when it was opened, not money that moved.
            result.balances.append(StatementBalance(statement=record.get("L", "").strip("[]") or "1",
                                                    currency=currency or default_currency, opening=amount,
                                                    opening_date=when))
            result.skipped.append({"line": line, "reason": "the account's opening balance, not a transaction"})
            continue
        number = record.get("N", "")
        description = narrative_fallback(record.get("P", ""), record.get("M", ""))
        if description == "No description":
            label = record.get("L", "").strip("[]")
            description = narrative_fallback(label and f"Transfer {label}" if record.get("L", "").startswith("[")
                                             else label, number and f"Cheque {number}", amount=amount)
        category = record.get("L", "")
        # "[Savings]" is a transfer to another account, "Food:Groceries" a category with its subcategory.
        category = "" if category.startswith("[") else category.split(":")[-1].split("/")[0].strip()
        result.rows.append(ParsedRow(line=line, date=when, description=re.sub(r"\s+", " ", description)[:500],
                                     amount=amount, currency=currency or default_currency, category=category[:80],
                                     notes=record.get("N", "")))
    return result
