"""`manage.py check --deploy` is clean with the production settings."""
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_check_deploy_has_no_warnings():
    env = {k: v for k, v in os.environ.items() if k not in ("MONETA_DEMO_MODE",)}
    env.update(DJANGO_SETTINGS_MODULE="config.settings.production",
               DJANGO_SECRET_KEY="k9Q2mZ7pL4vR8sT1wY6n" * 3, DATABASE_URL="postgres://moneta@127.0.0.1:5999/moneta")
    result = subprocess.run([sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"], cwd=ROOT,
                            env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout
