"""Fast development loop for categorisation on the real statements: re-rank, in this process, the newer rows that
`python -m bench categorise --set real` imported, from the history it stored (no import: ~20 s instead of minutes).

    python -m bench categorise --set real     # once: imports both statements into moneta_bench_cat
    python -m bench categorise_rerank         # then after each change to transactions/categor*.py

Prints, per statement and for both, what the bench reports (every row, top-3, rows of merchants seen / never seen
in the older part, applied share and precision at `FILE_THRESHOLD`), and on the rows of merchants never seen how
often each evidence kind alone ranks the right category first (where it has anything to say). Then, per statement,
where the wrong rows are (`error_figures`): seen and never-seen merchants apart, how many of them have the right
category 2nd or 3rd, how sure Moneta was, which categories are confused (the person's category → the suggested
one, category names and counts), and how many wrong never-seen rows hold a word the person's own older rows tie to
the right category (if few do, their history has nothing more to say there). Figures only: no row
is printed or stored, and nothing is written to docs/BENCHMARKS.md (the full bench is the measurement of record:
its import can group narratives differently, so figures here can differ from it by a few rows).
"""
from __future__ import annotations

import re
import time
from collections import Counter, defaultdict
from dataclasses import dataclass

from bench.common import bench_database_setup

BENCH_DB = "moneta_bench_cat"


def _statement(stmt) -> dict | None:
    from django.contrib.auth import get_user_model

    from bench import categorise_real
    from bench.categorise import _key
    from transactions import categorize
    from transactions.category_evidence import FEATURES, Item
    from transactions.models import Category, Transaction

    user = get_user_model().objects.filter(username=f"bench_cat_{stmt.name}").first()
    if user is None:
        return None
    learn, predict = categorise_real.time_split(stmt.rows)
    categories = list(Category.objects.filter(user=user).values_list("id", "name", "kind"))
    ids = [c for c, _, _ in categories]
    by_name = {n.lower(): c for c, n, _ in categories}
    known = set(Transaction.objects.filter(user=user, batch__file_name="history.csv", merchant__isnull=False)
                .values_list("merchant_id", flat=True))
    rows = list(Transaction.objects.filter(user=user, batch__file_name="recent.csv").order_by("id").values(
        "date", "amount", "description", "merchant_id", "merchant__key", "merchant__name", "description_key",
        "merchant_code", "currency"))
    truths: dict[tuple, list] = defaultdict(list)
    for r in predict:
        truths[_key(r.date, r.amount, r.description)].append(by_name.get(r.category.lower()))
    items: dict[str, Item] = {}
    for r in rows:
        items.setdefault(r["description"], Item(r["description"], r["merchant__key"] or "", r["merchant__name"] or "",
                                                r["description_key"], outflow=r["amount"] < 0,
                                                amount=abs(float(r["amount"])), merchant_code=r["merchant_code"] or "",
                                                currency=r["currency"] or ""))
    pending = list(items.values())
    position = {item.description: i for i, item in enumerate(pending)}
    started = time.perf_counter()
    ranked, _ = categorize.suggestions_rank(user=user, items=pending, categories=categories)
    seconds = time.perf_counter() - started
    # The evidence tensor again, for each kind's own vote (what suggestions_rank combined).
    tensor = categorize.evidence_gather(user=user, items=pending, categories=categories).tensor
    out = []
    for r in rows:
        found = truths.get(_key(r["date"], r["amount"], r["description"])) or [None]
        truth = found.pop(0)
        options = ranked[r["description"]]
        out.append({"truth": truth, "top": options[0][0], "confidence": options[0][1],
                    "top3": [c for c, _ in options], "new": r["merchant_id"] not in known,
                    "kinds": tensor[position[r["description"]]], "ids": ids, "words": _words(r["description"])})
    names = {c: n for c, n, _ in categories}
    history = [(_words(r.description), by_name.get(r.category.lower())) for r in learn]
    return {"rows": out, "seconds": seconds, "features": FEATURES, "names": names, "history": history}


def _words(text: str) -> frozenset[str]:
    """The narrative's words of four letters or more (lower case): what a person's payee names share."""
    return frozenset(w for w in re.sub(r"[^a-z]+", " ", (text or "").lower()).split() if len(w) >= 4)


def tied_words(history: list[tuple[frozenset[str], int | None]], *, rows: int = 3, purity: float = 0.8
               ) -> dict[str, int]:
    """Words of the older rows that name one category: in at least `rows` rows, `purity` of them filed there."""
    counts: dict[str, Counter] = defaultdict(Counter)
    for words, category in history:
        for w in words:
            counts[w][category] += 1
    out = {}
    for w, c in counts.items():
        category, n = c.most_common(1)[0]
        total = sum(c.values())
        if total >= rows and n / total >= purity and category is not None:
            out[w] = category
    return out


def error_figures(rows: list[dict], names: dict[int, str], tied: dict[str, int]) -> dict[str, dict]:
    """Per part ("seen", "never seen" merchants) of `rows` (each with `truth`, `top`, `top3`, `confidence`, `new`,
    `words`): rows, wrong, wrong with the right category 2nd or 3rd, wrong by confidence (>= 0.9, 0.6-0.9, < 0.6),
    the confusions (person's category → suggested, by name) and the wrong rows holding a word `tied` to the right
    category."""
    out = {}
    for part, new in (("seen", False), ("never seen", True)):
        mine = [r for r in rows if r["new"] is new]
        wrong = [r for r in mine if r["top"] != r["truth"]]
        out[part] = {
            "rows": len(mine), "wrong": len(wrong),
            "right_2nd_3rd": sum(1 for r in wrong if r["truth"] in r["top3"]),
            "sure": sum(1 for r in wrong if r["confidence"] >= 0.9),
            "middling": sum(1 for r in wrong if 0.6 <= r["confidence"] < 0.9),
            "unsure": sum(1 for r in wrong if r["confidence"] < 0.6),
            "word_tied_to_right": sum(1 for r in wrong if any(tied.get(w) == r["truth"] for w in r["words"])),
            "confusions": Counter((names.get(r["truth"], "?"), names.get(r["top"], "?")) for r in wrong),
        }
    return out


@dataclass
class KindFigures:
    kind: str
    present: int = 0  # rows where the kind has any evidence
    right: int = 0  # ... and its own first category is the person's
    on_wrong: int = 0  # rows where the kind has evidence and the top suggestion is wrong
    rescued: int = 0  # ... and the kind's own first category is the person's


def kind_figures(rows: list[dict], features: tuple[str, ...]) -> list[KindFigures]:
    """Per evidence kind, over `rows` (each with `kinds`: (categories, kinds) evidence, `ids`: the category ids of
    its rows, `top` and `truth`): where it speaks, how often it alone is right, and among the rows whose top
    suggestion is wrong how many it alone ranks right. A kind that rarely fixes a wrong row cannot raise the score
    however it is weighted: a new signal is needed there, not a new weighting."""
    out = []
    for f, name in enumerate(features):
        k = KindFigures(name)
        for r in rows:
            if r["kinds"][:, f].max() <= 0:
                continue
            alone = r["ids"][int(r["kinds"][:, f].argmax())] == r["truth"]
            wrong = r["top"] != r["truth"]
            k.present += 1
            k.right += alone
            k.on_wrong += wrong
            k.rescued += wrong and alone
        out.append(k)
    return out


def _summary(rows: list[dict], threshold: float) -> str:
    def share(part, test) -> float:
        return sum(1 for r in part if test(r)) / len(part) if part else float("nan")

    new = [r for r in rows if r["new"]]
    seen = [r for r in rows if not r["new"]]
    applied = [r for r in rows if r["confidence"] >= threshold]
    right = lambda r: r["top"] == r["truth"]  # noqa: E731
    return (f"rows {len(rows)}: every row {share(rows, right):.4f}, top-3 "
            f"{share(rows, lambda r: r['truth'] in r['top3']):.4f}; merchants seen {share(seen, right):.4f} "
            f"({len(seen)}), never seen {share(new, right):.4f} ({len(new)}); applied {len(applied) / len(rows):.0%} "
            f"at {share(applied, right):.4f}")


def main(argv: list[str]) -> int:
    bench_database_setup(BENCH_DB)
    from bench import categorise_real
    from transactions.categorize import FILE_THRESHOLD

    if not categorise_real.available():
        print(f"  real statements not found under {categorise_real.REAL_DIR}: skipped")
        return 0
    everything: list[dict] = []
    for stmt in categorise_real.statements():
        result = _statement(stmt)
        if result is None:
            print(f"  {stmt.name}: not imported yet; run `python -m bench categorise --set real` first")
            continue
        rows = result["rows"]
        everything += rows
        print(f"  {stmt.name} ({result['seconds']:.1f}s) {_summary(rows, FILE_THRESHOLD)}")
        new = [r for r in rows if r["new"] and r["truth"] in r["ids"]]
        parts = [f"{k.kind} {k.right / k.present:.2f} on {k.present / len(new):.0%}, fixes {k.rescued}/{k.on_wrong}"
                 for k in kind_figures(new, result["features"]) if k.present]
        print("    never-seen merchants, each evidence kind alone (right, on the share of rows it speaks for, and "
              "how many of the rows whose top suggestion is wrong it alone ranks right): " + "; ".join(parts))
        for part, f in error_figures(rows, result["names"], tied_words(result["history"])).items():
            print(f"    {part}: {f['wrong']} of {f['rows']} wrong ({f['right_2nd_3rd']} with the right category 2nd "
                  f"or 3rd; at confidence >= 0.9 {f['sure']}, 0.6-0.9 {f['middling']}, < 0.6 {f['unsure']}; "
                  f"{f['word_tied_to_right']} hold a word the older rows tie to the right category); confused: "
                  + "; ".join(f"{a} -> {b} {n}" for (a, b), n in f["confusions"].most_common(6)))
    if everything:
        print(f"  both {_summary(everything, FILE_THRESHOLD)}")
    return 0
