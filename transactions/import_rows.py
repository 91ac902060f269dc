"""The rows of an import: fingerprints (no duplicates), merchants, categorisation decisions and the COPY into
the transactions table. Used by `importing.transactions_import`; no parsing here."""
from __future__ import annotations

import hashlib
import json
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.db.models import Count
from django.utils import timezone

from core.types import AuthUser

from .categories import category_resolve
from .categorize import Decision, Item, categorise, narrative_shape
from .merchant_forms import MerchantForm, merchant_forms_resolve
from .models import CategorisationRule, CategorySource, Merchant, Transaction
from .normalize import (
    branching_keys,
    description_key,
    file_affixes,
    merchant_key,
    merchant_key_known,
    merchant_normalise_ex,
    merchant_without_affixes,
)
from .parsing import ParsedRow

_DIGITS = re.compile(r"\d")

@dataclass(slots=True)
class _Prepared:
    row: ParsedRow
    fingerprint: str
    merchant_id: int | None
    description_key: str
    decision: Decision


def _canonical(description: str) -> str:
    return " ".join(description.upper().split())


def fingerprints_compute(rows: list[ParsedRow]) -> list[str]:
    """Content fingerprints. The occurrence index keeps two genuine identical same-day purchases apart,
    while an overlapping statement (same rows, same order) produces the same fingerprints again."""
    seen: Counter[str] = Counter()
    out = []
    for r in rows:
        base = f"{r.date.isoformat()}|{r.amount}|{r.currency}|{_canonical(r.description)}"
        occurrence = seen[base]
        seen[base] += 1
        out.append(hashlib.sha256(f"{base}|{occurrence}".encode()).hexdigest())
    return out


def merchants_ensure(*, user: AuthUser, descriptions: list[str], labels: Mapping[str, str] | None = None
                     ) -> dict[str, tuple[int | None, str, str]]:
    """description → (merchant id, merchant key, merchant name); creates the user's new merchants in bulk.
    `labels`: description → the category name the file gives it, when it gives one (forms of one payee filed
    differently are not merged)."""
    per_desc: dict[str, tuple[str, str]] = {}
    samples: dict[str, list[str]] = defaultdict(list)
    names: dict[str, str] = {}
    by_shape: dict[str, tuple[str, bool]] = {}
    raw_names: dict[str, tuple[str, bool]] = {}
    for desc in descriptions:
        # Narratives that differ only in their digits (store numbers, dates, references) name the same
        # merchant: normalise one of them. Cuts import time when every row's narrative is unique.
        shape = _DIGITS.sub("0", desc)
        found = by_shape.get(shape)
        if found is None:
            found = by_shape[shape] = merchant_normalise_ex(desc)
        raw_names[desc] = found
    # Bank wording before many different payees and places that vary between one payee's rows, learned from
    # this file (normalize.file_affixes): "W/D ARABICA CAFE" is Arabica Cafe, "COUNTDOWN KARORI" is Countdown.
    prefixes, suffixes = file_affixes([name for name, _ in raw_names.values()])
    if prefixes or suffixes:
        raw_names = {d: (merchant_without_affixes(name, prefixes, suffixes), code)
                     for d, (name, code) in raw_names.items()}
    # A word that ends names before a state/country code for 3+ different merchants in this statement is a
    # place ("Freshmart Springfield IL", "Toytown Springfield IL"): drop it wherever it ends a name.
    followers: dict[str, set[str]] = defaultdict(set)
    for name, had_code in set(raw_names.values()):
        parts = name.split()
        if had_code and len(parts) >= 2:
            followers[parts[-1]].add(" ".join(parts[:-1]))
    places = {word for word, heads in followers.items() if len(heads) >= 3}
    known, branching = _known_keys(user)
    cleaned: dict[str, tuple[str, str]] = {}
    for desc, (name, _had_code) in raw_names.items():
        if name not in cleaned:
            parts = name.split()
            final = " ".join(parts[:-1]) if len(parts) >= 2 and parts[-1] in places else name
            final = final[:120]
            cleaned[name] = (merchant_key_known(merchant_key(final)[:120], known, branching), final)
        per_desc[desc] = cleaned[name]
    # One payee printed in two forms ("Delta Air" on a bag fee, "Delta Air Lines" on the ticket) is one merchant.
    per_desc, absorbed = _forms_merged(user=user, per_desc=per_desc, labels=labels or {})
    for desc, (key, name) in per_desc.items():
        if key:
            names.setdefault(key, name)
            if len(samples[key]) < 5:
                samples[key].append(desc[:255])
    ids = dict(Merchant.objects.filter(user=user, key__in=list(names)).values_list("key", "id"))
    # Payees the user merged: their keys answer to the merchant they were merged into (jars.merchant_merge).
    ids.update({k: m_id for m_id, keys in Merchant.objects.filter(user=user, merged_keys__overlap=list(names))
                .values_list("id", "merged_keys") for k in keys if k in names})
    new = [Merchant(user=user, key=k, name=names[k], aliases=samples[k], merged_keys=sorted(absorbed.get(k, ())))
           for k in names if k not in ids]
    # The forms a merchant the user has took in are remembered as its merged keys (branching_keys reads them).
    for merchant in Merchant.objects.filter(user=user, key__in=[k for k in absorbed if k in ids]):
        keys = sorted({*merchant.merged_keys, *absorbed[merchant.key]} - {merchant.key})
        if keys != merchant.merged_keys:
            Merchant.objects.filter(id=merchant.id).update(merged_keys=keys)
    if new:
        Merchant.objects.bulk_create(new, ignore_conflicts=True, batch_size=2000)
        ids.update(Merchant.objects.filter(user=user, key__in=[m.key for m in new]).values_list("key", "id"))
    return {d: (ids.get(k), k, n) for d, (k, n) in per_desc.items()}


# Narratives of a name in the file looked at to tell what kind of narrative it comes from.
FORM_NARRATIVES = 20


def _forms_merged(*, user: AuthUser, per_desc: dict[str, tuple[str, str]], labels: Mapping[str, str]
                  ) -> tuple[dict[str, tuple[str, str]], dict[str, set[str]]]:
    """`per_desc` with the forms of one payee under one key and name (merchant_forms), among the file's names and
    with the user's merchants, and the keys each merged key took in. A merchant of the user that a fuller form
    joins shows that form from now on, unless the user named it themselves."""
    narratives: dict[str, list[str]] = defaultdict(list)
    names: dict[str, str] = {}
    votes: dict[str, Counter[str]] = defaultdict(Counter)
    for desc, (key, name) in per_desc.items():
        if not key:
            continue
        names.setdefault(key, name)
        if len(narratives[key]) < FORM_NARRATIVES:
            narratives[key].append(desc)
        if labels.get(desc):
            votes[key][labels[desc].strip().lower()] += 1
    file_forms = [MerchantForm(k, names[k], tuple(narratives[k]), _majority(votes.get(k))) for k in names]
    moves, renames, absorbed = merchant_forms_resolve(file_forms=file_forms, known_forms=_known_forms(user))
    if renames:
        _merchants_show_fuller(user=user, renames=renames)
    if not moves:
        return per_desc, absorbed
    return {d: moves.get(k, (k, n)) for d, (k, n) in per_desc.items()}, absorbed


def _majority(votes: Counter[str] | None) -> str:
    """The most common label; a tie has no majority ("" — nothing to tell forms apart by)."""
    if not votes:
        return ""
    top = votes.most_common(2)
    return top[0][0] if len(top) == 1 or top[0][1] > top[1][1] else ""


def _known_forms(user: AuthUser) -> list[MerchantForm]:
    """The user's merchants as name forms: their sample narratives and the category their rows the user filed
    carry."""
    merchants = list(Merchant.objects.filter(user=user).values_list("key", "name", "aliases"))
    if not merchants:
        return []
    votes: dict[str, Counter[str]] = defaultdict(Counter)
    for key, category, n in (Transaction.objects.filter(user=user, category_source=CategorySource.USER,
                                                        merchant__isnull=False, category__isnull=False)
                             .order_by().values_list("merchant__key", "category__name").annotate(n=Count("id"))):
        votes[key][category.lower()] += n
    return [MerchantForm(key, name, tuple(aliases or ()), _majority(votes.get(key)))
            for key, name, aliases in merchants]


def _merchants_show_fuller(*, user: AuthUser, renames: dict[str, str]) -> None:
    """Show the fuller form on merchants still named as Moneta read them (a name the user gave stays); merchant
    rules written against the old name follow it, as a rename by the user does (jars.merchant_rename). A name
    another of the user's merchants already shows is not taken: two merchants would read as one."""
    for merchant in Merchant.objects.filter(user=user, key__in=list(renames)):
        new = renames[merchant.key][:120]
        if merchant_key(merchant.name) != merchant.key:
            continue  # the user renamed it
        if Merchant.objects.filter(user=user, name__iexact=new).exclude(id=merchant.id).exists():
            continue
        CategorisationRule.objects.filter(user=user, match_type=CategorisationRule.MatchType.MERCHANT,
                                          pattern__iexact=merchant.name).update(pattern=new)
        Merchant.objects.filter(id=merchant.id).update(name=new)


def _known_keys(user: AuthUser) -> tuple[frozenset[str], frozenset[str]]:
    """The user's merchant keys, and those of them whose names vary after them without changing the category the
    user files them under (`normalize.branching_keys`, from the rows the user labelled)."""
    merchants = list(Merchant.objects.filter(user=user).values_list("key", "merged_keys"))
    known = frozenset(key for key, _merged in merchants)
    if not known:
        return known, frozenset()
    counts: dict[str, Counter[int]] = defaultdict(Counter)
    for key, category, n in (Transaction.objects.filter(user=user, category_source=CategorySource.USER,
                                                        merchant__isnull=False)
                             .order_by().values_list("merchant__key", "category_id").annotate(n=Count("id"))):
        counts[key][category] += n
    # The majority category of each key; a tie goes to the lower category id, not to the order rows came back in.
    labelled = {k: min(c, key=lambda cat: (-c[cat], cat)) for k, c in counts.items()}
    # A form merged into a merchant (merchant_forms) is filed as the merchant is: "juniper deli harbourside" under
    # "juniper deli" still shows that the payee's name varies after "juniper deli".
    for key, merged in merchants:
        for other in merged if key in labelled else ():
            labelled.setdefault(other, labelled[key])
    return known, branching_keys(labelled)


# A background import reports progress about this many times (categorising one slice of rows at a time).
PROGRESS_STEPS = 20
PROGRESS_MIN_ROWS = 250


def rows_prepare(*, user: AuthUser, rows: list[ParsedRow], fingerprints: list[str],
                 progress: Callable[[int], None] | None = None) -> list[_Prepared]:
    """Merchants, categories and the categorisation decision of every row. With `progress` (a callable taking
    the number of rows done) the rows are categorised slice by slice and progress is reported after each."""
    descriptions = list(dict.fromkeys(r.description for r in rows))
    merchants = merchants_ensure(user=user, descriptions=descriptions,
                                 labels={r.description: r.category for r in rows if r.category})
    file_categories = {r.category for r in rows if r.category}
    category_ids = {name: category_resolve(user=user, name=name, create=True).id for name in file_categories}
    to_categorise = {}
    for r in rows:
        if not r.category and r.description not in to_categorise:
            _mid, key, name = merchants[r.description]
            to_categorise[r.description] = Item(r.description, key, name, merchant_key(name) if name else
                                                description_key(r.description, name), outflow=r.amount < 0,
                                                amount=abs(float(r.amount)), merchant_code=r.merchant_code,
                                                currency=r.currency)
    if progress is None:
        decisions = _categorise_grouped(user=user, items=to_categorise) if to_categorise else {}
    else:
        decisions = {}
        step = max(PROGRESS_MIN_ROWS, -(-len(rows) // PROGRESS_STEPS))
        for start in range(0, len(rows), step):
            todo = {d: to_categorise[d] for d in dict.fromkeys(r.description for r in rows[start:start + step])
                    if d in to_categorise and d not in decisions}
            if todo:
                decisions.update(_categorise_grouped(user=user, items=todo))
            progress(min(len(rows), start + step))
    prepared = []
    desc_keys = {d: description_key(d, name) for d, (_mid, _key, name) in merchants.items()}
    for r, fp in zip(rows, fingerprints):
        mid = merchants[r.description][0]
        if r.category:
            decision = Decision(category_ids[r.category], CategorySource.USER, 1.0)
        else:
            decision = decisions[r.description]
        prepared.append(_Prepared(r, fp, mid, desc_keys[r.description], decision))
    return prepared


def _categorise_grouped(*, user: AuthUser, items: dict[str, Item]) -> dict[str, Decision]:
    """Categorise once per merchant when no rule looks at the raw narrative (contains/regex): every narrative
    of a merchant gets the same answer from merchant rules and learning, so 100k narratives cost a few
    hundred decisions."""
    narrative_rules = (CategorisationRule.objects.filter(user=user, active=True)
                       .exclude(match_type=CategorisationRule.MatchType.MERCHANT).exists())
    if narrative_rules:
        return categorise(user=user, items=list(items.values()))
    def group(desc: str, item: Item) -> tuple[Any, ...]:
        # The narrative's shape is evidence of its own (the user's labels of the same shape), so narratives of one
        # merchant are decided together only when their shapes agree (digits aside).
        return ((item.merchant_key, item.description_key, item.outflow, narrative_shape(desc), item.merchant_code)
                if item.merchant_key else ("", desc, None))

    representative: dict[tuple[Any, ...], Item] = {}
    for desc, item in items.items():
        representative.setdefault(group(desc, item), item)
    decided = categorise(user=user, items=list(representative.values()))
    return {desc: decided[representative[group(desc, item)].description] for desc, item in items.items()}


_COPY_COLUMNS = ("user_id", "date", "description", "merchant_id", "amount", "currency", "category_id",
                 "category_source", "category_confidence", "rule_id", "notes", "balance", "batch_id", "fingerprint",
                 "description_key", "created_at", "category_suggestions", "account_id", "merchant_code")


_COPY_ESCAPE = str.maketrans({"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"})


def _copy_text(value: object) -> str:
    if value is None:
        return "\\N"
    return str(value).translate(_COPY_ESCAPE)


def rows_copy(*, user: AuthUser, prepared: list[_Prepared], batch_id: int | None,
               account_id: int | None = None) -> None:
    """COPY in text format, built in one pass: ~10× faster than INSERT (and than per-row adaptation) for large
    statements. The unique (user, fingerprint) constraint still guards against duplicates."""
    now = timezone.now().isoformat()
    sql = f"COPY transactions_transaction ({', '.join(_COPY_COLUMNS)}) FROM STDIN"
    head = f"{user.id}\t"
    tail = "\t" + ("\\N" if batch_id is None else str(batch_id))
    account = "\t" + ("\\N" if account_id is None else str(account_id)) + "\t"
    lines = []
    for p in prepared:
        r, d = p.row, p.decision
        lines.append("\t".join((
            head + r.date.isoformat(), _copy_text(r.description), _copy_text(p.merchant_id), str(r.amount),
            _copy_text(r.currency), _copy_text(d.category_id), str(d.source), repr(float(d.confidence)),
            _copy_text(d.rule_id), _copy_text(r.notes), _copy_text(r.balance),
        )) + tail + "\t" + p.fingerprint + "\t" + _copy_text(p.description_key) + "\t" + now + "\t"
            + suggestions_json(d) + account + (p.row.merchant_code or "\\N") + "\n")
    with connection.cursor() as cursor, cursor.cursor.copy(sql) as copy:
        chunk = 5000
        for i in range(0, len(lines), chunk):
            copy.write("".join(lines[i:i + chunk]))


def suggestions_json(decision: Decision) -> str:
    return json.dumps([[c, round(p, 2)] for c, p in decision.suggestions])


def rule_hits_record(prepared: list[_Prepared]) -> None:
    hits = Counter(p.decision.rule_id for p in prepared if p.decision.rule_id)
    if not hits:
        return
    values = ", ".join(["(%s, %s)"] * len(hits))
    params = [x for item in hits.items() for x in item]
    with connection.cursor() as cur:
        cur.execute(f"UPDATE transactions_categorisationrule r SET hits = r.hits + v.n "
                    f"FROM (VALUES {values}) AS v(id, n) WHERE r.id = v.id", params)
