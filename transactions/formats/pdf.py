"""PDF bank statements → transactions, for text PDFs and scans alike.

Each page becomes positioned text cells: from the PDF's text layer (PDFium character boxes, grouped into lines
and split into cells at gaps wider than about one em), or — for a page without a text layer — from OCR
(`knowledge.ingestion.ocr`, one cell per detected text line). From there the two are handled the same way:

- a row whose cells name a date column and amount or debit/credit columns (the CSV header synonyms:
  Date, Description/Details, Paid out/Paid in, Money in/out, Debit/Credit, Amount, Balance…) is the table's
  header; it fixes the columns' x positions, which carry over to later pages (a table across a page break,
  with or without its header repeated);
- a row starting with a date in the date column is a transaction; a row with money in an amount column and no
  date is one too, on the previous row's date (statements that print each date once);
- a row of text only, in the description column, right below a transaction, continues its description
  (multi-line narratives);
- "Opening balance" / "Balance brought forward" and "Closing balance" / "Carried forward" rows are
  checkpoints of the running balance; anything else (page headers, footers, notes) is ignored.

Money must have two decimals (reference numbers like "3217" are not amounts); a money cell belongs to the
header column it overlaps most. The running balance is then verified: every row's balance must equal the
previous balance plus its amount, and each checkpoint must match; a mismatch names the page and row, and
nothing is imported (on a scan it usually means a misread digit).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal

from core.errors import DomainError
from knowledge.ingestion.ocr import lines_in_rows, ocr_pdf_page
from knowledge.ingestion.parsers import ParseError, page_has_graphics, page_has_image, pdf_open

from .base import ParsedRow, ParsedStatement, StatementBalance, date_plausible_check
from .headers import TOTAL_WORDS, header_match
from .values import (
    CURRENCY_CODES,
    DAY_MONTH,
    NUMERIC_DATE,
    date_formats_for,
    date_has_year,
    date_parse,
    decimal_comma_detect,
    money_parse,
    statement_reference_date,
    year_apply,
)

MAX_PAGES = 200
_MONEY = re.compile(r"^[-+(]?\s?(?:[$€£¥₫]|[A-Z]{3}\s)?\s?-?\d{1,3}(?:[,.'\u00a0 ]?\d{3})*[.,]\d{2}\)?"
                    r"(?:\s?(?:CR|DR|Cr|Dr|-|\+))?$")
_TEXT_DATE = re.compile(r"^\d{1,2}[ \-][A-Za-z]{3,9}\.?[ \-,]+\d{2,4}$|^[A-Za-z]{3,9}\.? \d{1,2},? \d{4}$"
                        r"|^\d{1,2}[ \-][A-Za-z]{3}$")
_CARD_STATEMENT = re.compile(r"credit card|card statement|card account|kreditkarte|carte de cr[ée]dit|carta di credito|"
                             r"tarjeta de cr[ée]dito|card de credit|th[ẻe] t[íi]n d[ụu]ng", re.I)
_DATE_PREFIX = re.compile(r"^(\d{1,4}[/.\-]\d{1,2}[/.\-]\d{1,4}|\d{1,2} [A-Za-z]{3,9}\.? \d{4})\s+(\S.*)$")
_OPENING = re.compile(r"opening balance|balance brought forward|brought forward|previous balance|balance b/f"
                      r"|last month'?s balance|previous statement balance|balance from last statement"
                      r"|start(ing)? balance|balance forward|beginning balance", re.I)
_CLOSING = re.compile(r"closing balance|carried forward|balance c/f|new balance|end(ing)? balance", re.I)
_MONEY_ROLES = ("amount", "debit", "credit", "balance")


@dataclass
class Cell:
    text: str
    x0: float
    x1: float
    y0: float  # from the top of the page, in points
    y1: float


@dataclass
class PageCells:
    number: int
    cells: list[Cell]
    source: str = "layer"  # "ocr" for a scan
    confidence: float | None = None


@dataclass
class _Record:
    page: int
    row: int
    kind: str  # "tx" or "checkpoint"
    date_raw: str = ""
    description: list[str] = field(default_factory=list)
    money: dict[str, str] = field(default_factory=dict)
    bottom: float = 0.0
    height: float = 10.0
    label: str = ""


# --- cells from the text layer or OCR ---------------------------------------------------------------------

def _layer_cells(page) -> list[Cell]:
    height = page.get_height()
    textpage = page.get_textpage()
    try:
        n = textpage.count_chars()
        full = textpage.get_text_range()
        chars = []
        for i in range(n):
            ch = full[i] if len(full) == n else textpage.get_text_range(i, 1)
            if not ch or ch.isspace():
                continue
            left, bottom, right, top = textpage.get_charbox(i, loose=True)
            if right <= left:
                continue
            chars.append((ch, left, height - top, right, height - bottom))
    finally:
        textpage.close()
    if not chars:
        return []
    heights = sorted(c[4] - c[2] for c in chars)
    h = heights[len(heights) // 2] or 10.0
    lines: list[list[tuple]] = []
    for ch in sorted(chars, key=lambda c: ((c[2] + c[4]) / 2, c[1])):
        centre = (ch[2] + ch[4]) / 2
        if lines and abs(centre - (lines[-1][0][2] + lines[-1][0][4]) / 2) <= h / 2:
            lines[-1].append(ch)
        else:
            lines.append([ch])
    cells: list[Cell] = []
    for line in lines:
        line.sort(key=lambda c: c[1])
        current: list[str] = []
        x0 = prev_right = line[0][1]
        y0, y1 = line[0][2], line[0][4]
        for ch, left, top, right, bottom in line:
            gap = left - prev_right
            if current and gap > 0.9 * h:
                cells.append(Cell("".join(current).strip(), x0, prev_right, y0, y1))
                current, x0 = [], left
            elif current and gap > 0.12 * h:
                current.append(" ")
            current.append(ch)
            prev_right = max(prev_right, right)
            y0, y1 = min(y0, top), max(y1, bottom)
        if current:
            cells.append(Cell("".join(current).strip(), x0, prev_right, y0, y1))
    return cells


def statement_pages(content: bytes, *, file_name: str) -> list[PageCells]:
    try:
        pdf = pdf_open(content, file_name=file_name)
    except ParseError as exc:
        raise DomainError(str(exc), code="bad_file", details={"field": "file"}) from exc
    pages: list[PageCells] = []
    try:
        if len(pdf) > MAX_PAGES:
            raise DomainError(f"{file_name} has {len(pdf)} pages; a statement PDF may have at most {MAX_PAGES}.",
                              code="too_large", details={"field": "file"})
        for index in range(len(pdf)):
            page = pdf[index]
            try:
                cells = _layer_cells(page)
                if sum(len(c.text) for c in cells) < 20 and page_has_image(page) and page_has_graphics(page):
                    result = ocr_pdf_page(page)
                    s = result.scale
                    pages.append(PageCells(index + 1, [Cell(ln.text, ln.x0 / s, ln.x1 / s, ln.y0 / s, ln.y1 / s)
                                                       for ln in result.lines], "ocr", round(result.confidence, 4)))
                else:
                    pages.append(PageCells(index + 1, cells))
            finally:
                page.close()
    finally:
        pdf.close()
    return pages


# --- table reading ----------------------------------------------------------------------------------------

def _is_date(text: str) -> bool:
    return bool(NUMERIC_DATE.match(text) or DAY_MONTH.match(text) or _TEXT_DATE.match(text))


def _overlap(a0: float, a1: float, b0: float, b1: float) -> float:
    return min(a1, b1) - max(a0, b0)


def _column_of(cell: Cell, columns: dict[str, tuple[float, float]], roles: tuple[str, ...]) -> str | None:
    candidates = [(r, columns[r]) for r in roles if r in columns]
    if not candidates:
        return None
    best = max(candidates, key=lambda rc: _overlap(cell.x0, cell.x1, *rc[1]))
    if _overlap(cell.x0, cell.x1, *best[1]) > 0:
        return best[0]
    # Right-aligned numbers under a short header: the nearest right edge.
    return min(candidates, key=lambda rc: abs(cell.x1 - rc[1][1]))[0]


def _read_records(pages: list[PageCells]) -> tuple[list[_Record], dict[str, tuple[float, float]] | None, str]:
    columns: dict[str, tuple[float, float]] | None = None
    records: list[_Record] = []
    preamble: list[str] = []
    for page in pages:
        row_no = 0
        last: _Record | None = None
        for cells in lines_in_rows(page.cells):
            texts = [c.text for c in cells]
            roles = header_match(texts)
            if roles:
                columns = {role: (cells[i].x0, cells[i].x1) for role, i in roles.items() if role != "memo"}
                last = None
                continue
            if columns is None:
                preamble.extend(texts)
                continue
            # A date glued to the description (the gap between them was small): split it off.
            first = cells[0]
            glued = _DATE_PREFIX.match(first.text)
            if glued and not _is_date(first.text):
                cut = first.x0 + (first.x1 - first.x0) * len(glued.group(1)) / len(first.text)
                cells = [Cell(glued.group(1), first.x0, cut, first.y0, first.y1),
                         Cell(glued.group(2), cut, first.x1, first.y0, first.y1)] + cells[1:]
            desc_start = columns.get("description", (columns["date"][1], 0))[0]
            date_cell = cells[0] if _is_date(cells[0].text) and cells[0].x0 < desc_start else None
            money: dict[str, str] = {}
            words: list[str] = []
            for cell in cells:
                if cell is date_cell:
                    continue
                if _MONEY.match(cell.text.strip()) and cell.x0 >= desc_start:
                    role = _column_of(cell, columns, _MONEY_ROLES)
                    if role and role not in money:
                        money[role] = cell.text.strip()
                        continue
                words.append(cell.text)
            text = " ".join(words)
            top = min(c.y0 for c in cells)
            bottom = max(c.y1 for c in cells)
            height = max(c.y1 - c.y0 for c in cells)
            if date_cell is None and TOTAL_WORDS.search(text):
                last = None  # "Subtotal", "Total amount due": sums of the rows above, not transactions
                continue
            marker = _OPENING.search(text) or _CLOSING.search(text)
            if marker and money:
                value = money.get("balance") or list(money.values())[-1]
                records.append(_Record(page.number, row_no, "checkpoint", money={"balance": value}, bottom=bottom,
                                       label="opening" if _OPENING.search(text) else "closing"))
                last = None
                continue
            has_amount = any(r in money for r in ("amount", "debit", "credit"))
            if date_cell is not None and (has_amount or words):
                row_no += 1
                last = _Record(page.number, row_no, "tx", date_cell.text, words, money, bottom, height)
                records.append(last)
            elif has_amount and last is not None and last.kind == "tx" and last.page == page.number:
                row_no += 1
                previous_date = next(r.date_raw for r in reversed(records) if r.kind == "tx")
                last = _Record(page.number, row_no, "tx", previous_date, words, money, bottom, height)
                records.append(last)
            elif last is not None and words and not money and top - last.bottom < 1.2 * last.height \
                    and min(c.x0 for c in cells) >= desc_start - 2:
                last.description.extend(words)
                last.bottom = bottom
            else:
                last = None
    return records, columns, " ".join(preamble)


def _money(raw: str, *, decimal_comma: bool) -> tuple[Decimal, str | None]:
    return money_parse(raw, decimal_comma=decimal_comma)


def pdf_statement_parse(content: bytes, *, file_name: str, date_format: str | None = None,
                        default_currency: str = "USD") -> ParsedStatement:
    pages = statement_pages(content, file_name=file_name)
    records, columns, preamble = _read_records(pages)
    ocr_pages = [p.number for p in pages if p.source == "ocr"]
    if columns is None:
        scanned = " (the scanned pages were read by OCR)" if ocr_pages else ""
        if not any(p.cells for p in pages):
            raise DomainError(f"{file_name}: no text could be read from this PDF, not even by OCR.",
                              code="bad_file", details={"field": "file"})
        raise DomainError(f"{file_name}: no transaction table found{scanned}; Moneta looks for a header row with "
                          "a Date column and Amount, Debit/Credit (Paid out/Paid in, Money out/in) columns.",
                          code="bad_file", details={"field": "header"})
    transactions = [r for r in records if r.kind == "tx"]
    result = ParsedStatement(file_format="pdf", columns={
        "columns": sorted(columns), "pages": len(pages), "ocr_pages": ocr_pages,
        "ocr_confidence": {p.number: p.confidence for p in pages if p.source == "ocr"}})
    if not transactions:
        return result
    everything = " ".join(c.text for p in pages for c in p.cells)
    currency = next((code for text in (preamble, everything) for code in re.findall(r"\b[A-Z]{3}\b", text)
                     if code in CURRENCY_CODES), None)
    formats, result.date_format, result.date_format_reason = date_formats_for(
        [r.date_raw for r in transactions], date_format, currency=currency)
    decimal_comma = decimal_comma_detect([v for r in records for v in r.money.values()])
    # Card statements print "02/07": the year is in the statement date or period, printed once.
    reference = statement_reference_date(everything) if not all(date_has_year(r.date_raw) for r in transactions) \
        else None
    if "amount" in columns and _CARD_STATEMENT.search(everything):
        result.sign_hint = "positive_out"  # a card statement prints purchases positive, payments as (credits)
    parsed: list[tuple[_Record, ParsedRow | None, Decimal | None]] = []
    for line, rec in enumerate(transactions, start=1):
        where = f"page {rec.page}, row {rec.row}"
        errors = []
        when = amount = balance = None
        symbol = None
        try:
            when = date_parse(rec.date_raw, formats)
            if not date_has_year(rec.date_raw):
                if reference is None:
                    raise ValueError(f"has no year ({rec.date_raw!r}) and the statement date or period could not "
                                     "be found to supply it")
                when = year_apply(when, reference)
            date_plausible_check(when)
        except ValueError as exc:
            errors.append({"line": line, "field": "date", "reason": f"{where}: date {exc}"})
        try:
            if "amount" in rec.money:
                amount, symbol = _money(rec.money["amount"], decimal_comma=decimal_comma)
            else:
                debit, s1 = _money(rec.money["debit"], decimal_comma=decimal_comma) if "debit" in rec.money \
                    else (Decimal(0), None)
                credit, s2 = _money(rec.money["credit"], decimal_comma=decimal_comma) if "credit" in rec.money \
                    else (Decimal(0), None)
                if "debit" not in rec.money and "credit" not in rec.money:
                    raise ValueError("is missing (no amount, debit or credit on the row)")
                amount, symbol = abs(credit) - abs(debit), s1 or s2
        except ValueError as exc:
            errors.append({"line": line, "field": "amount", "reason": f"{where}: amount {exc}"})
        if "balance" in rec.money:
            try:
                balance, _ = _money(rec.money["balance"], decimal_comma=decimal_comma)
            except ValueError as exc:
                errors.append({"line": line, "field": "balance", "reason": f"{where}: balance {exc}"})
        description = re.sub(r"\s+", " ", " ".join(rec.description)).strip() or (
            "No description (money in)" if amount and amount > 0 else "No description (money out)")
        for e in errors:
            e.update(page=rec.page, row=rec.row)
        result.errors.extend(errors)
        row = None
        if not errors:
            row = ParsedRow(line=line, date=when, description=description[:500], amount=amount,
                            currency=symbol or currency or default_currency, balance=balance,
                            notes=f"read by OCR from page {rec.page}" if rec.page in ocr_pages else "")
            result.rows.append(row)
        parsed.append((rec, row, balance))
    if not result.errors:
        problems = _balance_check(records, {id(rec): row for rec, row, _ in parsed}, decimal_comma=decimal_comma)
        result.balance_problems.extend({**p, "statement": f"page {p['page']}"} for p in problems)
    result.balances.extend(_checkpoints(records, result.rows, currency or default_currency,
                                        decimal_comma=decimal_comma))
    return result


def _checkpoints(records: list[_Record], rows: list[ParsedRow], currency: str, *,
                 decimal_comma: bool) -> list[StatementBalance]:
    """The statement's opening and closing balance rows, for the ledger (one statement per PDF)."""
    opening = next((r for r in records if r.kind == "checkpoint" and r.label == "opening"), None)
    closing = next((r for r in reversed(records) if r.kind == "checkpoint" and r.label == "closing"), None)
    if opening is None and closing is None:
        return []

    def value(rec: _Record | None) -> Decimal | None:
        if rec is None:
            return None
        try:
            return money_parse(rec.money["balance"], decimal_comma=decimal_comma)[0]
        except ValueError:
            return None

    dates = [r.date for r in rows]
    return [StatementBalance(statement="1", currency=currency, opening=value(opening),
                             opening_date=min(dates, default=None), closing=value(closing),
                             closing_date=max(dates, default=None), entries_total=sum((r.amount for r in rows),
                                                                                     Decimal(0)),
                             entries=len(rows))]


def _balance_check(records: list[_Record], rows: dict[int, ParsedRow | None], *,
                   decimal_comma: bool) -> list[dict]:
    """Walk the statement in date order: each printed balance must be the previous one plus the row's amount."""
    txs = [r for r in records if r.kind == "tx"]
    if len(txs) > 1 and rows[id(txs[0])].date > rows[id(txs[-1])].date:
        # Newest first: read it bottom-up; opening/closing rows swap places too, so only rows are checked.
        records = [r for r in reversed(records) if r.kind == "tx"]
    errors: list[dict] = []
    running: Decimal | None = None
    for rec in records:
        if rec.kind == "checkpoint":
            value, _ = money_parse(rec.money["balance"], decimal_comma=decimal_comma)
            if running is not None and value != running:
                errors.append({"line": None, "field": "balance", "page": rec.page, "row": rec.row,
                               "difference": str(value - running),
                               "reason": f"page {rec.page}: the {rec.label} balance {value:,.2f} does not match the "
                                         f"running balance {running:,.2f} of the rows above it"})
            running = value
            continue
        row = rows[id(rec)]
        if row.balance is None:
            if running is not None:
                running += row.amount
            continue
        if running is not None and running + row.amount != row.balance:
            errors.append({"line": row.line, "field": "balance", "page": rec.page, "row": rec.row,
                           "difference": str(row.balance - running - row.amount),
                           "reason": f"page {rec.page}, row {rec.row} ({row.description[:40]}): the balance "
                                     f"{row.balance:,.2f} does not follow from the previous balance {running:,.2f} "
                                     f"and the amount {row.amount:+,.2f} (expected {running + row.amount:,.2f}); "
                                     "a row is missing, altered or misread"})
        running = row.balance
    return errors
