"""gunicorn configuration for `make serve` and the web container (`-c python:config.gunicorn`).

Uvicorn workers run Django's ASGI application: a streamed chat answer is an async response that the event
loop writes event by event (see config/asgi_streaming.py), and a slow reader costs a socket, not a thread.
"""
import os

from prometheus_client import multiprocess
from uvicorn_worker import UvicornWorker

# Each web worker loads the chat router's model in the background at start, not on the first question.
os.environ.setdefault("MONETA_CHAT_WARMUP", "1")
# A database connection pool per web worker (see config/settings/production.py).
os.environ.setdefault("DATABASE_POOL", "1")

bind = f"{os.environ.get('MONETA_HOST', '127.0.0.1')}:{os.environ.get('MONETA_PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
worker_class = "config.gunicorn.MonetaUvicornWorker"
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "120"))  # a chat turn with a remote LLM can take a while
graceful_timeout = 20
keepalive = 5
# Recycle a worker now and then (bounded memory growth), but rarely: a fresh worker reloads the chat and
# embedding models, and at 2,000 requests `python -m bench load` saw that reload as a p95 spike.
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "50000"))
max_requests_jitter = max_requests // 10
accesslog = "-" if os.environ.get("GUNICORN_ACCESS_LOG", "0") == "1" else None
errorlog = "-"
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")


class MonetaUvicornWorker(UvicornWorker):
    # Django's ASGI handler has no lifespan protocol; "off" avoids a start-up error message per worker.
    CONFIG_KWARGS = {**UvicornWorker.CONFIG_KWARGS, "lifespan": "off"}


def child_exit(server, worker) -> None:
    """A worker that exits leaves its metric files; tell prometheus_client so gauges stay right."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        multiprocess.mark_process_dead(worker.pid)
