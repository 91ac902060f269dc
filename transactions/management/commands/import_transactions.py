"""python manage.py import_transactions FILE --user USERNAME [--date-format DMY|MDY|YMD|%d/%m/%Y] [--account NAME]
[--money-out-positive]"""
from __future__ import annotations

from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from core.errors import DomainError
from transactions.services import account_resolve, transactions_import


class Command(BaseCommand):
    help = ("Import a bank statement (CSV, OFX/QFX, QIF, CAMT.053, MT940, XLSX/XLS, PDF) for a user. A file with "
            "unreadable rows or balances that do not add up is refused unless you say otherwise; re-imports add only "
            "new rows.")

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--user", required=True, help="username to import for")
        parser.add_argument("--date-format", default=None, help="DMY, MDY, YMD or a strptime pattern")
        parser.add_argument("--account", default=None, help="the user's account to import into (created if new)")
        parser.add_argument("--money-out-positive", action="store_true",
                            help="the file shows money out as positive amounts (many credit-card exports)")
        parser.add_argument("--skip-bad-rows", action="store_true",
                            help="import the readable rows of a file that has unreadable ones (they are listed)")
        parser.add_argument("--import-anyway", action="store_true",
                            help="import a statement whose printed balances do not add up")

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
                                        sign_convention="positive_out" if options["money_out_positive"] else None,
                                        skip_bad_rows=options["skip_bad_rows"],
                                        accept_balance_mismatch=options["import_anyway"])
        except DomainError as exc:
            lines = [exc.message]
            details = exc.details if isinstance(exc.details, dict) else {}
            for err in details.get("errors", []):
                lines.append(f"  line {err['line']}: {err['field']}: {err['reason']}")
            for problem in details.get("balance_problems", []):
                lines.append(f"  {problem['reason']}")
            if details.get("errors_truncated"):
                lines.append(f"  … {details['error_count']} bad rows in total")
            raise CommandError("\n".join(lines))
        self.stdout.write(self.style.SUCCESS(f"{path.name}: {batch.message} (batch {batch.id})"))
        for err in batch.errors or []:
            self.stdout.write(f"  not imported: line {err.get('line')}: {err.get('field')}: {err.get('reason')}")
        for skipped in (batch.details or {}).get("skipped") or []:
            self.stdout.write(f"  left out: line {skipped.get('line')}: {skipped.get('reason')}")
