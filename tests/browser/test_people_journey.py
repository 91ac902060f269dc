"""A stranger joins Moneta in the browser: sign up → confirm the emailed link → first-run set-up (currency, an
account with its opening balance, a statement import) → home shows it → sign out → reset the password through
the emailed link → sign in with the new password. A second newcomer sees nothing of the first, in set-up and in
the demo sandbox."""
from __future__ import annotations

import re
from urllib.parse import urlparse

from django.core import mail

from tests.browser.conftest import axe_problems, in_own_connection

PASSWORD = "correct-horse-battery-41"


def _emailed_path(to: str) -> str:
    message = [m for m in mail.outbox if m.to == [to]][-1]
    return urlparse(re.search(r"https?://\S+", message.body).group(0)).path


def _sign_up(page, username: str, email: str) -> None:
    page.goto("/login/")
    page.get_by_role("link", name="Create an account").click()
    page.get_by_label("Username", exact=True).fill(username)
    page.get_by_label("Email", exact=True).fill(email)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password (again)").fill(PASSWORD)
    page.get_by_role("button", name="Sign Up").click()
    page.get_by_role("heading", name="Verify Your Email Address").wait_for()
    page.goto(_emailed_path(email))
    page.get_by_role("button", name="Confirm").click()
    page.wait_for_url(lambda url: urlparse(url).path == "/welcome/")


def test_a_stranger_signs_up_sets_up_imports_and_resets_the_password(page, tmp_path):
    mail.outbox.clear()
    _sign_up(page, "lan", "lan@example.com")
    assert axe_problems(page) == []
    page.get_by_label("Currency", exact=True).select_option("EUR")
    page.get_by_role("button", name="Save and continue").click()
    page.get_by_label("Account name").fill("Lan's current account")
    page.get_by_label("Opening balance (EUR)").fill("1250.00")
    page.get_by_role("button", name="Add account").click()
    page.get_by_text("Account “Lan's current account” added").wait_for()

    statement = tmp_path / "lan.csv"
    statement.write_text("Date,Description,Amount\n2026-10-02,LAN BAKERY BERLIN,-4.20\n"
                         "2026-10-05,LAN EMPLOYER SALARY,2100.00\n2026-10-09,LAN BOOKSHOP,-18.90\n")
    page.locator("#welcome-import").click()
    page.get_by_label("Statement file").set_input_files(str(statement))
    page.get_by_role("button", name="Preview import").click()
    page.locator("#preview-heading").wait_for()
    assert page.get_by_label("Lan's current account").is_checked()  # the account made in set-up
    page.locator("#confirm-import").click()
    page.locator("#import-success").wait_for(timeout=30_000)

    from transactions.models import Account

    account = Account.objects.get(user__username="lan")
    assert account.currency == "EUR"
    assert account.opening_balance == 1250
    page.goto("/")
    assert urlparse(page.url).path == "/"  # money is in: home, not set-up
    page.goto("/transactions/")
    assert "LAN BAKERY" in page.locator("main").inner_text().upper()

    page.get_by_role("button", name="Log out").click()
    page.wait_for_url(re.compile(r"/login/$"))
    page.get_by_role("link", name="Forgot your password?").click()
    page.get_by_label("Email").fill("lan@example.com")
    page.get_by_role("button", name="Reset My Password").click()
    page.get_by_text("We have sent you an email").wait_for()
    page.goto(_emailed_path("lan@example.com"))
    page.get_by_label("New Password", exact=True).fill("a-new-pass-phrase-99")
    page.get_by_label("New Password (again)").fill("a-new-pass-phrase-99")
    page.get_by_role("button", name="Change Password").click()
    page.get_by_text("Your password is now changed.").wait_for()
    page.goto("/login/")
    page.get_by_label("Username").fill("lan@example.com")
    page.get_by_label("Password").fill("a-new-pass-phrase-99")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(lambda url: urlparse(url).path == "/")
    assert page.locator(".who").inner_text() == "Signed in as lan"
    assert page.js_errors == []


def test_a_second_newcomer_sees_nothing_of_the_first(page, monkeypatch):
    from accounts import sandbox, tasks
    from accounts.models import Profile

    # The demo money is loaded by a worker: the message is kept here and run below as the worker would.
    queued: list[int] = []
    monkeypatch.setattr(sandbox, "broker_reachable", lambda timeout=1.0: True)
    monkeypatch.setattr(tasks.sandbox_fill_task, "delay", lambda user_id: queued.append(user_id))
    mail.outbox.clear()
    _sign_up(page, "tuan", "tuan@example.com")
    welcome = page.locator("main").inner_text()
    assert "Lan's current account" not in welcome and "lan@example.com" not in welcome
    page.get_by_role("button", name="Try it with demo data").first.click()
    page.locator('#sandbox-status[data-status="pending"]').wait_for()
    assert len(queued) == 1
    in_own_connection(tasks.sandbox_fill_task.run, queued[0])
    page.get_by_role("button", name="Open the demo sandbox").click()  # appears once the page's poll sees it ready
    page.locator("#sandbox-banner").wait_for()
    sandbox_home = page.locator("main").inner_text()
    assert "LAN" not in sandbox_home.upper().split()
    assert Profile.objects.filter(sandbox_owner__username="tuan").count() == 1
    page.get_by_role("button", name="Back to my own money").first.click()
    page.wait_for_url(lambda url: urlparse(url).path in ("/", "/welcome/"))
    assert page.locator(".who").inner_text() == "Signed in as tuan"
    page.goto("/transactions/")
    assert "LAN BAKERY" not in page.locator("main").inner_text().upper()
