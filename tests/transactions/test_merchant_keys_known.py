"""A later statement's payee keeps the key the user already has, but only where the user's own labelled rows
show that payee's names vary (branches, places, channels) without changing its category."""
from __future__ import annotations

import pytest

from transactions.normalize import branching_keys, merchant_key_known


def test_a_payee_seen_with_a_branch_and_filed_alike_is_a_branching_one():
    labelled = {"juniper deli": "Dining", "juniper deli harbourside": "Dining", "ferrylink": "Transport",
                "ferrylink cafe": "Dining", "mo": "Dining", "mo mart": "Dining"}
    branching = branching_keys(labelled)
    assert "juniper deli" in branching
    # the longer name is filed elsewhere: the words after the key tell two payees apart
    assert "ferrylink" not in branching
    # a key too short to stand for a payee on its own never absorbs longer names
    assert "mo" not in branching


def test_a_new_channel_of_a_branching_payee_takes_its_key():
    known = frozenset({"juniper deli", "juniper deli harbourside"})
    branching = branching_keys({"juniper deli": "Dining", "juniper deli harbourside": "Dining"})
    assert merchant_key_known("juniper deli online order", known, branching) == "juniper deli"
    assert merchant_key_known("juniper deli", known, branching) == "juniper deli"


def test_a_product_after_a_payee_never_seen_to_vary_keeps_its_own_key():
    # Only plain rides were ever labelled: the first food-delivery row is a different merchant, not a ride.
    known = frozenset({"ridehail"})
    branching = branching_keys({"ridehail": "Transport"})
    assert merchant_key_known("ridehail eats", known, branching) == "ridehail eats"


def test_two_payees_that_both_occur_stay_apart():
    labelled = {"ridehail": "Transport", "ridehail eats": "Dining"}
    known = frozenset(labelled)
    branching = branching_keys(labelled)
    assert merchant_key_known("ridehail eats", known, branching) == "ridehail eats"
    assert merchant_key_known("ridehail eats downtown", known, branching) == "ridehail eats downtown"
    assert merchant_key_known("ridehail", known, branching) == "ridehail"


def test_a_name_cut_inside_a_word_is_the_one_known_name_it_begins():
    known = frozenset({"greenlane books", "greenway motors"})
    assert merchant_key_known("greenlane boo", known, frozenset()) == "greenlane books"
    # a whole word is no cut: "greenlane" could be any payee of that name
    assert merchant_key_known("greenlane", frozenset({"greenlane books"}), frozenset()) == "greenlane"
    # a cut that begins two known names is neither
    assert merchant_key_known("greenlane b", frozenset({"greenlane books", "greenlane bakery"}),
                              frozenset()) == "greenlane b"


@pytest.mark.django_db
def test_a_later_statement_files_a_branching_payee_under_the_merchant_the_user_has(alice, import_rows):
    from transactions.models import Transaction

    import_rows(alice, [("2026-03-02", "JUNIPER DELI", "-6.50", "Dining"),
                        ("2026-03-09", "JUNIPER DELI HARBOURSIDE", "-7.00", "Dining"),
                        ("2026-03-10", "RIDEHAIL", "-12.00", "Transport")], name="march.csv")
    import_rows(alice, [("2026-04-03", "JUNIPER DELI ONLINE ORDER 4471", "-9.00", ""),
                        ("2026-04-04", "RIDEHAIL EATS", "-18.00", "")], name="april.csv")
    keys = dict(Transaction.objects.filter(user=alice, batch__file_name="april.csv")
                .values_list("description", "merchant__key"))
    assert keys["JUNIPER DELI ONLINE ORDER 4471"] == "juniper deli"
    assert keys["RIDEHAIL EATS"] == "ridehail eats"
