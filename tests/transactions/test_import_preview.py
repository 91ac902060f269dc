"""The import flow: preview (nothing stored) → confirm (account, date format, sign) → progress → report."""
from __future__ import annotations

import threading
import time

import pytest

from core.errors import DomainError, NotFound

pytestmark = pytest.mark.django_db

UK = (b"Date,Details,Money Out,Money In,Balance\n"
      b"03/04/2026,TESCO STORES 2231,12.40,,987.60\n"
      b"15/04/2026,ACME PAYROLL,,2500.00,3487.60\n"
      b"20/04/2026,NETFLIX.COM,15.99,,3471.61\n")
CARD = (b"Date,Description,Amount\n" + b"".join(
    f"2026-03-{d:02d},SHOP NUMBER {d},{d}.50\n".encode() for d in range(1, 9)) + b"2026-03-20,PAYMENT THANK YOU,-80.00\n")
AMBIGUOUS = b"Date,Description,Amount\n03/04/2026,CAFE,-3.00\n05/06/2026,BAKERY,-4.00\n"


def test_preview_reads_columns_dates_and_signs_in_words_and_stores_nothing(alice):
    from transactions.models import ImportBatch, Transaction
    from transactions.services import import_preview_create

    batch = import_preview_create(user=alice, file_name="uk.csv", content=UK)
    preview = batch.details["preview"]
    assert batch.status == ImportBatch.Status.PREVIEW and batch.rows_total == 3
    assert preview["date_format_text"] == "Dates read as day/month/year (e.g. 03/04/2026 = 3 April 2026)"
    assert preview["columns_text"] == ("Columns: Date → date, Details → description, Money Out → money out, "
                                       "Money In → money in, Balance → balance")
    assert "money-out (debit) column" in preview["sign_text"] and not preview["sign_adjustable"]
    assert [r["direction"] for r in preview["rows"]] == ["out", "in", "out"]
    assert preview["rows"][0] == {"line": 2, "date": "2026-04-03", "description": "TESCO STORES 2231",
                                  "amount": "-12.40", "currency": "USD", "direction": "out"}
    assert not Transaction.objects.filter(user=alice).exists()


def test_sign_convention_is_detected_and_can_be_corrected(alice):
    from transactions.services import import_preview_create, import_preview_update

    batch = import_preview_create(user=alice, file_name="card.csv", content=CARD)
    preview = batch.details["preview"]
    assert batch.sign_convention == "positive_out" and preview["sign_adjustable"]
    assert preview["sign_text"] == "Money out is shown as positive amounts (and money in as negative ones)"
    assert preview["rows"][0]["amount"] == "-1.50" and preview["money_out"] == 8 and preview["money_in"] == 1
    batch = import_preview_update(user=alice, batch_id=batch.id, sign_convention="negative_out")
    assert batch.details["preview"]["sign_text"] == "Money out is shown as negative amounts"
    assert batch.details["preview"]["rows"][0]["amount"] == "1.50"
    with pytest.raises(DomainError, match="Unknown sign convention"):
        import_preview_update(user=alice, batch_id=batch.id, sign_convention="sideways")


def test_ambiguous_dates_are_shown_and_must_be_chosen_before_confirming(alice):
    from transactions.models import Transaction
    from transactions.services import import_confirm, import_preview_create

    batch = import_preview_create(user=alice, file_name="spring.csv", content=AMBIGUOUS)
    preview = batch.details["preview"]
    assert preview["date_format_ambiguous"] and "cannot tell" in preview["date_format_text"]
    with pytest.raises(DomainError, match="Choose how the dates are written"):
        import_confirm(user=alice, batch_id=batch.id, account_name="Everyday")
    batch = import_confirm(user=alice, batch_id=batch.id, account_name="Everyday", date_format="MDY")
    assert batch.status == "imported" and batch.rows_created == 2
    assert Transaction.objects.get(user=alice, description="CAFE").date.isoformat() == "2026-03-04"


def test_confirm_imports_into_the_chosen_account_and_reimport_is_idempotent(alice):
    from transactions import selectors
    from transactions.models import Account, Transaction
    from transactions.services import import_confirm, import_preview_create

    batch = import_preview_create(user=alice, file_name="uk.csv", content=UK)
    done = import_confirm(user=alice, batch_id=batch.id, account_name="Barclays current")
    account = Account.objects.get(user=alice, name="Barclays current")
    assert done.status == "imported" and done.rows_created == 3 and done.rows_processed == 3
    assert done.account_id == account.id and done.content is None
    assert set(Transaction.objects.filter(user=alice).values_list("account_id", flat=True)) == {account.id}
    listing = selectors.transaction_list(user=alice)
    assert {r["account"] for r in listing["rows"]} == {"Barclays current"}
    status = selectors.import_status(user=alice, batch_id=batch.id)
    assert status["percent"] == 100 and status["finished"] and status["account"]["name"] == "Barclays current"
    with pytest.raises(DomainError, match="already confirmed"):
        import_confirm(user=alice, batch_id=batch.id, account_id=account.id)
    again = import_preview_create(user=alice, file_name="uk.csv", content=UK)
    assert again.details["preview"]["rows_duplicate"] == 3
    again = import_confirm(user=alice, batch_id=again.id, account_id=account.id)
    assert again.rows_created == 0 and again.rows_duplicate == 3
    assert Transaction.objects.filter(user=alice).count() == 3


def test_bad_rows_are_named_and_nothing_is_written(alice):
    from transactions import selectors
    from transactions.models import Account, Transaction
    from transactions.services import import_confirm, import_preview_create, import_rejects_csv

    bad = b"Date,Description,Amount\n2026-03-01,CAFE,-3.00\n2026-13-45,BAKERY,-4.00\n2026-03-03,SHOP,abc\n"
    batch = import_preview_create(user=alice, file_name="bad.csv", content=bad)
    assert batch.error_count == 2
    assert batch.details["preview"]["errors"][0]["line"] == 3 and batch.details["preview"]["errors"][0]["field"] == "date"
    assert batch.details["preview"]["rows_total"] == 3 and batch.details["preview"]["rows_readable"] == 1
    # Importing needs the user's word that the unreadable rows stay out; no account is created meanwhile.
    with pytest.raises(DomainError) as refused:
        import_confirm(user=alice, batch_id=batch.id, account_name="Everyday")
    assert refused.value.code == "bad_rows" and "2 of the 3 rows cannot be read" in refused.value.message
    assert not Transaction.objects.filter(user=alice).exists() and not Account.objects.filter(user=alice).exists()
    done = import_confirm(user=alice, batch_id=batch.id, account_name="Everyday", skip_bad_rows=True)
    assert done.status == "imported" and done.rows_created == 1 and done.error_count == 2
    assert [(e["line"], e["field"]) for e in done.errors] == [(3, "date"), (4, "amount")]
    name, text = import_rejects_csv(user=alice, batch_id=batch.id)
    assert name == "bad-unreadable-rows.csv"
    assert text.splitlines()[:3] == ["line,field,problem,Date,Description,Amount",
                                     "3,date,date is not a valid date ('2026-13-45'),2026-13-45,BAKERY,'-4.00",
                                     "4,amount,amount is not a number ('abc'),2026-03-03,SHOP,abc"]
    assert list(Transaction.objects.filter(user=alice).values_list("description", flat=True)) == ["CAFE"]
    assert selectors.import_status(user=alice, batch_id=batch.id)["error_count"] == 2
    with pytest.raises(DomainError) as exc:
        import_preview_create(user=alice, file_name="photo.csv", content=b"\x89PNG\r\n\x1a\nxxxx")
    assert "PNG" in exc.value.message


def test_bob_cannot_see_or_confirm_alices_preview(alice, bob):
    from transactions import selectors
    from transactions.models import Account
    from transactions.services import import_confirm, import_preview_create, import_preview_update

    batch = import_preview_create(user=alice, file_name="uk.csv", content=UK)
    with pytest.raises(NotFound):
        selectors.import_status(user=bob, batch_id=batch.id)
    with pytest.raises(NotFound):
        import_confirm(user=bob, batch_id=batch.id, account_name="Mine now")
    with pytest.raises(NotFound):
        import_preview_update(user=bob, batch_id=batch.id, date_format="MDY")
    bobs = Account.objects.create(user=bob, name="Bob's")
    with pytest.raises(NotFound):  # nor can alice import into bob's account
        import_confirm(user=alice, batch_id=batch.id, account_id=bobs.id)
    batch.refresh_from_db()
    assert batch.status == "preview"


def test_large_import_runs_by_id_as_a_task_would(alice, settings):
    from transactions.models import ImportBatch
    from transactions.services import import_confirm, import_preview_create
    from transactions.tasks import import_batch_task

    settings.MONETA_IMPORT_INLINE_MAX_ROWS = 2
    batch = import_preview_create(user=alice, file_name="uk.csv", content=UK)
    queued = import_confirm(user=alice, batch_id=batch.id, account_name="Everyday")
    assert queued.status == "queued"  # handed to the worker (on commit), not run in the request
    assert import_batch_task.run(batch.id) == "imported"
    assert import_batch_task.run(batch.id) is None  # a second delivery does nothing
    assert ImportBatch.objects.get(id=batch.id).rows_created == 3


@pytest.mark.django_db(transaction=True)
def test_progress_advances_while_the_import_runs(alice):
    """rows_processed is committed through its own connection while the import's transaction is still open,
    so another connection (the page polling) sees it move."""
    from django.db import connections

    from transactions.models import ImportBatch
    from transactions.services import import_batch_run, import_confirm, import_preview_create

    rows = "".join(f"2026-03-{1 + i % 28:02d},SHOP {i} NUMBER{i % 7},-{1 + i % 50}.25\n" for i in range(3000))
    batch = import_preview_create(user=alice, file_name="big.csv",
                                  content=("Date,Description,Amount\n" + rows).encode())
    import_confirm(user=alice, batch_id=batch.id, account_name="Everyday", inline=False)  # queued
    seen: list[int] = []
    finished = threading.Event()

    def run():
        try:
            import_batch_run(batch_id=batch.id)
        finally:
            connections.close_all()
            finished.set()

    worker = threading.Thread(target=run)
    worker.start()
    while not finished.is_set():
        seen.append(ImportBatch.objects.filter(id=batch.id).values_list("rows_processed", flat=True)[0])
        time.sleep(0.01)
    worker.join()
    done = ImportBatch.objects.get(id=batch.id)
    assert done.status == "imported" and done.rows_created == 3000 and done.rows_processed == 3000
    assert any(0 < n < 3000 for n in seen), sorted(set(seen))
    assert seen == sorted(seen)  # it only goes forward


@pytest.mark.worker
def test_a_real_worker_runs_the_confirmed_import(celery_worker_process, alice):
    """Confirm hands the batch id to Celery on commit; a real worker process imports it."""
    from tests.conftest import wait_for
    from transactions.models import ImportBatch, Transaction
    from transactions.services import import_confirm, import_preview_create

    # Every row carries its category, so the worker does not load the embedding model (keeps the test short).
    filed = (b"Date,Details,Amount,Category\n03/04/2026,TESCO STORES 2231,-12.40,Groceries\n"
             b"15/04/2026,ACME PAYROLL,2500.00,Salary\n20/04/2026,NETFLIX.COM,-15.99,Subscriptions\n")
    batch = import_preview_create(user=alice, file_name="uk.csv", content=filed)
    assert import_confirm(user=alice, batch_id=batch.id, account_name="Everyday", inline=False).status == "queued"
    assert wait_for(lambda: ImportBatch.objects.get(id=batch.id).status in ("imported", "failed"), timeout=90)
    done = ImportBatch.objects.get(id=batch.id)
    assert done.status == "imported" and done.rows_created == 3 and done.started_at and done.finished_at
    assert Transaction.objects.filter(user=alice, account__name="Everyday").count() == 3


def test_abandoned_previews_are_dropped_after_a_day(alice, bob):
    from datetime import timedelta

    from django.utils import timezone

    from transactions.models import ImportBatch
    from transactions.services import import_preview_create

    old = import_preview_create(user=alice, file_name="old.csv", content=UK)
    bobs = import_preview_create(user=bob, file_name="bob.csv", content=UK)
    ImportBatch.objects.filter(id__in=[old.id, bobs.id]).update(created_at=timezone.now() - timedelta(days=2))
    fresh = import_preview_create(user=alice, file_name="new.csv", content=UK)
    assert not ImportBatch.objects.filter(id=old.id).exists()
    assert ImportBatch.objects.filter(id__in=[fresh.id, bobs.id]).count() == 2  # bob's are his own business
