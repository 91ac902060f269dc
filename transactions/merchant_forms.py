"""One payee written two ways: forms of a merchant name that are one payee, merged into one merchant.

A bank prints one payee's name in more than one form: cut at its field width ("ANCHOR STONE DECK PIZZ"), or
with and without a word ("DELTA AIR 0067712093384 BAG FEE" on a bag fee, "DELTA AIR LINES 0062345678901
ATLANTA GA" on the ticket). `merchant_normalise` reads each narrative on its own, so such forms become two
merchants, and rankings, totals and "the last time" then see half of the payee each.

`merchant_forms_merge` decides from the user's own narratives, not from a list of names, which forms are one
payee: a form that is the start of exactly one longer form (a word-prefix, or a cut inside its last word), when
nothing tells the two apart:

- the longer form is the only way the shorter one goes on: a name followed by several different words
  ("countdown karori", "countdown newtown") is a family of branches or of a company's businesses, not one
  payee cut short, and is left as it is (the categoriser groups families by their head);
- the words added are no number, and no word naming another business of the same company ("uber eats");
- a word-prefix form comes from the same kind of narrative as the longer one: what surrounds the name (the
  references, places and punctuation around it, `narrative_frame`) has the same shape in a narrative of each,
  so the shorter form is the same field printed shorter, not a different kind of payment ("AIRBNB" beside
  "AIRBNB INTERNET (446)");
- when the user's rows say which category each form is filed under, the two agree.

The merged merchant shows the longest form, the one that names the payee most fully ("Delta Air Lines").
Pure functions: the importer (`import_rows.merchants_ensure`) gathers the forms of a file and of the user's
merchants and applies the result.
"""
from __future__ import annotations

import bisect
import re
from collections.abc import Iterable
from dataclasses import dataclass

from .normalize import KNOWN_KEY_MIN_CHARS, PRODUCT_WORDS, TRUNCATED_MIN_CHARS


@dataclass(frozen=True)
class MerchantForm:
    """One merchant name as read from the user's narratives."""

    key: str  # normalize.merchant_key of the name
    name: str
    narratives: tuple[str, ...] = ()  # a few narratives it was read from
    label: str = ""  # the category the user files its rows under (their majority), "" when nobody said


_FRAME_TOKEN = re.compile(r"[^\W\d_]+|\d+|[^\w\s]", re.UNICODE)


def _digits_class(run: str) -> str:
    """A number by its size: a short store or branch number, a longer one, a reference."""
    n = len(run)
    return "#" if n <= 2 else "##" if n <= 6 else "###"


def narrative_frame(narrative: str, name: str) -> str:
    """What surrounds the name in a narrative, by shape: the name's words become one `N`, every other run of
    words one `a`, numbers their size class, punctuation itself. "DELTA AIR LINES 0062345678901 ATLANTA GA"
    with "Delta Air Lines" and "DELTA AIR 0067712093384 BAG FEE" with "Delta Air" are both `N ### a`."""
    words = {w for w in _FRAME_TOKEN.findall(name.upper()) if w.isalpha()}
    out: list[str] = []
    for token in _FRAME_TOKEN.findall(narrative.upper()):
        if token.isdigit():
            part = _digits_class(token)
        elif token.isalpha():
            part = "N" if token in words else "a"
        else:
            part = token
        if not out or out[-1] != part or part not in ("N", "a"):
            out.append(part)
    return " ".join(out)


def _frames(form: MerchantForm) -> set[str]:
    return {narrative_frame(n, form.name) for n in form.narratives}


def _same_kind(short: MerchantForm, long: MerchantForm) -> bool:
    """A narrative of each has the same frame (forms with no narratives at hand cannot be compared)."""
    return bool(_frames(short) & _frames(long))


def _can_name_payee(key: str) -> bool:
    """A form long enough to stand for a payee on its own: "b" or "the" is the start of too many names."""
    return sum(c.isalpha() for c in key) >= KNOWN_KEY_MIN_CHARS


def _longer_forms(ordered: list[str], key: str) -> list[str]:
    """The keys that start with `key` (cut inside a word or at a word's end), shortest first."""
    out = []
    i = bisect.bisect_right(ordered, key)
    while i < len(ordered) and ordered[i].startswith(key):
        out.append(ordered[i])
        i += 1
    return sorted(out, key=len)


def _target(short: MerchantForm, forms: dict[str, MerchantForm], ordered: list[str]) -> str | None:
    """The next longer form `short` is one payee with, or None. The next one only: a chain of forms ("cafe
    nero", "cafe nero mil", "cafe nero milano") is checked one step at a time and resolved by the caller."""
    key = short.key
    if not _can_name_payee(key) or any(c.isdigit() for c in key):
        return None
    longer = _longer_forms(ordered, key)
    if not longer or not all(longer[-1].startswith(other) for other in longer):
        return None  # none, or the name goes on in more than one way: a family of branches or businesses
    target = forms[longer[0]]
    rest = target.key[len(key):]
    if any(c.isdigit() for c in rest):
        return None
    if rest.startswith(" ") and rest.split()[0].upper() in PRODUCT_WORDS:
        return None
    if not rest.startswith(" ") and len(key) < TRUNCATED_MIN_CHARS:
        return None  # cut inside a word: it must keep enough of the name to be that name
    if not _same_kind(short, target):
        return None
    if short.label and target.label and short.label != target.label:
        return None
    return target.key


def merchant_forms_merge(forms: Iterable[MerchantForm]) -> dict[str, str]:
    """key → the key of the longer form it is one payee with, for the forms that merge (the others are absent).
    Chains resolve to their longest form ("delta air" → "delta air lines" even through a form between)."""
    by_key = {f.key: f for f in forms if f.key}
    ordered = sorted(by_key)
    moves: dict[str, str] = {}
    for key in ordered:
        target = _target(by_key[key], by_key, ordered)
        if target is not None and target != key:
            moves[key] = target
    resolved = {}
    for key in moves:
        seen = {key}
        target = moves[key]
        while target in moves and moves[target] not in seen:
            seen.add(target)
            target = moves[target]
        resolved[key] = target
    return resolved


_REPEAT_MIN_CHARS = 4


def _repeats_a_word(short: str, long: str) -> bool:
    """The words `long` adds to `short` start by repeating one of its words: a place printed again after a branch
    ("pak n save petone" and "pak n save petone petonenz"), not more of the name."""
    added = long[len(short):].split()
    return bool(added) and any(len(w) >= _REPEAT_MIN_CHARS and (added[0].startswith(w) or w.startswith(added[0]))
                               for w in short.split())


def _display(members: list[MerchantForm]) -> MerchantForm:
    """The form a merged merchant shows: the longest, unless it only repeats a place after a shorter form."""
    ordered = sorted(members, key=lambda f: (-len(f.key), f.key))
    for form in ordered:
        if not any(form.key.startswith(o.key + " ") and _repeats_a_word(o.key, form.key) for o in members):
            return form
    return ordered[-1]


def merchant_forms_resolve(*, file_forms: Iterable[MerchantForm], known_forms: Iterable[MerchantForm] = ()
                           ) -> tuple[dict[str, tuple[str, str]], dict[str, str], dict[str, set[str]]]:
    """The forms of an import's names, merged among themselves and with the user's merchants (`known_forms`).

    Returns (file key → (key, name) its rows go under, for the file keys that change; known key → the fuller
    name its merchant now shows; merged key → the other keys of its forms). A merged group goes under the key
    of a merchant the user already has, else under its shortest form (the name the others begin with), so rows
    that arrive later, learning and rules stay where they are; groups of the user's merchants alone are left as
    they are (merging merchants that have rows is the user's `merchant_merge`)."""
    known = {f.key: f for f in known_forms if f.key}
    file = {f.key: f for f in file_forms if f.key}
    forms = dict(known)
    for key, form in file.items():
        old = forms.get(key)
        forms[key] = form if old is None else MerchantForm(key, old.name, (*form.narratives, *old.narratives),
                                                           form.label or old.label)
    groups: dict[str, list[str]] = {}
    for key, target in merchant_forms_merge(forms.values()).items():
        groups.setdefault(target, [target]).append(key)
    moves: dict[str, tuple[str, str]] = {}
    renames: dict[str, str] = {}
    absorbed: dict[str, set[str]] = {}
    for members in groups.values():
        if not any(k in file for k in members):
            continue
        shown = _display([forms[k] for k in members]).name
        held = [k for k in members if k in known]
        canonical = min(held or members, key=lambda k: (len(k), k))
        for key in members:
            if key in file and (key, forms[key].name) != (canonical, shown):
                moves[key] = (canonical, shown)
        if canonical in known and known[canonical].name != shown:
            renames[canonical] = shown
        absorbed[canonical] = set(members) - {canonical}
    return moves, renames, absorbed
