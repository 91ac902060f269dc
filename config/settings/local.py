"""Developer / demo settings (what `make run` uses)."""
from .base import *  # noqa: F401,F403
from .env import env, env_bool

DEBUG = env_bool("DJANGO_DEBUG", True)
# Demo mode only: a fixed, clearly-marked development key. Production refuses defaults.
SECRET_KEY = env.str("DJANGO_SECRET_KEY", default="moneta-local-development-key-not-for-production")
MONETA_DEMO_MODE = env_bool("MONETA_DEMO_MODE", True)
