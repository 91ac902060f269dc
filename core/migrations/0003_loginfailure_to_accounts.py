from django.db import migrations


class Migration(migrations.Migration):
    """LoginFailure moved to accounts (sign-in is the accounts app's idea). Only Django's model state changes:
    the table `moneta_loginfailure` and its rows stay, and accounts.0002 takes it over."""

    dependencies = [("moneta", "0002_loginfailure")]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[migrations.DeleteModel(name="LoginFailure")]),
    ]
