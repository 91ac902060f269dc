"""Production settings: every secret must come from the environment; no defaults."""
from django.core.exceptions import ImproperlyConfigured

from .base import *  # noqa: F401,F403
from .env import env, env_bool, env_int

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
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SECURE_HSTS_SECONDS = env_int("DJANGO_SECURE_HSTS_SECONDS", 3600, minimum=0)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
