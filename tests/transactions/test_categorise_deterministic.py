"""The same history gives the same suggestions: the user's labels are read in a fixed order, whatever plan or
physical order Postgres happens to return their groups in (a first import and a re-run had differed)."""

from __future__ import annotations

import random

import pytest
from django.db import connection

from transactions.category_base import label_table

pytestmark = pytest.mark.django_db

NAMES = [
    "ALPHA",
    "BRAVO",
    "CHARLIE",
    "DELTA",
    "ECHO",
    "FOXTROT",
    "GOLF",
    "HOTEL",
    "INDIA",
    "JULIET",
    "KILO",
    "LIMA",
    "MIKE",
    "NOVEMBER",
    "OSCAR",
    "PAPA",
    "QUEBEC",
    "ROMEO",
    "SIERRA",
    "TANGO",
]


def test_the_labels_are_read_in_the_order_of_their_groups_not_of_their_rows(alice, bob, import_rows):
    rows = [
        (f"2026-0{1 + i % 6}-1{i % 9}", name, f"-{3 + i}", ("Dining", "Groceries")[i % 2])
        for i, name in enumerate(NAMES)
    ]
    shuffled = rows[:]
    random.Random(7).shuffle(shuffled)
    import_rows(alice, rows, name="history.csv")
    import_rows(bob, shuffled[::-1], name="history.csv")
    for plan in ("sort", "hash"):
        with connection.cursor() as cur:
            # the plan a fresh database (no statistics yet) may pick: hashed groups come back in no useful order
            cur.execute("SET LOCAL enable_sort = %s", [plan == "sort"])
        for user in (alice, bob):
            assert label_table(user=user).shape == sorted(NAMES)
