"""The user's own linear model (`category_linear.TextClassifier`): what a word says across all of the user's
payees reaches a payee they never labelled, and only their own labels count."""
from __future__ import annotations

import numpy as np
import pytest

from transactions import category_linear
from transactions.category_base import Item, LabelTable
from transactions.category_linear import TextClassifier
from transactions.models import Category, Transaction

pytestmark = pytest.mark.django_db


def _labels(rows: list[tuple[str, int]]) -> LabelTable:
    keys = [d.lower() for d, _ in rows]
    n = len(rows)
    return LabelTable([d for d, _ in rows], [d.title() for d, _ in rows], [d for d, _ in rows], keys, keys,
                      np.array([c for _, c in rows]), np.ones(n, dtype=bool), np.ones(n, dtype=np.int64),
                      np.ones(n, dtype=np.int64), np.full(n, 2.5), [""] * n)


def test_a_word_the_user_files_consistently_reaches_a_new_payee():
    rows = [("GREEN FERN ESPRESSO", 1), ("OLD MILL ESPRESSO", 1), ("HARBOUR ESPRESSO BAR", 1),
            ("MITRE 10 MEGA", 2), ("BUNNINGS WAREHOUSE", 2), ("PLACEMAKERS", 2), ("CALTEX STARMART", 3),
            ("Z ENERGY", 3), ("BP CONNECT", 3)]
    labels = _labels(rows)
    model = TextClassifier.fit(labels, {1: 0, 2: 1, 3: 2})
    assert model is not None
    p = model.probabilities([Item("KOWHAI ESPRESSO 22", "kowhai espresso", "Kowhai Espresso", "kowhai espresso",
                                  True, 5.0)], 3)
    assert p[0].argmax() == 0 and abs(p[0].sum() - 1.0) < 1e-9


@pytest.mark.parametrize("neighbours", [True, False])
def test_a_word_the_user_never_used_reads_as_their_nearest_word(neighbours, monkeypatch):
    # "petrol" is in none of the user's narratives, but it means what their "fuel" means: a new payee named with
    # it goes where they file fuel. A word near none of theirs ("kowhai", a name) adds nothing.
    if not neighbours:
        monkeypatch.setattr(category_linear, "WORD_NEIGHBOUR_SIMILARITY", 2.0)
    rows = [("GREEN FERN FUEL", 1), ("OLD MILL FUEL STOP", 1), ("HARBOUR FUEL", 1), ("GREEN VALLEY CAFE", 2),
            ("OLD TOWN CAFE", 2), ("HARBOUR CAFE", 2), ("GREEN HARDWARE", 3), ("OLD MILL HARDWARE", 3),
            ("HARBOUR HARDWARE", 3)]
    model = TextClassifier.fit(_labels(rows), {1: 0, 2: 1, 3: 2})
    assert model is not None
    p = model.probabilities([Item("KOWHAI PETROL", "kowhai petrol", "Kowhai Petrol", "kowhai petrol", True, 5.0)], 3)
    assert bool(p[0].argmax() == 0) is neighbours


def test_how_a_narrative_is_built_reaches_payees_whose_words_are_all_new():
    # Payments to people come as "<reference> <name>", purchases as a shop's name: a new person's name shares no
    # word with anything labelled, but the narrative's shape (it starts with a number) says which it is.
    rows = [("100 J HALLORAN", 1), ("2231 K OKONKWO", 1), ("77 T VASQUEZ", 1), ("5012 M ABERNATHY", 1),
            ("GREEN FERN CAFE", 2), ("OLD MILL BAKERY", 2), ("HARBOUR KITCHEN", 2), ("LEMON TREE BISTRO", 2)]
    model = TextClassifier.fit(_labels(rows), {1: 0, 2: 1})
    assert model is not None
    people = model.probabilities([Item("6450 R WHITTAKER", "r whittaker", "R Whittaker", "r whittaker", True, 5.0)], 2)
    shop = model.probabilities([Item("WHITTAKER", "whittaker", "Whittaker", "whittaker", True, 5.0)], 2)
    assert people[0].argmax() == 0 and shop[0].argmax() == 1


def test_one_category_is_no_model():
    assert TextClassifier.fit(_labels([("A CAFE", 1), ("B CAFE", 1)]), {1: 0}) is None


def test_suggestions_for_a_new_payee_follow_the_users_own_filing_never_another_users(alice, bob, import_rows):
    history = [("GREEN FERN ESPRESSO", "Coffee runs"), ("OLD MILL ESPRESSO", "Coffee runs"),
               ("HARBOUR ESPRESSO BAR", "Coffee runs"), ("MITRE 10 MEGA", "House"),
               ("BUNNINGS WAREHOUSE", "House"), ("PLACEMAKERS", "House")]
    import_rows(alice, [(f"2026-01-{i % 28 + 1:02d}", d, "-4.50", c) for i, (d, c) in enumerate(history * 4)])
    # Bob files the same kind of payee somewhere else entirely.
    import_rows(bob, [(f"2026-01-{i % 28 + 1:02d}", d, "-4.50", "Client meetings" if c == "Coffee runs" else c)
                      for i, (d, c) in enumerate(history * 4)])
    for user in (alice, bob):
        import_rows(user, [("2026-02-03", "KOWHAI ESPRESSO 22", "-5.00", "")], name="feb.csv")

    def top(user) -> str:
        tx = Transaction.objects.get(user=user, description="KOWHAI ESPRESSO 22")
        return Category.objects.get(id=tx.category_suggestions[0][0]).name

    assert top(alice) == "Coffee runs"
    assert top(bob) == "Client meetings"
    assert not Category.objects.filter(user=alice, name="Client meetings").exists()


def test_a_short_history_does_not_file_a_payee_it_knows_nothing_about(alice, import_rows):
    # Two categories, a few rows each: the linear model can only choose between them, so its certainty between
    # the two must not become confidence that a lawyer's bill is groceries or fuel.
    rows = [(f"2026-01-{d:02d}", f"COUNTDOWN KILBIRNIE {d}", "-54.20", "Groceries") for d in range(1, 7)]
    rows += [(f"2026-01-{d:02d}", f"Z ENERGY ONSLOW {d}", "-80.00", "Transport") for d in range(7, 13)]
    import_rows(alice, rows)
    import_rows(alice, [("2026-02-02", "QUENTARA LEGAL PARTNERS", "-80.00", "")], name="feb.csv")
    tx = Transaction.objects.get(user=alice, description="QUENTARA LEGAL PARTNERS")
    assert tx.category is None and tx.category_confidence < 0.9


def test_a_kind_of_business_the_user_files_consistently_reaches_a_payee_named_otherwise():
    # "DRUG STORE" shares no word with the user's pharmacies, but ISO 18245 knows both as drug stores and
    # pharmacies (5912): the user's model learns where this user files that kind, against their most used category.
    rows = [("ZORBLAT PHARMACY", 1), ("MERRIN PHARMACY", 1), ("OSTREL PHARMACY", 1),
            ("QUIMBY TAVERN", 2), ("HOLT TAVERN", 2), ("PEREL TAVERN", 2), ("ANSEL TAVERN", 2), ("GRIMSBY TAVERN", 2)]
    model = TextClassifier.fit(_labels(rows), {1: 0, 2: 1})
    assert model is not None
    p = model.probabilities([Item("VANDOREN DRUG STORE 114", "vandoren drug store", "Vandoren Drug Store",
                                  "vandoren drug store", True, 12.0)], 2)
    assert p[0].argmax() == 0


def test_the_same_labels_give_the_same_model_whatever_the_random_state():
    # liblinear shuffles the rows it descends over; the fit is seeded, so an import categorised in another process
    # (another state of numpy's global generator) gets exactly the same suggestions.
    words = ["ESPRESSO", "MEGA", "STARMART", "PHARMACY", "TAVERN"]
    rows = [(f"{name} {words[i % 5]} {i}", i % 5 + 1) for i, name in enumerate(
        ["GREEN FERN", "OLD MILL", "HARBOUR", "KOWHAI", "TOTARA", "RIMU", "MATAI", "NIKAU", "PUKEKO", "TUI"] * 4)]
    labels = _labels(rows)
    item = Item("KAURI ESPRESSO MEGA 9", "kauri espresso mega", "Kauri Espresso Mega", "kauri espresso mega",
                True, 5.0)
    seen = []
    for seed in (1, 2):
        category_linear._LINEAR_CACHE.clear()
        np.random.seed(seed)
        model = TextClassifier.fit(labels, {c: c - 1 for c in range(1, 6)})
        assert model is not None
        seen.append(model.model.coef_.copy())
        seen.append(model.probabilities([item], 5))
    assert np.array_equal(seen[0], seen[2]) and np.array_equal(seen[1], seen[3])
