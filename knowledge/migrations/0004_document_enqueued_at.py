from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("knowledge", "0003_answer_facts")]

    operations = [
        migrations.AddField(
            model_name="document",
            name="enqueued_at",
            field=models.DateTimeField(blank=True, null=True, help_text="When the ingestion task was last handed to "
                                       "the broker (empty: not yet, e.g. the broker was down; the sweeper retries)"),
        ),
    ]
