"""The bench's per-evidence figures (`bench.categorise_rerank.kind_figures`) and the evidence the categoriser
gathers (`categorize.evidence_gather`), on synthetic narratives: two users, neither sees the other's labels."""
from __future__ import annotations

import numpy as np
import pytest

from bench.categorise_rerank import _words, error_figures, kind_figures, tied_words
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


def test_words_the_older_rows_tie_to_one_category():
    history = [(_words("GLIMMER PONY STABLES 12"), 1), (_words("glimmer pony rides"), 1), (_words("Glimmer Feed Co"), 1),
               (_words("PONY EXPRESS COURIER"), 2), (_words("tiny ox"), 3)]
    tied = tied_words(history)
    # 'glimmer' is in three rows, all of category 1; 'pony' in three rows but only two filed alike (< 80 %);
    # short words ('ox') and words of fewer than three rows are not counted
    assert tied == {"glimmer": 1}
    assert tied_words(history, rows=1, purity=1.0)["courier"] == 2


def test_error_figures_split_seen_and_never_seen_and_name_the_confusions():
    names = {1: "Pony Care", 2: "Couriers", 3: "Snacks"}
    row = lambda truth, top, top3, confidence, new, text: {  # noqa: E731
        "truth": truth, "top": top, "top3": top3, "confidence": confidence, "new": new, "words": _words(text)}
    rows = [row(1, 1, [1, 3], 0.95, False, "glimmer stables"),  # right, seen
            row(1, 3, [3, 1], 0.92, False, "stables 7"),  # wrong, sure, right one second
            row(2, 3, [3, 1], 0.40, True, "swift parcel"),  # wrong, unsure, right one not in the top 3
            row(1, 3, [3, 2], 0.70, True, "glimmer meadow"),  # wrong, holds a word tied to the right category
            row(3, 3, [3, 1], 0.50, True, "crunch hut")]  # right, never seen
    figures = error_figures(rows, names, {"glimmer": 1, "parcel": 1})
    seen, new = figures["seen"], figures["never seen"]
    assert (seen["rows"], seen["wrong"], seen["right_2nd_3rd"], seen["sure"]) == (2, 1, 1, 1)
    assert (new["rows"], new["wrong"], new["right_2nd_3rd"], new["middling"], new["unsure"]) == (3, 2, 0, 1, 1)
    # 'parcel' is tied to another category than the row's own: only the 'glimmer' row counts
    assert new["word_tied_to_right"] == 1
    assert new["confusions"] == {("Pony Care", "Snacks"): 1, ("Couriers", "Snacks"): 1}


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
