"""Django-client tests for the web pages. Data goes in through the apps' own services."""
from __future__ import annotations

from datetime import date

import pytest
from django.test import Client

from tests.statements import csv_bytes


def months_back(n: int, day: int, today: date | None = None) -> date:
    today = today or date.today()
    y, m = today.year, today.month - n
    while m <= 0:
        y, m = y - 1, m + 12
    return date(y, m, min(day, 28))


def statement_csv(rows: list[tuple[date, str, str, str]]) -> bytes:
    return csv_bytes(rows)


def alice_rows() -> list[tuple[date, str, str, str]]:
    rows = []
    for n in range(0, 5):
        rows += [
            (months_back(n, 3), "STARBUCKS STORE #1234 SEATTLE", "-4.50", "Dining"),
            (months_back(n, 9), "STARBUCKS STORE #1234 SEATTLE", "-6.25", "Dining"),
            (months_back(n, 12), "POS Purchase WOOLWORTHS 1123", "-82.10", "Groceries"),
            (months_back(n, 15), "NETFLIX.COM 866-579-7172", "-15.49" if n < 2 else "-12.99", "Subscriptions"),
            (months_back(n, 1), "ACME CORP PAYROLL", "3200.00", "Salary"),
        ]
    return rows


@pytest.fixture
def alice_data(alice):
    from transactions import services

    services.transactions_import(user=alice, file_name="alice.csv", content=statement_csv(alice_rows()))
    services.jar_create(user=alice, name="Eating out", monthly_budget="10", categories=["Dining"])
    return alice


@pytest.fixture
def bob_data(bob):
    from transactions import services

    rows = [(months_back(n, 5), "BOBS SECRET BAKERY", "-9.99", "Dining") for n in range(3)]
    services.transactions_import(user=bob, file_name="bob.csv", content=statement_csv(rows))
    return bob


@pytest.fixture
def alice_web(alice):
    client = Client()
    client.force_login(alice)
    return client


@pytest.fixture
def bob_web(bob):
    client = Client()
    client.force_login(bob)
    return client
