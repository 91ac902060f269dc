"""Centroid evidence: what the user's payees of one category have in common in meaning reaches a new payee that
shares no word with any of them."""
from __future__ import annotations

import numpy as np
import pytest

from transactions.category_evidence import Evidence, F, Item, LabelTable, category_prompt, vectors_load

pytestmark = pytest.mark.django_db


def _evidence(user, rows: list[tuple[str, str]]):
    from transactions.categories import categories_ensure_defaults
    from transactions.models import Category

    categories_ensure_defaults(user=user)
    ids = {}
    for _, name in rows:
        ids.setdefault(name, Category.objects.get_or_create(user=user, name=name)[0].id)
    categories = list(Category.objects.filter(user=user).values_list("id", "name", "kind"))
    keys = [d for d, _ in rows]
    n = len(rows)
    labels = LabelTable(keys, keys, keys, keys, keys, np.array([ids[c] for _, c in rows]), np.ones(n, dtype=bool),
                        np.ones(n, dtype=np.int64), np.ones(n, dtype=np.int64), np.full(n, 2.5), [""] * n)
    vectors = vectors_load(keys + ["latte and flat white", "oak floorboards"]
                           + [category_prompt(name) for _, name, _ in categories])
    evidence = Evidence(categories=categories, labels=labels, vectors=vectors,
                        routes={c: c for c, _, _ in categories}, seed_names={})
    return evidence, ids


def test_a_new_payee_goes_to_the_category_whose_payees_mean_the_same(alice):
    evidence, ids = _evidence(alice, [("espresso bar", "Coffee runs"), ("coffee roasters", "Coffee runs"),
                                      ("cappuccino cart", "Coffee runs"), ("timber yard", "House"),
                                      ("paint and wallpaper", "House"), ("plumbing supplies", "House")])
    items = [Item("LATTE AND FLAT WHITE", "", "", "latte and flat white", True, 5.0),
             Item("OAK FLOORBOARDS", "", "", "oak floorboards", True, 500.0)]
    centroid = evidence.tensor(items)[:, :, F["centroid"]]
    assert evidence.ids[int(centroid[0].argmax())] == ids["Coffee runs"]
    assert evidence.ids[int(centroid[1].argmax())] == ids["House"]


def test_one_labelled_category_gives_no_centroid_evidence(bob):
    evidence, _ = _evidence(bob, [("espresso bar", "Coffee runs"), ("coffee roasters", "Coffee runs")])
    items = [Item("OAK FLOORBOARDS", "", "", "oak floorboards", True, 500.0)]
    assert not evidence.tensor(items)[:, :, F["centroid"]].any()
