"""Brand names and kinds (OpenStreetMap's name-suggestion-index, `transactions.brands`) as categorisation evidence
for merchants the user never labelled. The matcher is tested on a tiny index built here from NSI-shaped data;
one test reads the real index built at set-up and skips when it was not built."""
from __future__ import annotations

import csv
import io

import pytest

from transactions import brands
from transactions.brands import BrandIndex, index_build, index_write, places_of

# Invented names, so nothing but the index can say what kind of business they are.
NSI = {"nsi": {
    "brands/shop/supermarket": {"items": [
        {"displayName": "Pellix", "locationSet": {"include": ["nz"]}, "tags": {"brand": "Pellix"}},
        {"displayName": "Zundra", "locationSet": {"include": ["nz", "au"]}, "tags": {}},
        {"displayName": "Hargen", "locationSet": {"include": ["053"]}, "tags": {}},
        {"displayName": "Quentari", "locationSet": {"include": ["001"]}, "matchNames": ["quentari foods"], "tags": {}},
        {"displayName": "Orbelin", "locationSet": {"include": ["us"]}, "tags": {}},
        {"displayName": "Pak'nSlave", "locationSet": {"include": ["nz"]}, "tags": {}},
        {"displayName": "Supermarket", "locationSet": {"include": ["001"]}, "tags": {}},
    ]},
    "brands/amenity/fast_food": {"items": [
        {"displayName": "Kelvran", "locationSet": {"include": ["nz"]}, "tags": {"cuisine": "burger"}},
        {"displayName": "Mossibe", "locationSet": {"include": ["nz"]}, "tags": {}},
        {"displayName": "Dravolt", "locationSet": {"include": ["nz"]}, "tags": {}},
        {"displayName": "Velmora's", "locationSet": {"include": ["nz-auk.geojson"]}, "tags": {}},
        {"displayName": "Orbelin", "locationSet": {"include": ["nz"]}, "tags": {}},
        {"displayName": "Tavisk Grill", "locationSet": {"include": ["001"]}, "tags": {}},
        {"displayName": "The Bramwick Depot", "locationSet": {"include": ["us"]}, "tags": {}},
    ]},
    "operators/amenity/parking": {"items": [
        {"displayName": "Kelvran", "locationSet": {"include": ["nz"]}, "tags": {}},
        {"displayName": "Wexford City Council", "locationSet": {"include": ["ie"]}, "tags": {}},
    ]},
    "brands/advertising/totem": {"items": [{"displayName": "Mossibe", "locationSet": {"include": ["nz"]}}]},
    "flags/flag/national": {"items": [{"displayName": "Zundra Flag", "locationSet": {"include": ["nz"]}}]},
}}
GENERIC = ["^(super)?market$"]


@pytest.fixture
def index() -> BrandIndex:
    return BrandIndex(index_build(NSI, GENERIC))


@pytest.fixture
def index_file(tmp_path, monkeypatch):
    """The tiny index written where the categoriser reads it, for the import-service tests."""
    path = tmp_path / "brands.json.gz"
    index_write(index_build(NSI, GENERIC), path)
    monkeypatch.setattr(brands, "INDEX_PATH", path)
    brands.brand_index.cache_clear()
    yield path
    brands.brand_index.cache_clear()


NZ = places_of(("nz",))


def test_the_index_keeps_names_kinds_and_places_and_leaves_out_generic_words_signs_and_flags(index):
    assert index.names["pellix"] == [["shop/supermarket", ["nz"]]]
    assert index.names["velmoras"] == [["amenity/fast_food", ["nz"]]]  # a region's file is its country
    assert "supermarket" not in index.names  # a generic word is no brand
    assert "zundraflag" not in index.names  # flags are not businesses
    # A brand's name wins over the same name among operators, and a roadside sign says nothing.
    assert index.names["kelvran"] == [["amenity/fast_food", ["nz"]]]
    assert index.names["mossibe"] == [["amenity/fast_food", ["nz"]]]
    assert index.names["wexfordcitycouncil"] == [["amenity/parking", ["ie"]]]
    assert index.kinds["amenity/fast_food"] == "fast food amenity"


def test_merchants_match_exactly_then_by_their_first_words_then_by_words_of_the_narrative(index):
    assert index.name_match("pellix") == "pellix"
    assert index.name_match("pellix karori") == "pellix"  # a branch after the brand
    assert index.name_match("quentari foods henderson") == "quentarifoods"  # the longest name first
    assert index.name_match("pak n slave newplymou") == "paknslave"  # spacing and apostrophes do not matter
    assert index.name_match("velmoras") == "velmoras"
    assert index.name_match("", "EFTPOS 0042 TAVISK GRILL 12") == "taviskgrill"  # two words in the narrative
    assert index.name_match("", "EFTPOS 0042 PELLIX 12") == ""  # one word of a narrative is too loose
    assert index.name_match("karori pellix") == ""  # a brand must start the merchant's name
    assert index.kinds_of("xqz holdings", "XQZ HOLDINGS 123") == ()


def test_a_mention_may_be_the_start_of_a_brands_name_without_its_article(index):
    assert index.starts_a_name("tavisk") and index.starts_a_name("Tavisk Grill")
    assert index.starts_a_name("bramwick depot") and index.starts_a_name("the bramwick")
    assert not index.starts_a_name("tavis grill") and not index.starts_a_name("depot")
    assert not index.starts_a_name("pel")  # too short to be told from a word, and not a whole name


def test_brands_that_trade_in_the_statements_country_are_preferred(index):
    assert index.kinds_of("orbelin 12", places=NZ) == (("amenity/fast_food", 1.0),)
    assert index.kinds_of("orbelin 12", places=places_of(("us",))) == (("shop/supermarket", 1.0),)
    assert dict(index.kinds_of("orbelin 12")) == {"amenity/fast_food": 0.5, "shop/supermarket": 0.5}
    assert index.kinds_of("hargen", places=NZ) == (("shop/supermarket", 1.0),)  # "053": Australia and New Zealand
    assert index.kinds_of("quentari", places=NZ) == (("shop/supermarket", 1.0),)  # "001": the whole world
    # Known only abroad: the same kind, at half the strength, and only as the merchant's whole name.
    assert index.kinds_of("wexford city council", places=NZ) == (("amenity/parking", brands.FOREIGN_STRENGTH),)
    assert index.kinds_of("pellix provisions", places=places_of(("gb",))) == ()
    assert index.kinds_of("pellix", places=places_of(("gb",))) == (("shop/supermarket", brands.FOREIGN_STRENGTH),)


def test_a_statements_currency_says_where_it_is_from():
    from transactions.category_brands import statement_places

    assert "nz" in statement_places(["NZD", "NZD", "USD"]) and "us" not in statement_places(["NZD", "NZD", "USD"])
    assert {"de", "fr", "150"} <= statement_places(["EUR"])
    assert statement_places(["XXX", ""]) == frozenset()


def test_the_index_is_built_from_the_npm_package_tarball(tmp_path, capsys):
    import json
    import tarfile

    package = tmp_path / "package"
    (package / "dist" / "json").mkdir(parents=True)
    (package / "dist" / "json" / "nsi.min.json").write_text(json.dumps(NSI))
    (package / "dist" / "json" / "genericWords.min.json").write_text(json.dumps({"genericWords": GENERIC}))
    (package / "package.json").write_text(json.dumps({"name": "name-suggestion-index", "version": "8.0.1"}))
    tgz = tmp_path / "nsi.tgz"
    with tarfile.open(tgz, "w:gz") as tar:
        tar.add(package, arcname="package")
    out = tmp_path / "brands.json.gz"
    assert brands.main([str(tgz), str(out)]) == 0
    assert "from name-suggestion-index@8.0.1" in capsys.readouterr().out
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(brands, "INDEX_PATH", out)
        brands.brand_index.cache_clear()
        loaded = brands.brand_index()
        brands.brand_index.cache_clear()
    assert loaded is not None and loaded.source == "name-suggestion-index@8.0.1" and "pellix" in loaded.names
    assert brands.main([str(tmp_path / "missing.tgz"), str(out)]) == 1
    assert "no such package file" in capsys.readouterr().err


def test_without_an_index_there_is_no_brand_evidence(tmp_path, monkeypatch):
    monkeypatch.setattr(brands, "INDEX_PATH", tmp_path / "absent.json.gz")
    brands.brand_index.cache_clear()
    try:
        assert brands.brand_index() is None
    finally:
        brands.brand_index.cache_clear()


def _csv(rows: list[tuple[str, str, str]], *, with_category: bool) -> bytes:
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(["Date", "Description", "Amount", "Currency"] + (["Category"] if with_category else []))
    for day, description, category in rows:
        w.writerow([day, description, "-18.40", "NZD"] + ([category] if with_category else []))
    return out.getvalue().encode()


def _top(user, description_start: str) -> str | None:
    from transactions.models import Category, Transaction

    tx = Transaction.objects.get(user=user, description__startswith=description_start)
    first = tx.category_suggestions[0][0] if tx.category_suggestions else None
    return Category.objects.get(id=first).name if first else None


# Alice files fast-food brands under her own "Client meals" and supermarket brands under "Household": the names
# share nothing, so only their kinds can tell her new payees apart.
HISTORY = [("2026-01-02", "EFTPOS KELVRAN 0001", "Client meals"), ("2026-01-03", "EFTPOS MOSSIBE 0002", "Client meals"),
           ("2026-01-04", "EFTPOS DRAVOLT 0003", "Client meals"), ("2026-01-05", "EFTPOS PELLIX 0004", "Household"),
           ("2026-01-06", "EFTPOS ZUNDRA 0005", "Household"), ("2026-01-07", "EFTPOS HARGEN 0006", "Household")]
LATER = [("2026-02-20", "EFTPOS VELMORA'S 0107", ""), ("2026-02-21", "EFTPOS QUENTARI 0108", ""),
         ("2026-02-22", "EFTPOS TAVISK GRILL 0109", "")]


@pytest.mark.django_db
def test_a_brand_the_user_never_filed_gets_the_category_they_use_for_its_kind(alice, bob, index_file):
    from transactions.services import transactions_import

    transactions_import(user=alice, file_name="jan.csv", content=_csv(HISTORY, with_category=True))
    transactions_import(user=alice, file_name="feb.csv", content=_csv(LATER, with_category=False))
    assert [_top(alice, n) for n in ("EFTPOS VELMORA", "EFTPOS QUENTARI", "EFTPOS TAVISK")] == [
        "Client meals", "Household", "Client meals"]
    # Bob never filed anything: he has no such categories, and Alice's filing does not reach him; a fast-food
    # brand goes to his nearest default category by meaning.
    transactions_import(user=bob, file_name="feb.csv", content=_csv(LATER, with_category=False))
    assert not {_top(bob, n) for n in ("EFTPOS VELMORA", "EFTPOS QUENTARI")} & {"Client meals", "Household"}


@pytest.mark.django_db
def test_without_the_index_the_same_brand_is_not_placed_by_its_kind(alice, tmp_path, monkeypatch):
    from transactions.services import transactions_import

    monkeypatch.setattr(brands, "INDEX_PATH", tmp_path / "absent.json.gz")
    brands.brand_index.cache_clear()
    try:
        transactions_import(user=alice, file_name="jan.csv", content=_csv(HISTORY, with_category=True))
        transactions_import(user=alice, file_name="feb.csv", content=_csv(LATER, with_category=False))
        assert [_top(alice, n) for n in ("EFTPOS VELMORA", "EFTPOS QUENTARI", "EFTPOS TAVISK")] != [
            "Client meals", "Household", "Client meals"]
    finally:
        brands.brand_index.cache_clear()


def test_the_real_index_knows_the_worlds_chains_by_name():
    real = brands.brand_index() if brands.INDEX_PATH.is_file() else None
    if real is None:
        pytest.skip("brand index not built (make setup packs name-suggestion-index from npm)")
    assert real.source.startswith("name-suggestion-index@")
    assert dict(real.kinds_of("countdown spotswood", places=NZ)).get("shop/supermarket", 0) > 0.5
    # A chain with several kinds of outlet (restaurants and their playgrounds; fuel, shop and car wash) has each.
    assert "amenity/fast_food" in dict(real.kinds_of("mcdonalds", places=places_of(("us",))))
    assert "amenity/fuel" in dict(real.kinds_of("shell", places=places_of(("gb",))))


def test_the_image_builds_the_brand_index_as_make_setup_does():
    """A container categorises merchants the user never labelled as a `make setup` checkout does: the Dockerfile
    packs the NSI version the Makefile pins (read from the Makefile, so the two cannot drift apart) and builds the
    index with the same command, where `brands.INDEX_PATH` reads it; a developer's own .data is not copied in."""
    import os
    from pathlib import Path

    root = Path(brands.__file__).resolve().parent.parent
    dockerfile = (root / "Dockerfile").read_text()
    assert "sed -n 's/^NSI_VERSION := //p' Makefile" in dockerfile
    assert 'npm pack --silent "name-suggestion-index@$version"' in dockerfile
    assert "python -m transactions.brands /tmp/nsi/package.tgz" in dockerfile
    assert "ln -sf \"brands-$version.json.gz\" .data/nsi/brands.json.gz" in dockerfile
    if "MONETA_BRAND_INDEX" not in os.environ:
        assert brands.INDEX_PATH.relative_to(root).as_posix() == ".data/nsi/brands.json.gz"
    assert ".data" in (root / ".dockerignore").read_text().split()
    # the index is built after the code is copied and before the image drops to its unprivileged user
    assert dockerfile.index("COPY . .") < dockerfile.index("transactions.brands") < dockerfile.index("USER moneta")
    assert 'NSI_VERSION := ' in (root / "Makefile").read_text()
