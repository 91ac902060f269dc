"""The one builder of statement files for tests: rows → CSV bytes (what a bank export looks like)."""
from __future__ import annotations

import csv
import io
from collections.abc import Iterable

HEADER = ("Date", "Description", "Amount", "Category")


def csv_bytes(rows: Iterable[Iterable[object]], *, header: Iterable[str] | None = HEADER) -> bytes:
    """Rows of (date, description, amount, category) — dates may be `date`s — as a UTF-8 CSV with a header."""
    out = io.StringIO()
    writer = csv.writer(out)
    if header is not None:
        writer.writerow(header)
    for row in rows:
        writer.writerow([str(x) for x in row])
    return out.getvalue().encode()
