"""python manage.py import_transactions FILE --user USERNAME [--date-format DMY|MDY|YMD|%d/%m/%Y] [--account NAME]
[--money-out-positive]"""
from __future__ import annotations

from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from core.errors import DomainError
from transactions.services import account_resolve, transactions_import


class Command(BaseCommand):
    help = "Import a bank statement (CSV, OFX or QFX) for a user. All or nothing; re-imports add only new rows."

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--user", required=True, help="username to import for")
        parser.add_argument("--date-format", default=None, help="DMY, MDY, YMD or a strptime pattern")
        parser.add_argument("--account", default=None, help="the user's account to import into (created if new)")
        parser.add_argument("--money-out-positive", action="store_true",
                            help="the file shows money out as positive amounts (many credit-card exports)")

    def handle(self, *args, **options):
        path = Path(options["file"])
        if not path.is_file():
            raise CommandError(f"{path} does not exist or is not a file")
        user = get_user_model().objects.filter(username=options["user"]).first()
        if user is None:
            raise CommandError(f"no user called {options['user']!r}")
        try:
            account = account_resolve(user=user, account_name=options["account"]) if options["account"] else None
            batch = transactions_import(user=user, file_name=path.name, content=path.read_bytes(),
                                        date_format=options["date_format"], account=account,
                                        sign_convention="positive_out" if options["money_out_positive"] else None)
        except DomainError as exc:
            lines = [exc.message]
            details = exc.details if isinstance(exc.details, dict) else {}
            for err in details.get("errors", []):
                lines.append(f"  line {err['line']}: {err['field']}: {err['reason']}")
            if details.get("errors_truncated"):
                lines.append(f"  … {details['error_count']} bad rows in total")
            raise CommandError("\n".join(lines))
        self.stdout.write(self.style.SUCCESS(
            f"{path.name}: {batch.rows_created} new, {batch.rows_duplicate} already imported, "
            f"{batch.rows_categorised} categorised (batch {batch.id})"))
