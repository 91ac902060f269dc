"""python manage.py chat --user USERNAME "QUESTION" [--json] [--agent SLUG] — or no question: interactive."""
from __future__ import annotations

import json

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from chat.services import chat_turn
from core.errors import DomainError


class Command(BaseCommand):
    help = "Ask Moneta's assistant as a user: one question, or an interactive session showing each step."

    def add_arguments(self, parser):
        parser.add_argument("question", nargs="?", help="the question (omit for an interactive session)")
        parser.add_argument("--user", required=True, help="username to ask as (their data only)")
        parser.add_argument("--json", action="store_true", help="print the answer object as JSON")
        parser.add_argument("--agent", default=None, help="agent config slug (default: the admin's default)")
        parser.add_argument("--conversation", type=int, default=None, help="continue this conversation id")

    def handle(self, *args, **options):
        user = get_user_model().objects.filter(username=options["user"]).first()
        if user is None:
            raise CommandError(f"no user named {options['user']!r} (run `python manage.py demo` for alice and bob)")
        if options["question"]:
            answer = self._ask(user, options["question"], options, conversation_id=options["conversation"],
                               show_steps=not options["json"])
            if options["json"]:
                answer = {k: v for k, v in answer.items() if k != "timings"}
                self.stdout.write(json.dumps(answer, indent=2, default=str, ensure_ascii=False))
            return
        self.stdout.write("Moneta chat — type a question, empty line or Ctrl-D to quit.")
        conversation_id = options["conversation"]
        while True:
            try:
                question = input("you> ").strip()
            except EOFError:
                break
            if not question:
                break
            answer = self._ask(user, question, options, conversation_id=conversation_id, show_steps=True)
            conversation_id = answer["conversation_id"]

    def _ask(self, user, question: str, options, *, conversation_id, show_steps: bool) -> dict:
        def on_event(event: dict):
            if not show_steps:
                return
            if event["type"] == "tool_started":
                self.stdout.write(f"  → {event['name']}({json.dumps(event['arguments'], ensure_ascii=False)})")
            elif event["type"] == "tool_finished":
                status = f"error: {event['error']}" if event.get("error") else "ok"
                self.stdout.write(f"  ← {event['name']} {status} ({event['duration_ms']:.0f} ms)")

        try:
            answer = chat_turn(user=user, message=question, conversation_id=conversation_id,
                               agent_slug=options["agent"], on_event=on_event)
        except DomainError as exc:
            raise CommandError(exc.message) from exc
        if show_steps:
            self.stdout.write(answer["answer"])
            for c in answer["citations"]:
                page = f", p. {c['page']}" if c.get("page") else ""
                self.stdout.write(f"  [{c['n']}] {c['document']}{page} (fact {c['fact_id']})")
            self.stdout.write(f"  tools: {', '.join(answer['tools_used']) or 'none'} · confidence "
                              f"{answer['confidence']:.2f}{' · escalated to a person' if answer['escalated'] else ''}"
                              f" · conversation {answer['conversation_id']}")
        return answer
