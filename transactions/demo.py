"""Demo money for alice and bob: 14 months ending today, as messy bank narratives, imported for real.

Deterministic for a given day (seeded RNG, dates relative to today so "last month" always has data).
The statement goes through `transactions_import` like any user's file, so normalisation, fingerprints and
categorisation are exercised. Idempotent: a previous demo import with different content (an earlier day)
is replaced, an identical one is skipped; nothing the user added by hand is touched.
"""
from __future__ import annotations

import csv
import hashlib
import io
import random
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from core.periods import add_months

from .models import CategorisationRule, Category, CategorySource, ImportBatch, Jar, Transaction
from .services import (
    account_resolve,
    categories_ensure_defaults,
    jar_create,
    rule_create,
    subscriptions_detect,
    transaction_category_set,
    transactions_import,
    transactions_recategorise,
)

MONTHS = 14


@dataclass
class Row:
    when: date
    description: str
    amount: Decimal
    category: str


def _money(rng: random.Random, lo: float, hi: float) -> Decimal:
    return Decimal(str(round(rng.uniform(lo, hi), 2)))


def _ref(rng: random.Random, n: int = 6) -> str:
    return "".join(rng.choice("0123456789") for _ in range(n))


def _generate(profile: dict, today: date, seed: int) -> list[Row]:
    rng = random.Random(seed)
    start = add_months(today.replace(day=1), -(MONTHS - 1))
    rows: list[Row] = []
    day = start
    while day <= today:
        dom, dow = day.day, day.weekday()
        months_ago = (today.year - day.year) * 12 + today.month - day.month
        stamp = day.strftime("%d%b").upper()
        if dom == profile["payday"]:
            rows.append(Row(day, f"PAYROLL {profile['employer']} SALARY REF {_ref(rng, 8)}",
                            Decimal(profile["salary"]), "Salary"))
        if dom == 1:
            rows.append(Row(day, f"DIRECT DEBIT {profile['landlord']} RENT REF {_ref(rng, 5)}",
                            -Decimal(profile["rent"]), "Rent"))
        for sub in profile["subscriptions"]:
            name, sub_day, price, new_price, change_months_ago, every = sub
            if dom == sub_day and (months_ago % every == 0):
                amount = new_price if (change_months_ago is not None and months_ago < change_months_ago) else price
                rows.append(Row(day, name.format(ref=_ref(rng, 10)), -Decimal(amount), "Subscriptions"))
        for name, bill_day, lo, hi, category in profile["bills"]:
            if dom == bill_day:
                rows.append(Row(day, name.format(ref=_ref(rng, 5)), -_money(rng, lo, hi), category))
        for name, per_week, lo, hi, category in profile["habits"]:
            if rng.random() < per_week / 7:
                rows.append(Row(day, name.format(ref=_ref(rng, 4), date=stamp, store=rng.randint(100, 9999)),
                                -_money(rng, lo, hi), category))
        if dow == 5 and rng.random() < 0.35:
            name, lo, hi, category = rng.choice(profile["irregular"])
            rows.append(Row(day, name.format(ref=_ref(rng, 6)), -_money(rng, lo, hi), category))
        if rng.random() < 0.012:
            rows.append(Row(day, f"{profile['refund']} REFUND {_ref(rng, 6)}", _money(rng, 10, 60), "Shopping"))
        day += timedelta(days=1)
    return rows


ALICE = {
    "payday": 25, "employer": "ACME CORP", "salary": "5200.00", "landlord": "OAK STREET APTS", "rent": "1850.00",
    "refund": "AMAZON.COM",
    "subscriptions": [
        ("NETFLIX.COM LOS GATOS CA", 12, "15.49", "17.99", 4, 1),
        ("PAYPAL *SPOTIFY {ref}", 3, "10.99", None, None, 1),
        ("APPLE.COM/BILL 866-712-7753 CA", 18, "2.99", None, None, 1),
        ("PURE GYM MEMBERSHIP DD {ref}", 5, "29.99", None, None, 1),
    ],
    "bills": [
        ("DIRECT DEBIT CITY POWER REF {ref}", 8, 70, 140, "Utilities"),
        ("MAGTAPE DEBIT VODACOM {ref}", 15, 49, 49, "Utilities"),
        ("ACH DEBIT COMCAST CABLE {ref}", 20, 79.99, 79.99, "Utilities"),
    ],
    "habits": [
        ("STARBUCKS STORE #{store} SEATTLE WA", 3.0, 4.2, 7.5, "Dining"),
        ("POS PURCHASE WOOLWORTHS * {date}", 1.2, 35, 140, "Groceries"),
        ("WHOLE FOODS MKT #{store} AUSTIN TX", 0.6, 40, 160, "Groceries"),
        ("SQ *BLUE BOTTLE COFFEE {ref}", 0.5, 5, 12, "Dining"),
        ("TST* JOES PIZZA {date}", 0.4, 18, 45, "Dining"),
        ("UBER *EATS PENDING {ref}", 0.4, 20, 55, "Dining"),
        ("UBER *TRIP HELP.UBER.COM {ref}", 1.0, 8, 32, "Transport"),
        ("CHECKCARD {ref} SHELL OIL {store} HOUSTON TX", 0.5, 40, 75, "Transport"),
        ("AMZN MKTP US*{ref} AMZN.COM/BILL WA", 0.7, 12, 180, "Shopping"),
    ],
    "irregular": [
        ("TARGET 000{ref} AUSTIN TX", 20, 150, "Shopping"),
        ("CINEMA CITY TICKETS {ref}", 15, 40, "Entertainment"),
        ("STEAMGAMES.COM 425-889-9642", 10, 60, "Entertainment"),
        ("CVS/PHARMACY #0{ref}", 8, 45, "Health"),
        ("DELTA AIR {ref} ATLANTA", 180, 450, "Travel"),
        ("ZARA ONLINE {ref}", 30, 120, "Shopping"),
    ],
}
BOB = {
    "payday": 28, "employer": "GLOBEX LTD", "salary": "3900.00", "landlord": "HARBOR VIEW PROPERTY", "rent": "1400.00",
    "refund": "EBAY",
    "subscriptions": [
        ("DISNEY PLUS {ref}", 9, "7.99", None, None, 1),
        ("GOOGLE *YOUTUBE PREMIUM", 21, "11.99", None, None, 1),
        ("AMAZON PRIME*{ref} AMZN.COM/BILL WA", 14, "139.00", None, None, 12),
    ],
    "bills": [
        ("DD EDF ENERGY {ref}", 10, 60, 110, "Utilities"),
        ("VERIZON WIRELESS PAYMENT {ref}", 22, 65, 65, "Utilities"),
    ],
    "habits": [
        ("VISA PURCHASE DUNKIN #{store} BOSTON MA", 2.0, 3, 6, "Dining"),
        ("TRADER JOE'S #{store} BOSTON MA", 1.3, 30, 110, "Groceries"),
        ("LYFT *RIDE {ref}", 1.0, 9, 28, "Transport"),
        ("CHIPOTLE {store} BOSTON MA", 0.7, 10, 18, "Dining"),
        ("EBAY O*{ref}", 0.3, 15, 90, "Shopping"),
    ],
    "irregular": [
        ("BEST BUY {ref}", 40, 400, "Shopping"),
        ("AMC THEATRES {ref}", 12, 35, "Entertainment"),
        ("WALGREENS #{ref}", 6, 30, "Health"),
    ],
}


def _csv(rows: list[Row]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["Date", "Description", "Amount"])
    for r in sorted(rows, key=lambda r: r.when):
        writer.writerow([r.when.isoformat(), r.description, f"{r.amount:.2f}"])
    return out.getvalue().encode()


def _load_user(user, profile: dict, seed: int, today: date, stdout) -> None:
    file_name = f"demo-{user.username}.csv"
    rows = _generate(profile, today, seed)
    content = _csv(rows)
    categories_ensure_defaults(user=user)
    sha = hashlib.sha256(content).hexdigest()
    if ImportBatch.objects.filter(user=user, file_name=file_name, sha256=sha, status="imported").exists():
        stdout.write(f"transactions demo for {user.username}: already loaded")
        return
    with transaction.atomic():
        # A demo import from an earlier day: replace it (only rows that came from demo batches).
        old = ImportBatch.objects.filter(user=user, file_name=file_name)
        Transaction.objects.filter(user=user, batch__in=old).delete()
        old.delete()
        batch = transactions_import(user=user, file_name=file_name, content=content,
                                    account=account_resolve(user=user, account_name="Everyday account"))
        # The "user" labelled most of their older history; newer rows are left for Moneta to categorise.
        truth = {}
        for r in rows:
            truth.setdefault(r.description, r.category)
        cutoff = add_months(today.replace(day=1), -4)
        cats = {c.name: c.id for c in Category.objects.filter(user=user)}
        rng = random.Random(seed + 1)
        label_ids: dict[int, list[int]] = {}
        for tx_id, desc, when in Transaction.objects.filter(user=user, batch=batch).values_list(
                "id", "description", "date"):
            if when < cutoff and rng.random() < 0.7:
                label_ids.setdefault(cats[truth[desc]], []).append(tx_id)
        for category_id, ids in label_ids.items():
            Transaction.objects.filter(user=user, id__in=ids).update(
                category_id=category_id, category_source=CategorySource.USER, category_confidence=1.0)
        if not CategorisationRule.objects.filter(user=user, pattern__iexact="PAYROLL").exists():
            rule_create(user=user, pattern="PAYROLL", category="Salary", match_type="contains", apply=False)
        transactions_recategorise(user=user)
        subscriptions_detect(user=user)
    stdout.write(f"transactions demo for {user.username}: {batch.rows_created} transactions")


def _alice_extras(user, today: date) -> None:
    if not Jar.objects.filter(user=user).exists():
        jar_create(user=user, name="Essentials", monthly_budget="900", categories=["Groceries", "Utilities",
                                                                                   "Transport"])
        jar_create(user=user, name="Fun", monthly_budget="450", categories=["Dining", "Entertainment"], rollover=True,
                   rollover_start=add_months(today.replace(day=1), -3))
        jar_create(user=user, name="Subscriptions", monthly_budget="60", categories=["Subscriptions"])
    Category.objects.filter(user=user, name="Dining", monthly_budget__isnull=True).update(monthly_budget=Decimal("300"))
    # One visible learned rule: alice once told Moneta that Uber Eats is Dining.
    uber_eats = Transaction.objects.filter(user=user, merchant__name="Uber Eats").order_by("-date").first()
    if uber_eats and not CategorisationRule.objects.filter(user=user, pattern__iexact="Uber Eats").exists():
        transaction_category_set(user=user, transaction_id=uber_eats.id, category="Dining")


def load_demo(*, stdout) -> None:
    User = get_user_model()
    today = timezone.localdate()
    for username, profile, seed in (("alice", ALICE, 4101), ("bob", BOB, 4102)):
        user = User.objects.filter(username=username).first()
        if user is None:
            stdout.write(f"transactions demo: no user {username}; run `manage.py demo`")
            continue
        _load_user(user, profile, seed, today, stdout)
        if username == "alice":
            _alice_extras(user, today)


def demo_money_load(*, user, stdout=None) -> None:
    """Alice's demo money (transactions, jars, a learned rule) for any user: the demo sandbox a person can try
    Moneta in (accounts/sandbox.py), never their own account."""
    out = stdout or io.StringIO()
    today = timezone.localdate()
    _load_user(user, ALICE, 4101, today, out)
    _alice_extras(user, today)
