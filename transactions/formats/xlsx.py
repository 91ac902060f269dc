"""Spreadsheets: XLSX through openpyxl (read-only, values not formulas), old XLS through xlrd.

The first sheet whose rows contain a header the CSV reader recognises (or whose columns it can infer) is the
statement; its cells become strings and go through the same table reader as CSV (`parsing.table_parse`), so
headers, debit/credit columns, decimal commas and the date rule are the same. Real dates become ISO strings
(no day/month question); numbers keep their exact decimal value.
"""
from __future__ import annotations

import zipfile
from datetime import date, datetime
from decimal import Decimal
from io import BytesIO

from core.errors import DomainError

from .base import ParsedStatement
from .table import table_parse

MAX_ROWS = 200_000


def _cell_text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, datetime):
        return value.date().isoformat() if not (value.hour or value.minute) else value.isoformat(sep=" ")
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, float):
        # 12.5 → "12.5", 1e-05 → "0.00001": repr is exact for the float, Decimal keeps it plain.
        return format(Decimal(repr(value)).normalize(), "f") if value == value else ""
    if isinstance(value, int):
        return str(value)
    return str(value).strip()


def _sheets_xlsx(content: bytes, *, file_name: str):
    # start-up: openpyxl takes ~1 s to import; only a spreadsheet loads it
    import openpyxl
    from openpyxl.utils.exceptions import InvalidFileException

    try:
        book = openpyxl.load_workbook(BytesIO(content), read_only=True, data_only=True)
    except (InvalidFileException, KeyError, OSError, ValueError, TypeError, zipfile.BadZipFile) as exc:
        raise DomainError(f"{file_name} is not a readable Excel workbook: the file is damaged or not really .xlsx; "
                          "open it in Excel and save it again, or export CSV.", code="bad_file",
                          details={"field": "file"}) from exc
    try:
        for sheet in book.worksheets:
            # Some exporters declare a smaller sheet (<dimension ref="A1:F9">) than they write; read-only mode
            # would stop at the declared size, so the declaration is dropped and every row is read.
            if hasattr(sheet, "reset_dimensions"):
                sheet.reset_dimensions()
            rows = []
            try:
                for row in sheet.iter_rows(values_only=True):
                    rows.append([_cell_text(v) for v in row])
                    if len(rows) > MAX_ROWS:
                        raise DomainError(f"{file_name}: sheet {sheet.title!r} has more than {MAX_ROWS:,} rows; split "
                                          "the statement into smaller files.", code="too_large",
                                          details={"field": "file", "rows": len(rows)})
            except (KeyError, ValueError, TypeError, zipfile.BadZipFile) as exc:
                raise DomainError(f"{file_name}: sheet {sheet.title!r} could not be read after row {len(rows)}: the "
                                  "workbook is damaged; save it again from Excel, or export CSV.", code="bad_file",
                                  details={"field": "file", "line": len(rows) + 1}) from exc
            yield sheet.title, rows
    finally:
        book.close()


def _sheets_xls(content: bytes, *, file_name: str):
    import xlrd  # start-up: loaded by the first .xls file only

    try:
        book = xlrd.open_workbook(file_contents=content, on_demand=True)
    except xlrd.XLRDError as exc:
        raise DomainError(f"{file_name} looks like an old Office document but not an Excel workbook Moneta can "
                          "read; save it as .xlsx or CSV.", code="unsupported_format",
                          details={"field": "file", "detected": "an old Office (OLE) document"}) from exc
    except Exception as exc:  # noqa: BLE001 - xlrd raises struct/index/assertion errors on damaged files
        raise DomainError(f"{file_name} is a damaged Excel (.xls) workbook and cannot be read; open it in Excel "
                          "and save it again, or export CSV.", code="bad_file", details={"field": "file"}) from exc
    for index in range(book.nsheets):
        try:
            sheet = book.sheet_by_index(index)
            if sheet.nrows > MAX_ROWS:
                raise DomainError(f"{file_name}: sheet {sheet.name!r} has {sheet.nrows:,} rows, more than "
                                  f"{MAX_ROWS:,}; split the statement into smaller files.", code="too_large",
                                  details={"field": "file", "rows": sheet.nrows})
            rows = []
            for r in range(sheet.nrows):
                cells = []
                for c in range(sheet.ncols):
                    cell = sheet.cell(r, c)
                    if cell.ctype == xlrd.XL_CELL_DATE:
                        cells.append(_cell_text(xlrd.xldate_as_datetime(cell.value, book.datemode)))
                    else:
                        cells.append(_cell_text(cell.value))
                rows.append(cells)
        except DomainError:
            raise
        except Exception as exc:  # noqa: BLE001 - as above
            raise DomainError(f"{file_name}: sheet {index + 1} of this Excel (.xls) workbook is damaged and cannot be "
                              "read; save it again from Excel, or export CSV.", code="bad_file",
                              details={"field": "file"}) from exc
        yield sheet.name, rows


def spreadsheet_parse(content: bytes, *, file_name: str, kind: str, date_format: str | None = None,
                      default_currency: str = "USD") -> ParsedStatement:
    sheets = _sheets_xlsx(content, file_name=file_name) if kind == "xlsx" else _sheets_xls(content,
                                                                                           file_name=file_name)
    first_error: DomainError | None = None
    for title, rows in sheets:
        if not any(any(c for c in r) for r in rows):
            continue  # empty rows stay in: line numbers are the sheet's row numbers
        try:
            result = table_parse(rows, date_format=date_format, default_currency=default_currency, file_format=kind)
        except DomainError as exc:
            if exc.code == "ambiguous_date_format":
                raise
            first_error = first_error or exc
            continue
        result.columns = {**result.columns, "sheet": title}
        return result
    if first_error is not None:
        raise first_error
    raise DomainError(f"{file_name}: every sheet is empty.", code="bad_file", details={"field": "file"})
