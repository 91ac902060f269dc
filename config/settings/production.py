"""Production settings: every secret must come from the environment; no defaults."""
from django.core.exceptions import ImproperlyConfigured

from .base import *  # noqa: F401,F403
from .env import env, env_bool, env_choice, env_int

SECRET_KEY = env.str("DJANGO_SECRET_KEY", default="")
if not SECRET_KEY:
    raise ImproperlyConfigured("Set the DJANGO_SECRET_KEY environment variable (production has no default).")
if "insecure" in SECRET_KEY or "development" in SECRET_KEY or len(SECRET_KEY) < 32:
    raise ImproperlyConfigured("DJANGO_SECRET_KEY looks like a development key; use 32+ random characters.")

DEBUG = False
MONETA_DEMO_MODE = env_bool("MONETA_DEMO_MODE", False)
if MONETA_DEMO_MODE:
    raise ImproperlyConfigured("MONETA_DEMO_MODE must be false in production (demo users have known passwords).")
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# Secure cookies and the HTTPS redirect stay on unless turned off explicitly; `make serve` turns them off
# only when it binds to the loopback interface without TLS (a local trial or the load benchmark).
SESSION_COOKIE_SECURE = env_bool("DJANGO_SECURE_COOKIES", True)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
# HTTPS only: redirect plain HTTP (except the health check a load balancer may probe over HTTP) and tell
# browsers, for a year and for every subdomain, never to use HTTP again (eligible for the preload list).
SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", True)
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
SECURE_HSTS_SECONDS = env_int("DJANGO_SECURE_HSTS_SECONDS", 365 * 24 * 3600, minimum=0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = env_bool("DJANGO_SECURE_HSTS_PRELOAD", True)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "core.storage.MonetaStaticFilesStorage"},
}

LOGGING["handlers"]["console"]["formatter"] = env_choice("MONETA_LOG_FORMAT", "json", ("plain", "json"))  # noqa: F405

# The web process's connection pool (DATABASE_POOL=1, set by config/gunicorn.py): config/settings/base.py.
