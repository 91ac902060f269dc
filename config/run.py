"""`make run`: one command that brings Moneta up with demo data, and Ctrl-C takes it all down.

Order: embedded Postgres (unless DATABASE_URL) → Redis (REDIS_URL; else start a local
redis-server; else the Celery filesystem transport, said in the log) → migrate → demo data →
Celery worker → web server. Every child runs in its own process group and is stopped on exit;
the embedded Postgres stops when this process (its last user) exits.
"""
from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

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
        import redis

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


def main() -> None:
    env = dict(os.environ)
    env.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
    env.setdefault("MONETA_DEMO_MODE", "true")
    env["PYTHONUNBUFFERED"] = "1"
    host = env.get("MONETA_HOST", "127.0.0.1")
    port = int(env.get("MONETA_PORT", "8000"))
    if not port_free(host, port):
        fail(f"port {port} on {host} is in use; stop what is using it or set MONETA_PORT.")

    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    try:
        if not env.get("DATABASE_URL"):
            from config.embedded_pg import EmbeddedPostgresError, embedded_database_url

            started = time.time()
            try:
                # This process holds a handle for the whole run: Postgres stops when it exits.
                env["DATABASE_URL"] = embedded_database_url()
            except EmbeddedPostgresError as exc:
                fail(str(exc))
            log(f"embedded Postgres ready in {time.time() - started:.1f}s (data in .moneta/pgdata)")
        else:
            log("using DATABASE_URL")
        choose_broker(env)

        for step in (["migrate", "--noinput"], ["demo"]):
            log("manage.py " + " ".join(step))
            rc = subprocess.call([PY, "manage.py", *step], cwd=ROOT, env=env)
            if rc != 0:
                fail(f"manage.py {' '.join(step)} exited with {rc}")

        # Prefork children each get one torch thread: N processes on N cores embed faster than one
        # process with N threads (measured in `python -m bench knowledge --workers`).
        spawn([PY, "-m", "celery", "-A", "config", "worker", "--loglevel", "INFO",
               "--concurrency", env.get("MONETA_WORKER_CONCURRENCY", "2"), "-n", "moneta@%h",
               # embedded beat: the periodic sweep that re-sends stuck documents
               "-B", "--schedule", str(ROOT / ".moneta" / "celerybeat-schedule")],
              {**env, "MONETA_TORCH_THREADS": env.get("MONETA_TORCH_THREADS", "1")}, "worker")
        # The web server warms the chat router's model in the background so the first question is quick.
        spawn([PY, "manage.py", "runserver", f"{host}:{port}", "--noreload"],
              {**env, "MONETA_CHAT_WARMUP": env.get("MONETA_CHAT_WARMUP", "1")}, "web")

        from config.demo import DEMO_USERS

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

        while True:
            for proc in children:
                if proc.poll() is not None:
                    fail(f"{proc.moneta_name} exited unexpectedly with code {proc.returncode}")
            time.sleep(1)
    except KeyboardInterrupt:
        log("stopping…")
    finally:
        stop_children()
        log("stopped")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
