"""One payee printed in two forms by the bank (cut short, or with a word more) is one merchant, shown by its
fullest form; names that go on in several ways, another business of the same company, a different kind of
narrative, or forms the user files differently stay apart."""
from __future__ import annotations

import pytest

from transactions.merchant_forms import MerchantForm, merchant_forms_merge, merchant_forms_resolve, narrative_frame


def _form(key: str, *narratives: str, label: str = "") -> MerchantForm:
    return MerchantForm(key, key.title(), narratives, label)


def test_a_name_printed_with_a_word_more_in_the_same_kind_of_narrative_is_one_payee():
    short = _form("kestrel air", "KESTREL AIR 0061234567890 SEAT FEE")
    long = _form("kestrel air lines", "KESTREL AIR LINES 0069876543210 DENVER CO")
    assert narrative_frame(short.narratives[0], short.name) == narrative_frame(long.narratives[0], long.name)
    assert merchant_forms_merge([short, long]) == {"kestrel air": "kestrel air lines"}


def test_a_name_cut_at_the_field_width_is_the_name_it_begins():
    moves = merchant_forms_merge([_form("harbour stone pizz", "HARBOUR STONE PIZZ"),
                                  _form("harbour stone pizza", "HARBOUR STONE PIZZA")])
    assert moves == {"harbour stone pizz": "harbour stone pizza"}


def test_a_chain_of_forms_resolves_to_the_longest():
    moves = merchant_forms_merge([_form("lantern tea", "LANTERN TEA 12"), _form("lantern tea hou", "LANTERN TEA HOU 7"),
                                  _form("lantern tea house", "LANTERN TEA HOUSE 31")])
    assert moves == {"lantern tea": "lantern tea house", "lantern tea hou": "lantern tea house"}


def test_names_that_stay_apart():
    # a name followed by several different words is a family of branches, not one name cut short
    family = [_form("harvest mart", "HARVEST MART"), _form("harvest mart eastside", "HARVEST MART EASTSIDE"),
              _form("harvest mart hillcrest", "HARVEST MART HILLCREST")]
    assert merchant_forms_merge(family) == {}
    # another business of the same company
    assert merchant_forms_merge([_form("ridehail", "RIDEHAIL 4411"), _form("ridehail eats", "RIDEHAIL EATS 4411")]) == {}
    # a different kind of narrative: a card purchase with its terminal code beside a bare transfer name
    assert merchant_forms_merge([_form("tidewater", "TIDEWATER"),
                                 _form("tidewater internet", "TIDEWATER INTERNET  (446)")]) == {}
    # the user files the two forms under different categories
    assert merchant_forms_merge([_form("oak hall", "OAK HALL 0412", label="rent"),
                                 _form("oak hall cafe", "OAK HALL CAFE 0412", label="dining")]) == {}
    # too short to stand for a payee: "the" begins any name
    assert merchant_forms_merge([_form("the", "THE 55"), _form("the owl bar", "THE OWL BAR 55")]) == {}


def test_a_place_printed_again_after_a_branch_is_not_shown():
    moves, _, _ = merchant_forms_resolve(file_forms=[_form("fernside grocer mapua", "FERNSIDE GROCER MAPUA"),
                                                  _form("fernside grocer mapua mapuanz", "FERNSIDE GROCER MAPUA MAPUANZ")])
    assert moves == {"fernside grocer mapua mapuanz": ("fernside grocer mapua", "Fernside Grocer Mapua")}


def test_a_later_form_joins_the_merchant_the_user_has_and_a_fuller_one_renames_it():
    known = [MerchantForm("kestrel air", "Kestrel Air", ("KESTREL AIR 0061234567890 SEAT FEE",))]
    moves, renames, _ = merchant_forms_resolve(
        file_forms=[_form("kestrel air lines", "KESTREL AIR LINES 0069876543210 DENVER CO")], known_forms=known)
    assert moves == {"kestrel air lines": ("kestrel air", "Kestrel Air Lines")}
    assert renames == {"kestrel air": "Kestrel Air Lines"}


@pytest.mark.django_db
def test_an_airline_printed_two_ways_is_one_merchant_at_import_and_after(alice, import_rows):
    from transactions.models import Merchant, Transaction

    import_rows(alice, [("2026-02-14", "KESTREL AIR LINES 0062345678901 DENVER CO", "-412.60", ""),
                        ("2026-08-06", "KESTREL AIR LINES 0067712093384 DENVER CO", "-587.30", ""),
                        ("2026-08-09", "KESTREL AIR 0067712093384 BAG FEE", "-35.00", ""),
                        ("2026-08-10", "RIDEHAIL 4411", "-12.00", ""),
                        ("2026-08-11", "RIDEHAIL EATS 4411", "-22.00", "")], name="year.csv")
    airline = Merchant.objects.get(user=alice, name="Kestrel Air Lines")
    assert Transaction.objects.filter(user=alice, merchant=airline).count() == 3
    assert not Merchant.objects.filter(user=alice, name="Kestrel Air").exists()
    assert Merchant.objects.filter(user=alice, name__startswith="Ridehail").count() == 2
    # a bag fee that arrives later lands on the same merchant
    import_rows(alice, [("2026-09-01", "KESTREL AIR 0061111111111 BAG FEE", "-35.00", "")], name="sept.csv")
    assert Transaction.objects.filter(user=alice, merchant=airline).count() == 4


@pytest.mark.django_db
def test_a_fuller_form_arriving_later_joins_the_merchant_and_names_it(bob, import_rows):
    from transactions.models import Merchant, Transaction

    import_rows(bob, [("2026-08-09", "KESTREL AIR 0067712093384 BAG FEE", "-35.00", "")], name="aug.csv")
    first = Merchant.objects.get(user=bob, name="Kestrel Air")
    import_rows(bob, [("2026-09-06", "KESTREL AIR LINES 0067712093999 DENVER CO", "-587.30", "")], name="sep.csv")
    first.refresh_from_db()
    assert first.name == "Kestrel Air Lines"
    assert Transaction.objects.filter(user=bob, merchant=first).count() == 2
    assert Merchant.objects.filter(user=bob).count() == 1


@pytest.mark.django_db
def test_a_merchant_is_not_renamed_to_a_name_another_merchant_shows(alice):
    from transactions.import_rows import merchants_ensure
    from transactions.models import Merchant

    # Two merchants from before forms were merged: the shorter one is not renamed to the other one's name.
    Merchant.objects.create(user=alice, key="kestrel air", name="Kestrel Air",
                            aliases=["KESTREL AIR 0061234567890 SEAT FEE"])
    Merchant.objects.create(user=alice, key="kestrel air lines", name="Kestrel Air Lines",
                            aliases=["KESTREL AIR LINES 0069876543210 DENVER CO"])
    merchants_ensure(user=alice, descriptions=["KESTREL AIR 0065555555555 SEAT FEE"])
    assert sorted(Merchant.objects.filter(user=alice).values_list("name", flat=True)) == [
        "Kestrel Air", "Kestrel Air Lines"]
