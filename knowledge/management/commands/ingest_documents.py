"""python manage.py ingest_documents PATH... --corpus SLUG [--wait] [--sync] [--reingest]"""
from __future__ import annotations

import time
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from core.errors import DomainError
from knowledge.corpora import corpus_ensure
from knowledge.ingestion.parsers import SUPPORTED_EXTENSIONS
from knowledge.models import Corpus, Document
from knowledge.services import document_create, document_ingest_now, document_reingest


class Command(BaseCommand):
    help = "Upload files or folders into a corpus; workers ingest them. --wait blocks until ready/failed."

    def add_arguments(self, parser):
        parser.add_argument("paths", nargs="+", help="files or folders (folders are read recursively)")
        parser.add_argument("--corpus", required=True, help="corpus slug (a shared corpus is created if missing)")
        parser.add_argument("--wait", action="store_true", help="block until every document is ready or failed")
        parser.add_argument("--sync", action="store_true", help="ingest in this process instead of a worker")
        parser.add_argument("--reingest", action="store_true", help="re-ingest files that were already uploaded")
        parser.add_argument("--timeout", type=float, default=3600.0, help="seconds --wait waits at most")

    def handle(self, *args, **opts):
        files = self._collect(opts["paths"])
        corpus = Corpus.objects.filter(slug=opts["corpus"]).first()
        if corpus is None:
            corpus = corpus_ensure(slug=opts["corpus"], name=opts["corpus"].replace("-", " ").title())
            self.stdout.write(f"created shared corpus '{corpus.slug}'")
        elif corpus.visibility == Corpus.Visibility.PRIVATE:
            raise CommandError(f"'{corpus.slug}' is a user's private corpus; upload through the API as that user")
        docs: list[Document] = []
        problems: list[str] = []
        for path in files:
            try:
                with transaction.atomic():
                    doc, created = document_create(corpus=corpus, file_name=path.name, content=path.read_bytes(),
                                                   enqueue=not opts["sync"])
                    if not created and opts["reingest"]:
                        document_reingest(document_id=doc.id, enqueue=not opts["sync"])
                        created = True
            except DomainError as exc:
                problems.append(f"{path}: {exc.message}")
                continue
            state = "queued" if created else f"already uploaded (document {doc.id}, {doc.status})"
            self.stdout.write(f"{path.name}: {state}")
            docs.append(doc)
        if opts["sync"]:
            for doc in docs:
                if Document.objects.filter(id=doc.id, status=Document.Status.PENDING).exists():
                    started = time.perf_counter()
                    done = document_ingest_now(document_id=doc.id)
                    self.stdout.write(f"{done.file_name}: {done.status} in {time.perf_counter() - started:.1f}s")
        if opts["wait"] or opts["sync"]:
            self._wait([d.id for d in docs], timeout=opts["timeout"], problems=problems)
        elif problems:
            raise CommandError("some files were not uploaded:\n  " + "\n  ".join(problems))

    def _collect(self, paths: list[str]) -> list[Path]:
        files: list[Path] = []
        for raw in paths:
            path = Path(raw)
            if path.is_dir():
                files.extend(sorted(p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in SUPPORTED_EXTENSIONS))
            elif path.is_file():
                files.append(path)
            else:
                raise CommandError(f"{raw}: no such file or folder")
        if not files:
            raise CommandError("no supported files found (" + ", ".join(sorted(SUPPORTED_EXTENSIONS)) + ")")
        return files

    def _wait(self, ids: list[int], *, timeout: float, problems: list[str]) -> None:
        deadline = time.monotonic() + timeout
        last = ""
        while True:
            docs = list(Document.objects.filter(id__in=ids).order_by("id"))
            open_docs = [d for d in docs if d.status in (Document.Status.PENDING, Document.Status.PROCESSING)]
            line = ", ".join(f"{d.file_name}: {d.status} {d.progress}".strip() for d in open_docs[:3])
            if line and line != last:
                self.stdout.write(f"waiting… {len(open_docs)} left ({line})")
                last = line
            if not open_docs:
                break
            if time.monotonic() > deadline:
                raise CommandError(f"timed out after {timeout:.0f}s with {len(open_docs)} documents not finished; "
                                   "is a Celery worker running (`celery -A config worker`)?")
            time.sleep(1.0)
        ready = [d for d in docs if d.status == Document.Status.READY]
        failed = [d for d in docs if d.status == Document.Status.FAILED]
        pages = sum(d.pages_total for d in ready)
        self.stdout.write(f"{len(ready)} ready ({pages} pages), {len(failed)} failed, {len(problems)} rejected")
        if failed or problems:
            lines = [f"{d.file_name}: {d.error}" for d in failed] + problems
            raise CommandError("failed:\n  " + "\n  ".join(lines))
