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

from core.errors import DomainError

from ..parsing import ParsedRow, ParsedStatement, date_plausible_check


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
    value = Decimal((amount_node.text or "").strip())
    return (-value if indicator == "DBIT" else value), (amount_node.get("Ccy") or "").upper()


def _balance(stmt, codes: tuple[str, ...]) -> tuple[Decimal, str] | None:
    for bal in _children(stmt, "Bal"):
        code = _text(bal, "Tp", "CdOrPrtry", "Cd") or _text(bal, "Tp", "CdOrPrtry", "Prtry")
        if code in codes:
            amount = _child(bal, "Amt")
            if amount is not None:
                return _signed(amount, _text(bal, "CdtDbtInd"))
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
    if not parts:
        info = _text(entry, "AddtlNtryInf")
        if info:
            parts.append(info)
    return " ".join(parts)


def camt053_parse(content: bytes, *, file_name: str, default_currency: str = "USD") -> ParsedStatement:
    from lxml import etree

    # No network, no entity expansion: a statement never needs either (XXE / billion laughs).
    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False, remove_comments=True)
    try:
        root = etree.fromstring(content, parser)
    except etree.XMLSyntaxError as exc:
        raise DomainError(f"{file_name} is not well-formed XML: {exc}.", code="bad_file",
                          details={"field": "file"}) from exc
    report = _child(root, "BkToCstmrStmt")
    statements = _children(report, "Stmt")
    if not statements:
        raise DomainError(f"{file_name} is a CAMT.053 file without statements (no BkToCstmrStmt/Stmt).",
                          code="bad_file", details={"field": "file"})
    result = ParsedStatement(file_format="camt053", date_format="ISO 20022")
    position = 0
    accounts = []
    for stmt in statements:
        iban = _text(stmt, "Acct", "Id", "IBAN") or _text(stmt, "Acct", "Id", "Othr", "Id")
        accounts.append(iban)
        opening = _balance(stmt, ("OPBD", "PRCD"))
        closing = _balance(stmt, ("CLBD",))
        booked_total = Decimal(0)
        for entry in _children(stmt, "Ntry"):
            position += 1
            status = _text(entry, "Sts") or _text(entry, "Sts", "Cd")
            if status in ("PDNG", "INFO", "FUTR"):
                continue
            indicator = _text(entry, "CdtDbtInd")
            amount_node = _child(entry, "Amt")
            errors = []
            amount = currency = None
            try:
                if amount_node is None or indicator not in ("CRDT", "DBIT"):
                    raise ValueError("is missing (Amt with CdtDbtInd CRDT or DBIT)")
                amount, currency = _signed(amount_node, indicator)
                if _text(entry, "RvslInd").lower() == "true":
                    amount = -amount  # a reversal books the opposite of its indicator
            except (ValueError, InvalidOperation) as exc:
                reason = str(exc) if isinstance(exc, ValueError) and str(exc).startswith("is") else "is not a number"
                errors.append({"line": position, "field": "amount", "reason": f"entry {position}: amount {reason}"})
            raw_date = (_text(entry, "BookgDt", "Dt") or _text(entry, "BookgDt", "DtTm")[:10]
                        or _text(entry, "ValDt", "Dt") or _text(entry, "ValDt", "DtTm")[:10])
            when = None
            try:
                when = date.fromisoformat(raw_date)
                date_plausible_check(when)
            except ValueError as exc:
                errors.append({"line": position, "field": "date",
                               "reason": f"entry {position}: booking date {exc}" if raw_date else
                               f"entry {position}: has no booking or value date"})
            description = _entry_narrative(entry, indicator)
            if not description:
                errors.append({"line": position, "field": "description",
                               "reason": f"entry {position}: has no counterparty, remittance or additional info"})
            if errors:
                result.errors.extend(errors)
                continue
            booked_total += amount
            result.rows.append(ParsedRow(line=position, date=when, description=re.sub(r"\s+", " ", description)[:500],
                                         amount=amount.quantize(Decimal("0.01")),
                                         currency=currency or default_currency))
        if opening and closing and not result.errors and opening[0] + booked_total != closing[0]:
            result.errors.append({
                "line": None, "field": "balance",
                "reason": (f"statement {_text(stmt, 'Id') or len(accounts)}: opening balance {opening[0]} plus the "
                           f"booked entries ({booked_total:+}) is {opening[0] + booked_total}, but the closing "
                           f"balance is {closing[0]}; an entry is missing or altered")})
    result.columns = {"accounts": [a for a in accounts if a]}
    return result
