"""Tables of cells → transactions: CSV files, and the sheets of XLSX/XLS workbooks (`formats/xlsx.py`).

The header row is looked for anywhere in the first 60 rows (banks put account details, periods and notes above
it); without a header Moneta knows, the columns are recognised by their values (`headers.roles_by_content`).
Rows that are not transactions are left out without complaint (blank lines, footers, a "Total" line); a pending
card payment is skipped and reported; a row with a date or an amount that cannot be read is a bad row with its
line number and the reason.
"""
from __future__ import annotations

import csv
import io
from collections import Counter
from decimal import Decimal

from core.errors import DomainError

from .base import ParsedRow, ParsedStatement, StatementBalance, date_plausible_check, narrative_fallback
from .headers import (
    PENDING_WORDS,
    TOTAL_WORDS,
    header_currency,
    header_match,
    roles_by_content,
    roles_by_values,
    sign_word,
)
from .values import (
    currency_in_text,
    date_formats_for,
    date_has_year,
    date_parse,
    decimal_comma_detect,
    money_parse,
    norm_header,
)

HEADER_SEARCH_ROWS = 60


def _delimiter_detect(text: str) -> str:
    """The delimiter whose per-line count is most consistent over the first lines (preambles allowed)."""
    lines = [ln for ln in text.splitlines()[:60] if ln.strip()]
    best, best_score = ",", -1
    for delim in (",", ";", "\t", "|"):
        try:
            counts = [len(next(csv.reader([ln], delimiter=delim))) - 1 for ln in lines]
        except csv.Error:  # e.g. a field over the csv module's size limit; the full parse reports it
            continue
        nonzero = [c for c in counts if c > 0]
        if not nonzero:
            continue
        mode, freq = Counter(nonzero).most_common(1)[0]
        score = freq * 100 + mode
        if score > best_score:
            best, best_score = delim, score
    return best


def csv_parse(text: str, *, date_format: str | None = None, default_currency: str = "USD") -> ParsedStatement:
    # Old Mac exports end every line with a bare CR: those are line ends. In a file whose lines end in LF, a
    # bare CR sits inside a field (a damaged export); the csv module cannot read it, so say where it is.
    text = text.replace("\r\n", "\n")
    if "\r" in text:
        if "\n" not in text.rstrip("\r"):
            text = text.replace("\r", "\n")
        else:
            line = text[:text.index("\r")].count("\n") + 1
            raise DomainError(f"Line {line} of the file has a carriage return (\\r) inside a field; re-export the "
                              "statement, or remove the stray line break.", code="bad_file",
                              details={"field": "file", "line": line})
    delimiter = _delimiter_detect(text)
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    try:
        all_rows = list(reader)
    except csv.Error as exc:
        raise DomainError(f"Line {reader.line_num} of the file is not valid CSV (a field is too long or a quote "
                          "is not closed).", code="bad_file", details={"field": "file", "line": reader.line_num}
                          ) from exc
    return table_parse(all_rows, date_format=date_format, default_currency=default_currency)


def _table_locate(all_rows: list[list[str]]) -> tuple[dict[str, int], int, list[str]]:
    """(roles, index of the header row or -1, header cells)."""
    for i, cells in enumerate(all_rows[:HEADER_SEARCH_ROWS]):
        if any("\x00" in c for c in cells):
            bad = next(j for j, c in enumerate(cells) if "\x00" in c)
            raise DomainError(f"Line {i + 1}, column {bad + 1} of the file contains a NUL byte (\\x00): the export "
                              "is damaged; export the statement again.", code="bad_file",
                              details={"field": "file", "line": i + 1})
        roles = header_match(cells)
        if roles:
            return roles, i, [c.strip() for c in cells]
    found = roles_by_content(all_rows[:HEADER_SEARCH_ROWS + 200])
    if found is None:
        if not any(any(c.strip() for c in r) for r in all_rows):
            raise DomainError("The file is empty.", code="bad_file", details={"field": "file"})
        raise DomainError("Could not find the header row or a table of transactions: the file needs a date "
                          "column and an amount (or debit/credit) column.", code="bad_file",
                          details={"field": "header", "line": 1})
    roles, first = found
    header = first - 1 if first > 0 and not roles_by_content(all_rows[first - 1:first]) else -1
    if header >= 0 and not any(c.strip() for c in all_rows[header]):
        header = -1
    return roles, (header if header >= 0 else first - 1), (
        [c.strip() for c in all_rows[header]] if header >= 0 else [])


def table_parse(all_rows: list[list[str]], *, date_format: str | None = None, default_currency: str = "USD",
                file_format: str = "csv") -> ParsedStatement:
    """Rows of cells (a CSV file, a spreadsheet's sheet) → transactions; line numbers are 1-based row numbers."""
    roles, header_index, headers = _table_locate(all_rows)
    data = [(idx + 1, cells) for idx, cells in enumerate(all_rows) if idx > header_index and "".join(cells).strip()]
    if headers:
        roles = roles_by_values(roles, headers, [c for _, c in data[:500]])
    result = ParsedStatement(file_format=file_format, columns=dict(roles), headers=headers)
    width = max((len(c) for _, c in data), default=0)
    pad = [""] * (width + 1)

    def cell(cells: list[str], role: str) -> str:
        idx = roles.get(role)
        return cells[idx].strip() if idx is not None and idx < len(cells) else ""

    accounts = sorted({cell(c, "account") for _, c in data} - {""}) if "account" in roles else []
    if len(accounts) > 1:
        shown = ", ".join(accounts[:3]) + ("…" if len(accounts) > 3 else "")
        raise DomainError(f"This file holds transactions of {len(accounts)} accounts ({shown}, column "
                          f"{headers[roles['account']] if headers else roles['account'] + 1!r}); one import goes "
                          "into one account, so export each account's statement separately.", code="bad_file",
                          details={"field": "account", "accounts": accounts[:20]})
    currencies = {cell(c, "currency").upper() for _, c in data[:500]} - {""}
    file_currency = next(iter(currencies)) if len(currencies) == 1 else None
    if not currencies:
        # No currency column: the amount column's header ("Bedrag (EUR)"), the lines above the table ("Valuta:
        # LEI"), then the language of the column names; the user's own currency is the last resort.
        money_headers = " ".join(headers[roles[r]] for r in ("amount", "debit", "credit", "balance")
                                 if r in roles and roles[r] < len(headers))
        preamble = " ".join(" ".join(r) for r in all_rows[:max(header_index, 0)])
        file_currency = (currency_in_text(money_headers) or currency_in_text(preamble)
                         or header_currency(headers))
        default_currency = file_currency or default_currency
    date_cells = [cell(c, "date") or cell(c, "value_date") for _, c in data]
    formats, result.date_format, result.date_format_reason = date_formats_for(
        [v for v in date_cells if v], date_format, currency=file_currency)
    money_values = [cell(c, r) for _, c in data for r in ("amount", "debit", "credit", "balance") if cell(c, r)]
    decimal_comma = decimal_comma_detect(money_values[:5000])
    role_of = {idx: role for role, idx in roles.items()}
    for line, cells in data:
        cells = cells + pad[len(cells):]
        nul_at = [i for i, c in enumerate(cells) if "\x00" in c]
        if nul_at:
            # Postgres text cannot hold NUL; a stray one usually means a damaged export.
            result.errors.append({"line": line, "field": role_of.get(nul_at[0], f"column {nul_at[0] + 1}"),
                                  "reason": "contains a NUL byte (\\x00)", "raw": [c.replace("\x00", "") for c in
                                                                                   cells[:width]]})
            continue
        row = _row_read(line, cells, cell, formats=formats, decimal_comma=decimal_comma, result=result,
                        default_currency=default_currency)
        if row is not None:
            if not result.rows:
                result.date_sample = cell(cells, "date") or cell(cells, "value_date")
            result.rows.append(row)
        elif result.errors and result.errors[-1].get("line") == line:
            result.errors[-1]["raw"] = cells[:width]
    _closing_from_running_balance(result)
    return result


def _closing_from_running_balance(result: ParsedStatement) -> None:
    """A Balance column gives the statement's closing balance: the balance after the latest row (the first row
    of a newest-first file, the last of an oldest-first one), for the ledger's checkpoints."""
    with_balance = [r for r in result.rows if r.balance is not None]
    if not with_balance:
        return
    newest_first = result.rows[0].date > result.rows[-1].date
    last = with_balance[0] if newest_first else with_balance[-1]
    result.balances.append(StatementBalance(statement="1", currency=last.currency, closing=last.balance,
                                            closing_date=last.date, entries=len(result.rows),
                                            entries_total=sum((r.amount for r in result.rows), Decimal(0))))


def _date_readable(raw: str, formats: tuple[str, ...]) -> bool:
    try:
        date_parse(raw, formats)
    except ValueError:
        return False
    return True


def _row_read(line, cells, cell, *, formats, decimal_comma, result: ParsedStatement,
              default_currency: str) -> ParsedRow | None:
    raw_date = cell(cells, "date") or cell(cells, "value_date")
    money_raw = {r: cell(cells, r) for r in ("amount", "debit", "credit")}
    has_money = any(money_raw.values())
    text = " ".join(c for c in cells if c.strip())
    status = norm_header(cell(cells, "status"))
    if not has_money and not (raw_date and _date_readable(raw_date, formats)):
        return None  # a blank, note or footer line: not a transaction
    if status in PENDING_WORDS:
        result.skipped.append({"line": line, "reason": "pending (not booked yet)", "raw": cells})
        return None
    if not raw_date and TOTAL_WORDS.search(text):
        result.skipped.append({"line": line, "reason": "a total line, not a transaction"})
        return None
    reasons: list[tuple[str, str]] = []
    when = None
    try:
        when = date_parse(raw_date, formats)
        if not date_has_year(raw_date):
            raise ValueError(f"has no year ({raw_date[:20]!r}); export the statement with full dates")
        date_plausible_check(when)
    except ValueError as exc:
        reasons.append(("date", f"date {exc}"))
    currency = cell(cells, "currency").upper() or None
    amount = None
    symbol_ccy = None
    try:
        if money_raw["amount"]:
            amount, symbol_ccy = money_parse(money_raw["amount"], decimal_comma=decimal_comma)
            direction = sign_word(cell(cells, "sign")) if cell(cells, "sign") else None
            if direction == "debit":
                amount = -abs(amount)
            elif direction == "credit":
                amount = abs(amount)
        else:
            if not money_raw["debit"] and not money_raw["credit"]:
                raise ValueError("is empty (no amount, debit or credit)")
            debit, sym1 = money_parse(money_raw["debit"], decimal_comma=decimal_comma) if money_raw["debit"] \
                else (Decimal(0), None)
            credit, sym2 = money_parse(money_raw["credit"], decimal_comma=decimal_comma) if money_raw["credit"] \
                else (Decimal(0), None)
            amount, symbol_ccy = abs(credit) - abs(debit), sym1 or sym2
    except ValueError as exc:
        reasons.append(("amount", f"amount {exc}"))
    currency = currency or symbol_ccy
    balance = None
    raw_balance = cell(cells, "balance")
    if raw_balance:
        try:
            balance, _ = money_parse(raw_balance, decimal_comma=decimal_comma)
        except ValueError:
            balance = None  # a running balance is a help, not a reason to refuse the row
    if reasons:
        result.errors.append({"line": line, "field": ", ".join(f for f, _ in reasons),
                              "reason": "; ".join(r for _, r in reasons)})
        return None
    description = narrative_fallback(cell(cells, "counterparty"), cell(cells, "description"), cell(cells, "memo"),
                                     amount=None)
    if description == "No description":
        description = narrative_fallback(cell(cells, "type"), cell(cells, "reference"), cell(cells, "notes"),
                                         amount=amount)
    assert when is not None and amount is not None
    return ParsedRow(line, when, description[:500], amount, currency or default_currency,
                     cell(cells, "category")[:80], balance, cell(cells, "notes"))
