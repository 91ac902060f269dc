"""OFX/QFX (SGML 1.x and XML 2.x) read directly: banks write it loosely, so Moneta reads it leniently.

Per statement aggregate (`STMTRS` bank, `CCSTMTRS` card): the currency (`CURDEF`), the account (`ACCTID`), every
`STMTTRN` (date `DTPOSTED`, else `DTUSER`; signed `TRNAMT`; `NAME`/`PAYEE`, `MEMO`) and the ledger balance
(`LEDGERBAL`, as of `DTASOF`) — an empty balance is simply no balance. A transaction without a name or memo takes
its narrative from its type, cheque number or reference. Investment statements (`INVSTMTRS`): their cash movements
(`INVBANKTRAN`) are imported; trades, dividends reinvested and holdings are not bank transactions, so a file with
nothing else is refused with a message saying so.
"""
from __future__ import annotations

import html
import re
from datetime import date
from decimal import Decimal, InvalidOperation

from core.errors import DomainError

from .base import (
    ParsedRow,
    ParsedStatement,
    StatementBalance,
    amount_check,
    date_plausible_check,
    merchant_code_clean,
    narrative_fallback,
)
from .values import text_decode

_STATEMENT = re.compile(r"<(STMTRS|CCSTMTRS|INVSTMTRS)>(.*?)</\1>", re.S | re.I)
_TRANSACTION = re.compile(r"<STMTTRN>(.*?)</STMTTRN>", re.S | re.I)
_INVESTMENT_TX = re.compile(r"<(BUYDEBT|BUYMF|BUYOPT|BUYOTHER|BUYSTOCK|CLOSUREOPT|INCOME|INVEXPENSE|JRNLFUND|"
                            r"JRNLSEC|MARGININTEREST|REINVEST|RETOFCAP|SELLDEBT|SELLMF|SELLOPT|SELLOTHER|SELLSTOCK|"
                            r"SPLIT|TRANSFER)>", re.I)
_TYPE_WORDS = {"CREDIT": "Credit", "DEBIT": "Debit", "INT": "Interest", "DIV": "Dividend", "FEE": "Fee",
               "SRVCHG": "Service charge", "DEP": "Deposit", "ATM": "Cash machine", "POS": "Card payment",
               "XFER": "Transfer", "CHECK": "Cheque", "PAYMENT": "Payment", "CASH": "Cash withdrawal",
               "DIRECTDEP": "Direct deposit", "DIRECTDEBIT": "Direct debit", "REPEATPMT": "Standing order",
               "HOLD": "Hold", "OTHER": "Other"}


def _field(block: str, tag: str) -> str:
    """A leaf element's value: up to the next tag or line end (SGML leaves have no closing tag)."""
    m = re.search(rf"<{tag}>([^<\r\n]*)", block, re.I)
    return html.unescape(m.group(1)).strip() if m else ""


def _ofx_date(raw: str) -> date:
    """'20110314120000.000[-5:EST]' → 2011-03-14: the day as the bank wrote it (the time and zone do not move it)."""
    digits = re.match(r"\s*(\d{8})", raw or "")
    if not digits:
        raise ValueError(f"is not an OFX date ({raw[:30]!r})" if raw else "is missing")
    text = digits.group(1)
    try:
        return date(int(text[:4]), int(text[4:6]), int(text[6:8]))
    except ValueError as exc:
        raise ValueError(f"is not a valid date ({raw[:30]!r})") from exc


def _ofx_amount(raw: str) -> Decimal:
    text = (raw or "").strip().replace(" ", "")
    if not text:
        raise ValueError("is missing")
    if "," in text and "." not in text:
        text = text.replace(",", ".")  # some banks write a decimal comma
    if not re.fullmatch(r"[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?|[-+]?(nan|inf|infinity)", text, re.I):
        raise ValueError(f"is not a number ({raw.strip()[:30]!r})")
    try:
        value = Decimal(text)
    except InvalidOperation as exc:
        raise ValueError(f"is not a number ({raw.strip()[:30]!r})") from exc
    amount_check(value)
    return value.quantize(Decimal("0.01"))


def ofx_parse(content: bytes, *, file_name: str = "the file", default_currency: str = "USD") -> ParsedStatement:
    text = text_decode(content, file_name=file_name)
    if "<OFX>" not in text.upper():
        raise DomainError(f"{file_name} is not an OFX file: it has no <OFX> element.", code="bad_file",
                          details={"field": "file"})
    result = ParsedStatement(file_format="ofx", date_format="OFX")
    if "ERROR" in re.findall(r"<SEVERITY>\s*(\w+)", text.upper()) and not _TRANSACTION.search(text):
        message = _field(text.split("</SONRS>", 1)[-1], "MESSAGE")
        raise DomainError(f"{file_name} holds no transactions: the bank's server answered with an error"
                          f"{f' ({message[:120]})' if message else ''}.", code="bad_file", details={"field": "file"})
    if not _STATEMENT.search(text):
        raise DomainError(f"{file_name} holds no statement: an OFX file without a complete bank or card statement "
                          "(no STMTRS or CCSTMTRS block) is damaged or cut short; download it again.",
                          code="bad_file", details={"field": "file"})
    position = 0
    investment_only = 0
    for kind, body in _STATEMENT.findall(text):
        kind = kind.upper()
        currency = (_field(body, "CURDEF") or default_currency).upper()
        account = _field(body, "ACCTID")
        blocks = _TRANSACTION.findall(body)
        if kind == "INVSTMTRS":
            cash = re.findall(r"<INVBANKTRAN>(.*?)</INVBANKTRAN>", body, re.S | re.I)
            blocks = [b for c in cash for b in _TRANSACTION.findall(c)]
            holdings = len(_INVESTMENT_TX.findall(body))
            if holdings:
                result.skipped.append({"line": None, "reason": f"{holdings} investment transaction(s) (trades, "
                                       "income, transfers of securities): Moneta imports the cash movements only"})
            if not blocks:
                investment_only += 1
                continue
        total = Decimal(0)
        for block in blocks:
            position += 1
            reasons = []
            when = amount = None
            try:
                when = _ofx_date(_field(block, "DTPOSTED") or _field(block, "DTUSER"))
                date_plausible_check(when)
            except ValueError as exc:
                reasons.append(("date", f"transaction {position}: date {exc}"))
            try:
                amount = _ofx_amount(_field(block, "TRNAMT"))
            except ValueError as exc:
                reasons.append(("amount", f"transaction {position}: amount {exc}"))
            row_currency = (_field(block, "CURSYM") if not _field(body, "CURDEF") else "") or currency
            if reasons:
                result.errors.append({"line": position, "field": ", ".join(f for f, _ in reasons),
                                      "reason": "; ".join(r for _, r in reasons)})
                continue
            assert when is not None and amount is not None
            trntype = _field(block, "TRNTYPE").upper()
            checknum = _field(block, "CHECKNUM")
            description = narrative_fallback(_field(block, "NAME"), _field(block, "MEMO"))
            if description == "No description":
                description = narrative_fallback(
                    _TYPE_WORDS.get(trntype, trntype.title()) + (f" {checknum}" if checknum else ""),
                    _field(block, "REFNUM"), amount=amount)
            total += amount
            result.rows.append(ParsedRow(line=position, date=when, description=description[:500], amount=amount,
                                         currency=row_currency.upper()[:8] or default_currency,
                                         merchant_code=merchant_code_clean(_field(block, "MCC")
                                                                           or _field(block, "SIC"))))
        ledger = re.search(r"<LEDGERBAL>(.*?)(</LEDGERBAL>|<AVAILBAL>|</STMTRS>|</CCSTMTRS>|$)", body, re.S | re.I)
        closing = closing_date = None
        if ledger:
            try:
                closing = _ofx_amount(_field(ledger.group(1), "BALAMT"))
                closing_date = _ofx_date(_field(ledger.group(1), "DTASOF"))
            except ValueError:
                closing = closing_date = None  # an empty ledger balance is no balance, not a broken file
        if closing is not None:
            result.balances.append(StatementBalance(statement=account or str(len(result.balances) + 1),
                                                    currency=currency, account=account, closing=closing,
                                                    closing_date=closing_date, entries_total=total,
                                                    entries=len(blocks)))
    if investment_only and not result.rows and not result.errors:
        raise DomainError(f"{file_name} is an investment account statement (trades, holdings, dividends): Moneta "
                          "reads bank and card statements, not holdings, and this file has no cash movements to "
                          "import.", code="unsupported_format",
                          details={"field": "file", "detected": "an OFX investment statement"})
    return result
