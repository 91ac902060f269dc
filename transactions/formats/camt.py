"""CAMT.053 (ISO 20022 Bank-to-Customer Statement, `camt.053.001.02` … `.13`) through lxml.

Per `Stmt`: the balances (`Bal` with type OPBD/PRCD opening, CLBD closing) and the entries (`Ntry`): amount
with its currency attribute, `CdtDbtInd` CRDT/DBIT (the amount itself is unsigned), booking date
(`BookgDt/Dt` or `DtTm`, else value date), status (`Sts` or `Sts/Cd`; pending `PDNG` and `INFO` entries are
not transactions yet and are skipped). The narrative is the counterparty (the creditor's name for money out,
the debtor's for money in) followed by the unstructured remittance information (`RmtInf/Ustrd`), falling back
to `AddtlNtryInf`. When the statement has an opening and a closing balance, they must differ by exactly the
sum of its booked entries; otherwise an entry is missing or mangled and nothing is imported.
"""
from __future__ import annotations

import re
from datetime import date
from decimal import Decimal, InvalidOperation

from lxml import etree

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


def _local(tag) -> str:
    return tag.split("}", 1)[-1] if isinstance(tag, str) else ""


def _child(node, *path: str):
    for name in path:
        if node is None:
            return None
        node = next((c for c in node if _local(c.tag) == name), None)
    return node


def _children(node, name: str) -> list:
    return [c for c in node if _local(c.tag) == name] if node is not None else []


def _text(node, *path: str) -> str:
    found = _child(node, *path)
    return " ".join((found.text or "").split()) if found is not None else ""


def _signed(amount_node, indicator: str) -> tuple[Decimal, str]:
    text = (amount_node.text or "").strip()
    if not re.fullmatch(r"\d+(\.\d+)?", text):
        raise ValueError(f"is not a number ({text[:30]!r})" if text else "is empty")
    value = Decimal(text)
    amount_check(value)
    return (-value if indicator == "DBIT" else value), (amount_node.get("Ccy") or "").upper()


def _iso_date(raw: str) -> date:
    """'2017-04-01', '2017-04-01+02:00' (a date with its offset) or '2017-04-01T10:00:00' → the day."""
    m = re.match(r"\s*(\d{4}-\d{2}-\d{2})", raw or "")
    if not m:
        raise ValueError(f"is not an ISO date ({raw[:30]!r})")
    return date.fromisoformat(m.group(1))


def _balance(stmt, codes: tuple[str, ...]) -> tuple[Decimal, date | None] | None:
    for bal in _children(stmt, "Bal"):
        code = _text(bal, "Tp", "CdOrPrtry", "Cd") or _text(bal, "Tp", "CdOrPrtry", "Prtry")
        if code in codes:
            amount = _child(bal, "Amt")
            if amount is not None:
                try:
                    value = _signed(amount, _text(bal, "CdtDbtInd"))[0]
                except ValueError:
                    return None  # an unreadable balance is no balance: the rows are still checked one by one
                try:
                    when: date | None = _iso_date(_text(bal, "Dt", "Dt") or _text(bal, "Dt", "DtTm"))
                except ValueError:
                    when = None
                return value, when
    return None


def _entry_narrative(entry, indicator: str) -> str:
    parts: list[str] = []
    for details in _children(_child(entry, "NtryDtls"), "TxDtls"):
        parties = _child(details, "RltdPties")
        # Money out goes to the creditor, money in comes from the debtor (camt.053.001.08+ wraps them in Pty).
        party = "Cdtr" if indicator == "DBIT" else "Dbtr"
        name = _text(parties, party, "Nm") or _text(parties, party, "Pty", "Nm")
        remittance = " ".join(_text(u) for u in _children(_child(details, "RmtInf"), "Ustrd"))
        for piece in (name, remittance):
            if piece and piece not in parts:
                parts.append(piece)
        if not name and not remittance:
            parts.append(_text(details, "AddtlTxInf"))
    # Nothing said about the counterparty or the purpose: the entry's own words, then its bank code and references.
    refs = _child(_child(_child(entry, "NtryDtls"), "TxDtls"), "Refs")
    code = _text(entry, "BkTxCd", "Prtry", "Cd") or "-".join(
        p for p in (_text(entry, "BkTxCd", "Domn", "Cd"), _text(entry, "BkTxCd", "Domn", "Fmly", "Cd"),
                    _text(entry, "BkTxCd", "Domn", "Fmly", "SubFmlyCd")) if p)
    return narrative_fallback(*parts) if any(parts) else narrative_fallback(
        _text(entry, "AddtlNtryInf"), code and f"Bank transaction code {code}",
        _text(refs, "EndToEndId") if _text(refs, "EndToEndId") not in ("", "NOTPROVIDED") else "",
        _text(entry, "AcctSvcrRef") or _text(entry, "NtryRef"))


def _merchant_code(entry) -> str:
    """The card transaction's merchant category code (ISO 20022 `MrchntCtgyCd`, wherever the bank's camt version
    nests it under the entry's card details)."""
    for node in entry.iter():
        if _local(node.tag) == "MrchntCtgyCd":
            return merchant_code_clean(node.text or "")
    return ""


def camt053_parse(content: bytes, *, file_name: str, default_currency: str = "USD") -> ParsedStatement:
    # No network, no entity expansion: a statement never needs either (XXE / billion laughs).
    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False, remove_comments=True)
    try:
        root = etree.fromstring(content, parser)
    except etree.XMLSyntaxError as exc:
        where = f" (line {exc.lineno})" if getattr(exc, "lineno", None) else ""
        raise DomainError(f"{file_name} is not well-formed XML{where}: the file is damaged or cut short.",
                          code="bad_file", details={"field": "file", "line": getattr(exc, "lineno", None)}) from exc
    report = _child(root, "BkToCstmrStmt")
    statements = _children(report, "Stmt")
    if not statements:
        raise DomainError(f"{file_name} is a CAMT.053 file without statements (no BkToCstmrStmt/Stmt).",
                          code="bad_file", details={"field": "file"})
    result = ParsedStatement(file_format="camt053", date_format="ISO 20022")
    position = 0
    accounts = []
    for number, stmt in enumerate(statements, start=1):
        iban = _text(stmt, "Acct", "Id", "IBAN") or _text(stmt, "Acct", "Id", "Othr", "Id")
        accounts.append(iban)
        opening = _balance(stmt, ("OPBD", "PRCD"))
        closing = _balance(stmt, ("CLBD",))
        booked_total = Decimal(0)
        booked = 0
        errors_before = len(result.errors)
        for entry in _children(stmt, "Ntry"):
            position += 1
            status = _text(entry, "Sts") or _text(entry, "Sts", "Cd")
            if status in ("PDNG", "INFO", "FUTR"):
                result.skipped.append({"line": position, "reason": f"entry {position}: {'pending (not booked yet)' if status == 'PDNG' else 'for information only, not booked'}"})
                continue
            indicator = _text(entry, "CdtDbtInd")
            amount_node = _child(entry, "Amt")
            reasons = []
            amount = currency = None
            try:
                if amount_node is None or indicator not in ("CRDT", "DBIT"):
                    raise ValueError("is missing (Amt with CdtDbtInd CRDT or DBIT)")
                amount, currency = _signed(amount_node, indicator)
                if _text(entry, "RvslInd").lower() == "true":
                    amount = -amount  # a reversal books the opposite of its indicator
            except (ValueError, InvalidOperation) as exc:
                reason = str(exc) if isinstance(exc, ValueError) else "is not a number"
                reasons.append(("amount", f"entry {position}: amount {reason}"))
            raw_date = (_text(entry, "BookgDt", "Dt") or _text(entry, "BookgDt", "DtTm")
                        or _text(entry, "ValDt", "Dt") or _text(entry, "ValDt", "DtTm"))
            when = None
            try:
                if not raw_date:
                    raise ValueError("is missing (no booking or value date)")
                when = _iso_date(raw_date)
                date_plausible_check(when)
            except ValueError as exc:
                reasons.append(("date", f"entry {position}: booking date {exc}"))
            if reasons:
                result.errors.append({"line": position, "field": ", ".join(f for f, _ in reasons),
                                      "reason": "; ".join(r for _, r in reasons)})
                continue
            assert amount is not None and when is not None
            description = _entry_narrative(entry, indicator)
            if description == "No description":
                description = narrative_fallback(amount=amount)
            booked_total += amount
            booked += 1
            result.rows.append(ParsedRow(line=position, date=when, description=re.sub(r"\s+", " ", description)[:500],
                                         amount=amount.quantize(Decimal("0.01")),
                                         currency=currency or _text(stmt, "Acct", "Ccy") or default_currency,
                                         merchant_code=_merchant_code(entry)))
        label = _text(stmt, "Id") or f"{number}"
        balance = StatementBalance(statement=label, account=iban,
                                   currency=(_text(stmt, "Acct", "Ccy") or (result.rows[-1].currency
                                                                            if result.rows else "")),
                                   opening=opening[0] if opening else None, opening_date=opening[1] if opening else None,
                                   closing=closing[0] if closing else None, closing_date=closing[1] if closing else None,
                                   entries_total=booked_total, entries=booked)
        if opening or closing:
            result.balances.append(balance)
        difference = balance.difference
        if difference and len(result.errors) == errors_before:
            result.balance_problems.append({
                "statement": label, "difference": str(difference),
                "reason": (f"statement {label}: opening balance {opening[0] if opening else ''} plus the booked "
                           f"entries ({booked_total:+}) is {balance.opening + booked_total if balance.opening is not None else ''}, "
                           f"but the closing balance is {balance.closing}; a difference of {difference:+}: an entry "
                           "is missing or altered")})
    result.columns = {"accounts": [a for a in accounts if a]}
    return result
