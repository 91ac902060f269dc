import django.utils.timezone
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("moneta", "0001_initial")]

    operations = [
        migrations.CreateModel(
            name="LoginFailure",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("username", models.CharField(db_index=True, max_length=150)),
                ("ip", models.GenericIPAddressField(blank=True, db_index=True, null=True)),
                ("created_at", models.DateTimeField(db_index=True, default=django.utils.timezone.now)),
            ],
        ),
    ]
