"""`make run`'s launcher refuses clearly, exits non-zero and leaves no processes behind."""
import os
import socket
import subprocess
import sys
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[2]


def _children_of(pid_marker: str) -> list:
    return [p for p in psutil.process_iter(["cmdline"]) if pid_marker in " ".join(p.info["cmdline"] or [])]


def test_run_refuses_a_busy_port():
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        env = dict(os.environ, MONETA_PORT=str(port), MONETA_HOST="127.0.0.1")
        result = subprocess.run([sys.executable, "-m", "config.run"], cwd=ROOT, env=env,
                                capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    assert f"port {port}" in result.stdout and "in use" in result.stdout


def test_run_explains_when_postgres_cannot_start(tmp_path):
    data_dir = tmp_path / "moneta-data"
    data_dir.mkdir()
    (data_dir / "pgdata").write_text("not a directory")  # the data folder is unusable
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env.update(MONETA_DATA_DIR=str(data_dir), MONETA_PORT="0")
    result = subprocess.run([sys.executable, "-m", "config.run"], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    assert "embedded Postgres" in result.stdout
    assert str(data_dir / "pgdata") in result.stdout
    assert not _children_of(str(data_dir))  # no orphan postgres / worker / web server


def test_run_on_its_embedded_database_has_celery_queues_of_its_own(tmp_path):
    """Two checkouts' `make run` on one Redis: each one's workers take only its own tasks (a task names rows of its
    own database by id), and the web process and the workers agree on the queue."""
    from config.run import checkout_queue, queue_names, run_worker_commands

    one, other = {"MONETA_DATA_DIR": str(tmp_path / "a")}, {"MONETA_DATA_DIR": str(tmp_path / "b")}
    checkout_queue(one)
    checkout_queue(other)
    assert one["MONETA_CELERY_QUEUE"] != other["MONETA_CELERY_QUEUE"] != "moneta"
    again = {"MONETA_DATA_DIR": str(tmp_path / "a")}
    checkout_queue(again)
    assert again["MONETA_CELERY_QUEUE"] == one["MONETA_CELERY_QUEUE"]  # the same database: the same queue
    interactive, ingestion = queue_names(one)
    workers = run_worker_commands(one)
    assert interactive in workers["worker-interactive"] and ingestion in workers["worker-ingestion"]
    chosen = {"MONETA_CELERY_QUEUE": "mine"}
    checkout_queue(chosen)
    assert chosen["MONETA_CELERY_QUEUE"] == "mine"
