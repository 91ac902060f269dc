"""python -m bench transactions [--rows N] [--users N] [--import-rows N] [--runs N] [--rebuild] [--skip-import]
[--skip-learning]

1. Analytics + NL search latency on one user with --rows transactions (default 1,000,000) among --users other
   users (default 10,000 × 50 rows), generated set-based in SQL in a separate database `moneta_bench_tx`
   (or DATABASE_URL, where every bench user is namespaced `bench_tx_*`). Baseline measured in the same run:
   load the user's rows into pandas (as a notebook would) and compute the same answers.
2. Import of an --import-rows CSV (default 100,000) of messy narratives, categorisation included, offline.
3. Categorisation learning on a bank Moneta has never seen (generated narratives): learn from the older
   labels, predict the newer rows; beside it, nearest neighbours on raw description embeddings.
"""
from __future__ import annotations

import argparse
import io
import random
import sys
import time
from datetime import date, timedelta

from bench.common import bench_database_setup, bench_user_fresh, latency_summary, verdict, write_results

BENCH_DB = "moneta_bench_tx"
MAIN_USER = "bench_tx_main"
PREFIX = "bench_tx_u"

REAL_MERCHANTS = [  # name, category (the rest are generated)
    ("Starbucks", "Dining"), ("Amazon", "Shopping"), ("Woolworths", "Groceries"), ("Uber", "Transport"),
    ("Whole Foods Mkt", "Groceries"), ("Shell Oil", "Transport"), ("Joes Pizza", "Dining"),
    ("Blue Bottle Coffee", "Dining"), ("Target", "Shopping"), ("City Power", "Utilities"), ("Netflix", "Subscriptions"),
    ("Spotify", "Subscriptions"), ("Cinema City", "Entertainment"), ("CVS Pharmacy", "Health"),
]
CATEGORY_CYCLE = ["Dining", "Groceries", "Shopping", "Transport", "Utilities", "Entertainment", "Health", "Travel",
                  "Fees"]


def _setup(args) -> None:
    bench_database_setup(BENCH_DB)


def _sql(sql: str, params=None):
    from django.db import connection

    with connection.cursor() as cur:
        cur.execute(sql, params or [])
        try:
            return cur.fetchall()
        except Exception:
            return None


# --- data generation ----------------------------------------------------------------------------------------

def _generate(args) -> object:
    from django.contrib.auth import get_user_model
    from django.db import transaction

    from transactions.models import Category, Merchant, Transaction
    from transactions.services import categories_ensure_defaults, jar_create

    User = get_user_model()
    main = User.objects.filter(username=MAIN_USER).first()
    have = Transaction.objects.filter(user=main).count() if main else 0
    others = User.objects.filter(username__startswith=PREFIX).count()
    if main and have == args.rows and others == args.users and not args.rebuild:
        print(f"  reusing {have:,} rows for {MAIN_USER} and {others:,} other users")
        _vacuum()
        return main
    t0 = time.perf_counter()
    if main:
        Transaction.objects.filter(user=main).delete()
        main.delete()
    _sql("DELETE FROM transactions_transaction WHERE user_id IN (SELECT id FROM auth_user WHERE username LIKE %s)",
         [PREFIX + "%"])
    _sql("DELETE FROM transactions_category WHERE user_id IN (SELECT id FROM auth_user WHERE username LIKE %s)",
         [PREFIX + "%"])
    _sql("DELETE FROM auth_user WHERE username LIKE %s", [PREFIX + "%"])
    today = date.today()
    with transaction.atomic():
        main = User.objects.create_user(username=MAIN_USER)
        categories_ensure_defaults(user=main)
        cats = {c.name: c.id for c in Category.objects.filter(user=main)}
        names = list(REAL_MERCHANTS) + [(f"Merchant {i:04d}", CATEGORY_CYCLE[i % len(CATEGORY_CYCLE)])
                                        for i in range(args.merchants - len(REAL_MERCHANTS) - 2)]
        names += [("Landlord", "Rent"), ("Acme Payroll", "Salary")]
        Merchant.objects.bulk_create([Merchant(user=main, name=n, key=n.lower()) for n, _ in names])
        ids = dict(Merchant.objects.filter(user=main).values_list("name", "id"))
        _sql("DROP TABLE IF EXISTS bench_m; CREATE UNLOGGED TABLE bench_m (idx int, id bigint, name text, key text, "
             "category_id bigint, income bool)")
        from django.db import connection

        with connection.cursor() as cur, cur.cursor.copy("COPY bench_m FROM STDIN") as copy:
            for idx, (n, c) in enumerate(names, 1):
                copy.write_row((idx, ids[n], n, n.lower(), cats[c], c == "Salary"))
        _sql("SELECT setseed(0.42)")
        # Popularity is skewed (low idx = popular); income and rent are rare like in real statements.
        _sql(
            """
            INSERT INTO transactions_transaction (user_id, date, description, merchant_id, amount, currency,
                category_id, category_source, category_confidence, category_suggestions, notes, fingerprint,
                description_key, created_at)
            SELECT %(uid)s, %(today)s::date - r.day, upper(m.name) || ' ' || r.ref, m.id,
                   CASE WHEN m.income THEN round((2000 + r.x * 3000)::numeric, 2)
                        ELSE -round((1 + r.x * r.x * 250)::numeric, 2) END,
                   'USD', m.category_id, CASE WHEN r.x < 0.3 THEN 'user' ELSE 'learned' END, 0.9, '[]', '',
                   md5('main-' || r.g), m.key, now()
            FROM (SELECT g, floor(random() * %(days)s)::int AS day, floor(random() * 9999)::int AS ref, random() AS x,
                         1 + floor(power(random(), 2.2) * %(n)s)::int AS idx
                  FROM generate_series(1, %(rows)s) g) r
            JOIN bench_m m ON m.idx = r.idx
            """,
            {"uid": main.id, "today": today, "days": args.days, "n": len(names), "rows": args.rows},
        )
        jar_create(user=main, name="Essentials", monthly_budget="900", categories=["Groceries", "Utilities"])
        jar_create(user=main, name="Fun", monthly_budget="400", categories=["Dining", "Entertainment"], rollover=True,
                   rollover_start=today.replace(day=1) - timedelta(days=100))
    print(f"  {args.rows:,} rows for {MAIN_USER}: {time.perf_counter() - t0:.1f}s")
    t1 = time.perf_counter()
    with transaction.atomic():
        _sql("INSERT INTO auth_user (password, is_superuser, username, first_name, last_name, email, is_staff, "
             "is_active, date_joined) SELECT '!', false, %s || g, '', '', '', false, true, now() "
             "FROM generate_series(1, %s) g", [PREFIX, args.users])
        _sql("INSERT INTO transactions_category (user_id, name, kind, is_default, created_at) "
             "SELECT u.id, c.name, 'expense', true, now() FROM auth_user u CROSS JOIN unnest(%s::text[]) AS c(name) "
             "WHERE u.username LIKE %s", [CATEGORY_CYCLE, PREFIX + "%"])
        _sql(
            """
            INSERT INTO transactions_transaction (user_id, date, description, merchant_id, amount, currency,
                category_id, category_source, category_confidence, category_suggestions, notes, fingerprint,
                description_key, created_at)
            SELECT u.id, %s::date - floor(random() * 730)::int, 'OTHER SHOP ' || g, NULL,
                   -round((1 + random() * 200)::numeric, 2), 'USD', c.id, 'user', 1.0, '[]', '', md5(u.id || '-' || g), '',
                   now()
            FROM auth_user u CROSS JOIN generate_series(1, %s) g
            JOIN transactions_category c ON c.user_id = u.id AND c.name = (%s::text[])[1 + g %% 9]
            WHERE u.username LIKE %s
            """,
            [today, args.per_user, CATEGORY_CYCLE, PREFIX + "%"],
        )
    print(f"  {args.users:,} other users × {args.per_user} rows: {time.perf_counter() - t1:.1f}s")
    _vacuum()
    return main


def _vacuum() -> None:
    """VACUUM ANALYZE, as autovacuum would after a bulk load: sets the visibility map so the covering
    indexes answer period aggregates with index-only scans."""
    t = time.perf_counter()
    for table in ("transactions_transaction", "transactions_category", "transactions_merchant", "auth_user"):
        _sql(f"VACUUM ANALYZE {table}")
    print(f"  vacuum analyze: {time.perf_counter() - t:.1f}s")


# --- analytics vs pandas ---------------------------------------------------------------------------------------

def _load_pandas(user):
    import pandas as pd
    from django.db import connection

    buf = io.BytesIO()
    sql = (f"COPY (SELECT t.date, t.amount, t.category_id, t.merchant_id, c.name AS category, c.kind, m.name AS "
           f"merchant, t.description FROM transactions_transaction t LEFT JOIN transactions_category c "
           f"ON c.id = t.category_id LEFT JOIN transactions_merchant m ON m.id = t.merchant_id "
           f"WHERE t.user_id = {int(user.id)}) TO STDOUT WITH CSV HEADER")
    with connection.cursor() as cur, cur.cursor.copy(sql) as copy:
        for block in copy:
            buf.write(block)
    buf.seek(0)
    df = pd.read_csv(buf, parse_dates=["date"])
    return df


def _pandas_answers(df, today: date) -> dict:
    """The same answers computed the way a notebook would, one function per selector."""
    import pandas as pd

    from core.periods import add_months, period_resolve

    def rng(start, end):
        return df[(df.date >= pd.Timestamp(start)) & (df.date <= pd.Timestamp(end))]

    def expense(frame):
        kind = frame.kind.fillna(frame.amount.lt(0).map({True: "expense", False: "income"}))
        return frame[kind == "expense"]

    def summary(period):
        s, e, _ = period_resolve(period, today=today)
        x = expense(rng(s, e))
        return (-x.groupby(x.category.fillna("Uncategorised")).amount.sum()).sort_values(ascending=False)

    def by_category(name):
        s = add_months(today, -12)
        x = rng(s, today)
        x = x[x.category == name]
        return (-x.amount.sum(), len(x), -x.amount.mean(), x.groupby(x.date.dt.to_period("M")).amount.sum(),
                x.groupby("merchant").amount.sum().nsmallest(10))

    def by_merchant(name, group):
        x = df[df.merchant == name]
        return x.groupby("category").amount.sum() if group else x.groupby(x.date.dt.to_period("M")).amount.sum()

    def compare_categories():
        s, e, _ = period_resolve("last_3_months", today=today)
        x = rng(s, e)
        return -x[x.category.isin(["Dining", "Groceries"])].groupby("category").amount.sum()

    def compare_periods():
        a = summary("last_month")
        b = summary("this_month")
        return pd.concat([a, b], axis=1)

    def jar():
        s = today.replace(day=1)
        x = rng(s, today)
        return -x[x.category.isin(["Dining", "Entertainment"])].amount.sum()

    def suggestions():
        first = add_months(today.replace(day=1), -6)
        x = expense(df[(df.date >= pd.Timestamp(first)) & (df.date < pd.Timestamp(today.replace(day=1)))])
        monthly = -x.groupby(["category", x.date.dt.to_period("M")]).amount.sum()
        return monthly.groupby(level=0).median()

    def search_amazon():
        x = df[(df.merchant == "Amazon") & (df.amount <= -100)]
        return len(x), x.amount.sum()

    def search_coffee():
        s, e, _ = period_resolve("last_month", today=today)
        x = rng(s, e)
        mask = x.description.str.contains("COFFEE|STARBUCKS|CAFE", case=False) | x.merchant.fillna("").str.contains(
            "Coffee|Starbucks|Cafe", case=False)
        return len(x[mask]), x[mask].amount.sum()

    return {
        "spending_summary(last_month)": lambda: summary("last_month"),
        "spending_summary(last_3_months)": lambda: summary("last_3_months"),
        "spending_summary(this_year)": lambda: summary("this_year"),
        "spending_by_category(Dining, 12 months)": lambda: by_category("Dining"),
        "spending_by_merchant(Starbucks)": lambda: by_merchant("Starbucks", False),
        "spending_by_merchant(Amazon, by category)": lambda: by_merchant("Amazon", True),
        "spending_compare(Dining vs Groceries)": compare_categories,
        "spending_compare(last_month vs this_month)": compare_periods,
        "jar_status(this month)": jar,
        "budget_suggestions": suggestions,
        "search: Amazon over $100": search_amazon,
        "search: coffee last month": search_coffee,
    }


def _selector_calls(user, today: date) -> dict:
    from core.periods import add_months
    from transactions import selectors as s

    year_ago = add_months(today, -12)
    return {
        "spending_summary(last_month)": lambda: s.spending_summary(user=user, period="last_month"),
        "spending_summary(last_3_months)": lambda: s.spending_summary(user=user, period="last_3_months"),
        "spending_summary(this_year)": lambda: s.spending_summary(user=user, period="this_year"),
        "spending_by_category(Dining, 12 months)": lambda: s.spending_by_category(user=user, category="Dining",
                                                                                  start=year_ago, end=today),
        "spending_by_merchant(Starbucks)": lambda: s.spending_by_merchant(user=user, merchant="Starbucks"),
        "spending_by_merchant(Amazon, by category)": lambda: s.spending_by_merchant(user=user, merchant="Amazon",
                                                                                    group_by_category=True),
        "spending_compare(Dining vs Groceries)": lambda: s.spending_compare(user=user,
                                                                            categories=["Dining", "Groceries"]),
        "spending_compare(last_month vs this_month)": lambda: s.spending_compare(
            user=user, periods=["last_month", "this_month"]),
        "jar_status(this month)": lambda: s.jar_status(user=user),
        "budget_suggestions": lambda: s.budget_suggestions(user=user),
        "subscription_list": lambda: s.subscription_list(user=user),
    }


SEARCHES = ["Amazon over $100", "coffee last month", "ăn trưa dưới 20 đô tháng trước", "starbucks",
            "groceries between 50 and 100 last 3 months", "uber Q1", "dining under 20 in March",
            "netflix this year", "gift card"]


def _time(fn, runs: int) -> list[float]:
    fn()
    fn()
    out = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t) * 1000)
    return out


def _analytics(args, user) -> dict:
    from transactions import selectors as s
    from transactions.search import transactions_search

    today = date.today()
    print("\n[analytics] p95 over", args.runs, "runs (ms); pandas baseline = load user's rows + aggregate")
    t = time.perf_counter()
    df = _load_pandas(user)
    load_ms = (time.perf_counter() - t) * 1000
    print(f"  pandas load of {len(df):,} rows: {load_ms:.0f} ms")
    pandas = _pandas_answers(df, today)
    results, checks = {}, []
    print(f"  {'selector':45} {'p50':>8} {'p95':>8} {'pandas agg':>11} {'load+agg':>9} {'speedup':>8}")
    for name, fn in {**_selector_calls(user, today),
                     **{f"search: {q}": (lambda q=q: transactions_search(user=user, query=q)) for q in SEARCHES}
                     }.items():
        lat = latency_summary(_time(fn, args.runs))
        row = {"latency": lat}
        if name in pandas:
            agg = latency_summary(_time(pandas[name], max(3, args.runs // 4)))
            baseline = load_ms + agg["p50_ms"]
            row.update({"pandas_agg_p50_ms": agg["p50_ms"], "pandas_load_plus_agg_ms": round(baseline, 1),
                        "speedup_vs_notebook": round(baseline / max(lat["p95_ms"], 0.01), 1)})
            print(f"  {name:45} {lat['p50_ms']:8.1f} {lat['p95_ms']:8.1f} {agg['p50_ms']:11.1f} {baseline:9.0f} "
                  f"{row['speedup_vs_notebook']:7.1f}x")
        else:
            print(f"  {name:45} {lat['p50_ms']:8.1f} {lat['p95_ms']:8.1f}")
        results[name] = row
    # Correctness: the SQL figures equal the notebook's.
    import math

    sql_sum = s.spending_summary(user=user, period="last_month")
    pd_sum = pandas["spending_summary(last_month)"]()
    same = math.isclose(sql_sum["total_spent"], round(float(pd_sum.sum()), 2), abs_tol=0.05)
    print(f"  check: last-month total SQL {sql_sum['total_spent']:,.2f} vs pandas {float(pd_sum.sum()):,.2f} "
          f"→ {'same' if same else 'DIFFERENT'}")
    checks.append({"name": "summary total equals pandas", "pass": same})
    verdicts = []
    analytics = {k: v for k, v in results.items() if not k.startswith("search:")}
    worst = max(v["latency"]["p95_ms"] for v in analytics.values())
    verdicts.append(verdict("analytics worst p95 (ms)", worst, 50, higher_is_better=False))
    speedups = [v["speedup_vs_notebook"] for v in results.values() if "speedup_vs_notebook" in v]
    verdicts.append(verdict("min speedup vs pandas notebook (load+agg)", min(speedups), 10))
    worst_search = max(v["latency"]["p95_ms"] for k, v in results.items() if k.startswith("search:"))
    verdicts.append(verdict("search worst p95 (ms)", worst_search, 150, higher_is_better=False))
    return {"pandas_load_ms": round(load_ms, 1), "rows": len(df), "results": results, "checks": checks,
            "verdicts": verdicts}


# --- messy narratives of a bank Moneta has never seen -----------------------------------------------------------

VOCAB = {
    "Dining": ["GREEN LEAF CAFE", "MARIOS TRATTORIA", "SUSHI TRAIN", "BURGER SHACK", "PHO SAIGON", "TACO FIESTA",
               "THE CORNER BISTRO", "BLUE DOOR COFFEE", "NOODLE HOUSE", "PIZZA PALACE", "CURRY LEAF", "BAGEL BARN",
               "DIM SUM KING", "STEAKHOUSE 88", "KEBAB CORNER", "ESPRESSO LAB", "RAMEN YA", "FALAFEL FACTORY"],
    "Groceries": ["FRESHMART", "SAVE MORE SUPERMARKET", "GREENGROCER & CO", "VALUE FOODS", "CITY MARKET",
                  "ORGANIC PANTRY", "FAMILY FOODSTORE", "DAILY FRESH SUPERMARKET", "BUTCHER BROS", "BAKERS DELIGHT",
                  "FARMERS MARKET HALL", "ALDI STORES", "PRICE CHOPPER"],
    "Transport": ["METRO TRANSIT", "CITY CABS", "FUELSTOP PETROL", "PARKRIGHT PARKING", "RAILWAY TICKETS",
                  "QUICK RIDE TAXI", "BP SERVICE STATION", "TOLLWAY ETAG", "BIKE SHARE", "AIRPORT SHUTTLE"],
    "Shopping": ["MEGA ELECTRONICS", "STYLE HOUSE APPAREL", "BOOKWORM BOOKS", "HOME & HEARTH", "SHOE PALACE",
                 "TOYTOWN", "GADGET WORLD", "OUTDOOR GEAR CO", "DEPARTMENT STORE 1", "PET SUPPLIES PLUS"],
    "Utilities": ["CITY WATER BOARD", "BRIGHT ENERGY", "TELCO MOBILE", "FIBRE NET BROADBAND", "GAS NETWORKS",
                  "COUNCIL RATES"],
    "Entertainment": ["STARLIGHT CINEMAS", "BOWL-O-RAMA", "LIVE NATION TICKETS", "ARCADE ZONE", "MUSEUM SHOP",
                      "CONCERT HALL BOX OFFICE"],
    "Health": ["CITY PHARMACY", "DR PATEL MEDICAL", "SMILE DENTAL", "PHYSIO PLUS", "OPTICAL EXPRESS",
               "CHEMIST WAREHOUSE"],
    "Subscriptions": ["STREAMFLIX", "MUSICBOX PREMIUM", "CLOUD STORAGE PLUS", "NEWS DAILY DIGITAL", "FIT APP PRO"],
}
CITIES = ["SPRINGFIELD IL", "RIVERTON WY", "LAKEWOOD CO", "FAIRVIEW TX", "MAPLETON UT", "OAKDALE CA", "GREENVILLE SC"]


def _narrative(rng: random.Random, name: str, when: date) -> str:
    style = rng.randrange(6)
    card = rng.randint(1000, 9999)
    city = rng.choice(CITIES)
    if style == 0:
        return f"PURCHASE AUTHORIZED ON {when:%m/%d} {name} {city} S{rng.randint(10**14, 10**15)} CARD {card}"
    if style == 1:
        return f"POS DEBIT {when:%d%b}".upper() + f" {name} #{rng.randint(10, 9999)} {city}"
    if style == 2:
        return f"{name}*{rng.randint(10**5, 10**6)} {city.split()[0]}"
    if style == 3:
        return f"VISA DEBIT PURCHASE CARD {card} {name} {when:%d/%m/%y}"
    if style == 4:
        return f"RECURRING PAYMENT AUTHORIZED ON {when:%m/%d} {name} REF {rng.randint(10**6, 10**7)}"
    return f"EFTPOS {name} {city} {when:%d%m} {rng.randint(100, 999)}"


def _learning_dataset(seed: int, days: int = 360, unseen_share: float = 0.25):
    """Rows (date, narrative, category, merchant, seen_in_training). The newest third is the test set; a quarter
    of the merchants only appear there (new shops the user has never labelled)."""
    rng = random.Random(seed)
    merchants = [(n, c) for c, names in VOCAB.items() for n in names]
    rng.shuffle(merchants)
    n_unseen = int(len(merchants) * unseen_share)
    unseen = {m for m, _ in merchants[:n_unseen]}
    start = date.today() - timedelta(days=days)
    split = start + timedelta(days=int(days * 2 / 3))
    rows = []
    for day in range(days):
        when = start + timedelta(days=day)
        for _ in range(rng.randint(3, 8)):
            name, category = rng.choice(merchants)
            if name in unseen and when < split:
                continue
            rows.append((when, _narrative(rng, name, when), category, name))
    train = [r for r in rows if r[0] < split]
    test = [r for r in rows if r[0] >= split]
    return train, test, unseen


def _csv(rows, with_category: bool) -> bytes:
    import csv

    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(["Date", "Description", "Amount"] + (["Category"] if with_category else []))
    for when, desc, category, _name in rows:
        w.writerow([when.isoformat(), desc, "-12.34"] + ([category] if with_category else []))
    return out.getvalue().encode()



def _learning(args) -> dict:
    import numpy as np

    from core.embeddings import embed_texts
    from transactions.models import Transaction
    from transactions.services import transactions_import

    print("\n[learning] a bank Moneta has never seen: learn from older labels, predict newer rows")
    train, test, unseen = _learning_dataset(seed=7)
    user = bench_user_fresh("bench_tx_learner")
    transactions_import(user=user, file_name="history.csv", content=_csv(train, True))
    t = time.perf_counter()
    transactions_import(user=user, file_name="recent.csv", content=_csv(test, False))
    predict_s = time.perf_counter() - t
    got = {d: c for d, c in Transaction.objects.filter(user=user, batch__file_name="recent.csv")
           .values_list("description", "category__name")}
    sources = dict.fromkeys(["rule", "learned", "llm", "none"], 0)
    for src in Transaction.objects.filter(user=user, batch__file_name="recent.csv").values_list("category_source",
                                                                                                  flat=True):
        sources[src] = sources.get(src, 0) + 1
    ours = [got.get(d) == c for _, d, c, _ in test]
    ours_unseen = [got.get(d) == c for _, d, c, n in test if n in unseen]
    # Baseline: nearest neighbours (k=5, similarity-weighted) on embeddings of the raw descriptions.
    t = time.perf_counter()
    train_vecs = embed_texts([d for _, d, _, _ in train])
    test_vecs = embed_texts([d for _, d, _, _ in test])
    baseline_s = time.perf_counter() - t
    labels = np.array([c for _, _, c, _ in train])
    sims = test_vecs @ train_vecs.T
    base = []
    for i, row in enumerate(sims):
        top = np.argpartition(-row, 5)[:5]
        votes: dict[str, float] = {}
        for j in top:
            votes[labels[j]] = votes.get(labels[j], 0.0) + float(row[j])
        base.append(max(votes, key=votes.get) == test[i][2])
    base_unseen = [ok for ok, r in zip(base, test) if r[3] in unseen]
    acc, acc_base = sum(ours) / len(ours), sum(base) / len(base)
    print(f"  train {len(train):,} labelled rows, test {len(test):,} rows ({len(ours_unseen):,} from "
          f"{len(unseen)} never-labelled merchants)")
    print(f"  Moneta chain:           accuracy {acc:.1%} (new merchants {sum(ours_unseen) / len(ours_unseen):.1%}); "
          f"sources {sources}; {predict_s:.1f}s")
    print(f"  baseline kNN raw text:  accuracy {acc_base:.1%} (new merchants "
          f"{sum(base_unseen) / len(base_unseen):.1%}); embedding took {baseline_s:.1f}s")
    return {"train": len(train), "test": len(test), "accuracy": round(acc, 4),
            "accuracy_new_merchants": round(sum(ours_unseen) / len(ours_unseen), 4),
            "baseline_accuracy": round(acc_base, 4),
            "baseline_accuracy_new_merchants": round(sum(base_unseen) / len(base_unseen), 4),
            "sources": sources, "verdict": verdict("learning accuracy minus kNN baseline (points)",
                                                   round((acc - acc_base) * 100, 1), 0.0)}


def _import_bench(args) -> dict:
    from core.embeddings import embed_texts
    from transactions.services import transactions_import

    print(f"\n[import] {args.import_rows:,}-row CSV, categorisation included, offline")
    rng = random.Random(11)
    user = bench_user_fresh("bench_tx_importer")
    merchants = [(n, c) for c, names in VOCAB.items() for n in names]
    history = [(date.today() - timedelta(days=400 + i % 30), _narrative(rng, n, date.today()), c, n)
               for i, (n, c) in enumerate(merchants * 20) if rng.random() < 0.8]
    transactions_import(user=user, file_name="history.csv", content=_csv(history, True))
    start = date.today() - timedelta(days=365)
    rows = []
    for i in range(args.import_rows):
        when = start + timedelta(days=i * 365 // args.import_rows)
        n, c = merchants[int(rng.random() ** 1.5 * len(merchants))]
        rows.append((when, _narrative(rng, n, when), c, n))
    content = _csv(rows, False)
    embed_texts(["warm up the model once, as a running server would have"])
    t = time.perf_counter()
    batch = transactions_import(user=user, file_name="big.csv", content=content)
    seconds = time.perf_counter() - t
    rate = batch.rows_created / seconds
    print(f"  {batch.rows_created:,} rows in {seconds:.2f}s = {rate:,.0f} rows/s; {batch.details['by_source']}")
    t = time.perf_counter()
    again = transactions_import(user=user, file_name="big.csv", content=content)
    print(f"  re-import of the same file: {again.rows_created} new, {again.rows_duplicate:,} duplicates, "
          f"{time.perf_counter() - t:.2f}s")
    return {"rows": batch.rows_created, "seconds": round(seconds, 2), "rows_per_s": round(rate),
            "by_source": batch.details["by_source"],
            "verdict": verdict("import rows/s", rate, 5000)}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench transactions")
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--users", type=int, default=10_000)
    parser.add_argument("--per-user", type=int, default=50)
    parser.add_argument("--merchants", type=int, default=2000)
    parser.add_argument("--days", type=int, default=5 * 365)
    parser.add_argument("--import-rows", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--rebuild", action="store_true")
    parser.add_argument("--skip-analytics", action="store_true")
    parser.add_argument("--skip-import", action="store_true")
    parser.add_argument("--skip-learning", action="store_true")
    args = parser.parse_args(argv)
    _setup(args)
    from django.conf import settings

    print(f"transactions benchmark: {args.rows:,} rows for one user, {args.users:,} other users "
          f"(database {settings.DATABASES['default']['NAME']})")
    payload: dict = {"args": vars(args)}
    verdicts = []
    if not args.skip_analytics:
        user = _generate(args)
        payload["analytics"] = _analytics(args, user)
        verdicts += payload["analytics"]["verdicts"]
    if not args.skip_import:
        payload["import"] = _import_bench(args)
        verdicts.append(payload["import"]["verdict"])
    if not args.skip_learning:
        payload["learning"] = _learning(args)
        verdicts.append(payload["learning"]["verdict"])
    payload["verdicts"] = verdicts
    write_results("transactions", payload)
    return 0 if all(v["pass"] for v in verdicts) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
