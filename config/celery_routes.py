"""Which Celery queue a task goes to (CELERY_TASK_ROUTES in config/settings/base.py).

Two queues, each with its own workers in `make run` and `make serve` (config/run.py): the interactive queue
(`CELERY_TASK_DEFAULT_QUEUE`: imports, re-filing, notifications, beat jobs, and a user's own note or document)
and the ingestion queue (`MONETA_INGESTION_QUEUE`: an editor's documents for the shared corpora, long and
CPU-bound). An editor's upload of 70 filings fills the ingestion queue; a note a user saves meanwhile goes on the
interactive queue and is searchable in seconds instead of waiting behind them.
"""
from __future__ import annotations

from typing import Any

from django.conf import settings

INGESTION_TASKS = ("knowledge.ingest_pages", "knowledge.finalize_document")


def _document_id(args: Any, kwargs: Any) -> int | None:
    if args:
        return args[0]
    return (kwargs or {}).get("document_id")


def task_route(name: str, args: Any, kwargs: Any, options: dict, task: Any = None, **kw: Any) -> dict | None:
    """Celery router: a document's ingestion goes to the interactive queue when a person is waiting for it,
    else to the ingestion queue. Other tasks: None (the default, interactive, queue)."""
    if name not in INGESTION_TASKS:
        return None
    # Here, not at the top: Celery loads its routers before Django's apps are ready.
    from knowledge.selectors import document_is_interactive

    document_id = _document_id(args, kwargs)
    if document_id is not None and document_is_interactive(document_id=document_id):
        return {"queue": settings.CELERY_TASK_DEFAULT_QUEUE}
    return {"queue": settings.MONETA_INGESTION_QUEUE}
