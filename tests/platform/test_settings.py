import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SNIPPET = "import django; django.setup(); from django.conf import settings; print('DEBUG', settings.DEBUG)"


def _load(settings_module: str, **env_overrides: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_SECRET_KEY", "MONETA_DEMO_MODE")}
    env["DJANGO_SETTINGS_MODULE"] = settings_module
    # Settings must load without a database server; the URL is only parsed here.
    env.setdefault("DATABASE_URL", "postgres://moneta@127.0.0.1:5999/moneta")
    env.update(env_overrides)
    return subprocess.run([sys.executable, "-c", SNIPPET], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=60)


def test_test_settings_load():
    result = _load("config.settings.test")
    assert result.returncode == 0, result.stderr
    assert "DEBUG False" in result.stdout


def test_production_refuses_missing_secret():
    result = _load("config.settings.production")
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY" in result.stderr


def test_production_refuses_development_secret():
    result = _load("config.settings.production", DJANGO_SECRET_KEY="moneta-local-development-key-not-for-production")
    assert result.returncode != 0
    assert "development key" in result.stderr


def test_production_loads_with_real_secret():
    result = _load("config.settings.production", DJANGO_SECRET_KEY="x" * 20 + "k9Q2mZ7pL4vR8sT1wY6n")
    assert result.returncode == 0, result.stderr
    assert "DEBUG False" in result.stdout


def test_production_refuses_demo_mode():
    result = _load("config.settings.production", DJANGO_SECRET_KEY="x" * 20 + "k9Q2mZ7pL4vR8sT1wY6n",
                   MONETA_DEMO_MODE="true")
    assert result.returncode != 0
    assert "MONETA_DEMO_MODE" in result.stderr


def test_invalid_env_value_names_the_variable():
    result = _load("config.settings.test", DJANGO_DEBUG="sometimes")
    assert result.returncode != 0
    assert "DJANGO_DEBUG" in result.stderr

    result = _load("config.settings.test", REDIS_URL="http://nope")
    assert result.returncode != 0
    assert "REDIS_URL" in result.stderr
