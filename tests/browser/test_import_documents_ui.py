"""Statement import (preview in words → correction → account → confirm → progress → report) and My documents
(save a note → open → read page by page → edit → delete), in Chromium at desktop (1366×900) and phone (390×844)
widths. The live server and the demo data are loaded once for this module (see conftest)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.browser.conftest import (
    _new_page,
    _screenshot_on_failure,
    axe_problems,
    in_own_connection,
    login,
    no_sideways_scroll,
)

VIEWPORTS = {"desktop": (1366, 900), "phone": (390, 844)}
USERS = {"desktop": "alice", "phone": "bob"}


@pytest.fixture(params=list(VIEWPORTS))
def sized_page(request, chromium, web_server):
    width, height = VIEWPORTS[request.param]
    context, page = _new_page(chromium, request, web_server, width=width, height=height)
    page.viewport_name = request.param  # type: ignore[attr-defined]
    yield page
    _screenshot_on_failure(request, page)
    context.close()


def test_import_preview_correct_confirm_progress_report(sized_page, tmp_path, settings):
    from transactions.models import ImportBatch, Transaction
    from transactions.services import import_batch_run

    page, name = sized_page, sized_page.viewport_name
    settings.MONETA_IMPORT_INLINE_MAX_ROWS = 5  # this file goes to the worker, so the page shows its progress
    # Day and month both ≤ 12 on every row: Moneta cannot tell D/M from M/D and asks.
    rows = "".join(f"{1 + i % 12:02d}/{1 + (i * 5) % 12:02d}/2025,{name.upper()} CORNER SHOP {i},-{3 + i}.25\n"
                   for i in range(40))
    statement = tmp_path / f"{name}-statement.csv"
    statement.write_text("Date,Details,Amount\n" + rows)
    login(page, USERS[name])
    page.goto("/transactions/import/")
    page.get_by_label("Statement file").set_input_files(str(statement))
    page.get_by_role("button", name="Preview import").click()
    page.locator("#preview-heading").wait_for()
    assert re.search(r"/transactions/import/\d+/$", page.url)  # the preview has its own address
    assert "cannot tell whether dates like 01/01/2025" in page.locator("#preview-dates").inner_text()
    assert page.locator("#preview-columns").inner_text() == ("Columns: Date → date, Details → description, "
                                                            "Amount → amount")
    assert page.locator("#preview-sign").inner_text() == "Money out is shown as negative amounts"
    assert page.locator("#preview-rows tbody tr").count() == 10
    batch_id = int(re.search(r"/import/(\d+)/", page.url).group(1))
    assert not Transaction.objects.filter(batch_id=batch_id).exists()  # nothing stored before confirming
    if name == "desktop":
        assert axe_problems(page) == []
    else:
        no_sideways_scroll(page)
    # the user says the dates are month first: the preview is read again, in place
    page.get_by_label("Dates in this file are written").select_option("MDY")
    page.locator("#preview-dates", has_text="month/day/year").wait_for()
    assert page.locator("#preview-dates").inner_text() == "Dates read as month/day/year (e.g. 01/01/2025 = 1 January 2025)"
    second = page.locator("#preview-rows tbody tr").nth(1).locator("time").get_attribute("datetime")
    assert second == "2025-02-06"  # "02/06/2025", month first: 6 February
    account = f"{name.title()} Visa"
    page.get_by_label("A new account").check()
    page.get_by_label("New account's name").fill(account)
    page.locator("#confirm-import").click()
    progress = page.locator("#import-rows-progress")
    progress.wait_for()
    assert progress.get_attribute("max") == "40"
    assert "Waiting for Moneta's background worker" in page.locator("#progress-text").inner_text()
    in_own_connection(import_batch_run, batch_id=batch_id)  # the worker's task
    success = page.locator("#import-success")
    success.wait_for(timeout=20_000)  # the page polls; no reload
    assert f"into {account}" in success.inner_text() and "40 new transactions" in success.inner_text()
    batch = ImportBatch.objects.get(id=batch_id)
    assert (batch.status, batch.rows_processed, batch.account.name) == ("imported", 40, account)
    page.goto(f"/transactions/?text={name}")
    assert account in page.locator("#tx-table .tx-account").first.inner_text()
    if name == "phone":
        no_sideways_scroll(page)


def test_readable_rows_are_imported_and_the_unreadable_ones_downloaded(sized_page, tmp_path):
    from transactions.models import ImportBatch, Transaction

    page, name = sized_page, sized_page.viewport_name
    statement = tmp_path / f"{name}-bad.csv"
    statement.write_text(f"Date,Description,Amount\n2025-03-02,{name} CAFE,-4.20\n2025-03-03,BOOKSHOP,twelve\n"
                         f"2025-02-30,PHARMACY,-8.00\n2025-03-04,{name} BAKERY,-3.10\n")
    login(page, USERS[name])
    page.goto("/transactions/import/")
    page.get_by_label("Statement file").set_input_files(str(statement))
    page.get_by_role("button", name="Preview import").click()
    error = page.locator("#import-error")
    error.wait_for()
    assert "2 of 4 rows cannot be read" in error.inner_text()
    table = page.locator("#import-errors").inner_text()
    assert "line 3" in table and "amount" in table and "line 4" in table and "date" in table
    with page.expect_download() as download:
        page.locator("#errors-csv").click()
    lines = Path(download.value.path()).read_text().splitlines()
    assert lines[0] == "line,field,problem,Date,Description,Amount"
    assert lines[1].startswith("3,amount,") and lines[1].endswith("2025-03-03,BOOKSHOP,twelve")
    assert lines[2].startswith("4,date,")
    assert not Transaction.objects.filter(description=f"{name} CAFE").exists()
    if name == "phone":
        no_sideways_scroll(page)
    page.get_by_label("A new account").check()
    page.get_by_label("New account's name").fill(f"{name} card")
    page.get_by_role("button", name="Import 2 readable rows").click()
    success = page.locator("#import-success")
    success.wait_for()
    assert "2 new transactions" in success.inner_text()
    assert "2 unreadable rows were not imported" in page.locator("#import-unreadable").inner_text()
    with page.expect_download() as again:
        page.locator("#errors-csv").click()
    assert Path(again.value.path()).read_text().splitlines()[1:] == lines[1:]
    stored = set(Transaction.objects.filter(account__name=f"{name} card").values_list("description", flat=True))
    assert stored == {f"{name} CAFE", f"{name} BAKERY"}
    batch = ImportBatch.objects.filter(file_name=f"{name}-bad.csv").latest("id")
    assert (batch.rows_created, batch.error_count) == (2, 2)


def test_note_save_open_read_edit_delete(sized_page):
    from knowledge.models import Document, Page
    from knowledge.services import document_ingest_now

    page, name = sized_page, sized_page.viewport_name
    title = f"Holiday fund ({name})"
    login(page, USERS[name])
    page.goto("/documents/")
    page.get_by_label("Title", exact=True).fill(title)
    page.get_by_label("Note", exact=True).fill("Put aside 150 dollars every payday for the trip to Da Nang.")
    page.get_by_role("button", name="Save note").click()
    page.locator("#open-saved").click()  # open what was just saved
    page.locator("#doc-title", has_text=title).wait_for()
    assert "still reading this note" in page.content()
    doc = Document.objects.get(title=title)
    in_own_connection(document_ingest_now, document_id=doc.id)
    page.locator("#page-text").wait_for(timeout=20_000)  # the page polls while Moneta reads; no reload
    assert "150 dollars every payday" in page.locator("#page-text").inner_text()
    in_own_connection(Page.objects.create, document_id=doc.id, number=2, text="Page two: book flights in March.")
    page.reload()
    assert "Page 1 of 2" in page.locator("#page-heading").inner_text()
    page.get_by_role("link", name="Page 2 →").click()
    page.locator("#page-heading", has_text="Page 2 of 2").wait_for()
    assert "book flights in March" in page.locator("#page-text").inner_text()
    if name == "desktop":
        assert axe_problems(page) == []
    else:
        no_sideways_scroll(page)
    # edit: the form holds the note's text; saving makes Moneta read it again
    page.get_by_role("link", name="Edit note").click()
    assert page.get_by_label("Note").input_value() == "Put aside 150 dollars every payday for the trip to Da Nang."
    page.get_by_label("Note").fill("Put aside 200 dollars every payday for the trip to Hoi An.")
    page.get_by_role("button", name="Save changes").click()
    page.locator(".flash", has_text="Moneta is reading it again").wait_for()
    in_own_connection(document_ingest_now, document_id=doc.id)
    page.reload()
    assert "200 dollars every payday for the trip to Hoi An" in page.locator("#page-text").inner_text()
    assert "Page 1 of 1" in page.locator("#page-heading").inner_text()  # re-read: the old page 2 is gone
    # delete, after a confirm step
    page.get_by_role("link", name="Delete…").click()
    assert "cannot be undone" in page.content()
    page.locator("#confirm-delete").click()
    page.locator(".flash", has_text=f"Deleted {title}.").wait_for()
    assert title not in page.locator("#documents").inner_text()
    assert not Document.objects.filter(id=doc.id).exists() and not Page.objects.filter(document_id=doc.id).exists()
    assert page.goto(f"/documents/{doc.id}/").status == 404


def test_other_users_import_and_document_are_404(page, tmp_path):
    from knowledge.models import Document
    from transactions.models import ImportBatch

    alice_batch = ImportBatch.objects.filter(user__username="alice").first()
    alice_doc = Document.objects.filter(corpus__slug__startswith="private-", corpus__owner__username="alice").first()
    login(page, "bob")
    if alice_batch is not None:
        assert page.goto(f"/transactions/import/{alice_batch.id}/").status == 404
    if alice_doc is not None:
        assert page.goto(f"/documents/{alice_doc.id}/").status == 404
    assert alice_batch is not None or alice_doc is not None
