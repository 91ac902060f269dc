"""A user's account as a whole: export everything they own, delete everything they own, reminders."""
from __future__ import annotations

import io
import json
import logging
import zipfile
from datetime import date, timedelta

from django.contrib.auth import get_user_model
from django.contrib.sessions.models import Session
from django.db import connection, transaction
from django.utils import timezone
from rest_framework.authtoken.models import Token

from accounts.models import Notification
from accounts.selectors import sandbox_of
from accounts.throttle import login_throttle_forget
from chat.models import Conversation, Feedback, Message, ToolCall
from core.csv_safe import csv_writer
from knowledge.models import AnswerFact, Corpus, Document
from transactions.models import (
    Account,
    CategorisationRule,
    Category,
    ImportBatch,
    Jar,
    Merchant,
    NameAlias,
    Subscription,
    Transaction,
)
from transactions.selectors import description_keys
from transactions.services import description_embeddings_release

log = logging.getLogger(__name__)

REMINDER_DAYS = 3


def _rows(queryset, fields: list[str]) -> list[dict]:
    return [{f: row.get(f) for f in fields} for row in queryset.values(*fields)]


def _csv(rows: list[dict]) -> str:
    if not rows:
        return ""
    out = io.StringIO()
    writer = csv_writer(out)
    fields = list(rows[0])
    writer.writerow(fields)
    for row in rows:
        writer.writerow([json.dumps(row[k], default=str) if isinstance(row[k], dict | list) else row[k]
                         for k in fields])
    return out.getvalue()


def api_token_rotate(*, user):
    """A new API token for `user` (for the REST API, MCP clients and A2A), replacing any previous one, which stops
    working at once. Used after a web sign-in (the account page), so a leaked or expired token is one click away
    from replaced."""
    with transaction.atomic():
        Token.objects.filter(user=user).delete()
        return Token.objects.create(user=user)


def account_export_tables(*, user) -> dict[str, list[dict]]:
    """Everything the user owns, one list of rows per kind, each queried with the user in the filter."""
    jars = _rows(Jar.objects.filter(user=user), ["id", "name", "monthly_budget", "rollover", "rollover_start",
                                                  "created_at"])
    jar_categories: dict[int, list[str]] = {}
    for jar_id, name in Jar.categories.through.objects.filter(jar__user=user).values_list("jar_id", "category__name"):
        jar_categories.setdefault(jar_id, []).append(name)
    for jar in jars:
        jar["categories"] = sorted(jar_categories.get(jar["id"], []))
    docs = Document.objects.filter(corpus__owner=user)
    return {
        "profile": _rows(get_user_model().objects.filter(pk=user.pk),
                         ["id", "username", "email", "first_name", "last_name", "date_joined", "last_login"]),
        "transactions": _rows(Transaction.objects.filter(user=user).order_by("date", "id"), [
            "id", "date", "description", "amount", "currency", "account__name", "merchant__name", "category__name",
            "category_source", "notes", "balance", "batch_id", "created_at"]),
        "accounts": _rows(Account.objects.filter(user=user), ["id", "name", "currency", "created_at"]),
        "categories": _rows(Category.objects.filter(user=user), ["id", "name", "kind", "monthly_budget",
                                                                 "is_default", "created_at"]),
        "merchants": _rows(Merchant.objects.filter(user=user), ["id", "name", "key", "created_at"]),
        "rules": _rows(CategorisationRule.objects.filter(user=user), [
            "id", "match_type", "pattern", "category__name", "origin", "priority", "active", "hits", "created_at"]),
        "jars": jars,
        "learned_words": _rows(NameAlias.objects.filter(user=user), ["id", "word", "merchant__name", "category__name",
                                                                     "question", "created_at"]),
        "subscriptions": _rows(Subscription.objects.filter(user=user), [
            "id", "merchant__name", "cadence", "amount", "monthly_cost", "currency", "first_date", "last_date",
            "next_expected", "status"]),
        "import_batches": _rows(ImportBatch.objects.filter(user=user), [
            "id", "file_name", "file_format", "status", "rows_total", "rows_created", "rows_duplicate",
            "error_count", "created_at"]),
        "notes_and_documents": _rows(docs, ["id", "corpus__slug", "title", "file_name", "kind", "status",
                                            "size_bytes", "created_at"]),
        "private_collections": _rows(Corpus.objects.filter(owner=user), ["id", "slug", "name", "created_at"]),
        "conversations": _rows(Conversation.objects.filter(user=user), ["id", "title", "created_at", "updated_at"]),
        "messages": _rows(Message.objects.filter(conversation__user=user).order_by("conversation_id", "id"), [
            "id", "conversation_id", "role", "content", "confidence", "escalated", "created_at"]),
        "tool_calls": _rows(ToolCall.objects.filter(message__conversation__user=user), [
            "message_id", "position", "tool", "arguments", "result_summary", "duration_ms", "error"]),
        "feedback": _rows(Feedback.objects.filter(user=user), ["id", "message_id", "rating", "comment",
                                                               "created_at"]),
        "saved_answers": _rows(AnswerFact.objects.filter(owner=user), ["id", "question", "answer", "status",
                                                                        "created_at"]),
        "notifications": _rows(Notification.objects.filter(user=user), ["id", "kind", "text", "created_at",
                                                                         "read_at"]),
    }


def account_export(*, user) -> bytes:
    """A zip: one CSV and one JSON file per kind of data, the user's own uploaded files, and a README."""
    tables = account_export_tables(user=user)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("README.txt", (
            f"Moneta export for {user.username}, made {timezone.now():%Y-%m-%d %H:%M UTC}.\n"
            "Each kind of data is here twice: NAME.csv (spreadsheets) and NAME.json (exact values).\n"
            "files/ holds the notes and documents you uploaded, as you uploaded them.\n"))
        for name, rows in tables.items():
            zf.writestr(f"{name}.json", json.dumps(rows, default=str, ensure_ascii=False, indent=1))
            zf.writestr(f"{name}.csv", _csv(rows))
        for doc in Document.objects.filter(corpus__owner=user).exclude(file=""):
            try:
                with doc.file.open("rb") as fh:
                    zf.writestr(f"files/{doc.pk}-{doc.file_name}", fh.read())
            except OSError as exc:
                log.warning("export: file of document %s unreadable: %s", doc.pk, exc)
    return buffer.getvalue()


def _foreign_keys_to_users() -> list[tuple[str, str]]:
    """(table, column) of every foreign key that points at the user table, read from Postgres itself."""
    user_table = get_user_model()._meta.db_table
    with connection.cursor() as cur:
        cur.execute("""
            SELECT c.conrelid::regclass::text, a.attname
            FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY(c.conkey)
            WHERE c.contype = 'f' AND c.confrelid = %s::regclass""", [user_table])
        return cur.fetchall()


def account_delete(*, user) -> dict:
    """Delete the user and everything they own; their uploaded files go from disk after the commit.

    Rows that merely mention them in someone else's records (an editor's `assignee`, `approved_by`) are
    cleared by the schema's SET NULL. Their sessions, sign-in failure records and description-embedding cache
    entries no other transaction uses are deleted too (those tables have no foreign key to the user).
    """
    user_id, username = user.pk, user.get_username()
    with transaction.atomic():
        sandbox = sandbox_of(user)
        if sandbox is not None:  # the person's demo sandbox goes with them
            account_delete(user=sandbox)
        files = [(d.file.storage, d.file.name) for d in Document.objects.filter(corpus__owner=user).exclude(file="")]
        keys = description_keys(user=user)
        login_throttle_forget(username=username)
        counts = get_user_model().objects.filter(pk=user_id).delete()[1]
        description_embeddings_release(keys=keys)  # transactions' cache, shared between people: its own service
        stale = [s.session_key for s in Session.objects.all().iterator()
                 if str(s.get_decoded().get("_auth_user_id")) == str(user_id)]
        Session.objects.filter(session_key__in=stale).delete()

        def remove_files() -> None:
            for storage, name in files:
                try:
                    storage.delete(name)
                except OSError as exc:
                    log.warning("account delete: could not remove %s: %s", name, exc)

        transaction.on_commit(remove_files)
    log.info("account deleted", extra={"user_id": user_id, "rows": sum(counts.values()), "files": len(files)})
    return {"deleted": {k: v for k, v in counts.items() if v}, "files": len(files)}


def subscription_reminders_send(*, today: date | None = None, days: int = REMINDER_DAYS) -> int:
    """One notification per confirmed or detected subscription due within `days` (idempotent per due date)."""
    today = today or timezone.localdate()
    due = Subscription.objects.filter(next_expected__gte=today, next_expected__lte=today + timedelta(days=days)) \
        .exclude(status=Subscription.Status.DISMISSED).select_related("merchant")
    created = 0
    for sub in due:
        _, made = Notification.objects.get_or_create(
            user_id=sub.user_id, kind=Notification.Kind.SUBSCRIPTION_RENEWAL,
            key=f"subscription-{sub.pk}-{sub.next_expected.isoformat()}",
            defaults={"text": f"{sub.merchant.name} renews on {sub.next_expected:%A %-d %B}: "
                              f"about {sub.amount} {sub.currency}."})
        created += made
    log.info("subscription reminders", extra={"reminders_created": created, "due": len(due)})
    return created
