"""Small helpers shared by benchmarks: Django setup, timing, percentiles, result files."""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

RESULTS_DIR = Path(__file__).resolve().parent / "results"
BENCHMARKS_LOG = Path(__file__).resolve().parent.parent / "docs" / "BENCHMARKS.md"
_verdicts: list[dict] = []  # every verdict() since the last write_results(), for the log line
SHARED_DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "data"


def django_setup() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
    import django

    django.setup()


def bench_database_setup(database: str) -> None:
    """Django on a bench's own database (embedded Postgres, unless DATABASE_URL is set), migrated, offline: the
    figures must not depend on an LLM, whatever the environment says."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
    if not os.environ.get("DATABASE_URL"):
        from config.embedded_pg import embedded_database_url

        os.environ["DATABASE_URL"] = embedded_database_url(database)
    import django

    django.setup()
    from django.conf import settings

    settings.OPENAI_API_KEY = ""
    settings.OPENAI_BASE_URL = ""
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def bench_user_fresh(username: str):
    """A new user called `username` (an earlier run's user and its transactions deleted first)."""
    from django.contrib.auth import get_user_model

    from transactions.models import Transaction

    User = get_user_model()
    old = User.objects.filter(username=username).first()
    if old:
        Transaction.objects.filter(user=old).delete()
        old.delete()
    return User.objects.create_user(username=username)


def percentile(values: list[float], pct: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    idx = min(len(ordered) - 1, max(0, round(pct / 100 * (len(ordered) - 1))))
    return ordered[idx]


def latency_summary(ms: list[float]) -> dict:
    return {"n": len(ms), "p50_ms": round(percentile(ms, 50), 2), "p95_ms": round(percentile(ms, 95), 2),
            "mean_ms": round(statistics.fmean(ms), 2) if ms else None}


@contextmanager
def timer():
    box = {"seconds": 0.0}
    start = time.perf_counter()
    try:
        yield box
    finally:
        box["seconds"] = time.perf_counter() - start


def verdict(name: str, value: float, target: float, *, higher_is_better: bool = True) -> dict:
    ok = value >= target if higher_is_better else value < target
    sign = ">=" if higher_is_better else "<"
    print(f"  {'PASS' if ok else 'MISS'}  {name}: {value:.4g} (target {sign} {target:g})")
    result = {"name": name, "value": value, "target": target, "pass": ok, "sign": sign}
    _verdicts.append(result)
    return result


def write_results(name: str, payload: dict) -> Path:
    RESULTS_DIR.mkdir(parents=True, exist_ok=True)
    payload = {"benchmark": name, "at": datetime.now(UTC).isoformat(timespec="seconds"), **payload}
    path = RESULTS_DIR / f"{name}.json"
    path.write_text(json.dumps(payload, indent=2, default=str))
    print(f"results written to {path}")
    benchmarks_log_append(name)
    return path


def benchmarks_log_append(name: str) -> None:
    """One dated line in docs/BENCHMARKS.md (the one log of runs): command, commit, load, verdicts."""
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=BENCHMARKS_LOG.parent, text=True,
                                capture_output=True, timeout=10).stdout.strip() or "?"
    except (OSError, subprocess.SubprocessError):
        commit = "?"
    verdicts = "; ".join(f"{'PASS' if v['pass'] else 'MISS'} {v['name']} {v['value']:.4g} (target {v['sign']} "
                         f"{v['target']:g})" for v in _verdicts) or "no verdicts"
    _verdicts.clear()
    line = (f"- {datetime.now(UTC):%Y-%m-%d %H:%M} UTC · {name} · `python -m bench {' '.join(sys.argv[1:])}` · "
            f"commit {commit} · load {os.getloadavg()[0]:.1f} · {verdicts}\n")
    with BENCHMARKS_LOG.open("a", encoding="utf-8") as log:
        log.write(line)
    print(f"run logged in {BENCHMARKS_LOG}")
