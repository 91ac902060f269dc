"""Load Moneta's demo data: idempotent and deterministic. The one place demo data is created."""
from __future__ import annotations

import importlib

from django.core.management.base import BaseCommand, CommandError

from accounts.demo import DEMO_USERS, demo_users_ensure

# Each app contributes a `demo.py` with `load_demo(*, stdout) -> None`, run in this order.
APP_DEMOS = ("knowledge.demo", "transactions.demo", "chat.demo")


class Command(BaseCommand):
    help = "Create the demo users and each app's demo data (safe to run again)."

    def add_arguments(self, parser):
        parser.add_argument("--skip", action="append", default=[], help="app demo module to skip")

    def handle(self, *args, **options):
        users = demo_users_ensure()
        self.stdout.write(f"demo users ready: {', '.join(u.username for u in users)}")
        for module_name in APP_DEMOS:
            if module_name.split(".")[0] in options["skip"]:
                continue
            try:
                module = importlib.import_module(module_name)
            except ModuleNotFoundError as exc:
                if exc.name == module_name:
                    continue
                raise
            try:
                module.load_demo(stdout=self.stdout)
            except Exception as exc:
                raise CommandError(f"demo data for {module_name} failed: {exc}") from exc
        self.stdout.write(self.style.SUCCESS("demo data loaded"))
        for spec in DEMO_USERS:
            self.stdout.write(f"  {spec['username']:<8} password: {spec['password']:<18} {spec['role']}")
