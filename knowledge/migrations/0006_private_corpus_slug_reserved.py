"""Reserve `private-<id>` for user <id>'s own private corpus (issue 23 item 2, corpus squatting).

A corpus that holds such a slug without being that user's private corpus (shared, or private to someone else) was
created by an editor before the user's first note. It is renamed `squatted-<id>-<pk>` and keeps its visibility and
owner; the documents user <id> uploaded into it (their notes and files, which should never have been shared) move
to that user's real private corpus. A document already there with the same content is left where it was (the user
keeps one copy, the constraint on (corpus, sha256) holds)."""
from django.conf import settings
from django.db import migrations, models
from django.db.models import Value
from django.db.models.functions import Cast, Concat

PREFIX = "private-"


def unsquat(apps, schema_editor):
    Corpus = apps.get_model("knowledge", "Corpus")
    Document = apps.get_model("knowledge", "Document")
    User = apps.get_model(settings.AUTH_USER_MODEL)
    for corpus in Corpus.objects.filter(slug__startswith=PREFIX):
        suffix = corpus.slug[len(PREFIX):]
        if corpus.visibility == "private" and suffix.isdigit() and corpus.owner_id == int(suffix):
            continue
        corpus.slug = f"squatted-{suffix}-{corpus.pk}"[:80]
        corpus.save(update_fields=["slug"])
        victim = User.objects.filter(pk=int(suffix)).first() if suffix.isdigit() else None
        if victim is None:
            continue
        own, _ = Corpus.objects.get_or_create(
            slug=f"{PREFIX}{victim.pk}",
            defaults={"name": f"{victim.username}'s notes", "visibility": "private", "owner": victim,
                      "description": "Private notes and uploads; visible only to their owner."})
        taken = set(Document.objects.filter(corpus=own).values_list("sha256", flat=True))
        (Document.objects.filter(corpus=corpus, uploaded_by=victim).exclude(sha256__in=taken)
         .update(corpus=own))
    # Check the foreign keys of the rows changed above now: Postgres will not ALTER a table (the constraint below,
    # in the same transaction) while deferred checks on it are pending.
    schema_editor.execute("SET CONSTRAINTS ALL IMMEDIATE")


class Migration(migrations.Migration):

    dependencies = [
        ("knowledge", "0005_page_text_source"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RunPython(unsquat, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="corpus",
            constraint=models.CheckConstraint(
                condition=(~models.Q(slug__startswith=PREFIX)
                           | models.Q(visibility="private",
                                      slug=Concat(Value(PREFIX), Cast("owner_id", models.TextField())))),
                name="knowledge_corpus_private_slug_reserved"),
        ),
    ]
