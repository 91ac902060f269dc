"""The bench's per-evidence figures (`bench.categorise_rerank.kind_figures`) and the evidence the categoriser
gathers (`categorize.evidence_gather`), on synthetic narratives: two users, neither sees the other's labels."""
from __future__ import annotations

import numpy as np
import pytest

from bench.categorise_rerank import kind_figures
from transactions.categorize import Item, evidence_gather, suggestions_rank
from transactions.category_evidence import FEATURES, F
from transactions.models import Category, CategorySource, Transaction
from transactions.normalize import description_key


def test_figures_count_rows_with_evidence_and_the_ones_a_kind_alone_would_fix():
    # three rows over categories 10 and 20; kind 0 says 20 everywhere, kind 1 says 10 on the first two only
    kinds = [np.array([[0.0, 0.7], [1.0, 0.0]]), np.array([[0.0, 0.7], [1.0, 0.0]]), np.array([[0.0, 0.0], [1.0, 0.0]])]
    rows = [{"kinds": k, "ids": [10, 20], "top": top, "truth": truth}
            for k, top, truth in zip(kinds, (10, 10, 20), (20, 10, None))]
    a, b = kind_figures(rows, ("first", "second"))
    assert (a.present, a.right, a.on_wrong, a.rescued) == (3, 1, 2, 1)
    assert (b.present, b.right, b.on_wrong, b.rescued) == (2, 1, 1, 0)


def _label(user, category, description, amount):
    from datetime import date

    Transaction.objects.create(user=user, date=date(2026, 3, 2), description=description, amount=amount,
                               category=category, category_source=CategorySource.USER, fingerprint=description,
                               description_key=description_key(description, ""))


@pytest.mark.django_db
def test_gathered_evidence_comes_from_the_users_own_labels_only(user_factory):
    first, second = user_factory("gather_first"), user_factory("gather_second")
    snacks = Category.objects.create(user=first, name="Snacks Corner", kind=Category.Kind.EXPENSE)
    lessons = Category.objects.create(user=first, name="Banjo Lessons", kind=Category.Kind.EXPENSE)
    for n in range(3):
        _label(first, snacks, f"CRUNCHY NIBBLE HUT {n}", -4)
        _label(first, lessons, f"PLUCKY STRINGS ACADEMY {n}", -60)
    Category.objects.create(user=second, name="Snacks Corner", kind=Category.Kind.EXPENSE)
    item = Item("CRUNCHY NIBBLE HUT 9", "", "", description_key("CRUNCHY NIBBLE HUT 9", ""), outflow=True, amount=4.0)
    mine = list(Category.objects.filter(user=first).values_list("id", "name", "kind"))
    gathered = evidence_gather(user=first, items=[item], categories=mine)
    assert gathered.tensor.shape == (1, len(mine), len(FEATURES))
    ngram = gathered.tensor[0, :, F["ngram"]]
    assert [c for c, _, _ in mine][int(ngram.argmax())] == snacks.id
    ranked, _ = suggestions_rank(user=first, items=[item], categories=mine)
    assert ranked[item.description][0][0] == snacks.id
    # the second user has no labels: nothing of the first user's reaches them
    theirs = list(Category.objects.filter(user=second).values_list("id", "name", "kind"))
    other = evidence_gather(user=second, items=[item], categories=theirs)
    assert len(other.labels) == 0
    assert other.tensor[0, :, F["ngram"]].sum() == 0
