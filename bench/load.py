"""python -m bench load [--hold-users N] [--hold-seconds S] [--skip-ramp] [--step-seconds S] [--levels 1,2,...] [--skip-dev] [--skip-interference]

Capacity of `make serve` (gunicorn + uvicorn workers, production settings) against `make run`'s development
server, in the same run, on this machine. Each server is started by its own launcher (`python -m config.run
serve` / `python -m config.run`) on the worktree's database with the demo data, on a private Redis database
(so no other Moneta's worker takes its tasks).

Load: a bounded asyncio client on 127.0.0.1 (httpx). N simulated users, each sending its next request as
soon as the previous one is answered (closed loop, no think time: N = requests in flight), a mix of page
views (35%), transaction searches (25%), analytics (25%) and chat turns (15%) as alice and bob. N ramps
1, 2, 4, ... 64 for --step-seconds (8) each until p95 passes 1 s. Reported: for the largest N with p95 <= 1 s,
requests/s and chat turns/s.

Hold (serve only, first): --hold-users (50) simulated users for --hold-seconds (120) with the same mix, the number
of Postgres connections sampled every second and printed as it goes. Verdicts: no 5xx (a request the server did not
answer at all counts too), and the connections stay within the bound the settings give (WEB_CONCURRENCY ×
DATABASE_POOL_MAX_SIZE for the web, plus one per worker process, beat and heartbeat, plus a margin).

Interference (serve only): at a fixed N (half the sustained level), the interactive p95 with nothing else
going on, then while a 10,000-row CSV imports (through the API, in a web worker), then while a 300-page PDF
ingests (the ingestion worker; --ingest-seconds), then, unloaded, up to --ingest-wait seconds more for the
PDF (the ingestion worker's pages/minute). The development server runs first: the serve run leaves the PDF's
ingestion behind (the PDF is deleted at the end).
"""
from __future__ import annotations

import argparse
import asyncio
import csv
import io
import os
import random
import re
import signal
import socket
import subprocess
import sys
import time
from datetime import date, timedelta
from pathlib import Path

from bench.common import SHARED_DATA, percentile, verdict, write_results

ROOT = Path(__file__).resolve().parent.parent
USERS = {"alice": "alice-demo-pass", "bob": "bob-demo-pass"}
PAGES = ["/", "/transactions/", "/jars/", "/subscriptions/"]
SEARCHES = ["coffee over $5 last month", "amazon", "groceries this year", "uber under $20", "dining last week"]
ANALYTICS = ["/api/v1/transactions/analytics/summary/?period=last_month",
             "/api/v1/transactions/analytics/summary/?period=this_year",
             "/api/v1/transactions/analytics/category/?category=Dining&period=last_3_months",
             "/api/v1/transactions/jars/status/"]
QUESTIONS = ["How much did I spend on dining last month?", "What did I spend at Starbucks this year?",
             "What is an emergency fund?", "Compare my groceries and shopping spending",
             "How much did I spend on coffee in September?"]
MIX = [("page", 0.35), ("search", 0.25), ("analytics", 0.25), ("chat", 0.15)]
P95_LIMIT_MS = 1000.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """One Moneta started by its launcher; stopped (its whole process group) on exit."""

    def __init__(self, mode: str, port: int, log_path: Path):
        self.mode, self.port, self.log_path = mode, port, log_path
        self.url = f"http://127.0.0.1:{port}"
        self.proc: subprocess.Popen | None = None

    def __enter__(self) -> Server:
        env = dict(os.environ, MONETA_PORT=str(self.port), MONETA_HOST="127.0.0.1",
                   REDIS_URL=os.environ.get("MONETA_BENCH_REDIS_URL", "redis://127.0.0.1:6379/7"),
                   MONETA_CELERY_QUEUE="moneta-bench", MONETA_SERVE_DEMO="1", PYTHONUNBUFFERED="1")
        env.pop("DJANGO_SETTINGS_MODULE", None)
        env.pop("CELERY_BROKER_URL", None)
        args = [sys.executable, "-m", "config.run"] + (["serve"] if self.mode == "serve" else [])
        self.proc = subprocess.Popen(args, cwd=ROOT, env=env, stdout=self.log_path.open("w"),
                                     stderr=subprocess.STDOUT, start_new_session=True)
        try:
            self._wait_until_up()
        except BaseException:  # Ctrl-C or a failed start: take the launcher and its children down too
            self.__exit__()
            raise
        return self

    def _wait_until_up(self) -> None:
        import httpx

        deadline = time.time() + 600
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise SystemExit(f"{self.mode} exited: see {self.log_path}")
            try:
                if httpx.get(self.url + "/login/", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            time.sleep(1)
        else:
            raise SystemExit(f"{self.mode} did not come up on port {self.port}; see {self.log_path}")
        time.sleep(3)  # let the workers and the chat warm-up settle

    def __exit__(self, *exc) -> None:
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGINT)
            try:
                self.proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)


def _processes(server_pid: int, pgdata: str) -> dict[str, list]:
    """The server's processes by role: web (gunicorn / runserver), workers (celery), postgres (this pgdata)."""
    import psutil

    roles: dict[str, list] = {"web": [], "workers": [], "postgres": []}
    try:
        family = psutil.Process(server_pid).children(recursive=True)
    except psutil.Error:
        family = []
    for proc in family:
        try:
            cmd = " ".join(proc.cmdline())
        except psutil.Error:
            continue
        if "celery" in cmd:
            roles["workers"].append(proc)
        elif "gunicorn" in cmd or "runserver" in cmd:
            roles["web"].append(proc)
    for proc in psutil.process_iter(["name", "cmdline"]):
        if (proc.info["name"] or "").startswith("postgres") and pgdata in " ".join(proc.info["cmdline"] or []):
            roles["postgres"] = [proc, *proc.children(recursive=True)]
            break
    return roles


def cpu_seconds(server_pid: int, pgdata: str) -> dict[str, dict[int, float]]:
    """CPU seconds per process, by role (per pid, so a recycled worker does not make a step's figure negative)."""
    import psutil

    out: dict[str, dict[int, float]] = {}
    for role, procs in _processes(server_pid, pgdata).items():
        out[role] = {}
        for proc in procs:
            try:
                t = proc.cpu_times()
                out[role][proc.pid] = t.user + t.system
            except psutil.Error:
                pass
    own = psutil.Process().cpu_times()
    out["load_client"] = {os.getpid(): own.user + own.system}
    return out


def cores_used(before: dict, after: dict, seconds: float) -> dict[str, float]:
    return {role: round(sum(v - before.get(role, {}).get(pid, 0.0) for pid, v in pids.items()) / seconds, 2)
            for role, pids in after.items()}


async def _session(base: str, username: str):
    """An httpx client signed in both ways: the session cookie (pages) and an API token (API calls)."""
    import httpx

    limits = httpx.Limits(max_connections=200, max_keepalive_connections=200)
    client = httpx.AsyncClient(base_url=base, timeout=60, follow_redirects=False, limits=limits)
    await client.get("/login/")
    r = await client.post("/login/", data={"username": username, "password": USERS[username],
                                           "csrfmiddlewaretoken": client.cookies.get("csrftoken", "")},
                          headers={"Referer": base + "/login/"})
    if r.status_code != 302:
        raise SystemExit(f"could not sign in as {username} on {base}: HTTP {r.status_code}")
    # The API client carries no session cookie: with one, DRF would authenticate by session and demand CSRF.
    api = httpx.AsyncClient(base_url=base, timeout=60, follow_redirects=False, limits=limits)
    token = (await api.post("/api/v1/auth/token/", json={"username": username, "password": USERS[username]}))
    return client, api, {"Authorization": f"Token {token.json()['token']}"}


async def _one_request(session: tuple, kind: str, rng: random.Random):
    pages, client, auth = session
    if kind == "page":
        return await pages.get(rng.choice(PAGES))
    if kind == "search":
        return await client.get("/api/v1/transactions/search/", params={"q": rng.choice(SEARCHES)}, headers=auth)
    if kind == "analytics":
        return await client.get(rng.choice(ANALYTICS), headers=auth)
    return await client.post("/api/v1/chat/", json={"message": rng.choice(QUESTIONS)}, headers=auth)


CPU_PROBE = None  # set by main: () -> {role: cpu seconds} for the server under test


async def run_step(sessions: list, users: int, seconds: float, seed: int) -> dict:
    """`users` simulated users for `seconds`; latencies of requests that finished inside the window, and the
    cores each role (web, workers, postgres) used meanwhile."""
    cpu_before = CPU_PROBE() if CPU_PROBE else None
    kinds, weights = zip(*MIX, strict=True)
    results: list[tuple[str, float, int]] = []
    end = time.perf_counter() + seconds

    async def user(i: int) -> None:
        rng = random.Random(seed * 1000 + i)
        session = sessions[i % len(sessions)]
        while time.perf_counter() < end:
            kind = rng.choices(kinds, weights)[0]
            t0 = time.perf_counter()
            try:
                status = (await _one_request(session, kind, rng)).status_code
            except Exception:
                status = 599
            t1 = time.perf_counter()
            if t1 <= end + 5:  # a request still running long after the window counts, a straggler does not
                results.append((kind, (t1 - t0) * 1000, status))

    started = time.perf_counter()
    await asyncio.gather(*(user(i) for i in range(users)))
    elapsed = max(seconds, time.perf_counter() - started)
    ms = [r[1] for r in results]
    errors = sum(1 for r in results if r[2] >= 400)
    server_errors = sum(1 for r in results if r[2] >= 500)  # 599: no answer at all (connection error, timeout)
    chats = sum(1 for r in results if r[0] == "chat" and r[2] < 400)
    cores = cores_used(cpu_before, CPU_PROBE(), elapsed) if cpu_before is not None else None
    return {"users": users, "requests": len(results), "errors": errors, "server_errors": server_errors,
            "server_errors_by_status": {str(c): sum(1 for r in results if r[2] == c)
                                        for c in sorted({r[2] for r in results if r[2] >= 500})},
            "seconds": round(elapsed, 1),
            "cores_used": cores,
            "rps": round((len(results) - errors) / elapsed, 2), "chat_turns_per_s": round(chats / elapsed, 3),
            "p50_ms": round(percentile(ms, 50), 1), "p95_ms": round(percentile(ms, 95), 1),
            "by_kind_p95_ms": {k: round(percentile([r[1] for r in results if r[0] == k], 95), 1) for k in kinds}}


async def ramp(base: str, levels: list[int], seconds: float, label: str) -> dict:
    sessions = [await _session(base, name) for name in USERS]
    steps = []
    try:
        await run_step(sessions, 1, min(5.0, seconds), seed=0)  # warm-up (first chat turn, caches)
        for n in levels:
            step = await run_step(sessions, n, seconds, seed=n)
            steps.append(step)
            cores = " ".join(f"{k} {v:.2f}" for k, v in (step["cores_used"] or {}).items())
            print(f"  {label:5} users={n:3}  {step['rps']:7.2f} req/s  {step['chat_turns_per_s']:6.3f} chat/s  "
                  f"p50 {step['p50_ms']:7.1f} ms  p95 {step['p95_ms']:7.1f} ms  errors {step['errors']}  "
                  f"cores: {cores}", flush=True)
            if step["p95_ms"] > P95_LIMIT_MS:
                break
    finally:
        await _close(sessions)
    within = [s for s in steps if s["p95_ms"] <= P95_LIMIT_MS and s["errors"] == 0]
    best = max(within, key=lambda s: s["rps"]) if within else None
    return {"steps": steps, "sustained": best}


def make_pdf(pages: int) -> bytes:
    """A `pages`-page PDF from the FinanceBench 10-Ks (real text layers), stamped so each run is a new file."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    for path in sorted((_shared_data() / "financebench-dev" / "pdfs").glob("*.pdf")):
        for page in PdfReader(path).pages:
            writer.add_page(page)
            if len(writer.pages) >= pages:
                break
        if len(writer.pages) >= pages:
            break
    writer.add_metadata({"/Title": f"load bench {time.time()}"})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _shared_data() -> Path:
    """../shared/data from a clone; ../../shared/data from a worktree under /work/wt; MONETA_SHARED_DATA wins."""
    for candidate in (os.environ.get("MONETA_SHARED_DATA"), SHARED_DATA, ROOT.parent.parent / "shared" / "data"):
        if candidate and (Path(candidate) / "financebench-dev" / "pdfs").is_dir():
            return Path(candidate)
    raise SystemExit("FinanceBench PDFs not found: set MONETA_SHARED_DATA (needed for the 300-page PDF)")


def make_csv(rows: int, seed: int) -> bytes:
    rng = random.Random(seed)
    merchants = ["WHOLE FOODS", "SHELL OIL", "NETFLIX.COM", "UBER TRIP", "TRADER JOES", "CVS PHARMACY", "AMAZON MKTP",
                 "LOCAL CAFE", "CITY PARKING", "HOME DEPOT"]
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(["date", "description", "amount"])
    start = date(2020, 1, 1)
    for i in range(rows):
        when = start + timedelta(days=rng.randrange(0, 1800))
        w.writerow([when.isoformat(), f"{rng.choice(merchants)} #{seed}-{i}", f"-{rng.uniform(2, 250):.2f}"])
    return out.getvalue().encode()


async def interference(base: str, users: int, seconds: float, ingest_seconds: float, pdf_pages: int,
                       csv_rows: int, ingest_wait: float) -> dict:
    """Quiet, then a CSV import (nothing else running), then a PDF ingestion: each slowdown on its own."""
    import httpx

    sessions = [await _session(base, name) for name in USERS]
    _, client, auth = sessions[0]
    report: dict = {"users": users}
    try:
        report["quiet"] = await run_step(sessions, users, seconds, seed=101)

        content = make_csv(csv_rows, seed=int(time.time()))

        async def do_import():
            async with httpx.AsyncClient(base_url=base, timeout=600) as c:
                t0 = time.perf_counter()
                resp = await c.post("/api/v1/transactions/imports/", headers=auth,
                                    files={"file": ("load-bench.csv", content, "text/csv")})
                return resp.status_code, time.perf_counter() - t0, resp.json() if resp.status_code < 500 else {}

        task = asyncio.create_task(do_import())
        await asyncio.sleep(0.2)
        steps = []
        while not task.done():
            steps.append(await run_step(sessions, users, min(5.0, seconds), seed=103 + len(steps)))
        status, import_seconds, body = await task
        report["csv"] = {"rows": csv_rows, "status": status, "seconds": round(import_seconds, 1),
                         "rows_created": body.get("rows_created")}
        report["during_import"] = {
            "steps": steps, "worst_step_p95_ms": max((s["p95_ms"] for s in steps), default=float("nan")),
            "rps": round(sum(s["rps"] * s["seconds"] for s in steps) / max(1e-9, sum(s["seconds"] for s in steps)), 2)
            if steps else None}

        pdf = make_pdf(pdf_pages)
        r = await client.post("/api/v1/knowledge/documents/", headers=auth, timeout=120,
                              data={"corpus": "private", "title": "Load bench 10-K pack"},
                              files={"file": ("load-bench.pdf", pdf, "application/pdf")})
        doc = r.json() if r.status_code < 300 else {}
        doc_id = doc.get("id") or doc.get("document_id")
        uploaded_at = time.perf_counter()
        report["pdf"] = {"pages": pdf_pages, "bytes": len(pdf), "upload_status": r.status_code}
        report["during_ingestion"] = await run_step(sessions, users, ingest_seconds, seed=102)
        if doc_id:  # then, with no simulated users, how fast the one ingestion worker gets through the PDF
            deadline = time.perf_counter() + ingest_wait
            detail: dict = {}
            while time.perf_counter() < deadline:
                detail = (await client.get(f"/api/v1/knowledge/documents/{doc_id}/", headers=auth)).json()
                if detail.get("status") in ("ready", "failed"):
                    break
                await asyncio.sleep(3)
            progress = detail.get("progress") or {}
            elapsed = time.perf_counter() - uploaded_at
            report["pdf"].update({"final_status": detail.get("status"), "pages_done_at_end": progress.get("pages_done"),
                                  "seconds_since_upload": round(elapsed, 1),
                                  "pages_per_minute_since_upload": round((progress.get("pages_done") or 0)
                                                                         / elapsed * 60, 1)})
            # leave no half-ingested 300-page document behind
            await client.delete(f"/api/v1/knowledge/documents/{doc_id}/", headers=auth)
    finally:
        await _close(sessions)
    return report


async def _close(sessions: list) -> None:
    for pages, api, _ in sessions:
        await pages.aclose()
        await api.aclose()


def remove_bench_imports() -> int:
    """Delete the transactions the CSV imports of this and earlier runs added, so every run sees the demo data."""
    from bench.common import django_setup

    django_setup()
    from django.core.management import call_command

    from transactions.models import ImportBatch, Transaction

    call_command("migrate", verbosity=0)  # a fresh checkout's database (the server would migrate it next)

    removed, _ = Transaction.objects.filter(batch__file_name="load-bench.csv").delete()
    ImportBatch.objects.filter(file_name="load-bench.csv").delete()
    return removed


def db_connections_now() -> dict[str, int]:
    """Connections to Moneta's database right now (this sampler's own excluded), by state."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT coalesce(state, 'none'), count(*) FROM pg_stat_activity "
                       "WHERE datname = current_database() AND pid <> pg_backend_pid() GROUP BY 1")
        by_state = {state: n for state, n in cursor.fetchall()}
    return {"total": sum(by_state.values()), **by_state}


def db_connection_bound(env: dict) -> int:
    """The most connections `make serve` should hold: each web worker's pool, one per Celery process (the
    interactive worker's children, the ingestion worker's, each main process's heartbeat), beat, and a margin of
    5 for migrations, health checks and psql."""
    web = int(env.get("WEB_CONCURRENCY", "2")) * int(env.get("DATABASE_POOL_MAX_SIZE", "8"))
    workers = (int(env.get("MONETA_INTERACTIVE_CONCURRENCY", "2")) + int(env.get("MONETA_INGESTION_CONCURRENCY", "1"))
               + 2)  # + each worker's main process (heartbeat)
    return web + workers + 1 + 5  # + beat + margin


async def hold(base: str, users: int, seconds: float) -> dict:
    """`users` simulated users for `seconds`, printing the database connection count every few seconds."""
    import threading

    sessions = [await _session(base, name) for name in USERS]
    samples: list[dict[str, int]] = []
    stop = threading.Event()

    def sample() -> None:  # a thread of its own: Django's database calls are synchronous
        from django.db import connection

        started = time.perf_counter()
        last_print = 0.0
        try:
            while not stop.is_set():
                now = db_connections_now()
                samples.append(now)
                elapsed = time.perf_counter() - started
                if elapsed - last_print >= 10:
                    last_print = elapsed
                    print(f"  hold  t={elapsed:5.0f}s  database connections {now['total']:3} "
                          f"(active {now.get('active', 0)}, idle {now.get('idle', 0)}; max so far "
                          f"{max(s['total'] for s in samples)})", flush=True)
                stop.wait(1.0)
        finally:
            connection.close()

    sampler = threading.Thread(target=sample, name="db-connections", daemon=True)
    try:
        await run_step(sessions, 2, 3.0, seed=0)  # warm-up
        sampler.start()
        step = await run_step(sessions, users, seconds, seed=500)
    finally:
        stop.set()
        sampler.join(timeout=10)
        await _close(sessions)
    totals = [s["total"] for s in samples]
    return {**step, "db_connections": {"samples": len(totals), "max": max(totals, default=0),
                                       "median": sorted(totals)[len(totals) // 2] if totals else 0}}


def machine_load() -> dict:
    one, five, fifteen = os.getloadavg()
    return {"cpus": os.cpu_count(), "loadavg_1_5_15": [round(one, 2), round(five, 2), round(fifteen, 2)]}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench load", description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default="1,2,4,8,16,32,64", help="simulated users per step")
    parser.add_argument("--step-seconds", type=float, default=8.0)
    parser.add_argument("--skip-dev", action="store_true", help="no development-server baseline")
    parser.add_argument("--hold-users", type=int, default=50, help="simulated users of the hold phase (0: none)")
    parser.add_argument("--hold-seconds", type=float, default=120.0)
    parser.add_argument("--skip-ramp", action="store_true", help="no capacity ramp (make serve's hold phase only, "
                                                                 "unless --skip-dev is left out)")
    parser.add_argument("--skip-interference", action="store_true")
    parser.add_argument("--interference-users", type=int, default=0, help="default: half the sustained level")
    parser.add_argument("--ingest-seconds", type=float, default=30.0)
    parser.add_argument("--ingest-wait", type=float, default=120.0,
                        help="after the interference phases, wait up to this long for the PDF (pages/min)")
    parser.add_argument("--pdf-pages", type=int, default=300)
    parser.add_argument("--csv-rows", type=int, default=10_000)
    args = parser.parse_args(argv)
    levels = [int(x) for x in re.split(r"[ ,]+", args.levels.strip()) if x]
    logs = ROOT / ".moneta" / "bench-load"
    logs.mkdir(parents=True, exist_ok=True)
    payload: dict = {"machine_before": machine_load(), "mix": dict(MIX), "p95_limit_ms": P95_LIMIT_MS,
                     "step_seconds": args.step_seconds}
    print(f"machine: {payload['machine_before']}  (other agents share these cores)")

    payload["bench_rows_removed_before"] = remove_bench_imports()
    global CPU_PROBE
    pgdata = str(ROOT / ".moneta" / "pgdata")
    # The development server first: the serve run leaves Celery work (the big PDF) that must not load it.
    if not args.skip_dev and not args.skip_ramp:
        print("make run (Django development server):")
        with Server("run", free_port(), logs / "run.log") as server:
            CPU_PROBE = lambda: cpu_seconds(server.proc.pid, pgdata)  # noqa: E731
            payload["dev"] = asyncio.run(ramp(server.url, levels, args.step_seconds, "run"))
    payload["machine_between"] = machine_load()
    print(f"make serve (gunicorn + uvicorn workers, WEB_CONCURRENCY={os.environ.get('WEB_CONCURRENCY', '2')}):")
    with Server("serve", free_port(), logs / "serve.log") as server:
        CPU_PROBE = lambda: cpu_seconds(server.proc.pid, pgdata)  # noqa: E731
        if args.hold_users:
            bound = db_connection_bound(dict(os.environ))
            print(f"hold: {args.hold_users} users for {args.hold_seconds:.0f} s (database connections bound {bound})")
            h = payload["hold"] = asyncio.run(hold(server.url, args.hold_users, args.hold_seconds))
            h["db_connection_bound"] = bound
            print(f"  hold: {h['requests']} requests, {h['rps']} req/s, p50 {h['p50_ms']} ms, p95 {h['p95_ms']} ms, "
                  f"5xx {h['server_errors']} {h['server_errors_by_status'] or ''}, 4xx {h['errors'] - h['server_errors']}, "
                  f"database connections max {h['db_connections']['max']} (bound {bound})", flush=True)
            verdict("hold_5xx", h["server_errors"], 1, higher_is_better=False)  # i.e. none
            verdict("hold_db_connections_max", h["db_connections"]["max"], bound + 1, higher_is_better=False)
        if not args.skip_ramp:
            payload["serve"] = asyncio.run(ramp(server.url, levels, args.step_seconds, "serve"))
        if not args.skip_interference and not args.skip_ramp:
            best = payload["serve"]["sustained"]
            users = args.interference_users or max(1, (best["users"] if best else 2) // 2)
            print(f"interference at {users} users: quiet, during a {args.pdf_pages}-page PDF ingestion, "
                  f"during a {args.csv_rows}-row CSV import")
            payload["interference"] = asyncio.run(interference(server.url, users, args.step_seconds,
                                                               args.ingest_seconds, args.pdf_pages, args.csv_rows,
                                                               args.ingest_wait))
            i = payload["interference"]
            print(f"  quiet p95 {i['quiet']['p95_ms']} ms; during import worst p95 "
                  f"{i['during_import']['worst_step_p95_ms']} ms (csv {i['csv']}); during ingestion p95 "
                  f"{i['during_ingestion']['p95_ms']} ms (pdf {i['pdf']})")
    payload["machine_after"] = machine_load()
    payload["bench_rows_removed"] = remove_bench_imports()

    print("\nsummary (largest load with p95 <= 1 s and no errors):")
    for name in ("serve", "dev"):
        best = (payload.get(name) or {}).get("sustained")
        if name in payload:
            print(f"  {name:5}: " + (f"{best['users']} users, {best['rps']} req/s, {best['chat_turns_per_s']} chat "
                                     f"turns/s, p95 {best['p95_ms']} ms" if best else "no level had p95 <= 1 s without errors"))
    if "interference" in payload:
        i = payload["interference"]
        q = i["quiet"]["p95_ms"]
        print(f"  interactive p95 at {i['users']} users: quiet {q} ms, during PDF ingestion "
              f"{i['during_ingestion']['p95_ms']} ms (x{i['during_ingestion']['p95_ms'] / q:.2f}), during CSV import "
              f"{i['during_import']['worst_step_p95_ms']} ms (x{i['during_import']['worst_step_p95_ms'] / q:.2f})")
    if "interference" in payload and "pages_done_at_end" in payload["interference"]["pdf"]:
        pdf = payload["interference"]["pdf"]
        print(f"  {pdf['pdf_pages'] if 'pdf_pages' in pdf else pdf['pages']}-page PDF: {pdf['pages_done_at_end']} pages "
              f"embedded {pdf['seconds_since_upload']} s after upload ({pdf['final_status']}): "
              f"{pdf['pages_per_minute_since_upload']} pages/min on one ingestion worker")
    print(f"  machine load before/after: {payload['machine_before']['loadavg_1_5_15']} / "
          f"{payload['machine_after']['loadavg_1_5_15']}")
    write_results("load", payload)
    return 0
