"""Users own their data: export everything as a zip, delete the account and everything it owns."""
from __future__ import annotations

import io
import json
import zipfile
from datetime import date, timedelta
from decimal import Decimal
from pathlib import Path

import pytest
from django.db import connection

from accounts.models import Notification
from accounts.services import _foreign_keys_to_users, subscription_reminders_send
from chat.models import Conversation, Feedback, Message, ToolCall
from knowledge.services import note_save
from transactions import services as tx
from transactions.models import Merchant, Subscription, Transaction


def _give_data(user, tag: str) -> dict:
    tx.category_create(user=user, name=f"Hobbies {tag}")
    for i in range(3):
        tx.transaction_create(user=user, date=date(2026, 10, 1 + i), description=f"HOBBY SHOP {tag} {i}",
                              amount=Decimal("-12.50"), category=f"Hobbies {tag}")
    tx.rule_create(user=user, pattern=f"HOBBY SHOP {tag}", category=f"Hobbies {tag}")
    tx.jar_create(user=user, name=f"Fun {tag}", monthly_budget=Decimal("100"), categories=[f"Hobbies {tag}"])
    note = note_save(user=user, title=f"My note {tag}", text=f"Remember the {tag} plan.")
    conv = Conversation.objects.create(user=user, title=f"chat {tag}")
    Message.objects.create(conversation=conv, role="user", content=f"question {tag}")
    answer = Message.objects.create(conversation=conv, role="assistant", content=f"answer {tag}")
    ToolCall.objects.create(message=answer, tool="search_transactions", arguments={"q": tag})
    Feedback.objects.create(message=answer, user=user, rating=1, comment=f"good {tag}")
    merchant = Merchant.objects.create(user=user, name=f"Stream {tag}", key=f"stream-{tag}")
    Subscription.objects.create(user=user, merchant=merchant, cadence="monthly", amount=Decimal("9.99"),
                                monthly_cost=Decimal("9.99"), first_date=date(2026, 1, 1), last_date=date(2026, 10, 1),
                                next_expected=date.today() + timedelta(days=2))
    Notification.objects.create(user=user, kind="subscription_renewal", key=f"k-{tag}", text=f"renews {tag}")
    return {"note": note}


def _rows_of(user_id: int) -> dict[str, int]:
    """Rows in any table that point at this user: every foreign key to the user table, plus the roll-up
    table (a user_id with no foreign key) and tables of rows owned through a parent (messages, tool calls)."""
    found = {}
    with connection.cursor() as cur:
        for table, column in _foreign_keys_to_users():
            cur.execute(f'SELECT count(*) FROM {table} WHERE "{column}" = %s', [user_id])
            found[f"{table}.{column}"] = cur.fetchone()[0]
        cur.execute("SELECT count(*) FROM transactions_monthly_category_spend WHERE user_id = %s", [user_id])
        found["transactions_monthly_category_spend"] = cur.fetchone()[0]
        cur.execute("SELECT count(*) FROM knowledge_corpus WHERE slug = %s", [f"private-{user_id}"])
        found["knowledge_corpus(private slug)"] = cur.fetchone()[0]
    return {k: v for k, v in found.items() if v}


def test_export_zip_holds_everything_of_mine_and_nothing_of_bobs(alice, bob, alice_client):
    _give_data(alice, "alice")
    _give_data(bob, "bob")
    response = alice_client.get("/api/v1/account/export/")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/zip"
    zf = zipfile.ZipFile(io.BytesIO(response.content))
    names = set(zf.namelist())
    for kind in ("transactions", "categories", "rules", "jars", "notes_and_documents", "conversations", "messages",
                 "subscriptions", "feedback", "notifications"):
        assert f"{kind}.csv" in names and f"{kind}.json" in names
    txs = json.loads(zf.read("transactions.json"))
    assert len(txs) == 3 and all("alice" in t["description"] for t in txs)
    assert "HOBBY SHOP alice 0" in zf.read("transactions.csv").decode()
    assert json.loads(zf.read("jars.json"))[0]["categories"] == ["Hobbies alice"]
    assert [m["content"] for m in json.loads(zf.read("messages.json"))] == ["question alice", "answer alice"]
    note_files = [n for n in names if n.startswith("files/")]
    assert len(note_files) == 1 and b"Remember the alice plan." in zf.read(note_files[0])
    everything = b"".join(zf.read(n) for n in names)
    assert b"bob" not in everything.replace(b"Bob", b"")  # none of bob's rows or files


def test_delete_account_leaves_nothing_in_any_table_or_on_disk_and_bob_untouched(alice, bob, alice_client,
                                                                                django_capture_on_commit_callbacks):
    alice_files = [Path(_give_data(alice, "alice")["note"].file.path)]
    bob_note = _give_data(bob, "bob")["note"]
    alice_client.force_authenticate(None)
    alice_client.force_login(alice)  # a real session row, which must go too
    bob_before = _rows_of(bob.id)
    assert alice_files[0].exists() and _rows_of(alice.id)

    wrong = alice_client.post("/api/v1/account/delete/", {"confirm": "bob"}, format="json")
    assert wrong.status_code == 400 and Transaction.objects.filter(user_id=alice.id).count() == 3

    with django_capture_on_commit_callbacks(execute=True):
        response = alice_client.post("/api/v1/account/delete/", {"confirm": "alice"}, format="json")
    assert response.status_code == 200, response.content
    assert response.json()["files"] == 1

    assert _rows_of(alice.id) == {}
    from django.contrib.sessions.models import Session

    assert not [s for s in Session.objects.all() if s.get_decoded().get("_auth_user_id") == str(alice.id)]
    assert not alice_files[0].exists()
    assert _rows_of(bob.id) == bob_before
    assert Path(bob_note.file.path).exists()
    assert alice_client.get("/api/v1/account/export/").status_code in (401, 403)


def test_delete_from_the_web_page_needs_the_username_and_signs_out(client, alice):
    _give_data(alice, "alice")
    client.force_login(alice)
    page = client.get("/account/")
    assert page.status_code == 200 and b"Download my data" in page.content
    assert client.get("/account/export/")["Content-Type"] == "application/zip"
    client.post("/account/delete/", {"confirm": "nope"})
    assert Transaction.objects.filter(user=alice).exists()
    response = client.post("/account/delete/", {"confirm": "alice"})
    assert response.status_code == 302 and response["Location"].startswith("/login")
    assert not Transaction.objects.filter(user_id=alice.id).exists()
    assert client.get("/").status_code == 302  # signed out


@pytest.mark.django_db
def test_renewal_reminders_once_per_due_date(alice, bob):
    _give_data(alice, "alice")
    Notification.objects.all().delete()
    merchant = Merchant.objects.create(user=bob, name="Far", key="far")
    Subscription.objects.create(user=bob, merchant=merchant, cadence="yearly", amount=Decimal("50"),
                                monthly_cost=Decimal("4.17"), first_date=date(2025, 1, 1), last_date=date(2026, 1, 1),
                                next_expected=date.today() + timedelta(days=30))
    assert subscription_reminders_send() == 1
    assert subscription_reminders_send() == 0  # beat may run it any number of times
    note = Notification.objects.get()
    assert note.user == alice and "Stream alice renews on" in note.text
    assert alice_client_notifications(alice) == [note.text]


def alice_client_notifications(user) -> list[str]:
    from rest_framework.test import APIClient

    client = APIClient()
    client.force_authenticate(user)
    return [n["text"] for n in client.get("/api/v1/account/notifications/").json()]


@pytest.mark.django_db
def test_deleting_an_account_releases_only_the_embeddings_nobody_else_uses(alice, bob):
    """The description-embedding cache is shared between people: alice's own description goes with her, one bob
    also has stays."""
    from accounts.services import account_delete
    from transactions.models import DescriptionEmbedding

    tx.transaction_create(user=alice, date=date(2026, 10, 1), description="ALICE ONLY BAKERY", amount=Decimal("-3"))
    tx.transaction_create(user=alice, date=date(2026, 10, 2), description="SHARED CAFE", amount=Decimal("-4"))
    tx.transaction_create(user=bob, date=date(2026, 10, 2), description="SHARED CAFE", amount=Decimal("-4"))
    keys = {t.description: t.description_key for t in Transaction.objects.filter(user=alice)}
    assert all(keys.values())
    for key in keys.values():
        DescriptionEmbedding.objects.get_or_create(key=key, defaults={"embedding": [0.0] * 384})
    account_delete(user=alice)
    assert not DescriptionEmbedding.objects.filter(key=keys["ALICE ONLY BAKERY"]).exists()
    assert DescriptionEmbedding.objects.filter(key=keys["SHARED CAFE"]).exists()
