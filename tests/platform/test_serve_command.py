"""`make serve`'s launcher: refuses a busy port cleanly; its processes are the ones the containers run."""
import os
import re
import socket
import subprocess
import sys

from config.run import serve_commands
from tests.conftest import ROOT


def test_serve_refuses_a_busy_port():
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        env = dict(os.environ, MONETA_PORT=str(port), MONETA_HOST="127.0.0.1")
        result = subprocess.run([sys.executable, "-m", "config.run", "serve"], cwd=ROOT, env=env,
                                capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    assert f"port {port}" in result.stdout and "in use" in result.stdout


def test_serve_runs_gunicorn_with_uvicorn_workers_and_one_worker_per_queue():
    commands = serve_commands({"MONETA_CELERY_QUEUE": "q"})
    assert commands["web"][-4:] == ["gunicorn", "-c", "python:config.gunicorn", "config.asgi:application"]
    assert commands["worker-interactive"][commands["worker-interactive"].index("-Q") + 1] == "q"
    assert commands["worker-ingestion"][commands["worker-ingestion"].index("-Q") + 1] == "q-ingestion"
    assert "beat" in commands["beat"]
    from config import gunicorn

    assert gunicorn.worker_class == "config.gunicorn.MonetaUvicornWorker"


def test_compose_and_dockerfile_run_the_tested_process_commands():
    """Not a container test (no runtime here): the images' commands must be `config.run process NAME`."""
    compose = (ROOT / "compose.yaml").read_text()
    named = re.findall(r'\["python", "-m", "config\.run", "process", "([a-z-]+)"\]', compose)
    assert sorted(named) == sorted(serve_commands({}))
    assert 'CMD ["python", "-m", "config.run", "process", "web"]' in (ROOT / "Dockerfile").read_text()
