"""Celery beat: the periodic jobs are installed in django-celery-beat's tables, and each job does its work."""
from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
from django.db import connection

from transactions import services as tx
from transactions.rollup import rollup_check


@pytest.mark.django_db(transaction=True)  # the scheduler closes old connections, as beat does between ticks
def test_beat_installs_every_periodic_job_in_the_database():
    from django_celery_beat.models import PeriodicTask
    from django_celery_beat.schedulers import DatabaseScheduler

    from config.celery_app import app

    DatabaseScheduler(app=app, lazy=False)  # what `celery beat` does at start-up
    tasks = dict(PeriodicTask.objects.filter(enabled=True).values_list("name", "task"))
    assert tasks["knowledge-documents-sweep"] == "knowledge.documents_sweep"
    assert tasks["accounts-subscription-reminders"] == "accounts.subscription_reminders"
    assert tasks["moneta-rollup-check"] == "moneta.rollup_check"
    assert PeriodicTask.objects.get(name="knowledge-documents-sweep").interval.every == 60


@pytest.mark.django_db
def test_rollup_check_finds_and_repairs_drift(alice, bob):
    for user in (alice, bob):
        tx.transaction_create(user=user, date=date(2026, 9, 3), description="GROCER", amount=Decimal("-40.00"))
        tx.transaction_create(user=user, date=date(2026, 9, 9), description="GROCER", amount=Decimal("-10.00"))
    assert rollup_check() == {"drifted_rows": 0, "users": [], "repaired": False}
    with connection.cursor() as cur:  # someone restored one table, or edited it by hand
        cur.execute("UPDATE transactions_monthly_category_spend SET total = total + 1 WHERE user_id = %s", [alice.id])
    report = rollup_check()
    assert report["users"] == [alice.id] and report["repaired"]
    assert rollup_check()["drifted_rows"] == 0
    with connection.cursor() as cur:
        cur.execute("SELECT sum(total) FROM transactions_monthly_category_spend WHERE user_id = %s", [alice.id])
        assert cur.fetchone()[0] == Decimal("-50.00")
