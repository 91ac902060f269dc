"""Test settings: same Postgres kind (embedded pgserver or DATABASE_URL), fast hashing."""
import os

from .base import *  # noqa: F401,F403
from .base import MONETA_DATA_DIR
from .env import env

# A queue of its own per test session: a developer's running worker never steals test tasks,
# and a worker the tests start (which inherits this environment) listens on the same queue.
CELERY_TASK_DEFAULT_QUEUE = os.environ.setdefault("MONETA_CELERY_QUEUE", f"moneta-test-{os.getpid()}")
MONETA_INGESTION_QUEUE = f"{CELERY_TASK_DEFAULT_QUEUE}-ingestion"

SECRET_KEY = env.str("DJANGO_SECRET_KEY", default="moneta-test-key")
DEBUG = False
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
MEDIA_ROOT = MONETA_DATA_DIR / "test-media"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
MONETA_DEMO_MODE = False
# The test MCP/A2A servers listen on 127.0.0.1; tests of the address rule turn this off again.
MONETA_EXTERNAL_ALLOW_PRIVATE_NETWORKS = True
