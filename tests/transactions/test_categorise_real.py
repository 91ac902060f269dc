"""The categoriser on a small slice of real, person-labelled statements (../shared/data; skipped when absent):
learn from the older 70 %, predict the newer 30 %, through the import service. Figures only, never rows: the
data is personal. The full measure is `python -m bench categorise --set real`."""
from __future__ import annotations

import pytest

from bench import categorise_real
from transactions.categorize import REVIEW_THRESHOLD
from transactions.models import Category, CategorySource, Transaction

pytestmark = [pytest.mark.django_db, pytest.mark.slow,
              pytest.mark.skipif(not categorise_real.available(), reason="../shared/data/transactions-real absent")]

SLICE = 240  # newest rows of each statement


def _csv(rows, *, with_category: bool) -> bytes:
    from tests.statements import csv_bytes

    header = ("Date", "Description", "Amount", "Category") if with_category else ("Date", "Description", "Amount")
    return csv_bytes([(r.date.isoformat(), r.description, str(r.amount), r.category)[:4 if with_category else 3]
                      for r in rows], header=header)


def test_real_statements_every_row_suggested_and_applied_rows_precise(user_factory):
    from transactions.services import transactions_import

    right = applied = applied_right = total = 0
    for statement in categorise_real.statements(limit=SLICE):
        learn, predict = categorise_real.time_split(statement.rows)
        user = user_factory(f"real_{statement.country.lower()}")
        transactions_import(user=user, file_name="history.csv", content=_csv(learn, with_category=True))
        transactions_import(user=user, file_name="recent.csv", content=_csv(predict, with_category=False))
        names = dict(Category.objects.filter(user=user).values_list("id", "name"))
        got = list(Transaction.objects.filter(user=user, batch__file_name="recent.csv")
                   .values_list("description", "category_id", "category_source", "category_confidence",
                                "category_suggestions"))
        assert len(got) == len(predict)
        truth: dict[str, list[str]] = {}
        for r in predict:
            truth.setdefault(" ".join(r.description.split()), []).append(r.category.lower())
        for description, category_id, source, confidence, suggestions in got:
            assert suggestions, "every row gets a ranked suggestion"
            assert source != CategorySource.USER
            guess = names[category_id] if category_id else names[suggestions[0][0]]
            ok = guess.lower() == truth[" ".join(description.split())].pop()
            right += ok
            total += 1
            if category_id is not None:
                assert confidence >= REVIEW_THRESHOLD  # only confident suggestions are applied
                applied += 1
                applied_right += ok
    assert right / total >= 0.65, f"accuracy {right / total:.3f}"
    # Applied only where the calibrated confidence says >= 0.9: from a 168-row history about half the rows
    # qualify, and they must be as right as promised.
    assert applied / total >= 0.35, f"applied {applied / total:.2f}"
    assert applied_right / applied >= 0.9, f"applied precision {applied_right / applied:.3f} ({applied} rows)"
