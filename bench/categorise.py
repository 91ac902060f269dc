"""Categorisation on statements Moneta has never seen: learn from the older 70 %, predict the newer 30 %.

    python -m bench categorise [--split tune|held_out|all] [--keep]
    python -m bench categorise --set real --rescore   # re-score the last run's newer rows with the current code

Data: `bench/categorise_data.py` (twelve statements from US, UK, EU, South African, Indian and Vietnamese
bank formats; each shape's source is noted there). Each statement is one new user: the older 70 % of rows
(by date) is imported *with* the user's categories (as if they had corrected every row), the newer 30 %
without, through the real importer (`transactions_import`), in a separate database `moneta_bench_cat`.

Measured in the same run on the same split:
- Moneta: the top suggestion of every predicted row (coverage must be 100 %), the share of rows sent to
  "needs review" (confidence below `categorize.REVIEW_THRESHOLD`), accuracy of the rows not sent to review,
  top-3 accuracy, accuracy on merchants first seen in the predicted part, and a calibration table
  (confidence bin → share right).
- Baseline 1: 1-nearest-neighbour on all-MiniLM-L6-v2 embeddings of the raw narratives.
- Baseline 2: 1-nearest-neighbour on TF-IDF character n-grams (char_wb 2–4) of the raw narratives.
Target: Moneta ≥ baseline 1 + 10 points (held-out statements). Results: bench/results/categorise.json.
"""
from __future__ import annotations

import argparse
import csv
import io
import time
from collections import Counter, defaultdict
from datetime import date
from decimal import Decimal

from bench.common import bench_database_setup, bench_user_fresh, verdict, write_results

BENCH_DB = "moneta_bench_cat"


def _setup() -> None:
    bench_database_setup(BENCH_DB)


def _csv(rows, *, with_category: bool) -> bytes:
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(["Date", "Description", "Amount", "Currency"] + (["Category"] if with_category else []))
    for r in rows:
        w.writerow([r.date.isoformat(), r.description, r.amount, r.currency] + ([r.category] if with_category else []))
    return out.getvalue().encode()



def _baselines(learn, predict) -> tuple[list[str], list[str]]:
    """1-NN predictions on raw narratives: MiniLM embeddings, and TF-IDF char n-grams."""
    from sklearn.feature_extraction.text import TfidfVectorizer

    from core.embeddings import embed_texts

    labels = [r.category for r in learn]
    a = embed_texts([r.description for r in learn])
    b = embed_texts([r.description for r in predict])
    emb = [labels[i] for i in (b @ a.T).argmax(axis=1)]
    vec = TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 4), lowercase=True, sublinear_tf=True)
    xa = vec.fit_transform([r.description for r in learn])
    xb = vec.transform([r.description for r in predict])
    tfidf = [labels[i] for i in (xb @ xa.T).toarray().argmax(axis=1)]
    return emb, tfidf


def _key(d, amount, description) -> tuple:
    return (d, Decimal(str(amount)).quantize(Decimal("0.01")), " ".join(str(description).upper().split()))


def _run_persona(persona) -> list[dict]:
    """Import the older 70 % with the person's categories, the newer 30 % without, and read back what Moneta
    suggested for each newer row (through the same import service a user's upload goes through)."""
    from bench.categorise_data import time_split
    from transactions.categorize import REVIEW_THRESHOLD
    from transactions.models import Category, CategorySource, Transaction
    from transactions.services import transactions_import

    learn, predict = time_split(persona.rows)
    user = bench_user_fresh(f"bench_cat_{persona.name}")
    transactions_import(user=user, file_name="history.csv", content=_csv(learn, with_category=True))
    t = time.perf_counter()
    transactions_import(user=user, file_name="recent.csv", content=_csv(predict, with_category=False))
    seconds = time.perf_counter() - t
    names = dict(Category.objects.filter(user=user).values_list("id", "name"))
    transfer_names = set(Category.objects.filter(user=user, kind=Category.Kind.TRANSFER).values_list("name", flat=True))
    lower = {n.lower(): n for n in names.values()}
    known_merchants = set(Transaction.objects.filter(user=user, batch__file_name="history.csv",
                                                     merchant__isnull=False).values_list("merchant_id", flat=True))
    got: dict[tuple, list] = defaultdict(list)
    for d, amount, desc, cat, source, conf, sugg, merchant_id in (
            Transaction.objects.filter(user=user, batch__file_name="recent.csv").order_by("id").values_list(
                "date", "amount", "description", "category__name", "category_source", "category_confidence",
                "category_suggestions", "merchant_id")):
        top3 = [names.get(s[0]) for s in (sugg or [])]
        applied = cat is not None and source != CategorySource.USER
        # The top suggestion, filed or not (rows not applied stay uncategorised but are suggested).
        got[_key(d, amount, desc)].append((cat or (top3[0] if top3 else None), conf or 0.0, top3, applied,
                                           merchant_id in known_merchants))
    emb, tfidf = _baselines(learn, predict)
    seen = {getattr(r, "merchant", None) for r in learn}
    out = []
    for r, e, t_ in zip(predict, emb, tfidf):
        found = got.get(_key(r.date, r.amount, r.description))
        cat, conf, top3, applied, known = found.pop(0) if found else (None, 0.0, [], False, False)
        truth = lower.get(r.category.lower(), r.category)
        new = (r.merchant not in seen) if hasattr(r, "merchant") else not known
        out.append({"persona": persona.name, "split": persona.split, "country": persona.country,
                    "truth": truth, "moneta": cat, "confidence": conf, "top3": top3, "applied": applied,
                    "review": cat is None or conf < REVIEW_THRESHOLD, "new": new, "transfer": truth in transfer_names,
                    "emb": lower.get(e.lower(), e), "tfidf": lower.get(t_.lower(), t_), "seconds": seconds,
                    "description": r.description if persona.split != "real" else ""})
    return out


def _last_baselines() -> dict[str, dict]:
    """Per statement, the rows and 1-NN baselines of the last full run (bench/results/categorise.json), if any."""
    import json

    from bench.common import RESULTS_DIR

    try:
        return json.loads((RESULTS_DIR / "categorise.json").read_text()).get("by_statement", {})
    except (OSError, ValueError):
        return {}


def _rescore(statements) -> int:
    """Re-score the newer rows the last run imported (still in the bench database) with the current categoriser,
    without importing again: the same items and grouping as the import (`import_rows`), about ten times faster,
    for trying a change to the evidence or its combination. A change to merchant extraction needs a full run.
    Prints figures only (accuracy of every row's top suggestion, on merchants the history never labelled, applied
    share and precision, the gap to the last full run's best baseline; what each kind of evidence says alone:
    `python -m bench categorise_rerank`); nothing is stored."""
    from django.contrib.auth import get_user_model

    from bench.categorise_data import time_split
    from transactions.categorize import Item
    from transactions.import_rows import _categorise_grouped
    from transactions.models import Category, Transaction

    baselines = _last_baselines()
    baseline_right = {"emb_1nn": 0.0, "tfidf_1nn": 0.0}
    totals = Counter()
    for persona in statements:
        user = get_user_model().objects.filter(username=f"bench_cat_{persona.name}").first()
        if user is None:
            print(f"  {persona.name}: no earlier run in the bench database (run without --rescore first)")
            return 2
        names = dict(Category.objects.filter(user=user).values_list("id", "name"))
        lower = {n.lower(): n for n in names.values()}
        truth: dict[tuple, list[str]] = defaultdict(list)
        for r in time_split(persona.rows)[1]:
            truth[_key(r.date, r.amount, r.description)].append(lower.get(r.category.lower(), r.category))
        rows = list(Transaction.objects.filter(user=user, batch__file_name="recent.csv").order_by("id").values_list(
            "date", "amount", "description", "merchant__key", "merchant__name", "description_key", "merchant_code",
            "currency"))
        items: dict[str, Item] = {}
        for _d, amount, desc, key, name, desc_key, code, currency in rows:
            items.setdefault(desc, Item(desc, key or "", name or "", desc_key, outflow=amount < 0,
                                        amount=abs(float(amount)), merchant_code=code or "", currency=currency or ""))
        t = time.perf_counter()
        decided = _categorise_grouped(user=user, items=items)
        seconds = time.perf_counter() - t
        known = set(Transaction.objects.filter(user=user, batch__file_name="history.csv", merchant__isnull=False)
                    .values_list("merchant__key", flat=True))
        c: Counter = Counter()
        for d, amount, desc, key, *_ in rows:
            found = truth.get(_key(d, amount, desc))
            said = found.pop(0) if found else None
            right = said is not None and bool(decided[desc].suggestions) and \
                names.get(decided[desc].suggestions[0][0]) == said
            applied = decided[desc].category_id is not None
            new = not key or key not in known
            c.update(rows=1, right=right, applied=applied, applied_right=applied and right, new=new,
                     new_right=new and right)
        totals.update(c)
        base = baselines.get(persona.name, {})
        best = max(base.get("emb_1nn", 0.0), base.get("tfidf_1nn", 0.0)) if base.get("rows") == c["rows"] else None
        for name in ("emb_1nn", "tfidf_1nn"):
            baseline_right[name] += base[name] * c["rows"] if best is not None else float("nan")
        gap = f"  best baseline {best:.3f} ({(c['right'] / c['rows'] - best) * 100:+.1f} points)" if best else ""
        print(f"  {persona.name:<9} rows {c['rows']:>4}  Moneta {c['right'] / c['rows']:.3f}  new merchants "
              f"({c['new']}) {c['new_right'] / max(1, c['new']):.3f}  applied {c['applied'] / c['rows']:.0%} at "
              f"precision {c['applied_right'] / max(1, c['applied']):.3f}{gap}  ({seconds:.0f}s)")
    accuracy = totals["right"] / totals["rows"]
    best_all = max(baseline_right.values()) / totals["rows"]
    gap = (f"  best baseline {best_all:.3f} ({(accuracy - best_all) * 100:+.1f} points, the last full run's)"
           if best_all == best_all and best_all else "  (baselines: see the last full run)")
    print(f"  all       rows {totals['rows']:>4}  Moneta {accuracy:.3f}  new merchants ({totals['new']}) "
          f"{totals['new_right'] / max(1, totals['new']):.3f}  applied {totals['applied'] / totals['rows']:.0%} at "
          f"precision {totals['applied_right'] / max(1, totals['applied']):.3f}{gap}")
    return 0


def _share(rows, pred) -> float:
    return sum(pred(r) for r in rows) / len(rows) if rows else float("nan")


def _summarise(rows: list[dict]) -> dict:
    answered = [r for r in rows if r["moneta"]]
    confident = [r for r in rows if not r["review"]]
    new = [r for r in rows if r["new"]]
    transfers = [r for r in rows if r.get("transfer")]
    return {
        "rows": len(rows), "coverage": _share(rows, lambda r: r["moneta"] is not None),
        "moneta": _share(rows, lambda r: r["moneta"] == r["truth"]),
        "moneta_top3": _share(rows, lambda r: r["truth"] in r["top3"]),
        "review_share": _share(rows, lambda r: r["review"]),
        "accuracy_not_reviewed": _share(confident, lambda r: r["moneta"] == r["truth"]),
        "accuracy_answered": _share(answered, lambda r: r["moneta"] == r["truth"]),
        "applied_share": _share(rows, lambda r: r["applied"]),
        "applied_precision": _share([r for r in rows if r["applied"]], lambda r: r["moneta"] == r["truth"]),
        "new_merchant_rows": len(new), "moneta_new": _share(new, lambda r: r["moneta"] == r["truth"]),
        "emb_1nn": _share(rows, lambda r: r["emb"] == r["truth"]),
        "emb_1nn_new": _share(new, lambda r: r["emb"] == r["truth"]),
        "tfidf_1nn": _share(rows, lambda r: r["tfidf"] == r["truth"]),
        "tfidf_1nn_new": _share(new, lambda r: r["tfidf"] == r["truth"]),
        # Rows the person filed as a transfer (after the importer's transfer detection has run).
        "transfer_rows": len(transfers), "moneta_transfer": _share(transfers, lambda r: r["moneta"] == r["truth"]),
        "emb_1nn_transfer": _share(transfers, lambda r: r["emb"] == r["truth"]),
    }


def _calibration(rows: list[dict]) -> list[dict]:
    bins = defaultdict(list)
    for r in rows:
        bins[min(9, int(r["confidence"] * 10))].append(r["moneta"] == r["truth"])
    return [{"confidence": f"{b / 10:.1f}-{(b + 1) / 10:.1f}", "rows": len(v), "right": round(sum(v) / len(v), 3)}
            for b, v in sorted(bins.items())]


def _print(name: str, s: dict) -> None:
    print(f"  {name:<9} rows {s['rows']:>4}  Moneta {s['moneta']:.3f} (coverage {s['coverage']:.0%}, top-3 "
          f"{s['moneta_top3']:.3f}, needs review {s['review_share']:.0%}, right when not reviewed "
          f"{s['accuracy_not_reviewed']:.3f}; applied {s['applied_share']:.0%} at precision "
          f"{s['applied_precision']:.3f})  |  embedding 1-NN {s['emb_1nn']:.3f}  TF-IDF char 1-NN "
          f"{s['tfidf_1nn']:.3f}  |  new merchants ({s['new_merchant_rows']}): Moneta {s['moneta_new']:.3f} "
          f"emb {s['emb_1nn_new']:.3f} tfidf {s['tfidf_1nn_new']:.3f}  |  transfers ({s['transfer_rows']}): Moneta "
          f"{s['moneta_transfer']:.3f} emb {s['emb_1nn_transfer']:.3f}")


def _report(payload: dict, rows: list[dict], group: str) -> None:
    part = [r for r in rows if r["split"] == group]
    if not part:
        return
    payload["by_split"][group] = s = _summarise(part)
    _print(group, s)
    payload["calibration_by_split"][group] = cal = _calibration(part)
    print(f"  calibration {group} (confidence → share right): " + ", ".join(
        f"{c['confidence']}: {c['right']:.2f} (n={c['rows']})" for c in cal))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench categorise")
    parser.add_argument("--set", choices=["real", "generated", "all"], default="all",
                        help="real: the person-labelled statements in ../shared/data (skipped when absent); "
                             "generated: bench/categorise_data.py")
    parser.add_argument("--split", choices=["tune", "held_out", "all"], default="all",
                        help="generated statements to run")
    parser.add_argument("--country", default="", help="generated statements of this country only (US, UK, EU, ZA, IN, "
                                                       "VN), for quicker runs while developing")
    parser.add_argument("--real-limit", type=int, default=0, help="keep only the newest N rows of each real file")
    parser.add_argument("--errors", type=int, default=0,
                        help="print this many wrong predictions (generated tune split only; real rows never print)")
    parser.add_argument("--rescore", action="store_true",
                        help="re-score the newer rows of the last run with the current code, without importing again")
    args = parser.parse_args(argv)
    _setup()
    from bench import categorise_real
    from bench.categorise_data import personas

    chosen: list = []
    if args.set in ("real", "all"):
        if categorise_real.available():
            chosen += categorise_real.statements(limit=args.real_limit or None)
        else:
            print(f"  real statements not found under {categorise_real.REAL_DIR}: skipped")
    if args.set in ("generated", "all"):
        chosen += [p for p in personas(end=date(2026, 10, 31)) if args.split in ("all", p.split)
                   and args.country.upper() in ("", p.country)]
    if args.rescore:
        return _rescore(chosen)
    print(f"categorise benchmark: {len(chosen)} statements, learn older 70 % / predict newer 30 %")
    rows: list[dict] = []
    t = time.perf_counter()
    for p in chosen:
        rows += _run_persona(p)
    print(f"  ran in {time.perf_counter() - t:.1f}s")
    # Import speed: the newer rows of each statement through transactions_import (parse, merchants, categorise, COPY).
    payload_speed = {}
    for name in dict.fromkeys(r["persona"] for r in rows):
        part = [r for r in rows if r["persona"] == name]
        payload_speed[name] = {"rows": len(part), "seconds": round(part[0]["seconds"], 2),
                               "rows_per_second": round(len(part) / part[0]["seconds"], 1)}
    print("  import of the newer rows (rows/s): " + ", ".join(
        f"{n} {s['rows']} rows in {s['seconds']:.1f}s ({s['rows_per_second']:.0f}/s)" for n, s in payload_speed.items()))
    payload: dict = {"set": args.set, "split": args.split, "by_split": {}, "by_country": {}, "by_statement": {},
                     "calibration_by_split": {}, "import_speed": payload_speed}
    for name in sorted({r["persona"] for r in rows if r["split"] == "real"}):
        payload["by_statement"][name] = s = _summarise([r for r in rows if r["persona"] == name])
        _print(name, s)
    for group in ("real", "tune", "held_out"):
        _report(payload, rows, group)
    for country in sorted({r["country"] for r in rows if r["split"] != "real"}):
        payload["by_country"][country] = s = _summarise([r for r in rows if r["country"] == country
                                                         and r["split"] != "real"])
        _print(country, s)
    if args.errors:
        wrong = [r for r in rows if r["split"] == "tune" and r["moneta"] != r["truth"]]
        for r in Counter((r["description"][:70], r["truth"], r["moneta"]) for r in wrong).most_common(args.errors):
            print("   ", r)
    verdicts = []
    if "real" in payload["by_split"]:
        ref = payload["by_split"]["real"]
        best = max(ref["emb_1nn"], ref["tfidf_1nn"])
        verdicts += [
            verdict("real: coverage", ref["coverage"], 1.0),
            verdict("real: accuracy (every row suggested)", round(ref["moneta"], 3), 0.65),
            verdict("real: Moneta minus best 1-NN baseline (points)", round((ref["moneta"] - best) * 100, 1), 10.0),
            verdict("real: precision of applied rows", round(ref["applied_precision"], 3), 0.90),
        ]
    key = "held_out" if "held_out" in payload["by_split"] else "tune"
    if key in payload["by_split"]:
        ref = payload["by_split"][key]
        verdicts += [
            verdict(f"{key}: coverage", ref["coverage"], 1.0),
            verdict(f"{key}: Moneta minus embedding 1-NN (points)", round((ref["moneta"] - ref["emb_1nn"]) * 100, 1),
                    10.0),
        ]
    payload["verdicts"] = verdicts
    write_results("categorise", payload)
    return 0 if all(v["pass"] for v in verdicts) else 1
