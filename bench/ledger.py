"""python -m bench ledger [--rows N] [--pairs N] [--runs N] [--rebuild]

The ledger at scale (issue 24): one user with --rows transactions (default 1,000,000) over 5 years in three
accounts (checking, a Visa card, savings), generated set-based in SQL in the bench's own database
`moneta_bench_ledger` (or DATABASE_URL, where the bench user is `bench_ledger_main`). Measured twice in the same
run, on the same rows:

  A. baseline: no transfers in the ledger;
  B. after adding --pairs transfer pairs (card payments from checking, moves to savings; default 10,000 pairs =
     20,000 rows, uncategorised as an import leaves them) and running transfer detection on them.

For the home page, accounts and analytics selectors (and the whole home page through Django's test client), p50
and p95 of A and B; then checks that B's income, spending, budget and net-worth figures equal A's (transfers
move money between the user's own accounts: they change balances, never income, spending or net worth).
"""
from __future__ import annotations

import argparse
import sys
import time
from datetime import date, timedelta

from bench.common import bench_database_setup, latency_summary, verdict, write_results

BENCH_DB = "moneta_bench_ledger"
USER = "bench_ledger_main"
EXPENSE_CATEGORIES = ["Dining", "Groceries", "Shopping", "Transport", "Utilities", "Entertainment", "Health",
                      "Travel", "Fees"]
TRANSFER_FP = "bench-xfer-%"  # fingerprints of the transfer rows phase B adds (removed again at the start)


def _sql(sql: str, params=None):
    from django.db import connection

    with connection.cursor() as cur:
        cur.execute(sql, params or [])
        return cur.fetchall() if cur.description else None


def _vacuum() -> None:
    for table in ("transactions_transaction", "transactions_category", "transactions_merchant",
                  "transactions_monthly_category_spend"):
        _sql(f"VACUUM ANALYZE {table}")


def _generate(args):
    """The bench user with its accounts, jars, a category budget, a statement balance, and --rows rows (reused
    when an earlier run built the same number)."""
    from django.contrib.auth import get_user_model
    from django.db import transaction

    from transactions import services
    from transactions.models import Account, Category, Merchant, Transaction

    User = get_user_model()
    today = date.today()
    user = User.objects.filter(username=USER).first()
    if user:
        _sql("DELETE FROM transactions_transaction WHERE user_id = %s AND fingerprint LIKE %s", [user.id, TRANSFER_FP])
        have = Transaction.objects.filter(user=user).count()
        if have == args.rows and not args.rebuild:
            print(f"  reusing {have:,} rows for {USER}")
            _vacuum()
            return user
        t = time.perf_counter()
        _sql("DELETE FROM transactions_transaction WHERE user_id = %s", [user.id])
        user.delete()
        print(f"  removed the previous bench user: {time.perf_counter() - t:.1f}s")
    t0 = time.perf_counter()
    start = today - timedelta(days=args.days)
    with transaction.atomic():
        user = User.objects.create_user(username=USER)
        services.categories_ensure_defaults(user=user)
        cats = dict(Category.objects.filter(user=user).values_list("name", "id"))
        checking = services.account_create(user=user, name="Checking", kind=Account.Kind.CHECKING,
                                           currency="USD", opening_balance="5000", opening_date=start)
        card = services.account_create(user=user, name="Visa", kind=Account.Kind.CREDIT_CARD, currency="USD",
                                       opening_balance="0", opening_date=start)
        services.account_create(user=user, name="Savings", kind=Account.Kind.SAVINGS, currency="USD",
                                opening_balance="10000", opening_date=start)
        names = [(f"Shop {i:04d}", EXPENSE_CATEGORIES[i % len(EXPENSE_CATEGORIES)]) for i in range(args.merchants)]
        names += [("Acme Payroll", "Salary"), ("Oak Street Apts", "Rent"), ("Netflix", "Subscriptions")]
        Merchant.objects.bulk_create([Merchant(user=user, name=n, key=n.lower()) for n, _ in names])
        ids = dict(Merchant.objects.filter(user=user).values_list("name", "id"))
        _sql("DROP TABLE IF EXISTS bench_ledger_m; CREATE UNLOGGED TABLE bench_ledger_m "
             "(idx int, id bigint, key text, category_id bigint)")
        _sql("INSERT INTO bench_ledger_m SELECT i, m.id, m.key, c.id FROM unnest(%s::text[], %s::text[]) "
             "WITH ORDINALITY AS x(name, cat, i) JOIN transactions_merchant m ON m.user_id = %s AND m.name = x.name "
             "JOIN transactions_category c ON c.user_id = %s AND c.name = x.cat",
             [[n for n, _ in names[:args.merchants]], [c for _, c in names[:args.merchants]], user.id, user.id])
        _sql("SELECT setseed(0.24)")
        # Everyday spending (skewed popularity) on the card (40%) and from checking (60%); then pay every two
        # weeks into checking, rent on the 1st and Netflix on the 20th from checking.
        _sql(
            """
            INSERT INTO transactions_transaction (user_id, date, description, merchant_id, amount, currency,
                category_id, category_source, category_confidence, category_suggestions, notes, fingerprint,
                description_key, created_at, account_id)
            SELECT %(uid)s, %(start)s::date + r.day, upper(m.key) || ' ' || r.ref, m.id,
                   -round((1 + r.x * r.x * 250)::numeric, 2), 'USD', m.category_id,
                   CASE WHEN r.x < 0.3 THEN 'user' ELSE 'learned' END, 0.9, '[]', '', md5('ledger-' || r.g), m.key,
                   now(), CASE WHEN r.y < 0.4 THEN %(card)s ELSE %(checking)s END
            FROM (SELECT g, floor(random() * %(days)s)::int AS day, floor(random() * 9999)::int AS ref,
                         random() AS x, random() AS y, 1 + floor(power(random(), 2.2) * %(n)s)::int AS idx
                  FROM generate_series(1, %(rows)s) g) r
            JOIN bench_ledger_m m ON m.idx = r.idx
            """,
            {"uid": user.id, "start": start, "days": args.days, "n": args.merchants, "card": card.id,
             "checking": checking.id, "rows": args.rows - _fixed_rows(args, start, today)})
        fixed = [(d, "ACME CORP PAYROLL", "Acme Payroll", "3200.00", "Salary")
                 for d in _every(start, today, days=14)]
        fixed += [(d, "OAK STREET APTS RENT", "Oak Street Apts", "-1500.00", "Rent") for d in _monthly(start, today, 1)]
        fixed += [(d, "NETFLIX.COM", "Netflix", "-15.49", "Subscriptions") for d in _monthly(start, today, 20)]
        Transaction.objects.bulk_create([
            Transaction(user=user, date=d, description=desc, merchant_id=ids[m], amount=amount, currency="USD",
                        category_id=cats[cat], category_source="user", category_confidence=1.0,
                        category_suggestions=[], fingerprint=f"ledger-fixed-{i}", description_key=m.lower(),
                        account=checking)
            for i, (d, desc, m, amount, cat) in enumerate(fixed)], batch_size=5000)
        _sql("DROP TABLE bench_ledger_m")
        services.jar_create(user=user, name="Essentials", monthly_budget="900", categories=["Groceries", "Utilities"])
        services.jar_create(user=user, name="Fun", monthly_budget="400", categories=["Dining", "Entertainment"],
                            rollover=True, rollover_start=today.replace(day=1) - timedelta(days=100))
        services.budget_suggestion_accept(user=user, category="Shopping", amount="600")
    print(f"  {Transaction.objects.filter(user=user).count():,} rows for {USER}: {time.perf_counter() - t0:.1f}s")
    _vacuum()
    t = time.perf_counter()
    services.subscriptions_detect(user=user)
    print(f"  subscriptions detected: {time.perf_counter() - t:.1f}s")
    return user


def _every(start: date, end: date, *, days: int) -> list[date]:
    return [start + timedelta(days=i) for i in range(0, (end - start).days + 1, days)]


def _monthly(start: date, end: date, day: int) -> list[date]:
    from core.periods import add_months

    out, m = [], start.replace(day=1)
    while m <= end:
        if start <= m.replace(day=day) <= end:
            out.append(m.replace(day=day))
        m = add_months(m, 1)
    return out


def _fixed_rows(args, start: date, end: date) -> int:
    return len(_every(start, end, days=14)) + len(_monthly(start, end, 1)) + len(_monthly(start, end, 20))


def _add_transfers(args, user) -> dict:
    """--pairs transfer pairs spread over the whole history, as an import leaves them (uncategorised, no pair),
    then transfer detection. Each pair has its own amount (500.37 + its number), so no everyday charge (≤ 251),
    pay, rent or other pair can be mistaken for a side: every pair must be found."""
    from transactions.models import Account
    from transactions.services import transfers_detect

    accounts = dict(Account.objects.filter(user=user).values_list("name", "id"))
    t = time.perf_counter()
    _sql(
        """
        WITH p AS (
            SELECT g, %(start)s::date + floor(random() * %(days)s)::int AS day, 1 + floor(random() * 3)::int AS lag,
                   (500 + g)::numeric + 0.37 AS amount, random() < 0.5 AS card
            FROM generate_series(1, %(pairs)s) g
        )
        INSERT INTO transactions_transaction (user_id, date, description, merchant_id, amount, currency, category_id,
            category_source, category_confidence, category_suggestions, notes, fingerprint, description_key,
            created_at, account_id)
        SELECT %(uid)s, s.date, s.description, NULL, s.amount, 'USD', NULL, 'none', 0, '[]', '',
               'bench-xfer-' || s.g || '-' || s.side, '', now(), s.account_id
        FROM (
            SELECT g, 'out' AS side, day AS date, -amount AS amount, %(checking)s AS account_id,
                   CASE WHEN card THEN 'ONLINE BANKING BILL PAY VISA ' || g ELSE 'ONLINE XFER REF ' || g END
                   AS description FROM p
            UNION ALL
            SELECT g, 'in', day + lag, amount, CASE WHEN card THEN %(card)s ELSE %(savings)s END,
                   CASE WHEN card THEN 'VISA CR ' || g ELSE 'DEPOSIT REF ' || g END FROM p
        ) s
        """,
        {"uid": user.id, "start": date.today() - timedelta(days=args.days), "days": args.days - 4,
         "pairs": args.pairs, "checking": accounts["Checking"], "card": accounts["Visa"],
         "savings": accounts["Savings"]})
    insert_s = time.perf_counter() - t
    _vacuum()
    t = time.perf_counter()
    found = transfers_detect(user=user)
    detect_s = time.perf_counter() - t
    print(f"  {args.pairs:,} transfer pairs added in {insert_s:.1f}s; detection {detect_s:.1f}s → {found}")
    _vacuum()
    return {"pairs": args.pairs, "insert_s": round(insert_s, 1), "detect_s": round(detect_s, 1), "found": found}


def _calls(user, today: date) -> dict:
    from django.test import Client

    from core.periods import add_months
    from transactions import selectors as s
    from transactions.models import Account

    account_ids = list(Account.objects.filter(user=user).values_list("id", flat=True))
    client = Client()
    client.force_login(user)

    def home_page():
        response = client.get("/")
        assert response.status_code == 200, response.status_code

    return {
        "home: month_glance": lambda: s.month_glance(user=user, today=today),
        "home: safe_to_spend": lambda: s.safe_to_spend(user=user, today=today),
        "home: cash_flow_trend(6)": lambda: s.cash_flow_trend(user=user, months=6, today=today),
        "home: jar_status": lambda: s.jar_status(user=user),
        "home: income_expected": lambda: s.income_expected(user=user, today=today),
        "home: spending_summary(this_month)": lambda: s.spending_summary(user=user, period="this_month"),
        "accounts: account_balances": lambda: s.account_balances(user=user),
        "accounts: net_worth(12)": lambda: s.net_worth(user=user, months=12, today=today),
        "accounts: reconciliation (3 accounts)": lambda: [s.account_reconciliation(user=user, account_id=a,
                                                                                   max_rows=50) for a in account_ids],
        "analytics: spending_summary(last_month)": lambda: s.spending_summary(user=user, period="last_month"),
        "analytics: spending_summary(this_year)": lambda: s.spending_summary(user=user, period="this_year"),
        "analytics: spending_by_category(Dining, 12 months)": lambda: s.spending_by_category(
            user=user, category="Dining", start=add_months(today, -12), end=today),
        "analytics: spending_compare(months)": lambda: s.spending_compare(user=user,
                                                                          periods=["last_month", "this_month"]),
        "analytics: budget_overview": lambda: s.budget_overview(user=user, today=today),
        "page: GET / (whole home page)": home_page,
    }


def _figures(user, today: date) -> dict:
    """The figures transfers must not change."""
    from transactions import selectors as s

    trend = s.cash_flow_trend(user=user, months=12, today=today)
    return {
        "income and spending by month (12)": [(r["label"], r["income"], r["spent"]) for r in trend["rows"]],
        "spending last month": s.spending_summary(user=user, period="last_month")["total_spent"],
        "spending this year": s.spending_summary(user=user, period="this_year")["total_spent"],
        # its income, spending and net; its row count counts the transfer rows too, as the transactions list does
        "this month at a glance": {k: v for k, v in s.month_glance(user=user, today=today)["this_month"].items()
                                   if k != "count"},
        "budget overview income": s.budget_overview(user=user, today=today)["income"],
        "safe to spend": s.safe_to_spend(user=user, today=today)["safe"],
        "jar spending": [(r["name"], r["spent"]) for r in s.jar_status(user=user)["rows"]],
        # today's, not each month end's: a pair whose sides straddle a month end is money in transit that month
        "net worth today": s.net_worth(user=user, months=1, today=today)["net_worth"],
    }


def _measure(calls: dict, runs: int) -> dict:
    out = {}
    for name, fn in calls.items():
        fn()
        fn()
        ms = []
        for _ in range(runs):
            t = time.perf_counter()
            fn()
            ms.append((time.perf_counter() - t) * 1000)
        out[name] = latency_summary(ms)
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench ledger")
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--pairs", type=int, default=10_000)
    parser.add_argument("--merchants", type=int, default=1000)
    parser.add_argument("--days", type=int, default=5 * 365)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--rebuild", action="store_true")
    args = parser.parse_args(argv)
    bench_database_setup(BENCH_DB)
    from django.conf import settings

    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]  # the home page through the test client
    print(f"ledger benchmark: {args.rows:,} rows, {args.pairs:,} transfer pairs "
          f"(database {settings.DATABASES['default']['NAME']})")
    user = _generate(args)
    today = date.today()
    calls = _calls(user, today)
    print(f"\n[A] no transfers: p50/p95 over {args.runs} runs")
    before_figures = _figures(user, today)
    before = _measure(calls, args.runs)
    print("\n[B] with transfers")
    transfers = _add_transfers(args, user)
    after = _measure(calls, args.runs)
    after_figures = _figures(user, today)
    print(f"\n  {'call':42} {'A p50':>7} {'A p95':>7} {'B p50':>7} {'B p95':>7} {'B/A p95':>8}")
    for name in calls:
        a, b = before[name], after[name]
        print(f"  {name:42} {a['p50_ms']:7.1f} {a['p95_ms']:7.1f} {b['p50_ms']:7.1f} {b['p95_ms']:7.1f} "
              f"{b['p95_ms'] / max(a['p95_ms'], 0.01):7.2f}x")
    checks = []
    for key, value in before_figures.items():
        same = value == after_figures[key]
        checks.append({"name": key, "pass": same})
        print(f"  check: {key} unchanged by the transfers → {'same' if same else 'DIFFERENT'}")
        if not same:
            print(f"    before {value}\n    after  {after_figures[key]}")
    selector_p95 = max(v["p95_ms"] for k, v in after.items() if not k.startswith("page:"))
    verdicts = [
        verdict("selectors worst p95 with transfers (ms)", selector_p95, 50, higher_is_better=False),
        verdict("home page p95 with transfers (ms)", after["page: GET / (whole home page)"]["p95_ms"], 500,
                higher_is_better=False),
        verdict("figures unchanged by transfers (checks passed)", sum(c["pass"] for c in checks), len(checks)),
        verdict("transfer pairs found", transfers["found"]["paired"], args.pairs),
    ]
    write_results("ledger", {"args": vars(args), "baseline_no_transfers": before, "with_transfers": after,
                             "transfers": transfers, "checks": checks, "verdicts": verdicts})
    return 0 if all(v["pass"] for v in verdicts) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
