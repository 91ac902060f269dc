"""Issue 24's browser journey, in chromium against a live Moneta: create an account with an opening balance →
import a statement with a Balance column → the account's balance equals the statement's last balance → add a
cash expense → edit it → delete it → undo → import a card statement whose payment pairs with the checking
account → that month's income is unchanged by the payment → create a jar and change this month's budget → last
month's figures are unchanged → rename the jar, archive it, restore it. Bob, signed in afterwards, sees none of it."""
from __future__ import annotations

import re
from datetime import date, timedelta

from tests.browser.conftest import in_own_connection, login

PASSWORD = "ledger-journey-pass-24"


def _new_user(username: str):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user(username=username, password=PASSWORD)


def _add_account(page, name: str, kind: str, opening: str, opening_date: date) -> int:
    from transactions.models import Account

    page.goto("/accounts/")
    page.locator("#account-name").fill(name)
    page.locator("#account-kind").select_option(kind)
    page.locator("#account-opening").fill(opening)
    page.locator("#account-opening-date").fill(opening_date.isoformat())
    page.locator("#account-create").click()
    page.get_by_text(f"Account {name} created.").wait_for()
    return Account.objects.get(user__username="dana", name=name).id


def _import(page, path, account_id: int) -> None:
    page.goto("/transactions/import/")
    page.get_by_label("Statement file").set_input_files(str(path))
    page.get_by_role("button", name="Preview import").click()
    page.locator("#preview-heading").wait_for()
    page.locator(f"input[name=account][value='{account_id}']").check()
    page.locator("#confirm-import").click()
    page.locator("#import-success").wait_for(timeout=30_000)


def _month_figures(page, month: date, jar_id: int | None = None) -> dict:
    page.goto(f"/jars/?month={month:%Y-%m}")
    out = {"income": page.locator("#overview-income").inner_text()}
    if jar_id:
        out["jar"] = re.sub(r"\s+", " ", page.locator(f"#jar-{jar_id} p").first.inner_text())
    return out


def test_a_ledger_run_by_hand_in_the_browser(page, tmp_path):
    from transactions.models import Jar, Transaction

    in_own_connection(_new_user, "dana")
    login(page, "dana", PASSWORD)
    this_month = date.today().replace(day=1)
    last = (this_month - timedelta(days=1)).replace(day=1)

    # an account with an opening balance, then its statement with a Balance column
    checking = _add_account(page, "Dana checking", "checking", "1000.00", last)
    statement = tmp_path / "everyday.csv"
    statement.write_text(
        "Date,Description,Amount,Balance,Category\n"
        f"{last + timedelta(days=1)},CORNER CAFE,-4.50,995.50,Dining\n"
        f"{last + timedelta(days=4)},ACME CORP PAYROLL,2000.00,2995.50,Salary\n"
        f"{last + timedelta(days=8)},BOOKSHOP,-20.00,2975.50,Shopping\n"
        f"{last + timedelta(days=14)},ONLINE PAYMENT VISA,-300.00,2675.50,\n")
    _import(page, statement, checking)
    page.goto("/accounts/")
    row = page.locator(f"#account-{checking}")
    assert row.get_by_test_id("balance").inner_text() == "$2,675.50"  # the statement's last balance
    assert "matches" in row.get_by_test_id("reconcile").inner_text().lower()

    # a cash expense: add, edit, delete, undo
    page.goto("/transactions/new/")
    page.locator("#tx-date").fill(date.today().isoformat())
    page.locator("#tx-description").fill("Farmers market")
    page.locator("#tx-amount").fill("-12.00")
    page.locator("#tx-category").select_option("Groceries")
    page.locator("#tx-save").click()
    page.get_by_text("Added Farmers market.").wait_for()
    page.get_by_role("link", name="Farmers market").first.click()
    page.locator("#tx-amount").fill("-15.00")
    page.locator("#tx-notes").fill("eggs and bread")
    page.locator("#tx-save").click()
    page.get_by_text("Saved.").wait_for()
    cash = Transaction.objects.get(user__username="dana", description="Farmers market")
    assert (str(cash.amount), cash.notes) == ("-15.00", "eggs and bread")
    page.locator("#tx-delete").click()
    page.locator("#undo-bar").wait_for()
    assert not Transaction.objects.filter(id=cash.id).exists()
    page.locator("#undo-delete").click()
    page.get_by_text("Restored 1 transaction.").wait_for()
    restored = Transaction.objects.get(user__username="dana", description="Farmers market")
    assert (str(restored.amount), restored.notes) == ("-15.00", "eggs and bread")

    # a card statement whose payment pairs with the checking account's: last month's income does not move
    before = _month_figures(page, last)
    assert before["income"] == "$2,000.00"
    card = _add_account(page, "Dana Visa", "credit_card", "0", last)
    card_statement = tmp_path / "visa.csv"
    card_statement.write_text("Date,Description,Amount,Category\n"
                              f"{last + timedelta(days=2)},CITY GROCER,-50.00,Groceries\n"
                              f"{last + timedelta(days=15)},PAYMENT THANK YOU,300.00,\n")
    _import(page, card_statement, card)
    paid = Transaction.objects.get(user__username="dana", description="ONLINE PAYMENT VISA")
    assert paid.transfer_pair is not None and paid.transfer_pair.account_id == card
    page.goto(f"/transactions/?account={checking}")
    assert page.locator(f"#tx-{paid.id}").get_by_test_id("transfer-badge").is_visible()
    assert _month_figures(page, last)["income"] == "$2,000.00"

    # a jar made in the web UI; this month's budget changes, last month's figures stay
    page.goto("/jars/")
    form = page.locator("form", has=page.locator("#jar-new-name"))
    page.locator("#jar-new-name").fill("Dana food")
    page.locator("#jar-new-budget").fill("300")
    form.locator("input[name=categories][value=Dining]").check()
    form.locator("input[name=categories][value=Groceries]").check()
    form.get_by_role("button", name="Create jar").click()
    page.get_by_text("Jar Dana food created.").wait_for()
    jar = Jar.objects.get(user__username="dana", name="Dana food")
    last_before = _month_figures(page, last, jar.id)
    assert "$54.50 spent of $300.00" in last_before["jar"]  # the café and the grocer, last month
    page.goto("/jars/")
    page.locator(f"#jar-{jar.id}-budget").fill("450")
    page.locator(f"#jar-{jar.id}").get_by_role("button", name=re.compile("^Save")).click()
    page.locator(f"#jar-{jar.id}").get_by_text("Budget saved.").wait_for()
    assert "of $450.00" in page.locator(f"#jar-{jar.id} p").first.inner_text()
    assert _month_figures(page, last, jar.id) == last_before

    # the jar renamed, archived (off the page and the totals) and restored with its figures
    page.goto("/jars/")
    card = page.locator(f"#jar-{jar.id}")
    card.get_by_text("Rename or archive").click()
    card.get_by_label("New name for Dana food").fill("Dana groceries")
    card.get_by_role("button", name="Rename", exact=True).click()
    page.get_by_text("Jar renamed to Dana groceries.").wait_for()
    assert page.locator(f"#jar-{jar.id}-name").inner_text() == "Dana groceries"
    spent_before = page.locator(f"#jar-{jar.id} p").first.inner_text()
    card.get_by_text("Rename or archive").click()
    card.get_by_role("button", name=re.compile("^Archive")).click()
    page.get_by_text("Jar Dana groceries archived; Restore brings it back.").wait_for()
    assert page.locator(f"#jar-{jar.id}").count() == 0
    archived = page.locator(f"#jar-archived-{jar.id}")
    assert "Dana groceries" in archived.inner_text()
    archived.get_by_role("button", name=re.compile("^Restore")).click()
    page.get_by_text("Jar Dana groceries restored.").wait_for()
    assert page.locator(f"#jar-{jar.id} p").first.inner_text() == spent_before
    assert page.locator("#jars-archived").count() == 0
    assert page.js_errors == []

    # bob sees none of it
    page.get_by_role("button", name="Log out").click()
    page.wait_for_url(re.compile(r"/login/$"))
    login(page, "bob")
    page.goto("/accounts/")
    assert "Dana checking" not in page.locator("main").inner_text()
    page.goto("/jars/")
    assert "Dana" not in page.locator("main").inner_text()
    token = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
    assert page.request.post(f"/jars/{jar.id}/", form={"action": "archive"},
                             headers={"X-CSRFToken": token}).status == 404  # bob's session: not found
    assert Jar.objects.get(id=jar.id).archived_at is None
    assert page.goto(f"/transactions/{paid.id}/edit/").status == 404
