"""The default assistant's knowledge scope: help, education and the user's own notes (issue: bulk corpora such as
filings leaked into everyday answers). Only a config still on the old 'everything' default is changed."""
from django.db import migrations

SCOPE = ["moneta-help", "finance-education", "private"]


def scope(apps, schema_editor):
    AgentConfig = apps.get_model("chat", "AgentConfig")
    for config in AgentConfig.objects.filter(slug="finance-assistant"):
        if not config.corpus_include:
            config.corpus_include = SCOPE
            config.save(update_fields=["corpus_include"])


class Migration(migrations.Migration):
    dependencies = [("chat", "0001_initial")]
    operations = [migrations.RunPython(scope, migrations.RunPython.noop)]
