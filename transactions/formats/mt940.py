"""MT940 (SWIFT customer statement) through the `mt-940` package.

Fields: `:20:` reference, `:25:` account, `:28C:` statement number, `:60F:`/`:60M:` opening balance,
`:61:` statement line (value date, optional entry date, D/C/RD/RC mark, amount with a decimal comma,
transaction type, references), `:86:` information to the account owner (the narrative, up to 6 × 65 chars),
`:62F:`/`:62M:` closing balance. The package signs the amounts (D → negative). Structured `:86:` subfields
(`?20`…`?29` remittance, `?32`/`?33` counterparty, German banks) are turned into words; otherwise the
narrative is the `:86:` text. Opening + lines must equal the closing balance.
"""
from __future__ import annotations

import logging
import re
from datetime import date
from decimal import Decimal

from core.errors import DomainError

from .base import ParsedRow, ParsedStatement, StatementBalance, date_plausible_check, narrative_fallback
from .values import text_decode

# The package logs every failed tag match at ERROR; Moneta tries a second tag set and reports failures itself.
logging.getLogger("mt940").setLevel(logging.CRITICAL)

_SUBFIELD = re.compile(r"\?(\d{2})")
_TYPE_WORDS = {"TRF": "Transfer", "CHG": "Charges", "INT": "Interest", "DDT": "Direct debit", "STO": "Standing order",
               "CHK": "Cheque", "DIV": "Dividend", "MSC": "Miscellaneous", "COM": "Commission", "FEX": "Foreign exchange",
               "BOE": "Bill of exchange", "LDP": "Loan", "SEC": "Securities", "CMI": "Cash management",
               "BRF": "Brokerage fee", "CLR": "Cash letter", "DCR": "Documentary credit", "ECK": "Eurocheque",
               "EQA": "Equivalent amount", "RTI": "Returned item", "VDA": "Value date adjustment"}


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


def _statements_read(text: str, *, file_name: str):
    """[(chunk, parsed Transactions)] per statement (each `:20:` block), read with the package's standard tags,
    or with its ASN Bank variant (supplementary details of a `:61:` on a line of their own) when those fail."""
    import mt940  # start-up: ~0.2 s to import, loaded by the first MT940 file only

    chunks = [c for c in re.split(r"(?m)^(?=:20:)", text) if re.search(r"^:(6[012]|86)", c, re.M)]
    if not chunks:
        raise DomainError(f"{file_name} is an MT940 file without statements (:20: blocks with :60F:/:61:/:62F:).",
                          code="bad_file", details={"field": "file"})
    asnb = mt940.tags.StatementASNB()
    out = []
    for number, chunk in enumerate(chunks, start=1):
        parsed = None
        for tags in (None, {asnb.id: asnb}):
            try:
                statements = mt940.models.Transactions(tags=tags) if tags else mt940.models.Transactions()
                statements.parse(chunk)
            except Exception:  # noqa: BLE001 - the package raises bare ValueError/KeyError/RuntimeError
                continue
            parsed = statements
            break
        if parsed is None:
            line = text[:text.index(chunk)].count("\n") + 1 if chunk in text else None
            raise DomainError(f"{file_name}: statement {number} (from line {line}) could not be read as MT940: a "
                              "field is malformed or the file is cut short.", code="bad_file",
                              details={"field": "file", "line": line})
        out.append((chunk, parsed))
    return out


def mt940_parse(content: bytes, *, file_name: str, default_currency: str = "USD") -> ParsedStatement:
    text = text_decode(content, file_name=file_name).replace("\r\n", "\n").replace("\r", "\n")
    result = ParsedStatement(file_format="mt940", date_format="MT940")
    position = 0
    for number, (_chunk, statements) in enumerate(_statements_read(text, file_name=file_name), start=1):
        currency = (statements.data.get("currency") or "").upper()
        total = Decimal(0)
        entries = 0
        errors_before = len(result.errors)
        for tx in statements:
            position += 1
            data = tx.data
            amount = data.get("amount")
            when = data.get("entry_date") or data.get("date")
            reasons = []
            if amount is None:
                reasons.append(("amount", f":61: line {position} has no amount"))
            if when is None:
                reasons.append(("date", f":61: line {position} has no date"))
            else:
                try:
                    date_plausible_check(when)
                except ValueError as exc:
                    reasons.append(("date", f":61: line {position}: date {exc}"))
            if reasons:
                result.errors.append({"line": position, "field": ", ".join(f for f, _ in reasons),
                                      "reason": "; ".join(r for _, r in reasons)})
                continue
            value = Decimal(amount.amount)
            description = _narrative(data.get("transaction_details", ""), data.get("extra_details", ""))
            if not description:
                code = (data.get("id") or "").upper()
                description = narrative_fallback(
                    _TYPE_WORDS.get(code[-3:], ""),
                    *(v for v in (data.get("customer_reference"), data.get("bank_reference")) if v != "NONREF"),
                    amount=value)
            total += value
            entries += 1
            result.rows.append(ParsedRow(line=position, date=_plain_date(when), description=description[:500],
                                         amount=value.quantize(Decimal("0.01")),
                                         currency=(amount.currency or currency or default_currency).upper()))
        opening = statements.data.get("final_opening_balance") or statements.data.get("opening_balance")
        closing = statements.data.get("final_closing_balance") or statements.data.get("closing_balance")
        label = " ".join(p for p in (statements.data.get("account_identification"),
                                     f"no. {statements.data.get('statement_number')}"
                                     if statements.data.get("statement_number") else "") if p) or f"{number}"
        label = f"{number} ({label})"
        balance = StatementBalance(
            statement=label, account=statements.data.get("account_identification") or "", currency=currency,
            opening=opening.amount.amount if opening is not None else None,
            opening_date=_plain_date(opening.date) if opening is not None and opening.date else None,
            closing=closing.amount.amount if closing is not None else None,
            closing_date=_plain_date(closing.date) if closing is not None and closing.date else None,
            entries_total=total, entries=entries)
        if opening is not None or closing is not None:
            result.balances.append(balance)
        difference = balance.difference
        if difference and len(result.errors) == errors_before:
            result.balance_problems.append({
                "statement": label, "difference": str(difference),
                "reason": (f"statement {label}: opening balance (:60F:) {balance.opening} plus its lines "
                           f"({total:+}) is {balance.opening + total}, but the closing balance (:62F:) is "
                           f"{balance.closing}; a difference of {difference:+}: a line is missing or altered")})
    if not result.rows and not result.errors:
        raise DomainError(f"{file_name} is an MT940 statement without transactions (:61: lines).", code="bad_file",
                          details={"field": "file"})
    return result


def _plain_date(value):
    return date(value.year, value.month, value.day)
