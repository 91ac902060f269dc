import os
import threading

from django.apps import AppConfig


class ChatConfig(AppConfig):
    name = "chat"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # Opt-in (web server processes): load the embedding model and the router's exemplar vectors in the
        # background at start-up, so the first chat question does not pay ~10-25 s of model loading.
        if os.environ.get("MONETA_CHAT_WARMUP", "").lower() in ("1", "true", "yes"):
            threading.Thread(target=_warm_up, name="chat-warmup", daemon=True).start()


def _warm_up() -> None:
    # an AppConfig module is imported before the app registry is ready; the router (numpy, the exemplars) is
    # loaded by the warm-up thread only when MONETA_CHAT_WARMUP asks for it
    from chat.offline.router import classifier, embed

    embed(["warm up"])
    _ = classifier.matrix
