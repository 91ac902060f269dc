from __future__ import annotations

import csv
import io

import pytest


def csv_bytes(rows, *, header=("Date", "Description", "Amount", "Category")) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(header)
    for row in rows:
        writer.writerow([str(x) for x in row])
    return out.getvalue().encode()


@pytest.fixture
def import_rows():
    from transactions.services import transactions_import

    def run(user, rows, name="test.csv", header=("Date", "Description", "Amount", "Category")):
        return transactions_import(user=user, file_name=name, content=csv_bytes(rows, header=header))

    return run
