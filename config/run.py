"""`make run` (demo) and `make serve` (production mode): one command brings Moneta up, Ctrl-C takes it down.

`python -m config.run`        development: runserver + the interactive and the ingestion Celery workers (beat
                              embedded in the interactive one).
`python -m config.run serve`  production: gunicorn with uvicorn workers (ASGI), an interactive worker, an
                              ingestion worker, a beat process. The argv of each process comes from
                              `serve_commands`, which the tests and the containers (`python -m config.run
                              process NAME`) use as well, so what is tested is what is deployed.

Order: embedded Postgres (unless DATABASE_URL) → Redis (REDIS_URL; else start a local
redis-server; else the Celery filesystem transport, said in the log) → migrate → demo data →
Celery worker → web server. Every child runs in its own process group and is stopped on exit;
the embedded Postgres stops when this process (its last user) exits.
"""
from __future__ import annotations

import hashlib
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlparse

import redis

from accounts.demo import DEMO_USERS
from config.embedded_pg import EmbeddedPostgresError, embedded_database_url

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable
children: list[subprocess.Popen] = []


def log(msg: str) -> None:
    print(f"[moneta] {msg}", flush=True)


def fail(msg: str) -> None:
    log(f"ERROR: {msg}")
    stop_children()
    sys.exit(1)


def spawn(args: list[str], env: dict, name: str) -> subprocess.Popen:
    proc = subprocess.Popen(args, cwd=ROOT, env=env, start_new_session=True)
    proc.moneta_name = name  # type: ignore[attr-defined]
    children.append(proc)
    return proc


def stop_children() -> None:
    for proc in reversed(children):
        if proc.poll() is None:
            try:
                os.killpg(proc.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
    deadline = time.time() + 15
    for proc in reversed(children):
        try:
            proc.wait(timeout=max(0.1, deadline - time.time()))
        except subprocess.TimeoutExpired:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
    children.clear()


def redis_reachable(url: str) -> bool:
    try:
        redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=1).ping()
        return True
    except Exception:
        return False


def port_free(host: str, port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host, port))
            return True
        except OSError:
            return False


def choose_broker(env: dict) -> None:
    if env.get("CELERY_BROKER_URL"):
        log(f"Celery broker from CELERY_BROKER_URL: {env['CELERY_BROKER_URL'].split('@')[-1]}")
        return
    url = env.get("REDIS_URL") or "redis://127.0.0.1:6379/0"
    if redis_reachable(url):
        log(f"Redis reachable at {url}")
        return
    parsed = urlparse(url)
    binary = shutil.which("redis-server")
    if binary and parsed.hostname in ("127.0.0.1", "localhost") and port_free("127.0.0.1", parsed.port or 6379):
        log(f"Redis not reachable; starting {binary} on port {parsed.port or 6379}")
        spawn([binary, "--port", str(parsed.port or 6379), "--bind", "127.0.0.1", "--save", "",
               "--appendonly", "no"], env, "redis")
        for _ in range(50):
            if redis_reachable(url):
                return
            time.sleep(0.1)
    log("WARNING: no Redis reachable and none could be started: Celery uses kombu's filesystem "
        "transport under .moneta/celery (tasks still run in the worker, never in a web request).")
    env["CELERY_BROKER_URL"] = "filesystem://"


# runserver starts a thread per connection: a pool bounds its database connections (config/settings/base.py).
RUNSERVER_ENV = {"DATABASE_POOL": "1"}


def checkout_queue(env: dict) -> None:
    """A Moneta on its embedded Postgres gets Celery queues of its own checkout. On a Redis it did not start (another
    checkout's `make run`, a branch beside main, another project's Redis) every worker listening on the default
    queue "moneta" takes tasks from every web process, and a task names rows by id: another checkout's worker would
    run it against its own database. The queue is named after the database's data folder; MONETA_CELERY_QUEUE,
    when set, is kept."""
    if not env.get("MONETA_CELERY_QUEUE"):
        data = Path(env.get("MONETA_DATA_DIR") or ROOT / ".moneta").resolve()
        env["MONETA_CELERY_QUEUE"] = f"moneta-{hashlib.sha256(str(data).encode()).hexdigest()[:8]}"
        log(f"Celery queues of this checkout: {', '.join(queue_names(env))} (set MONETA_CELERY_QUEUE to choose)")


def queue_names(env: dict) -> tuple[str, str]:
    """(interactive, ingestion) queue names, computed as config/settings/base.py computes them."""
    interactive = env.get("MONETA_CELERY_QUEUE") or "moneta"
    return interactive, env.get("MONETA_INGESTION_QUEUE") or f"{interactive}-ingestion"


def serve_commands(env: dict) -> dict[str, list[str]]:
    """The production processes. Workers are stateless: on a second machine run the same worker command
    with DATABASE_URL and REDIS_URL pointing at the shared Postgres and Redis."""
    interactive, ingestion = queue_names(env)
    celery = [PY, "-m", "celery", "-A", "config"]
    return {
        "web": [PY, "-m", "gunicorn", "-c", "python:config.gunicorn", "config.asgi:application"],
        # a user's note or document, imports, re-filing, notifications, beat jobs: someone waits for these
        "worker-interactive": [*celery, "worker", "-Q", interactive, "--loglevel", "INFO", "-n", "interactive@%h",
                               "--concurrency", env.get("MONETA_INTERACTIVE_CONCURRENCY", "2")],
        # an editor's bulk documents: CPU-bound, one torch thread per prefork child, one document per child
        "worker-ingestion": [*celery, "worker", "-Q", ingestion, "--loglevel", "INFO", "-n", "ingestion@%h",
                             "--concurrency", env.get("MONETA_INGESTION_CONCURRENCY", "1")],
        # exactly one per deployment (django-celery-beat's database scheduler)
        "beat": [*celery, "beat", "--loglevel", "INFO"],
    }


def run_worker_commands(env: dict) -> dict[str, list[str]]:
    """`make run`'s workers: the same two as `make serve` (a user's note never waits behind an editor's bulk
    upload, config/celery_routes.py), the interactive one with beat embedded (the periodic jobs: no beat process
    of its own in development)."""
    commands = serve_commands(env)
    return {
        "worker-interactive": [*commands["worker-interactive"], "-B",
                               "--schedule", str(ROOT / ".moneta" / "celerybeat-schedule")],
        "worker-ingestion": commands["worker-ingestion"],
    }


def serve_env(env: dict) -> dict:
    """Production settings for `make serve`, with what a single-machine trial needs filled in (logged)."""
    # Not setdefault: importing the `config` package (to run this module) already set the development
    # settings in os.environ (config/celery_app.py). MONETA_SERVE_SETTINGS picks another settings module.
    env["DJANGO_SETTINGS_MODULE"] = env.get("MONETA_SERVE_SETTINGS") or "config.settings.production"
    env["MONETA_DEMO_MODE"] = "false"
    env.setdefault("MONETA_TORCH_THREADS", "1")
    if not env.get("DJANGO_SECRET_KEY"):
        key_file = Path(env.get("MONETA_DATA_DIR") or ROOT / ".moneta") / "secret_key"
        if not key_file.exists():
            key_file.parent.mkdir(parents=True, exist_ok=True)
            key_file.write_text(secrets.token_urlsafe(50))
            key_file.chmod(0o600)
        env["DJANGO_SECRET_KEY"] = key_file.read_text().strip()
        log(f"DJANGO_SECRET_KEY not set: using the random key kept in {key_file}")
    host = env.get("MONETA_HOST", "127.0.0.1")
    if host in ("127.0.0.1", "localhost", "::1") and "DJANGO_SECURE_COOKIES" not in env:
        # Plain HTTP on the loopback interface (a local trial, the load benchmark): secure-only cookies and
        # the HTTPS redirect would make signing in impossible. Behind TLS, leave both on.
        env["DJANGO_SECURE_COOKIES"] = "false"
        env.setdefault("DJANGO_SECURE_SSL_REDIRECT", "false")
        log("serving plain HTTP on loopback: secure cookies and the HTTPS redirect are off (set "
            "DJANGO_SECURE_COOKIES=true behind TLS)")
    metrics_dir = Path(env.get("MONETA_DATA_DIR") or ROOT / ".moneta") / "prometheus"
    env.setdefault("PROMETHEUS_MULTIPROC_DIR", str(metrics_dir))
    shutil.rmtree(env["PROMETHEUS_MULTIPROC_DIR"], ignore_errors=True)
    Path(env["PROMETHEUS_MULTIPROC_DIR"]).mkdir(parents=True, exist_ok=True)
    return env


def process_exec(name: str) -> None:
    """`python -m config.run process NAME`: exec one production process (what a container runs)."""
    commands = serve_commands(dict(os.environ))
    if name not in commands:
        print(f"unknown process {name!r}; one of: {', '.join(commands)}")
        sys.exit(2)
    os.execv(commands[name][0], commands[name])


def main(mode: str = "run") -> None:
    serving = mode == "serve"
    env = dict(os.environ)
    host = env.get("MONETA_HOST", "127.0.0.1")
    port = int(env.get("MONETA_PORT", "8000"))
    if not port_free(host, port):  # before anything else: a running Moneta's files are left alone
        fail(f"port {port} on {host} is in use; stop what is using it or set MONETA_PORT.")
    if serving:
        serve_env(env)
    env.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
    env.setdefault("MONETA_DEMO_MODE", "true")
    env["PYTHONUNBUFFERED"] = "1"

    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    try:
        if not env.get("DATABASE_URL"):
            started = time.time()
            try:
                # This process holds a handle for the whole run: Postgres stops when it exits.
                env["DATABASE_URL"] = embedded_database_url()
            except EmbeddedPostgresError as exc:
                fail(str(exc))
            log(f"embedded Postgres ready in {time.time() - started:.1f}s (data in .moneta/pgdata)")
            checkout_queue(env)
        else:
            log("using DATABASE_URL")
        choose_broker(env)

        steps: list[tuple[list[str], dict]] = [(["migrate", "--noinput"], env)]
        if serving:
            steps.append((["collectstatic", "--noinput", "-v", "0"], env))
            if env.get("MONETA_SERVE_DEMO", "").lower() in ("1", "true", "yes"):
                # the demo users and data, loaded once by the development settings (production refuses demo mode)
                steps.append((["demo"], {**env, "DJANGO_SETTINGS_MODULE": "config.settings.local",
                                         "MONETA_DEMO_MODE": "true"}))
        else:
            steps.append((["demo"], env))
        for step, step_env in steps:
            log("manage.py " + " ".join(step))
            rc = subprocess.call([PY, "manage.py", *step], cwd=ROOT, env=step_env)
            if rc != 0:
                fail(f"manage.py {' '.join(step)} exited with {rc}")

        if serving:
            for name, argv in serve_commands(env).items():
                spawn(argv, {**env, "MONETA_HOST": host, "MONETA_PORT": str(port)}, name)
            wait_for_http(host, port)
            print("\n" + "=" * 64)
            print(f"  Moneta (production mode) is serving:  http://{host}:{port}/")
            print(f"  processes: {', '.join(serve_commands(env))}   metrics: /metrics (staff or token)")
            print("  Ctrl-C stops everything this command started.")
            print("=" * 64 + "\n", flush=True)
            supervise()
            return

        # Prefork children each get one torch thread: N processes on N cores embed faster than one
        # process with N threads (measured in `python -m bench knowledge --workers`).
        worker_env = {**env, "MONETA_TORCH_THREADS": env.get("MONETA_TORCH_THREADS", "1")}
        for name, argv in run_worker_commands(env).items():
            spawn(argv, worker_env, name)
        # The web server warms the chat router's model in the background so the first question is quick.
        spawn([PY, "manage.py", "runserver", f"{host}:{port}", "--noreload"],
              {**env, "MONETA_CHAT_WARMUP": env.get("MONETA_CHAT_WARMUP", "1"), **RUNSERVER_ENV}, "web")

        time.sleep(1.5)
        print("\n" + "=" * 64)
        print(f"  Moneta is running:  http://{host}:{port}/")
        print(f"  Admin:              http://{host}:{port}/admin/")
        print(f"  API docs:           http://{host}:{port}/api/docs/")
        print("  Demo logins:")
        for spec in DEMO_USERS:
            print(f"    {spec['username']:<8} / {spec['password']:<18} {spec['role']}")
        print("  Ctrl-C stops everything this command started.")
        print("=" * 64 + "\n", flush=True)

        supervise()
    except KeyboardInterrupt:
        log("stopping…")
    finally:
        stop_children()
        log("stopped")


def supervise() -> None:
    while True:
        for proc in children:
            if proc.poll() is not None:
                fail(f"{proc.moneta_name} exited unexpectedly with code {proc.returncode}")
        time.sleep(1)


def wait_for_http(host: str, port: int, timeout: float = 90.0) -> None:
    deadline = time.time() + timeout
    while time.time() < deadline:
        for proc in children:
            if proc.poll() is not None:
                fail(f"{proc.moneta_name} exited unexpectedly with code {proc.returncode}")
        try:
            urllib.request.urlopen(f"http://{host}:{port}/login/", timeout=2).read()
            return
        except Exception:
            time.sleep(0.5)
    fail(f"the web server did not answer on {host}:{port} within {timeout:.0f}s")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    if len(sys.argv) > 2 and sys.argv[1] == "process":
        process_exec(sys.argv[2])
    main(sys.argv[1] if len(sys.argv) > 1 else "run")
