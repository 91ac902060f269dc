import logging
import os
import threading

from django.apps import AppConfig


class ChatConfig(AppConfig):
    name = "chat"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # Opt-in (web server processes): load the embedding model, the router's exemplar vectors, the help and
        # education headings' vectors and the URLconf in the background at start-up, so the first chat question
        # (the first how-to question) does not pay ~10-25 s of model loading (~1-3 s of headings and URLs).
        if os.environ.get("MONETA_CHAT_WARMUP", "").lower() in ("1", "true", "yes"):
            threading.Thread(target=_warm_up_thread, name="chat-warmup", daemon=True).start()


def _warm_up_thread() -> None:
    from django.db import connection  # imported when the warm-up runs: an AppConfig module loads before apps are ready

    try:
        _warm_up()
    finally:
        connection.close()  # this thread's own connection, not one a request could use


def _warm_up() -> None:
    # an AppConfig module is imported before the app registry is ready; the router (numpy, the exemplars) is
    # loaded by the warm-up thread only when MONETA_CHAT_WARMUP asks for it
    from chat.offline.router import classifier, embed

    embed(["warm up"])
    _ = classifier.matrix
    _warm_help()


def _warm_help() -> None:
    """The section headings a how-to or concept question is matched against (chat/help_steps.py) and the URLconf
    its answer links a page from: built on first use, which was the first such question's ~1-3 s. Best effort: the
    database may not be migrated yet, and a question builds them itself anyway."""
    # imported when the warm-up runs: an AppConfig module loads before the app registry (and the URLconf) is ready
    from django.urls import get_resolver

    from chat.help_steps import EDUCATION_TOPICS, HELP_TOPICS  # (models and the router: only once apps are ready)

    try:
        _ = get_resolver().reverse_dict  # imports the views and builds the reverse map
        for topics in (HELP_TOPICS, EDUCATION_TOPICS):
            topics.load().vectors()
    except Exception:  # noqa: BLE001 — a warm-up never stops a server from starting
        logging.getLogger(__name__).warning("chat warm-up of the help headings failed", exc_info=True)
