"""The per-user combination and calibration of categorisation evidence (transactions/category_calibration.py)."""
from __future__ import annotations

from datetime import date, timedelta

import numpy as np
import pytest

from transactions import category_calibration
from transactions.categorize import FILE_THRESHOLD
from transactions.category_evidence import FEATURES, label_table
from transactions.models import Category, Transaction


def test_the_fit_trusts_the_evidence_that_was_right_and_not_the_evidence_that_was_noise():
    rng = np.random.default_rng(1)
    items, cats = 300, 4
    truth = rng.integers(0, cats, items)
    tensor = np.zeros((items, cats, len(FEATURES)))
    merchant, noise = FEATURES.index("merchant"), FEATURES.index("zero_shot")
    tensor[np.arange(items), truth, merchant] = 1.0  # the merchant evidence always points at the truth
    tensor[np.arange(items), rng.integers(0, cats, items), noise] = 1.0  # zero-shot points anywhere
    design = category_calibration.design_matrix(tensor, np.full((items, cats), 1 / cats))  # the blend knows nothing
    w = category_calibration._fit(design, truth, np.ones(items))
    value, vote = 1 + merchant, 1 + len(FEATURES) + merchant
    assert w[value] + w[vote] > 2.0
    assert abs(w[1 + noise]) + abs(w[1 + len(FEATURES) + noise]) < 0.5
    p = category_calibration._softmax(design @ w)
    assert (p.argmax(axis=1) == truth).mean() == 1.0


pytestmark_db = pytest.mark.django_db


def _history(user, import_rows, *, months: int = 5):
    """A household's labelled history: the same merchants month after month, a new one now and then."""
    shops = [("FRESHMART", "Groceries", "-40"), ("CITY CAFE", "Dining", "-6"), ("METRO TRANSIT", "Transport", "-3"),
             ("CINEPLEX", "Entertainment", "-15"), ("GREEN GROCER", "Groceries", "-25"), ("NOODLE BAR", "Dining", "-12")]
    rows = []
    start = date(2026, 1, 1)
    for m in range(months):
        for week in range(4):
            day = start + timedelta(days=30 * m + 7 * week)
            for name, category, amount in shops:
                rows.append((day.isoformat(), f"POS {name} {m}{week}", amount, category))
            rows.append((day.isoformat(), f"NEW PLACE {m} {week} KITCHEN", "-9", "Dining"))
    import_rows(user, rows, name="history.csv")


@pytestmark_db
def test_a_user_with_history_gets_their_own_calibrated_model_and_only_confident_rows_are_applied(alice, bob,
                                                                                               import_rows):
    _history(alice, import_rows)
    categories = list(Category.objects.filter(user=alice).values_list("id", "name", "kind"))
    from transactions.categorize import blend, mcc_evidence
    from transactions.category_evidence import category_prompt, vectors_load

    labels = label_table(user=alice)
    assert int(labels.n.sum()) == Transaction.objects.filter(user=alice).count()
    vectors = vectors_load(list(labels.text_key) + [category_prompt(n) for _, n, _ in categories])
    model = category_calibration.user_model(user=alice, labels=labels, categories=categories, vectors=vectors,
                                            mcc_for=mcc_evidence, blend=blend)
    assert model is not None and model.heldout_rows >= category_calibration.MIN_HELDOUT_ROWS
    assert model.oof_accuracy > 0.8
    confidence = model.confidence(np.linspace(0, 1, 11))
    assert np.all(np.diff(confidence) >= 0) and confidence.max() <= 0.99  # monotone, never certain
    import_rows(alice, [("2026-07-01", "POS FRESHMART 99", "-41", ""), ("2026-07-02", "QQX ZZV", "-7", "")],
                name="new.csv")
    known = Transaction.objects.get(user=alice, description="POS FRESHMART 99")
    assert known.category.name == "Groceries" and known.category_confidence >= FILE_THRESHOLD
    unknown = Transaction.objects.get(user=alice, description="QQX ZZV")
    assert unknown.category_id is None and unknown.category_suggestions  # suggested, not applied
    # bob has no history: no model of his own, and alice's labels are not his
    assert category_calibration.user_model(user=bob, labels=label_table(user=bob), categories=categories,
                                           vectors=vectors, mcc_for=mcc_evidence, blend=blend) is None
