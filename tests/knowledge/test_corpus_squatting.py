"""A user's private corpus cannot be squatted (issue 23 item 2): `private-<id>` is reserved for that user, their
notes always land in a corpus they own, and the admin never lets an editor hand a corpus to someone else."""
from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor

from core.errors import DomainError
from knowledge import corpora, selectors, services
from knowledge.models import Corpus, Document


@pytest.fixture
def knowledge_editor(editor):
    editor.user_permissions.set(Permission.objects.filter(content_type__app_label="knowledge"))
    return editor


def _corpus_form(**values) -> dict:
    return {"slug": "", "name": "Corpus", "description": "", "visibility": "shared", **values}


def test_an_editor_cannot_create_a_users_private_slug(knowledge_editor, alice, client):
    client.force_login(knowledge_editor)
    for visibility in ("shared", "private"):
        response = client.post("/admin/knowledge/corpus/add/",
                               _corpus_form(slug=f"private-{alice.id}", visibility=visibility))
        assert response.status_code == 200
        assert "reserved for users&#x27; private corpora" in response.content.decode()
    assert not Corpus.objects.filter(slug=f"private-{alice.id}").exists()
    with pytest.raises(DomainError, match="reserved"):
        corpora.corpus_ensure(slug=f"private-{alice.id}", name="Squat")
    with pytest.raises(IntegrityError), transaction.atomic():  # and the database refuses it whatever the path
        Corpus.objects.create(slug=f"private-{alice.id}", name="Squat")
    # Alice's first note goes to a corpus she owns, which nobody else lists or opens.
    note = services.note_save(user=alice, title="Locker code", text="The code is 4471.")
    assert note.corpus.owner_id == alice.id and note.corpus.visibility == "private"
    assert note.corpus.slug not in {c["slug"] for c in selectors.corpus_list(user=knowledge_editor)}


def test_admin_cannot_give_a_corpus_to_another_user(knowledge_editor, alice, client):
    client.force_login(knowledge_editor)
    response = client.post("/admin/knowledge/corpus/add/",
                           _corpus_form(slug="handed-over", visibility="private", owner=alice.id))
    assert response.status_code == 302
    corpus = Corpus.objects.get(slug="handed-over")
    assert corpus.owner_id == knowledge_editor.id  # the owner is whoever created it, never a chosen user
    services.note_save(user=alice, title="Mine", text="Only mine.")
    assert not Document.objects.filter(corpus=corpus).exists()
    assert "handed-over" not in {c["slug"] for c in selectors.corpus_list(user=alice)}


def test_migration_hands_squatted_notes_back_to_their_owner(alice, bob, editor):
    executor = MigrationExecutor(connection)
    executor.migrate([("knowledge", "0005_page_text_source")])
    try:
        squat = Corpus.objects.create(slug=f"private-{alice.id}", name="Squat", visibility="shared")
        other = Corpus.objects.create(slug=f"private-{bob.id}", name="Bob's?", visibility="private", owner=editor)
        note = Document.objects.create(corpus=squat, title="Alice's note", file_name="n.md", sha256="a" * 64,
                                       kind="markdown", uploaded_by=alice)
        editors_doc = Document.objects.create(corpus=squat, title="Editor's", file_name="e.md", sha256="b" * 64,
                                              kind="markdown", uploaded_by=editor)
    finally:
        executor = MigrationExecutor(connection)
        executor.loader.build_graph()
        executor.migrate(executor.loader.graph.leaf_nodes("knowledge"))
    squat.refresh_from_db()
    other.refresh_from_db()
    note.refresh_from_db()
    editors_doc.refresh_from_db()
    assert squat.slug == f"squatted-{alice.id}-{squat.pk}" and other.slug == f"squatted-{bob.id}-{other.pk}"
    assert note.corpus.owner_id == alice.id and note.corpus.slug == f"private-{alice.id}"
    assert editors_doc.corpus_id == squat.pk
    assert corpora.corpus_private_for(user=alice) == note.corpus
    assert corpora.corpus_private_for(user=bob).owner_id == bob.id
