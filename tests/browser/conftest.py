"""Browser tests: Python playwright driving Debian's chromium against a live Moneta on the test database.

Why not pytest-django's `live_server` fixture directly: it flushes the database after every test
(transactional_db), so the demo data would be loaded again for each test. The suite instead loads the
demo data once per module (see seed_site: the demo users and the apps' demo loaders/services) and runs
pytest-django's own `LiveServer` thread on that database; the database is flushed before and after the
module so no other test sees this data. Tests in a module therefore share data: each one works on data
no other test in the module depends on.

A failing test leaves a full-page screenshot in test-artifacts/<test name>.png.
"""
from __future__ import annotations

import os
import re
import time
from pathlib import Path
from urllib.parse import urlparse

import pytest

from tests.conftest import ROOT, require_chromium

ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
DEMO_PASSWORDS = {"alice": "alice-demo-pass", "bob": "bob-demo-pass"}
KNOWLEDGE_DOCS = ("finance-education/emergency-fund.md",)


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser/" in str(item.fspath).replace("\\", "/"):
            item.add_marker(pytest.mark.browser)
            # Tells pytest-django to set up the test database; each test body runs in a transaction that
            # is rolled back, while the live server (its own connection) sees the committed demo data.
            item.add_marker(pytest.mark.django_db)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)


def seed_site() -> None:
    """Users (the demo users), the transactions and chat demo data, and from the knowledge demo the corpora
    plus the one article the citation journey reads, ingested by the knowledge app's own service. (Ingesting
    all twelve demo articles takes about a minute on this shared 2-core machine; one takes a few seconds.)"""
    import io

    from accounts.demo import demo_users_ensure
    from chat import demo as chat_demo
    from knowledge.corpora import corpus_ensure
    from knowledge.demo import CORPORA, DEMO_DOCS
    from knowledge.services import document_create, document_ingest_now
    from transactions import demo as transactions_demo

    demo_users_ensure()
    corpora = {slug: corpus_ensure(slug=slug, name=name, description=desc) for slug, name, desc in CORPORA}
    for relative in KNOWLEDGE_DOCS:
        path = DEMO_DOCS / relative
        content = path.read_bytes()
        title = next((line[2:].strip() for line in content.decode().splitlines() if line.startswith("# ")), path.stem)
        doc, _ = document_create(corpus=corpora[path.parent.name], file_name=path.name, content=content, title=title,
                                 enqueue=False)
        document_ingest_now(document_id=doc.id)
    out = io.StringIO()
    transactions_demo.load_demo(stdout=out)
    chat_demo.load_demo(stdout=out)


def _flush_database() -> None:
    from django.core.management import call_command

    call_command("flush", interactive=False, verbosity=0)


@pytest.fixture(scope="module")
def web_server(django_db_setup, django_db_blocker):
    """A live Moneta with the demo data loaded; yields its base URL."""
    from django.conf import settings
    from django.test import override_settings
    from pytest_django.live_server_helper import LiveServer

    require_chromium()
    with django_db_blocker.unblock():
        _flush_database()  # a crashed earlier run may have left rows in the reused test database
        started = time.perf_counter()
        seed_site()
        print(f"\n[browser] demo data loaded in {time.perf_counter() - started:.1f}s")
        server = LiveServer("127.0.0.1:0")
        server._live_server_modified_settings.enable()
        # Every browser test logs in through the real form from 127.0.0.1, dozens a minute across the modules,
        # and allauth's per-IP login limit (30/m) then answers 429: the suite failed on it in CI. The limit
        # stays in force everywhere else, and Moneta's own failed-password lockout stays on here too.
        no_login_limit = override_settings(ACCOUNT_RATE_LIMITS={**settings.ACCOUNT_RATE_LIMITS, "login": None})
        no_login_limit.enable()
        try:
            yield server.url
        finally:
            no_login_limit.disable()
            server._live_server_modified_settings.disable()
            server.stop()
            from django.db import connections

            connections.close_all()
            _flush_database()


@pytest.fixture(scope="module")
def chromium():
    executable = require_chromium()
    from playwright.sync_api import sync_playwright

    # playwright's sync API keeps an asyncio loop running in the test thread, and Django then refuses ORM
    # calls from that thread. Browser tests only touch the database between browser steps, never from
    # inside the loop, so allow it while the browser is up (and only then: module scope, so the loop and the
    # permission end with the browser tests and the rest of the suite runs with Django's check intact).
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS, headless=True)
            yield browser
            browser.close()
    finally:
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


def _new_page(chromium, request, base_url: str, *, width: int = 1280, height: int = 900):
    context = chromium.new_context(base_url=base_url, viewport={"width": width, "height": height})
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.js_errors = errors  # type: ignore[attr-defined]
    return context, page


def _screenshot_on_failure(request, page) -> None:
    failed = any(getattr(request.node, f"rep_{when}", None) is not None
                 and getattr(request.node, f"rep_{when}").failed for when in ("setup", "call"))
    if failed:
        ARTIFACTS.mkdir(exist_ok=True)
        name = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.nodeid)
        try:
            page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
        except Exception as exc:  # a crashed page must not hide the real failure
            print(f"could not save a screenshot: {exc}")


@pytest.fixture
def page(chromium, web_server, request):
    context, page = _new_page(chromium, request, web_server)
    yield page
    _screenshot_on_failure(request, page)
    context.close()


@pytest.fixture
def phone_page(chromium, web_server, request):
    context, page = _new_page(chromium, request, web_server, width=375, height=740)
    yield page
    _screenshot_on_failure(request, page)
    context.close()


def login(page, username: str, password: str | None = None) -> None:
    """Log in through the real login form, as a user would."""
    page.goto("/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password or DEMO_PASSWORDS[username])
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(lambda url: urlparse(url).path == "/")
    who = page.get_by_text(f"Signed in as {username}")
    if page.locator("#menu-toggle").is_visible():  # a phone: the header's menu is collapsed behind one button
        assert who.count() == 1 and not who.is_visible()
    else:
        assert who.is_visible()


@pytest.fixture
def artifacts_dir() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


def in_own_connection(fn, *args, **kwargs):
    """Run `fn` on a thread with its own (autocommit) DB connection and return what it returns: the test body runs
    inside a transaction the live server cannot see, so writes the server must see (what a worker or an editor
    would do) are made this way. An exception in `fn` fails the test."""
    import threading

    from django.db import connection

    out: list = []
    errors: list[Exception] = []

    def run():
        try:
            out.append(fn(*args, **kwargs))
        except Exception as exc:  # surfaced below
            errors.append(exc)
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(120)
    assert not errors, errors
    return out[0] if out else None


AXE = Path(__file__).resolve().parent / "vendor" / "axe-core-4.14.1" / "axe.min.js"
# Serious or critical WCAG 2.1 A/AA violations, one line each (rule, help, the first nodes).
RUN_AXE = """async () => (await axe.run(document, {resultTypes: ['violations'], runOnly: {type: 'tag',
    values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']}})).violations
    .filter(v => v.impact === 'serious' || v.impact === 'critical')
    .map(v => v.id + ': ' + v.help + ' — ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '))"""


def axe_problems(page) -> list[str]:
    """axe-core injected through the DevTools protocol (a test tool: the page's CSP stays on for what it loads)."""
    page.evaluate(AXE.read_text(encoding="utf-8") + "\n;window.axe = axe;")
    return page.evaluate(RUN_AXE)


def no_sideways_scroll(page) -> None:
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 1, f"{page.url} is {overflow}px wider than the screen"
