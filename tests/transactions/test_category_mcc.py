"""Merchant kinds from ISO 18245 (the iso18245 package) as categorisation evidence."""
from __future__ import annotations

import numpy as np
import pytest

from transactions.category_mcc import mcc_lexicon, mcc_matches


def test_words_of_a_narrative_name_merchant_kinds_from_the_code_list():
    _, descriptions = mcc_lexicon()
    assert "5411" in descriptions and "5812" in descriptions  # groceries, restaurants
    assert not any(3000 <= int(c) <= 3999 for c in descriptions)  # brand-specific codes are left out
    tavern = dict(mcc_matches("POS 1234 ROYAL OAK TAVERNS"))
    assert "5813" in tavern and abs(sum(tavern.values()) - 1.0) < 1e-9  # drinking places
    assert "5912" in dict(mcc_matches("CITY PHARMACY 22"))  # drug stores and pharmacies
    assert mcc_matches("XQZ 123 J SMITH") == ()  # nothing named: no evidence


@pytest.mark.django_db
def test_a_kind_the_user_files_somewhere_goes_there_for_a_new_merchant(alice):
    from transactions.categories import categories_ensure_defaults
    from transactions.category_evidence import Evidence, Item, LabelTable, category_prompt, vectors_load
    from transactions.category_mcc import mcc_evidence
    from transactions.models import Category

    categories_ensure_defaults(user=alice)
    pubs = Category.objects.create(user=alice, name="Nights out")
    categories = list(Category.objects.filter(user=alice).values_list("id", "name", "kind"))
    labels = LabelTable(["ROYAL OAK TAVERN", "CROWN TAVERN"], ["Royal Oak Tavern", "Crown Tavern"], ["", ""],
                        ["royal oak tavern", "crown tavern"], ["royal oak tavern", "crown tavern"],
                        np.array([pubs.id, pubs.id]), np.array([True, True]), np.array([1, 1]), np.array([3, 2]),
                        np.array([3.0, 3.0]), ["", ""])
    vectors = vectors_load([category_prompt(n) for _, n, _ in categories] + list(labels.text_key))
    evidence = Evidence(categories=categories, labels=labels, vectors=vectors, routes={c: c for c, _, _ in categories},
                        seed_names={})
    out = mcc_evidence([Item("POS SWAN TAVERN 9", "swan tavern", "Swan Tavern", "swan tavern", True, 12.0)],
                       evidence, labels)
    ids = [c for c, _, _ in categories]
    assert ids[int(np.argmax(out[0]))] == pubs.id
