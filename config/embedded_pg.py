"""Embedded Postgres (with pgvector) for machines where DATABASE_URL is not set.

The `pgserver` package ships Postgres 16 + pgvector binaries. We keep the data folder
in the project (git-ignored) and connect over a unix socket, so nothing listens on a port.
pgserver reference-counts the processes using a data folder: the server stops when the
last Moneta process that opened it exits.
"""
from __future__ import annotations

import os
from pathlib import Path

_servers: dict[str, object] = {}

DEFAULT_DB_NAME = "moneta"


class EmbeddedPostgresError(RuntimeError):
    pass


def data_dir() -> Path:
    base = Path(os.environ.get("MONETA_DATA_DIR") or Path(__file__).resolve().parent.parent / ".moneta")
    return base / "pgdata"


def embedded_server(pgdata: Path | None = None):
    """Start (or attach to) the embedded server for `pgdata`; return the pgserver handle."""
    pgdata = (pgdata or data_dir()).resolve()
    key = str(pgdata)
    if key in _servers:
        return _servers[key]
    if not os.environ.get("XDG_RUNTIME_DIR"):
        # pgserver (via platformdirs) wants a runtime dir at import; keep it inside our data folder.
        runtime = pgdata.parent / "run"
        try:
            runtime.mkdir(mode=0o700, parents=True, exist_ok=True)
            os.environ["XDG_RUNTIME_DIR"] = str(runtime)
        except OSError:
            pass
    try:
        import pgserver  # after XDG_RUNTIME_DIR is set (above), and only when no DATABASE_URL is given
    except ImportError as exc:  # pragma: no cover - requirements install it
        raise EmbeddedPostgresError(
            "DATABASE_URL is not set and the 'pgserver' package is not installed; "
            "run `make run` or `pip install -r requirements.txt`, or set DATABASE_URL."
        ) from exc
    try:
        pgdata.mkdir(parents=True, exist_ok=True)
        server = pgserver.get_server(pgdata, cleanup_mode="stop")
    except Exception as exc:
        log = pgdata / "log"
        tail = log.read_text(errors="replace")[-2000:] if log.is_file() else "(no log)"
        raise EmbeddedPostgresError(
            f"Could not start the embedded Postgres in {pgdata}: {exc}\n"
            f"Is another server using this folder? Postgres log tail:\n{tail}"
        ) from exc
    _servers[key] = server
    return server


def embedded_database_url(db_name: str = DEFAULT_DB_NAME, pgdata: Path | None = None) -> str:
    server = embedded_server(pgdata)
    exists = server.psql(f"SELECT 1 FROM pg_database WHERE datname = '{db_name}';")
    if "(1 row)" not in exists:
        server.psql(f'CREATE DATABASE "{db_name}";')
    return server.get_uri(db_name)
