"""`make run` does not exhaust Postgres (issue 23 item 6): its runserver starts a thread per connection, and with
persistent per-thread connections every thread left one behind. A small load test: runserver started as `make run`
starts it (DATABASE_POOL=1, here a pool of 4) on the test database, 60 requests that each touch the database from 12
clients at once; all reach the database and the server never holds more connections than its pool."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection

from tests.conftest import ROOT, _test_database_url, free_port, wait_for

pytestmark = pytest.mark.django_db(transaction=True)
POOL = 4
APP_NAME = "moneta-runserver-load-test"  # libpq's PGAPPNAME: tells the server's connections from the test's


def _server_connections() -> int:
    with connection.cursor() as cur:
        cur.execute("SELECT count(*) FROM pg_stat_activity WHERE application_name = %s", [APP_NAME])
        return cur.fetchone()[0]


def test_runserver_connections_stay_bounded_under_load(tmp_path):
    from config.run import RUNSERVER_ENV

    port = free_port()
    env = dict(os.environ, DATABASE_URL=_test_database_url(), DJANGO_SETTINGS_MODULE="config.settings.local",
               MONETA_DEMO_MODE="false", MONETA_CHAT_WARMUP="0", DATABASE_POOL_MAX_SIZE=str(POOL), PGAPPNAME=APP_NAME, **RUNSERVER_ENV)
    log = tmp_path / "runserver.log"
    proc = subprocess.Popen([sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload"], cwd=ROOT,
                            env=env, start_new_session=True, stdout=log.open("w"), stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/healthz"
    try:
        def database_ok() -> bool:
            """/healthz answered and its database check passed (it is 503 here: no Celery worker runs)."""
            try:
                with urllib.request.urlopen(url, timeout=60) as response:
                    body = response.read()
            except urllib.error.HTTPError as exc:
                body = exc.read()
            return json.loads(body)["checks"]["database"]["status"] == "ok"

        def up() -> bool:
            try:
                return database_ok()
            except (OSError, ValueError):
                return False

        assert wait_for(up, timeout=90), log.read_text()[-2000:]
        peak = 0

        def hit(_: int) -> bool:
            nonlocal peak
            ok = database_ok()
            try:
                peak = max(peak, _server_connections())
            finally:
                connection.close()  # this reader thread's own connection
            return ok

        with ThreadPoolExecutor(max_workers=12) as pool:
            statuses = list(pool.map(hit, range(60)))
        assert statuses == [True] * 60  # every request reached the database
        after = _server_connections()
        print(f"\nrunserver under load: peak {peak}, after {after} database connections (pool of {POOL})")
        assert 0 < peak <= POOL and after <= POOL, (peak, after)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
