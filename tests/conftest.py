"""Shared fixtures. The database is real Postgres + pgvector (embedded pgserver unless DATABASE_URL)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

os.environ.setdefault("XDG_RUNTIME_DIR", str(Path(__file__).resolve().parent.parent / ".moneta" / "run"))
Path(os.environ["XDG_RUNTIME_DIR"]).mkdir(parents=True, exist_ok=True, mode=0o700)

ROOT = Path(__file__).resolve().parent.parent
SHARED_DATA = ROOT.parent / "shared" / "data"
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")


@pytest.fixture
def user_factory(db):
    from django.contrib.auth import get_user_model

    def make(username: str, *, password: str = "pw-for-tests-1", is_staff: bool = False):
        return get_user_model().objects.create_user(username=username, password=password, is_staff=is_staff)

    return make


@pytest.fixture
def alice(user_factory):
    return user_factory("alice")


@pytest.fixture
def bob(user_factory):
    return user_factory("bob")


@pytest.fixture
def editor(user_factory):
    return user_factory("editor", is_staff=True)


@pytest.fixture
def api_client():
    from rest_framework.test import APIClient

    return APIClient()


@pytest.fixture
def alice_client(alice):
    from rest_framework.test import APIClient

    client = APIClient()
    client.force_authenticate(alice)
    return client


@pytest.fixture
def bob_client(bob):
    from rest_framework.test import APIClient

    client = APIClient()
    client.force_authenticate(bob)
    return client


def _test_database_url() -> str:
    """A URL for the database the tests are using, for processes the tests start."""
    from django.db import connection

    s = connection.settings_dict
    host = s.get("HOST") or ""
    user = s.get("USER") or "postgres"
    password = s.get("PASSWORD") or ""
    port = s.get("PORT") or ""
    auth = f"{user}:{password}@" if password else f"{user}@"
    if host.startswith("/"):
        return f"postgresql://{auth}/{s['NAME']}?host={host}" + (f"&port={port}" if port else "")
    return f"postgresql://{auth}{host}{':' + str(port) if port else ''}/{s['NAME']}"


def worker_queues() -> str:
    """Both of this session's queues (interactive, ingestion), for a worker that runs every task."""
    from django.conf import settings

    return f"{settings.CELERY_TASK_DEFAULT_QUEUE},{settings.MONETA_INGESTION_QUEUE}"


@pytest.fixture
def celery_worker_process(transactional_db):
    """A real `celery worker` process on the test database and this session's own queue."""
    env = dict(os.environ)
    env["DATABASE_URL"] = _test_database_url()
    env["DJANGO_SETTINGS_MODULE"] = "config.settings.test"
    proc = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "--loglevel", "WARNING", "-Q", worker_queues(),
         "--concurrency", "1", "--pool", "solo", "-n", f"test-{os.getpid()}@%h"],
        cwd=ROOT, env=env, start_new_session=True,
    )
    yield proc
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()


def chromium_path() -> str | None:
    for candidate in ("/usr/bin/chromium", shutil.which("chromium") or ""):
        if candidate and os.path.exists(candidate):
            return candidate
    return None


def require_chromium() -> str:
    """Skip (outside CI) or fail (in CI) when Debian's chromium is missing."""
    path = chromium_path()
    if path:
        return path
    reason = "Debian's chromium is not installed (make test installs it with apt when it can)"
    if IN_CI:
        pytest.fail(reason + "; CI must not skip browser tests")
    pytest.skip(reason)
    raise AssertionError  # unreachable


def wait_for(predicate, *, timeout: float = 30.0, interval: float = 0.2):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    return predicate()


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def served_site(django_db_setup, django_db_blocker, tmp_path_factory):
    """`make serve`'s web process (gunicorn + uvicorn workers, production settings, whitenoise) on the test
    database, started with the argv `make serve` and the web container use. Yields a dict: url, log (path),
    users {name: password}, metrics_token. Rows it creates are flushed afterwards."""
    import secrets

    from config.run import serve_commands

    tmp = tmp_path_factory.mktemp("serve")
    env = dict(os.environ, DATABASE_URL=_test_database_url(), DJANGO_SETTINGS_MODULE="config.settings.production",
               DJANGO_SECRET_KEY=secrets.token_urlsafe(40), DJANGO_SECURE_COOKIES="false",
               DJANGO_SECURE_SSL_REDIRECT="false", MONETA_HOST="127.0.0.1", MONETA_PORT=str(free_port()),
               WEB_CONCURRENCY="1", PROMETHEUS_MULTIPROC_DIR=str(tmp / "prometheus"), MONETA_LOG_FORMAT="json",
               MONETA_METRICS_TOKEN=secrets.token_urlsafe(24), MONETA_DEMO_MODE="false")
    (tmp / "prometheus").mkdir()
    manifest = Path(ROOT / ".moneta" / "staticfiles" / "staticfiles.json")
    newest = max(p.stat().st_mtime for p in (ROOT / "static").rglob("*") if p.is_file())
    if not manifest.exists() or manifest.stat().st_mtime < newest:
        subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"], cwd=ROOT, env=env,
                       check=True, timeout=300)
    users = {"sam": "sam-serve-pass-1", "staffer": "staffer-serve-pass-1"}
    with django_db_blocker.unblock():
        from django.contrib.auth import get_user_model
        from django.contrib.auth.hashers import PBKDF2PasswordHasher

        for name, password in users.items():  # hashed as production hashes (the test settings use MD5)
            get_user_model().objects.create(username=name, is_staff=name == "staffer",
                                            password=PBKDF2PasswordHasher().encode(password, secrets.token_hex(8)))
    log_path = tmp / "web.log"
    proc = subprocess.Popen(serve_commands(env)["web"], cwd=ROOT, env=env, start_new_session=True,
                            stdout=log_path.open("w"), stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{env['MONETA_PORT']}"
    try:
        import urllib.request

        def up() -> bool:
            if proc.poll() is not None:
                raise AssertionError(f"gunicorn exited: {log_path.read_text()[-3000:]}")
            try:
                return urllib.request.urlopen(url + "/login/", timeout=2).status == 200
            except OSError:
                return False

        assert wait_for(up, timeout=90), log_path.read_text()[-3000:]
        yield {"url": url, "log": log_path, "users": users, "metrics_token": env["MONETA_METRICS_TOKEN"]}
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
        with django_db_blocker.unblock():
            from django.core.management import call_command
            from django.db import connections

            connections.close_all()
            call_command("flush", interactive=False, verbosity=0)


@pytest.fixture(autouse=True)
def _ui_language_reset():
    """Each test starts in the default language: a page requested in Vietnamese (LocaleMiddleware activates the
    language for the thread and nothing deactivates it) must not make a later test's chat answer Vietnamese
    (chat_turn reads the UI language of the calling thread)."""
    yield
    from django.utils import translation

    translation.deactivate()
