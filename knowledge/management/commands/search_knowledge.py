"""python manage.py search_knowledge "QUESTION" [--k 10] [--corpus SLUG]... [--exclude-corpus SLUG]... [--json]"""
from __future__ import annotations

import json

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from core.errors import DomainError
from knowledge.selectors import knowledge_search


class Command(BaseCommand):
    help = "Search the knowledge base (shared corpora, plus --user's private corpus)."

    def add_arguments(self, parser):
        parser.add_argument("question")
        parser.add_argument("--k", type=int, default=None)
        parser.add_argument("--corpus", action="append", default=None, help="only these corpora (repeatable)")
        parser.add_argument("--exclude-corpus", action="append", default=None, help="skip these (repeatable)")
        parser.add_argument("--user", default=None, help="search as this user (adds their private corpus)")
        parser.add_argument("--threshold", type=float, default=None)
        parser.add_argument("--vector-only", action="store_true", help="no full-text component")
        parser.add_argument("--json", action="store_true", help="print a JSON list, best first")

    def handle(self, *args, **opts):
        user = None
        if opts["user"]:
            user = get_user_model().objects.filter(username=opts["user"]).first()
            if user is None:
                raise CommandError(f"no user named {opts['user']!r}")
        try:
            out = knowledge_search(user=user, query=opts["question"], k=opts["k"], corpus_include=opts["corpus"],
                                   corpus_exclude=opts["exclude_corpus"], similarity_threshold=opts["threshold"],
                                   hybrid=not opts["vector_only"])
        except DomainError as exc:
            raise CommandError(exc.message) from exc
        if opts["json"]:
            self.stdout.write(json.dumps(out["results"], indent=2, ensure_ascii=False))
            return
        if not out["results"]:
            self.stdout.write("no results")
        for i, r in enumerate(out["results"], start=1):
            s = r["scores"]
            self.stdout.write(f"{i:>2}. [{s['fused']:.3f} v={s['vector']:.3f} t={s['text']:.3f}] "
                              f"{r['document']} p.{r['page']} ({r['corpus']}) fact {r['fact_id']}")
            self.stdout.write("    " + r["text"][:300].replace("\n", " ⏎ "))
        self.stdout.write(f"({out.get('took_ms', 0)} ms)")
