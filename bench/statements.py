"""python -m bench statements [--only SUBSTR ...]

The statement-import conformance suite: 104 statement files that 17 other open-source projects wrote for their own
parsers' tests (`../shared/data/statements-peers/`, read from there, never copied), each imported for a fresh user
with `manage.py import_transactions` and compared with what the peer library reads. Prints the suite's per-format
table (files imported exactly, wrong, refused clearly or unclearly, crashes, right outcomes) and the files whose
outcome is not right. The suite's own runner does the work; its outputs go to a temporary folder (and the raw
outcomes to bench/results/statements.json, not committed).
"""
from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from pathlib import Path

from bench.common import RESULTS_DIR

ROOT = Path(__file__).resolve().parent.parent


def suite_dir() -> Path | None:
    """The suite beside the checkout (../shared) or beside the worktrees folder (../../shared)."""
    for base in (ROOT.parent, ROOT.parent.parent):
        candidate = base / "shared" / "data" / "statements-peers"
        if (candidate / "run.py").is_file():
            return candidate
    return None


def main(argv: list[str]) -> int:
    suite = suite_dir()
    if suite is None:
        print("statements: the conformance suite (../shared/data/statements-peers) is not here; nothing to run")
        return 0
    only: list[str] = []
    for i, arg in enumerate(argv):
        if arg == "--only" and i + 1 < len(argv):
            only += ["--only", argv[i + 1]]
    RESULTS_DIR.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        results = Path(tmp) / "RESULTS.md"
        cmd = [sys.executable, str(suite / "run.py"), "--moneta", str(ROOT), "--moneta-python", sys.executable,
               "--results", str(results), "--outcomes", str(RESULTS_DIR / "statements.json"), *only]
        proc = subprocess.run(cmd, cwd=str(ROOT), capture_output=True, text=True)
        print(proc.stdout.strip())
        if proc.returncode:
            print(proc.stderr[-2000:], file=sys.stderr)
            return proc.returncode
        if results.exists():
            detail = results.read_text().split("## Per file", 1)[-1]
            misses = [line for line in detail.splitlines()
                      if re.search(r"\| (wrong|unclear|crash) \|", line) or "refused a valid statement" in line]
            print(f"\nfiles without the right outcome: {len(misses)}")
            for line in misses:
                print("  " + line[:300])
    return 0
