"""The monthly roll-up that multi-month analytics read must always equal the rows it sums."""
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
