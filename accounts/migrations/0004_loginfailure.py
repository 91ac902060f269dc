import django.utils.timezone
from django.db import migrations, models


class Migration(migrations.Migration):
    """Takes over the table `moneta_loginfailure` (made by moneta.0002) with its rows: no database change."""

    dependencies = [("accounts", "0003_profile_api_token"), ("moneta", "0003_loginfailure_to_accounts")]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[
            migrations.CreateModel(
                name="LoginFailure",
                fields=[
                    ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                    ("username", models.CharField(db_index=True, max_length=150)),
                    ("ip", models.GenericIPAddressField(blank=True, db_index=True, null=True)),
                    ("created_at", models.DateTimeField(db_index=True, default=django.utils.timezone.now)),
                ],
                options={"db_table": "moneta_loginfailure"},
            ),
        ]),
    ]
