"""Import page: preview in words → corrections → confirm into an account → progress → report (or every bad row,
downloadable); another user's import is 404."""
from __future__ import annotations

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

pytestmark = pytest.mark.django_db

UK = (b"Date,Details,Money Out,Money In\n03/04/2026,TESCO STORES 2231,12.40,\n15/04/2026,ACME PAYROLL,,2500.00\n")
AMBIGUOUS = b"Date,Description,Amount\n03/04/2026,CAFE,-3.00\n05/06/2026,BAKERY,-4.00\n"


def _preview(client, name, content, **extra):
    return client.post("/transactions/import/", {"file": SimpleUploadedFile(name, content), **extra},
                       HTTP_HX_REQUEST="true")


def _batch_id(response) -> int:
    return int(re.search(r"/transactions/import/(\d+)/", response["HX-Push-Url"]).group(1))


def import_through_page(client, name: str, content: bytes, *, account: str = "Main", **extra) -> str:
    """Preview, then confirm into `account` (by name), as the page does; the report's HTML."""
    batch_id = _batch_id(_preview(client, name, content, **extra))
    return client.post(f"/transactions/import/{batch_id}/confirm/", {"account": "new", "account_name": account},
                       HTTP_HX_REQUEST="true").content.decode()


def test_preview_in_words_then_confirm_into_a_new_account(alice_web, alice):
    from transactions.models import Account, Transaction

    response = _preview(alice_web, "uk.csv", UK)
    body = response.content.decode()
    assert "Dates read as day/month/year (e.g. 03/04/2026 = 3 April 2026)" in body
    assert "Columns: Date → date, Details → description, Money Out → money out, Money In → money in" in body
    assert "3 Apr 2026" in body and "TESCO STORES 2231" in body and "Nothing is stored until you confirm" in body
    assert not Transaction.objects.filter(user=alice).exists()
    batch_id = _batch_id(response)
    # the preview has its own address (bookmarkable, works without JavaScript)
    assert "Check before importing: uk.csv" in alice_web.get(f"/transactions/import/{batch_id}/").content.decode()
    missing = alice_web.post(f"/transactions/import/{batch_id}/confirm/", {"account": "new", "account_name": ""},
                             HTTP_HX_REQUEST="true").content.decode()
    assert "Choose an account, or name a new one." in missing
    done = alice_web.post(f"/transactions/import/{batch_id}/confirm/", {"account": "new", "account_name": "Barclays"},
                          HTTP_HX_REQUEST="true").content.decode()
    assert 'id="import-success"' in done and "into Barclays" in done and "2 new transactions" in done
    account = Account.objects.get(user=alice, name="Barclays")
    assert Transaction.objects.filter(user=alice, account=account).count() == 2
    listing = alice_web.get("/transactions/").content.decode()
    assert 'class="muted tx-account"' in listing and "Barclays" in listing
    history = alice_web.get("/transactions/import/").content.decode()
    assert f'href="/transactions/import/{batch_id}/"' in history and "Barclays" in history
    # a second preview offers the account that now exists
    again = _preview(alice_web, "uk.csv", UK).content.decode()
    assert f'value="{account.id}" checked' in again and "2 of them are already imported" in again


def test_ambiguous_dates_and_signs_are_corrected_in_the_preview(alice_web, alice):
    from transactions.models import Transaction

    response = _preview(alice_web, "spring.csv", AMBIGUOUS)
    batch_id = _batch_id(response)
    assert "cannot tell whether dates like 03/04/2026" in response.content.decode()
    refused = alice_web.post(f"/transactions/import/{batch_id}/confirm/", {"account_name": "Cash", "account": "new"},
                             HTTP_HX_REQUEST="true").content.decode()
    assert "Choose how the dates are written" in refused and not Transaction.objects.filter(user=alice).exists()
    fixed = alice_web.post(f"/transactions/import/{batch_id}/preview/", {"date_format": "MDY",
                                                                        "sign_convention": "positive_out"},
                           HTTP_HX_REQUEST="true").content.decode()
    assert "Dates read as month/day/year (e.g. 03/04/2026 = 4 March 2026)" in fixed
    assert "Money out is shown as positive amounts" in fixed and 'data-direction="in"' in fixed
    alice_web.post(f"/transactions/import/{batch_id}/preview/", {"date_format": "MDY",
                                                                "sign_convention": "negative_out"},
                   HTTP_HX_REQUEST="true")
    done = alice_web.post(f"/transactions/import/{batch_id}/confirm/", {"account": "new", "account_name": "Cash"},
                          HTTP_HX_REQUEST="true").content.decode()
    assert "2 new transactions" in done
    cafe = Transaction.objects.get(user=alice, description="CAFE")
    assert cafe.date.isoformat() == "2026-03-04" and str(cafe.amount) == "-3.00"


def test_bad_rows_are_listed_in_the_preview_and_downloadable(alice_web, alice, bob_web):
    from transactions.models import Transaction

    bad = b"Date,Description,Amount\n2025-01-02,COFFEE,-3.00\n2025-01-03,TEA,abc\n2025-01-04,=HYPERLINK(1),-1\n"
    response = _preview(alice_web, "bad.csv", bad)
    body = response.content.decode()
    assert "1 of 3 rows cannot be read" in body and "line 3" in body
    assert "Import 2 readable rows" in body and 'name="skip_bad_rows" value="1"' in body
    batch_id = _batch_id(response)
    csv_file = alice_web.get(f"/transactions/import/{batch_id}/errors.csv")
    assert csv_file["Content-Type"].startswith("text/csv") and "bad-unreadable-rows.csv" in \
        csv_file["Content-Disposition"]
    lines = csv_file.content.decode().splitlines()
    assert lines[0] == "line,field,problem,Date,Description,Amount" and lines[1].startswith("3,amount,")
    assert lines[1].endswith(",2025-01-03,TEA,abc")
    assert bob_web.get(f"/transactions/import/{batch_id}/errors.csv").status_code == 404
    assert not Transaction.objects.filter(user=alice).exists()
    done = alice_web.post(f"/transactions/import/{batch_id}/confirm/",
                          {"account": "new", "account_name": "Main", "skip_bad_rows": "1"})
    assert done.status_code == 302
    page = alice_web.get(f"/transactions/import/{batch_id}/").content.decode()
    assert "1 unreadable row was not imported" in page and 'id="errors-csv"' in page
    assert Transaction.objects.filter(user=alice).count() == 2
    unreadable = _preview(alice_web, "photo.csv", b"\x89PNG\r\n\x1a\n0000").content.decode()
    assert "PNG" in unreadable


def test_large_import_shows_progress_then_the_report(alice_web, alice, settings):
    from transactions.services import import_batch_run

    settings.MONETA_IMPORT_INLINE_MAX_ROWS = 1
    batch_id = _batch_id(_preview(alice_web, "uk.csv", UK))
    queued = alice_web.post(f"/transactions/import/{batch_id}/confirm/", {"account": "new", "account_name": "Main"},
                            HTTP_HX_REQUEST="true").content.decode()
    assert 'data-status="queued"' in queued and 'hx-trigger="every 1s"' in queued
    assert 'id="import-rows-progress"' in queued and "Waiting for Moneta" in queued
    import_batch_run(batch_id=batch_id)  # what the worker's task runs
    done = alice_web.get(f"/transactions/import/{batch_id}/", HTTP_HX_REQUEST="true").content.decode()
    assert 'data-status="imported"' in done and "every 1s" not in done and "2 new transactions" in done


def test_bob_gets_404_for_alices_import(alice_web, alice, bob_web, bob):
    from transactions.models import ImportBatch

    batch_id = _batch_id(_preview(alice_web, "uk.csv", UK))
    assert bob_web.get(f"/transactions/import/{batch_id}/").status_code == 404
    assert bob_web.post(f"/transactions/import/{batch_id}/preview/", {"date_format": "MDY"}).status_code == 404
    assert bob_web.post(f"/transactions/import/{batch_id}/confirm/",
                        {"account": "new", "account_name": "Mine"}).status_code == 404
    assert ImportBatch.objects.get(id=batch_id).status == "preview"
    assert "uk.csv" not in bob_web.get("/transactions/import/").content.decode()


def test_without_javascript_the_flow_works_by_redirects(alice_web, alice):
    response = alice_web.post("/transactions/import/", {"file": SimpleUploadedFile("uk.csv", UK)})
    assert response.status_code == 302
    url = response["Location"]
    page = alice_web.get(url).content.decode()
    assert "Read the file again" in page and "Import 2 rows" in page
    response = alice_web.post(url + "confirm/", {"account": "new", "account_name": "Everyday"})
    assert response.status_code == 302 and response["Location"] == url
    assert "2 new transactions" in alice_web.get(url).content.decode()


def test_a_balance_mismatch_is_a_warning_with_import_anyway(alice_web, alice):
    from transactions.models import Transaction

    mt940 = (b":20:S\n:25:NL01BANK0123456789\n:28C:1\n:60F:C260301EUR100,00\n"
             b":61:2603020302D30,00NMSCNONREF\n:86:Coffee\n:62F:C260302EUR80,00\n")
    response = _preview(alice_web, "march.sta", mt940)
    body = response.content.decode()
    assert 'id="balance-warning"' in body and "statement 1" in body and "a difference of +10.00" in body
    assert 'name="accept_balance_mismatch"' in body
    batch_id = _batch_id(response)
    refused = alice_web.post(f"/transactions/import/{batch_id}/confirm/", {"account": "new", "account_name": "Main"},
                             HTTP_HX_REQUEST="true").content.decode()
    assert "do not add up" in refused and not Transaction.objects.filter(user=alice).exists()
    alice_web.post(f"/transactions/import/{batch_id}/confirm/",
                   {"account": "new", "account_name": "Main", "accept_balance_mismatch": "1"})
    page = alice_web.get(f"/transactions/import/{batch_id}/").content.decode()
    assert 'id="import-success"' in page and "Imported although the balances do not add up" in page
    assert Transaction.objects.filter(user=alice, account__name="Main").count() == 1
