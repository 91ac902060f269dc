from __future__ import annotations

import pytest

from tests.statements import csv_bytes  # noqa: F401  (imported from here by the transactions tests)


@pytest.fixture
def import_rows():
    from transactions.services import transactions_import

    def run(user, rows, name="test.csv", header=("Date", "Description", "Amount", "Category")):
        return transactions_import(user=user, file_name=name, content=csv_bytes(rows, header=header))

    return run
