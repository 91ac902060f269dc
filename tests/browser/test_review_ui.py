"""The "needs review" queue in Chromium: tick rows and file them in one go; decide one row and file its
lookalikes (identical descriptions and the same merchant), including the one the user had set, when they say so."""
from __future__ import annotations

from tests.browser.conftest import in_own_connection, login

PASSWORD = "reviewer-pass-2026"
ROWS = [("2026-02-01", "QWOPLE 11 OSLO", "-4.00", ""), ("2026-02-02", "QWOPLE 11 OSLO", "-4.00", ""),
        ("2026-02-03", "QWOPLE 12 BERGEN", "-6.00", ""), ("2026-02-04", "QWOPLE 13 OSLO", "-2.00", "Shopping"),
        ("2026-02-05", "ZZYZX KIOSK 9", "-1.00", ""), ("2026-02-06", "YYQQ 8", "-2.00", "")]


def _reviewer() -> dict[str, int]:
    from django.contrib.auth import get_user_model

    from tests.statements import csv_bytes
    from transactions.models import Transaction
    from transactions.services import transactions_import

    User = get_user_model()
    User.objects.filter(username="reviewer").delete()
    user = User.objects.create_user("reviewer", password=PASSWORD)
    transactions_import(user=user, file_name="review.csv",
                        content=csv_bytes(ROWS, header=("Date", "Description", "Amount", "Category")))
    return {f"{t.description} {t.date.isoformat()}": t.id for t in Transaction.objects.filter(user=user)}


def _categories(ids: list[int]) -> list[tuple[str | None, str]]:
    from transactions.models import Transaction

    got = dict(Transaction.objects.filter(id__in=ids).values_list("id", "category__name"))
    sources = dict(Transaction.objects.filter(id__in=ids).values_list("id", "category_source"))
    return [(got[i], sources[i]) for i in ids]


def test_review_queue_bulk_and_same_merchant_actions(page):
    ids = in_own_connection(_reviewer)
    login(page, "reviewer", PASSWORD)
    page.goto("/transactions/review/")
    kiosk, yyqq = ids["ZZYZX KIOSK 9 2026-02-05"], ids["YYQQ 8 2026-02-06"]

    # Bulk: tick two rows, file them as Travel in one go; they leave the queue.
    page.locator(f"#select-{kiosk}").check()
    page.locator(f"#select-{yyqq}").check()
    page.locator("#bulk-category").select_option("Travel")
    page.locator("#bulk-pick").click()
    page.get_by_text("2 transactions filed as Travel.").wait_for()
    assert page.locator(f"#review-{kiosk}").count() == 0 and page.locator(f"#review-{yyqq}").count() == 0
    assert in_own_connection(_categories, [kiosk, yyqq]) == [("Travel", "user")] * 2

    # Decide one row; Moneta offers the same for its lookalikes and says plainly what would change.
    first = ids["QWOPLE 11 OSLO 2026-02-01"]
    row = page.locator(f"#review-{first}")
    row.locator(f"#review-cat-{first}").select_option("Dining")
    row.get_by_role("button", name="Save").click()
    offer = page.locator(f"#similar-{first}")
    offer.wait_for()
    assert offer.locator(".similar-text").inner_text() == (
        "3 other transactions look like this one (2 with the same description, 1 more from Qwople). Filing them as "
        "Dining changes 2 (2 not filed yet). You filed 1 yourself (1 as Shopping); they stay as they are unless you "
        "include them.")
    offer.get_by_text("Also change the 1 I filed myself").click()
    offer.get_by_role("button", name="File the 2 as Dining").click()
    page.get_by_text("Filed 3 more transactions as Dining.").wait_for()
    qwople = [ids[k] for k in ("QWOPLE 11 OSLO 2026-02-01", "QWOPLE 11 OSLO 2026-02-02",
                               "QWOPLE 12 BERGEN 2026-02-03", "QWOPLE 13 OSLO 2026-02-04")]
    assert in_own_connection(_categories, qwople) == [("Dining", "user")] * 4
    assert page.locator("#review-empty").is_visible()
    assert page.js_errors == []
