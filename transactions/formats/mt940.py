"""MT940 (SWIFT customer statement) through the `mt-940` package.

Fields: `:20:` reference, `:25:` account, `:28C:` statement number, `:60F:`/`:60M:` opening balance,
`:61:` statement line (value date, optional entry date, D/C/RD/RC mark, amount with a decimal comma,
transaction type, references), `:86:` information to the account owner (the narrative, up to 6 × 65 chars),
`:62F:`/`:62M:` closing balance. The package signs the amounts (D → negative). Structured `:86:` subfields
(`?20`…`?29` remittance, `?32`/`?33` counterparty, German banks) are turned into words; otherwise the
narrative is the `:86:` text. Opening + lines must equal the closing balance.
"""
from __future__ import annotations

import re
from decimal import Decimal

from core.errors import DomainError

from ..parsing import ParsedRow, ParsedStatement, _decode, date_plausible_check

_SUBFIELD = re.compile(r"\?(\d{2})")


def _narrative(details: str, extra: str) -> str:
    text = (details or "").replace("\n", "").replace("\r", "") if "?" in (details or "") else (details or "")
    if _SUBFIELD.search(text):
        fields: dict[str, str] = {}
        pieces = _SUBFIELD.split(text)
        for code, value in zip(pieces[1::2], pieces[2::2]):
            fields[code] = fields.get(code, "") + value
        counterparty = " ".join(fields.get(c, "") for c in ("32", "33")).strip()
        remittance = "".join(fields.get(str(c), "") for c in range(20, 30)).strip()
        text = " ".join(p for p in (counterparty, remittance) if p) or fields.get("00", "")
    text = " ".join(text.split())
    return text or " ".join((extra or "").split())


def mt940_parse(content: bytes, *, file_name: str, default_currency: str = "USD") -> ParsedStatement:
    import mt940

    text = _decode(content, file_name=file_name).replace("\r\n", "\n").replace("\r", "\n")
    try:
        statements = mt940.models.Transactions()
        statements.parse(text)
    except Exception as exc:  # the package raises bare ValueError/KeyError/RuntimeError for broken fields
        raise DomainError(f"{file_name} could not be read as MT940: {exc}", code="bad_file",
                          details={"field": "file"}) from exc
    result = ParsedStatement(file_format="mt940", date_format="MT940")
    currency = (statements.data.get("currency") or "").upper()
    total = Decimal(0)
    for position, tx in enumerate(statements, start=1):
        data = tx.data
        amount = data.get("amount")
        when = data.get("entry_date") or data.get("date")
        errors = []
        if amount is None:
            errors.append({"line": position, "field": "amount", "reason": f":61: line {position} has no amount"})
        if when is None:
            errors.append({"line": position, "field": "date", "reason": f":61: line {position} has no date"})
        else:
            try:
                date_plausible_check(when)
            except ValueError as exc:
                errors.append({"line": position, "field": "date", "reason": f"date {exc}"})
        description = _narrative(data.get("transaction_details", ""), data.get("extra_details", ""))
        if not description:
            description = " ".join(v for v in (data.get("customer_reference"), data.get("bank_reference"))
                                   if v and v != "NONREF")
        if not description:
            errors.append({"line": position, "field": "description",
                           "reason": f":61: line {position} has no :86: narrative or reference"})
        if errors:
            result.errors.extend(errors)
            continue
        total += amount.amount
        result.rows.append(ParsedRow(line=position, date=_plain_date(when), description=description[:500],
                                     amount=Decimal(amount.amount).quantize(Decimal("0.01")),
                                     currency=(amount.currency or currency or default_currency).upper()))
    if not result.rows and not result.errors:
        raise DomainError(f"{file_name} is an MT940 statement without transactions (:61: lines).", code="bad_file",
                          details={"field": "file"})
    opening = statements.data.get("final_opening_balance") or statements.data.get("opening_balance")
    closing = statements.data.get("final_closing_balance") or statements.data.get("closing_balance")
    if opening is not None and closing is not None and not result.errors \
            and len({s for s in _statement_numbers(text)}) <= 1:
        expected = opening.amount.amount + total
        if expected != closing.amount.amount:
            result.errors.append({
                "line": None, "field": "balance",
                "reason": (f"opening balance (:60F:) {opening.amount.amount} plus the statement lines ({total:+}) is "
                           f"{expected}, but the closing balance (:62F:) is {closing.amount.amount}; a line is "
                           "missing or altered")})
    return result


def _plain_date(value):
    from datetime import date

    return date(value.year, value.month, value.day)


def _statement_numbers(text: str) -> list[str]:
    """Several statements in one file: the package keeps only the last balances, so the check is skipped."""
    return re.findall(r"^:28C?:(\S+)", text, re.M)
