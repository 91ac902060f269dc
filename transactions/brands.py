"""Brand names of the world's shops, restaurants and services, and the kind of business each is: the
OpenStreetMap name-suggestion-index (NSI), read from its npm package at set-up time.

Why this source: it is maintained (OpenStreetMap mappers keep ~20,000 brands and ~24,000 operators current),
worldwide (each brand says in which countries it trades, `locationSet`), and it gives exactly what a bank
narrative lacks — a business's NAME with its kind (`shop=supermarket`, `amenity=fast_food`, `amenity=fuel`…).
`make setup` packs the pinned version from the npm registry (`NSI_VERSION` in the Makefile) into `.data/nsi/`
(git-ignored) and runs `python -m transactions.brands TGZ OUT` to build the compact index read here. Nothing is
downloaded at run time; without the index the categoriser works as before (`brand_index()` is None).

This module imports nothing of Django: the Makefile builds the index before any database exists.

Index (`index_build`): {"source", "kinds": {kind: words}, "names": {squashed name: [[kind, [places]], …]}}:
- a name is the brand's display name, its `name`/`brand` tags and its `matchNames`, lower case, accents and
  punctuation removed, spaces removed ("Pak'nSave" and "pak n save" → "paknsave");
- a kind is the OSM tag the brand's category is built on ("shop/supermarket", "amenity/fast_food",
  "route/bus" for a transit network); names from `brands/` win over the same name among `operators/` and
  `transit/` (who runs car parks and bus lines is often a council, not a shop);
- places are the country codes (and "001" world, numeric UN regions) of its `locationSet.include`.
"""
from __future__ import annotations

import bisect
import gzip
import json
import os
import re
import sys
import tarfile
import unicodedata
from collections import defaultdict
from functools import lru_cache
from pathlib import Path

REPO_DIR = Path(__file__).resolve().parent.parent
INDEX_PATH = Path(os.environ.get("MONETA_BRAND_INDEX", REPO_DIR / ".data" / "nsi" / "brands.json.gz"))
NSI_MEMBER = "package/dist/json/nsi.min.json"
GENERIC_MEMBER = "package/dist/json/genericWords.min.json"
# A name shorter than this (squashed) is too ambiguous to match ("bp" stays out; "shell" is in).
MIN_NAME = 4
# A name read from the narrative's words (not the extracted merchant) must have at least this many words.
NARRATIVE_MIN_WORDS = 2
NARRATIVE_MAX_WORDS = 4
# What a brand that trades only in other countries is worth against one that trades in the statement's.
FOREIGN_STRENGTH = 0.5
WORLD = "001"
# UN M49 regions NSI uses in locationSets, for the countries whose currency says where a statement is from.
_REGIONS = {
    "nz": ("009", "053"), "au": ("009", "053"), "us": ("019", "021", "conus"), "ca": ("019", "021"),
    "gb": ("150", "154"), "ie": ("150", "154", "eu"), "za": ("002", "202", "018"), "in": ("142", "034"),
    "vn": ("142", "035"), "sg": ("142", "035"), "ph": ("142", "035"), "jp": ("142", "030"), "ch": ("150", "155"),
}
_EURO = ("at", "be", "cy", "de", "ee", "es", "fi", "fr", "gr", "hr", "ie", "it", "lt", "lu", "lv", "mt", "nl", "pt",
         "si", "sk")
# Currency → the countries a statement in it is most likely from (EUR: the euro area).
CURRENCY_COUNTRIES = {
    "NZD": ("nz",), "AUD": ("au",), "USD": ("us",), "CAD": ("ca",), "GBP": ("gb",), "ZAR": ("za",), "INR": ("in",),
    "VND": ("vn",), "SGD": ("sg",), "PHP": ("ph",), "JPY": ("jp",), "CHF": ("ch",), "EUR": _EURO,
}
_NON_ALNUM = re.compile(r"[^a-z0-9]+")


def words(text: str) -> list[str]:
    """Lower-case ASCII words of a name or narrative: accents stripped, apostrophes dropped inside a word
    ("McDonald's" → "mcdonalds"), other punctuation a space."""
    text = unicodedata.normalize("NFKD", text.lower())
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).replace("'", "").replace("’", "")
    return _NON_ALNUM.sub(" ", text).split()


def squash(text: str) -> str:
    return "".join(words(text))


def places_of(countries: tuple[str, ...] | list[str]) -> frozenset[str]:
    """Everything a brand's locationSet may say for trading in these countries: the codes, their regions, world."""
    out = {WORLD}
    for c in countries:
        out.add(c.lower())
        out.update(_REGIONS.get(c.lower(), ()))
        if c.lower() in _EURO:
            out.update(("150", "eu"))
    return frozenset(out)


def _places(location_set: dict) -> list[str]:
    out = set()
    for code in location_set.get("include", ()):
        if not isinstance(code, str):  # a [lon, lat] point: a local brand somewhere, no country said
            continue
        code = code.lower().removesuffix(".geojson")
        head = code.split("-", 1)[0]
        if head.isalpha() and len(head) == 2 or head.isdigit() or head in ("conus", "eu"):
            out.add(head)
    return sorted(out)


# OSM keys that say nothing of what a business sells: a fuel brand's roadside sign (advertising/totem), who owns
# land, masts or boundaries.
SKIPPED_KEYS = frozenset({"advertising", "landuse", "man_made", "boundary", "waterway"})


def _kind(path: str) -> str:
    """'brands/shop/supermarket' → 'shop/supermarket'; 'transit/route/bus' → 'route/bus'; "" for a key in
    SKIPPED_KEYS."""
    parts = path.split("/")
    if len(parts) == 3 and parts[1] not in SKIPPED_KEYS:
        return f"{parts[1]}/{parts[2]}"
    return ""


def kind_words(kind: str) -> str:
    """A kind in words for matching category names by meaning ("amenity/fast_food" → "fast food amenity")."""
    key, _, value = kind.partition("/")
    return f"{value.replace('_', ' ')} {key.replace('_', ' ')}"


def index_build(nsi: dict, generic: list[str] | tuple[str, ...] = ()) -> dict:
    """The compact index from NSI's `nsi.min.json` (its "nsi" mapping of category path → items) and its
    generic words (regular expressions of names that are no brand: "supermarket", "pharmacy")."""
    generic_res = [re.compile(g, re.I) for g in generic]
    tiers = {"brands": 0, "operators": 1, "transit": 1}
    found: dict[str, dict[tuple[str, tuple[str, ...]], int]] = defaultdict(dict)
    kinds: dict[str, str] = {}
    for path, category in nsi.get("nsi", nsi).items():
        tier = tiers.get(path.split("/", 1)[0])
        if tier is None:
            continue
        for item in category.get("items", ()):
            tags = item.get("tags", {})
            kind = _kind(path)
            if not kind:
                continue
            names = {item.get("displayName", ""), tags.get("name", ""), tags.get("brand", ""),
                     tags.get("name:en", ""), tags.get("brand:en", ""), *item.get("matchNames", ())}
            places = tuple(_places(item.get("locationSet", {})))
            for name in names:
                key = squash(name or "")
                if len(key) < MIN_NAME or key.isdigit() or any(g.search(name) for g in generic_res):
                    continue
                entry = found[key]
                entry[(kind, places)] = min(entry.get((kind, places), tier), tier)
                kinds[kind] = kind_words(kind)
    names_out: dict[str, list] = {}
    for key, entry in found.items():
        best = min(entry.values())
        names_out[key] = sorted([kind, list(places)] for (kind, places), tier in entry.items() if tier == best)
    return {"source": "", "kinds": dict(sorted(kinds.items())), "names": dict(sorted(names_out.items()))}


def index_write(index: dict, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    with gzip.open(tmp, "wt", encoding="utf-8") as handle:
        json.dump(index, handle, separators=(",", ":"), ensure_ascii=False)
    tmp.replace(path)


def index_from_package(tgz: Path) -> dict:
    """The index from the npm package's tarball (`npm pack name-suggestion-index@VERSION`)."""
    with tarfile.open(tgz) as tar:
        nsi = json.load(_member(tar, NSI_MEMBER))
        try:
            generic = json.load(_member(tar, GENERIC_MEMBER)).get("genericWords", [])
        except KeyError:
            generic = []
        version = json.load(_member(tar, "package/package.json")).get("version", "")
    index = index_build(nsi, generic)
    index["source"] = f"name-suggestion-index@{version}"
    return index


def _member(tar: tarfile.TarFile, name: str):
    handle = tar.extractfile(name)
    if handle is None:
        raise KeyError(name)
    return handle


class BrandIndex:
    """Look-ups of merchants and narratives in the index."""

    def __init__(self, index: dict):
        self.source = index.get("source", "")
        self.kinds: dict[str, str] = index["kinds"]
        self.names: dict[str, list] = index["names"]
        self._cache: dict[tuple, tuple[tuple[str, float], ...]] = {}
        # every name, and every name without its leading article ("thehomedepot" → "homedepot"), sorted for
        # prefix look-ups (`starts_a_name`)
        self._sorted = sorted(set(self.names) | {k[3:] for k in self.names if k.startswith("the") and len(k) > 7})

    def name_match(self, merchant: str, description: str = "") -> str:
        """The squashed brand name the merchant (or else the narrative) names, or "" (`match`)."""
        return self.match(merchant, description)[0]

    def match(self, merchant: str, description: str = "") -> tuple[str, bool]:
        """(squashed brand name, whether it is the merchant's whole name), or ("", False):
        1. the merchant's words, longest first from its start ("countdown spotswood" → "countdown"; the whole
           merchant is the exact match);
        2. else a run of NARRATIVE_MIN_WORDS.. words anywhere in the narrative ("eftpos pak n save 123")."""
        tokens = words(merchant)
        for k in range(len(tokens), 0, -1):
            key = "".join(tokens[:k])
            if key in self.names:
                return key, k == len(tokens)
        tokens = words(description)
        for k in range(min(NARRATIVE_MAX_WORDS, len(tokens)), NARRATIVE_MIN_WORDS - 1, -1):
            for start in range(len(tokens) - k + 1):
                key = "".join(tokens[start:start + k])
                if key in self.names:
                    return key, False
        return "", False

    def starts_a_name(self, mention: str, *, shortest: int = 5) -> bool:
        """Is the mention a brand's name or the start of one ("sprouts" of Sprouts Farmers Market, "home depot" of
        The Home Depot)? Mentions shorter than `shortest` letters squashed are too common to tell."""
        key = squash(mention)
        if len(key) < shortest:
            return key in self.names
        at = bisect.bisect_left(self._sorted, key)
        return at < len(self._sorted) and self._sorted[at].startswith(key)

    def kinds_of(self, merchant: str, description: str = "", *, places: frozenset[str] = frozenset()
                 ) -> tuple[tuple[str, float], ...]:
        """(kind, weight) of the brand the merchant or narrative names: the kinds of the brands of that name
        that trade where the statement is from (`places`, from `places_of`), else — only when the brand's name
        is the merchant's whole name — of all of them at FOREIGN_STRENGTH (a word that starts a longer name,
        "victoria provision store", is rarely a brand that trades elsewhere); weights sum to 1 (a local brand)
        or FOREIGN_STRENGTH. () when nothing matches."""
        cache_key = (merchant, description, places)
        hit = self._cache.get(cache_key)
        if hit is not None:
            return hit
        out: tuple[tuple[str, float], ...] = ()
        name, whole = self.match(merchant, description)
        entries = self.names[name] if name else []
        local = [kind for kind, where in entries if not places or set(where) & places]
        strength = 1.0
        if not local and whole:
            local, strength = [kind for kind, _ in entries], FOREIGN_STRENGTH
        if local:
            counts: dict[str, float] = defaultdict(float)
            for kind in local:
                counts[kind] += 1.0
            total = sum(counts.values())
            out = tuple((k, strength * v / total) for k, v in sorted(counts.items()))
        if len(self._cache) > 200_000:
            self._cache.clear()
        self._cache[cache_key] = out
        return out


@lru_cache(maxsize=1)
def brand_index() -> BrandIndex | None:
    """The index built at set-up (read once per process), or None when it was not built."""
    if not INDEX_PATH.is_file():
        return None
    with gzip.open(INDEX_PATH, "rt", encoding="utf-8") as handle:
        return BrandIndex(json.load(handle))


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python -m transactions.brands PACKAGE.tgz OUT.json.gz", file=sys.stderr)
        return 2
    tgz, out = Path(argv[0]), Path(argv[1])
    if not tgz.is_file():
        print(f"{tgz}: no such package file (npm pack name-suggestion-index@VERSION makes it)", file=sys.stderr)
        return 1
    index = index_from_package(tgz)
    index_write(index, out)
    print(f"{out}: {len(index['names'])} brand names of {len(index['kinds'])} kinds from {index['source']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
