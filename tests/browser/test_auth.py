"""Logging in and out in a real browser; every page needs a login."""
from __future__ import annotations

import re
from urllib.parse import urlparse

from tests.browser.conftest import login


def test_login_shows_home_and_logout_returns_to_login(page):
    page.goto("/transactions/")
    page.wait_for_url(re.compile(r"/login/\?next=/transactions/"))
    page.get_by_label("Username").fill("alice")
    page.get_by_label("Password").fill("wrong password")
    page.get_by_role("button", name="Log in").click()
    assert page.get_by_role("alert").inner_text().startswith("That username and password do not match")

    login(page, "alice")
    page.get_by_role("button", name="Log out").click()
    page.wait_for_url(re.compile(r"/login/$"))
    page.goto("/")
    page.wait_for_url(re.compile(r"/login/\?next=/$"))
    assert page.js_errors == []


def test_keyboard_only_login(page):
    """Focus order on the login form: username (autofocused) → password → Log in; Enter submits."""
    page.goto("/login/")
    assert page.evaluate("document.activeElement.id") == "id_username"
    page.keyboard.type("alice")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "id_password"
    page.keyboard.type("alice-demo-pass")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent.trim()") == "Log in"
    page.keyboard.press("Enter")
    page.wait_for_url(lambda url: urlparse(url).path == "/")
    assert page.get_by_text("Signed in as alice").is_visible()
    # the skip link is the first thing a keyboard user reaches on every page
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent.trim()") == "Skip to content"
