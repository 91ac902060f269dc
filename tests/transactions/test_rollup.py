"""The monthly roll-up that multi-month analytics read must always equal the rows it sums."""
import json
from datetime import date

import pytest
from django.db import connection

from transactions.models import Category, Transaction
from transactions.services import transaction_category_set, transactions_import


def _rollup() -> set:
    with connection.cursor() as cur:
        cur.execute("SELECT user_id, category_id, month, total, n FROM transactions_monthly_category_spend "
                    "WHERE user_id IN (SELECT id FROM auth_user WHERE username IN ('alice', 'bob'))")
        return set(cur.fetchall())


def _direct() -> set:
    with connection.cursor() as cur:
        cur.execute("""SELECT user_id, category_id, date_trunc('month', date)::date, sum(amount), count(*)
                       FROM transactions_transaction
                       WHERE user_id IN (SELECT id FROM auth_user WHERE username IN ('alice', 'bob'))
                       GROUP BY 1, 2, 3""")
        return set(cur.fetchall())


@pytest.mark.django_db
def test_rollup_follows_every_kind_of_write(alice, bob):
    csv = "\n".join([
        "Date,Description,Amount",
        "2026-01-05,STARBUCKS STORE #1234 SEATTLE,-5.75",
        "2026-01-19,STARBUCKS STORE #1234 SEATTLE,-6.25",
        "2026-02-02,POS Purchase WOOLWORTHS * 02 Feb,-84.10",
        "2026-02-15,SALARY ACME CORP,3200.00",
        "2026-03-01,NETFLIX.COM 866-579-7172 CA,-17.99",
    ]).encode()
    transactions_import(user=alice, file_name="a.csv", content=csv)
    transactions_import(user=bob, file_name="b.csv", content=csv)
    assert _rollup() == _direct() and len(_rollup()) >= 4

    coffee = Transaction.objects.filter(user=alice, description__startswith="STARBUCKS").first()
    transaction_category_set(user=alice, transaction_id=coffee.id, category="Dining")  # update, re-files
    assert _rollup() == _direct()

    Transaction.objects.filter(user=alice, description__startswith="POS").update(amount=-90, date=date(2026, 3, 3))
    assert _rollup() == _direct()

    Category.objects.filter(user=alice, name="Dining").delete()  # SET_NULL on the rows
    assert _rollup() == _direct()

    Transaction.objects.filter(user=alice).delete()
    assert _rollup() == _direct()
    with connection.cursor() as cur:
        cur.execute("SELECT count(*) FROM transactions_monthly_category_spend WHERE user_id = %s", [alice.id])
        assert cur.fetchone()[0] == 0  # emptied months leave no zero rows behind
    assert Transaction.objects.filter(user=bob).count() == 5


@pytest.mark.django_db(transaction=True)
def test_rollup_is_emptied_with_a_truncate(alice):
    transactions_import(user=alice, file_name="a.csv",
                        content=b"Date,Description,Amount\n2026-01-05,STARBUCKS STORE #1234,-5.75\n")
    assert _rollup()
    with connection.cursor() as cur:
        cur.execute("TRUNCATE transactions_transaction CASCADE")
        cur.execute("SELECT count(*) FROM transactions_monthly_category_spend")
        assert cur.fetchone()[0] == 0


def _account_rollup() -> set:
    with connection.cursor() as cur:
        cur.execute("SELECT user_id, account_id, month, total, n FROM transactions_monthly_account_total "
                    "WHERE user_id IN (SELECT id FROM auth_user WHERE username IN ('alice', 'bob'))")
        return set(cur.fetchall())


def _account_direct() -> set:
    with connection.cursor() as cur:
        cur.execute("""SELECT user_id, account_id, date_trunc('month', date)::date, sum(amount), count(*)
                       FROM transactions_transaction
                       WHERE user_id IN (SELECT id FROM auth_user WHERE username IN ('alice', 'bob'))
                         AND account_id IS NOT NULL GROUP BY 1, 2, 3""")
        return set(cur.fetchall())


@pytest.mark.django_db
def test_account_rollup_and_balances_follow_every_kind_of_write(alice, bob):
    """Balances and net worth read the per-account monthly roll-up (migration 0009): after imports, hand entries,
    edits, moves between accounts, deletes and an account's deletion it equals the rows, and the balances equal a
    direct sum over the rows (opening date respected, rows after the day asked left out)."""
    from transactions import selectors, services

    checking = services.account_create(user=alice, name="Checking", opening_balance="100",
                                       opening_date=date(2026, 1, 3))
    card = services.account_create(user=alice, name="Visa", kind="credit_card")
    csv = b"Date,Description,Amount\n2026-01-02,BEFORE OPENING,-7.00\n2026-01-05,STARBUCKS,-5.75\n" \
          b"2026-02-15,SALARY ACME CORP,3200.00\n2026-03-01,NETFLIX.COM,-17.99\n"
    batch = transactions_import(user=alice, file_name="a.csv", content=csv)
    Transaction.objects.filter(batch=batch).update(account=checking)
    services.transaction_create(user=alice, date="2026-03-09", description="GROCER", amount="-40",
                                account_id=card.id)
    services.account_create(user=bob, name="Bob's", opening_balance="5")
    assert _account_rollup() == _account_direct() and len(_account_direct()) == 4
    salary = Transaction.objects.get(user=alice, description="SALARY ACME CORP")
    services.transactions_bulk(user=alice, ids=[salary.id], action="move", account_id=card.id)
    services.transaction_update(user=alice, transaction_id=salary.id, amount="3000", date="2026-03-20")
    assert _account_rollup() == _account_direct()
    balances = {a["name"]: a for a in selectors.account_balances(user=alice)}
    assert balances["Checking"]["balance"] == round(100 - 5.75 - 17.99, 2)  # the 2 Jan row predates opening
    assert balances["Checking"]["transaction_count"] == 3 and balances["Visa"]["balance"] == 2960.0
    assert selectors.account_balances(user=alice, on=date(2026, 3, 5))[1]["balance"] == 0.0  # Visa before its rows
    worth = selectors.net_worth(user=alice, months=3, today=date(2026, 3, 31))
    assert [r["net"] for r in worth["rows"]] == [round(100 - 5.75, 2), round(100 - 5.75, 2),
                                                 round(100 - 5.75 - 17.99 + 2960, 2)]
    services.transaction_delete(user=alice, transaction_id=salary.id)
    assert _account_rollup() == _account_direct()
    checking.delete()  # its rows keep going (account SET NULL): no roll-up rows left for it
    assert _account_rollup() == _account_direct()
    assert not any(r[1] == checking.id for r in _account_rollup())


@pytest.mark.django_db
def test_cash_flow_trend_from_the_rollup_equals_the_rows(alice):
    """Home's 6-month trend reads full months from the category roll-up and only uncategorised and this month's
    rows: income, spending and net as the rows give them (uncategorised by sign, refunds net, transfers out)."""
    from django.db.models import Sum

    from core.periods import add_months
    from transactions import selectors, services

    today = date(2026, 6, 20)
    for back, day, description, amount, category in (
            (1, 3, "ACME PAYROLL", "2000", "Salary"), (1, 9, "GROCER", "-80", "Groceries"),
            (1, 12, "GROCER REFUND", "15", "Groceries"), (2, 4, "MYSTERY IN", "40", None),
            (2, 5, "MYSTERY OUT", "-25", None), (2, 6, "TO SAVINGS", "-500", "Transfers"),
            (0, 2, "CAFE", "-6", "Dining"), (0, 3, "UNKNOWN", "-9", None), (0, 4, "GIFT", "30", None)):
        month = add_months(today.replace(day=1), -back)
        services.transaction_create(user=alice, date=month.replace(day=day), description=description,
                                    amount=amount, category=category)
    # uncategorised for sure (the categoriser may file a narrative it recognises)
    Transaction.objects.filter(user=alice, description__in=["MYSTERY IN", "MYSTERY OUT", "UNKNOWN", "GIFT"]).update(
        category=None)
    rows = {r["month"]: r for r in selectors.cash_flow_trend(user=alice, months=6, today=today)["rows"]}
    assert (rows["2026-05"]["income"], rows["2026-05"]["spent"]) == (2000.0, 65.0)
    assert (rows["2026-04"]["income"], rows["2026-04"]["spent"], rows["2026-04"]["net"]) == (40.0, 25.0, 15.0)
    assert (rows["2026-06"]["income"], rows["2026-06"]["spent"]) == (30.0, 15.0)
    assert rows["2026-03"]["net"] == 0.0
    total = Transaction.objects.filter(user=alice).exclude(category__kind="transfer").aggregate(s=Sum("amount"))["s"]
    assert round(sum(r["net"] for r in rows.values()), 2) == float(total)
    # a second currency: the rows are read, the EUR row never added in
    services.transaction_create(user=alice, date=date(2026, 5, 20), description="BERLIN", amount="-999",
                                currency="EUR", category="Groceries")
    again = {r["month"]: r for r in selectors.cash_flow_trend(user=alice, months=6, today=today)["rows"]}
    assert again == rows


@pytest.mark.django_db
def test_figures_from_the_rollup_equal_the_rows(alice, bob):
    # spending_summary and spending_by_category read whole months from the roll-up and only edge days (and
    # uncategorised rows, whose kind is their sign) as rows; the row path must give the same figures.
    from transactions import selectors, services
    from transactions.selectors import figures
    from transactions.selectors.analytics import _summary_rows

    rows = [("2026-01-31", "BISTRO", "-40.00", "Dining"), ("2026-02-01", "BISTRO", "-25.50", "Dining"),
            ("2026-02-14", "GROCER", "-80.25", "Groceries"), ("2026-02-28", "ACME PAYROLL", "2000.00", "Salary"),
            ("2026-03-01", "MYSTERY SHOP", "-12.00", None), ("2026-03-02", "REFUND THING", "7.00", None),
            ("2026-03-15", "BISTRO", "-30.00", "Dining"), ("2026-04-03", "BISTRO", "5.00", "Dining"),
            ("2026-04-04", "MOVE TO SAVINGS", "-500.00", "Transfers")]
    for day, text, amount, cat in rows:
        services.transaction_create(user=alice, date=day, description=text, amount=amount, category=cat)
    services.transaction_create(user=bob, date="2026-02-10", description="BISTRO", amount="-999", category="Dining")
    dining = Category.objects.get(user=alice, name="Dining")
    for start, end in [(date(2026, 1, 15), date(2026, 4, 3)), (date(2026, 2, 1), date(2026, 3, 31)),
                       (date(2026, 3, 2), date(2026, 3, 20)), (date(2026, 1, 1), date(2026, 12, 31)),
                       # most of one month: its roll-up less its other days (Dining's 1 Feb and the 28 Feb pay lie
                       # outside, so those categories must not appear; all of January's rows lie outside the 2nd-30th)
                       (date(2026, 2, 3), date(2026, 2, 27)), (date(2026, 1, 2), date(2026, 1, 30)),
                       (date(2026, 4, 1), date(2026, 4, 20)), (date(2026, 1, 20), date(2026, 2, 10))]:
        assert _summary_rows(alice, start, end) == _summary_rows(alice, start, end, "USD")
        assert figures.category_months(user=alice, category_id=dining.id, start=start, end=end) == \
            figures.category_months(user=alice, category_id=dining.id, start=start, end=end, currency="USD")
    february = selectors.spending_summary(user=alice, start=date(2026, 2, 3), end=date(2026, 2, 27))
    assert ([(r["category"], r["spent"], r["count"]) for r in february["rows"]], february["income"]) == (
        [("Groceries", 80.25, 1)], [])
    assert selectors.spending_summary(user=alice, start=date(2026, 1, 2), end=date(2026, 1, 30))["rows"] == []
    summary = selectors.spending_summary(user=alice, start=date(2026, 1, 15), end=date(2026, 4, 3))
    assert (summary["total_spent"], summary["total_income"]) == (182.75, 2007.0)
    assert {r["category"]: r["spent"] for r in summary["rows"]} == {"Dining": 90.5, "Groceries": 80.25,
                                                                     "Uncategorised": 12.0}
    # counts summed from the roll-up are whole numbers, not Decimals: the summary goes into JSON (chat answers)
    assert {r["category"]: r["count"] for r in summary["rows"]} == {"Dining": 4, "Groceries": 1, "Uncategorised": 1}
    assert all(type(r["count"]) is int for r in summary["rows"] + summary["income"])
    json.dumps(summary)
