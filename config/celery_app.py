"""Moneta's Celery app. Broker: REDIS_URL, or the filesystem transport chosen by `make run`."""
import os
import socket
import threading
import time

from celery import Celery
from django.conf import settings
from django.db import close_old_connections

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")

app = Celery("moneta")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
app.autodiscover_tasks(lambda: ["chat.external"])  # chat/external/tasks.py: the worker starts stdio MCP servers

from core.observability import celery_signals_connect  # noqa: E402

celery_signals_connect()  # the request id follows a web request into the tasks it enqueues


@app.on_after_finalize.connect
def _task_metrics(**kwargs) -> None:
    import core.metrics  # noqa: F401 - Celery task run-time histogram


@app.task(name="moneta.ping")
def ping(value: str = "pong") -> dict:
    """Round-trip check used by tests and health: returns what it got and where it ran."""
    return {"echo": value, "worker": socket.gethostname(), "pid": os.getpid()}


def _start_heartbeat(sender=None, **kwargs) -> None:
    """Write a heartbeat row from the worker's main process every few seconds.

    A row (not a broadcast ping) works with every broker, the filesystem transport included.
    """
    hostname = getattr(sender, "hostname", None) or "worker"
    interval = settings.MONETA_WORKER_HEARTBEAT_SECONDS

    def beat() -> None:
        # Here, not at the top: this module is imported with Django (config/__init__.py), before apps are ready.
        from core.models import worker_heartbeat_record

        while True:
            try:
                close_old_connections()
                worker_heartbeat_record(hostname=hostname)
            except Exception:  # the database may be restarting; try again next beat
                pass
            time.sleep(interval)

    threading.Thread(target=beat, name="moneta-heartbeat", daemon=True).start()


from celery.signals import worker_ready  # noqa: E402

worker_ready.connect(_start_heartbeat)
