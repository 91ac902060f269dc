"""CSV that a spreadsheet opens as data. A cell beginning with = + - @ (or a tab/carriage return that some
spreadsheets skip before one) is run as a formula by Excel, LibreOffice and Google Sheets: a bank narrative such
as `=HYPERLINK("http://…")` would become a live link or worse in the user's own export. Such text cells are
prefixed with an apostrophe (OWASP "CSV injection"); numbers stay numbers. Every CSV Moneta writes for a person to
open goes through `csv_writer`."""
from __future__ import annotations

import csv
from collections.abc import Iterable
from typing import Any

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: Any) -> Any:
    """`value`, with a leading apostrophe when it is text a spreadsheet would run as a formula."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


class SafeCsvWriter:
    """csv.writer whose rows go through `csv_cell`."""

    def __init__(self, stream: Any, **kwargs: Any) -> None:
        self._writer = csv.writer(stream, **kwargs)

    def writerow(self, row: Iterable[Any]) -> Any:
        return self._writer.writerow([csv_cell(v) for v in row])

    def writerows(self, rows: Iterable[Iterable[Any]]) -> None:
        for row in rows:
            self.writerow(row)


def csv_writer(stream: Any, **kwargs: Any) -> SafeCsvWriter:
    return SafeCsvWriter(stream, **kwargs)
